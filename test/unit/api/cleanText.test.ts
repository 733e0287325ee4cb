// stateCleanText writes the no-NUL rule onto the rendered document (src/api/openapi/cleanText.ts): once per string,
// and never inside a `not`, where a narrowing rule would widen what the `not` refuses.
import assert from 'node:assert/strict';
import { stateCleanText } from '../../../src/api/openapi/cleanText';
import { CLEAN_TEXT_PATTERN } from '../../../src/api/middleware/text';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a rendered document

/** A one-operation document whose request body is `schema`. */
function documentWith(schema: Json): Json {
  return {
    paths: { '/things': { post: { requestBody: { content: { 'application/json': { schema } } } } } },
    components: { schemas: {} },
  };
}

const bodyOf = (doc: Json): Json => doc.paths['/things'].post.requestBody.content['application/json'].schema;

describe('stateCleanText', () => {
  it('states the rule once beside a pattern of its own that lets NUL through, also when run again', () => {
    const doc = stateCleanText(
      documentWith({ type: 'string', maxLength: 500, pattern: '^\\S', allOf: [{ minLength: 1 }] }),
    );
    const expected = { pattern: '^\\S', allOf: [{ minLength: 1 }, { pattern: CLEAN_TEXT_PATTERN }] };
    assert.deepEqual({ pattern: bodyOf(doc).pattern, allOf: bodyOf(doc).allOf }, expected);
    const again = bodyOf(stateCleanText(doc));
    assert.deepEqual({ pattern: again.pattern, allOf: again.allOf }, expected);
  });

  it('leaves a `not` as written: what it refuses is refused whatever its strings hold', () => {
    const exclusive = {
      required: ['roleId', 'customerRoleId'],
      properties: { roleId: {}, customerRoleId: {} },
    };
    const notBlank = { type: 'string', maxLength: 0 };
    const body = bodyOf(
      stateCleanText(
        documentWith({
          type: 'object',
          properties: {
            roleId: { type: 'string', format: 'uuid' },
            customerRoleId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,255}$' },
            note: { type: 'string', not: structuredClone(notBlank) },
            metadata: { type: 'object', additionalProperties: {} },
          },
          not: structuredClone(exclusive),
        }),
      ),
    );
    assert.deepEqual(body.not, exclusive, 'no CleanJsonValue put in place of the any-value properties of a not');
    assert.deepEqual(body.properties.note.not, notBlank, 'no pattern added to a string under not');
    assert.equal(body.properties.note.pattern, CLEAN_TEXT_PATTERN, 'the field itself still states the rule');
    assert.deepEqual(body.properties.metadata.additionalProperties, { $ref: '#/components/schemas/CleanJsonValue' });
  });
});
