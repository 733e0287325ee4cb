// The one builder of request-side UUID fields (src/api/schemas/ids.ts): each field names itself in its answers,
// and a field given a type message answers a value of another type with it.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { uuidInput } from '../../../src/api/schemas/ids';

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('uuidInput: a request-side UUID field', () => {
  it('reads a UUID in lower case and answers any other string with its message', () => {
    const field = uuidInput('roleId must be a valid UUID');
    assert.equal(field.parse('3F2A504C-0E7B-4A9D-9C1E-5B6A7D8E9F10'), '3f2a504c-0e7b-4a9d-9c1e-5b6a7d8e9f10');
    for (const bad of ['', 'role-1', '3f2a504c0e7b4a9d9c1e5b6a7d8e9f10', '3f2a504c-0e7b-4a9d-9c1e-5b6a7d8e9f1']) {
      assert.deepEqual(messages(field, bad), ['roleId must be a valid UUID'], bad);
    }
  });

  it("answers a value of another type with its type message, or with zod's when it has none", () => {
    const typed = uuidInput('groupId must be a valid UUID', { typeError: 'Missing required field' });
    for (const bad of [5, null, undefined, {}, ['3f2a504c-0e7b-4a9d-9c1e-5b6a7d8e9f10']]) {
      assert.deepEqual(messages(typed, bad), ['Missing required field'], JSON.stringify(bad));
    }
    const plain = uuidInput('spaceId must be a valid UUID');
    assert.match(messages(plain, 5).join(' '), /expected string/);
  });

  it('is documented as a uuid string, with its description', () => {
    const described = z.toJSONSchema(uuidInput('x must be a valid UUID', { description: 'The group' }), {
      io: 'input',
    });
    assert.equal(described.type, 'string');
    assert.equal(described.format, 'uuid');
    assert.equal(described.description, 'The group');
    assert.equal(z.toJSONSchema(uuidInput('x must be a valid UUID'), { io: 'input' }).description, undefined);
  });
});
