// Every UUID a request names in its body, query or form is read in lower case, as the database answers ids (a
// UUID's case carries nothing, RFC 9562). A field that kept the capitals passed the format check and then matched
// nothing where the service compares ids in code (a role of a source's rule, an evaluation's relevant item) or
// built a workflow id from one. Path ids are lower-cased by the guard (src/api/middleware/pathIds.ts).
import assert from 'node:assert/strict';
import { z } from 'zod';
import { OPERATIONS } from '../../../src/api/document';
import { canonicalPathIds } from '../../../src/api/middleware/pathIds';

const SHOUTED = '3F2A504C-0E7B-4A9D-9C1E-5B6A7D8E9F10';

/** Fields that keep the case sent, and why (each must still exist: the list is checked). */
const CASE_KEPT: Record<string, string> = {
  'activateUserSpace body.userId': "the application's own user id, stored exactly as sent (docs/concepts/spaces.md)",
};

type Def = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Each UUID-formatted string schema in a request schema, with where it sits. */
function uuidFields(schema: z.ZodType, at: string, seen = new Set<z.ZodType>()): Array<[string, z.ZodType]> {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (s: z.ZodType | undefined, where = at) => (s ? uuidFields(s, where, seen) : []);
  switch (def.type) {
    case 'string':
      return def.format === 'uuid' || z.globalRegistry.get(schema)?.format === 'uuid' ? [[at, schema]] : [];
    case 'object':
      return [
        ...Object.entries(def.shape ?? {}).flatMap(([key, s]) => inner(s, `${at}.${key}`)),
        ...inner(def.catchall, `${at}.*`),
      ];
    case 'array':
      return inner(def.element, `${at}[]`);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'union':
      return (def.options ?? []).flatMap((s) => inner(s));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return inner(def.valueType, `${at}.*`);
    case 'tuple':
      return (def.items ?? []).flatMap((s, i) => inner(s, `${at}[${i}]`));
    case 'lazy':
      return inner(def.getter?.());
    default:
      return inner(def.innerType);
  }
}

describe('ids in capitals', () => {
  it('every UUID field of every request body, query and form reads the id in lower case', () => {
    const found: string[] = [];
    const kept: string[] = [];
    const wrong: string[] = [];
    for (const operation of OPERATIONS) {
      const parts = {
        body: operation.request?.body,
        query: operation.request?.query,
        form: operation.request?.multipart,
      };
      for (const [part, schema] of Object.entries(parts)) {
        if (!schema) continue;
        for (const [at, field] of uuidFields(schema, part)) {
          const name = `${operation.operationId} ${at}`;
          found.push(name);
          const parsed = field.safeParse(SHOUTED);
          if (name in CASE_KEPT) {
            kept.push(name);
            assert.equal(parsed.data, SHOUTED, `${name} keeps the case sent`);
          } else if (!parsed.success || parsed.data !== SHOUTED.toLowerCase()) {
            wrong.push(`${name}: ${parsed.success ? JSON.stringify(parsed.data) : parsed.error.message}`);
          }
        }
      }
    }
    assert.deepEqual(wrong, [], 'fields that keep the capitals (add .toLowerCase() after the UUID check)');
    assert.deepEqual(kept.sort(), Object.keys(CASE_KEPT).sort(), 'CASE_KEPT names fields that exist');
    // The walk reaches the fields this rule is about (a walk that found none would pass anything).
    for (const expected of [
      'assignKnowledgeRoles body.roleIds[]',
      'createRetrievalEvaluation body.questions[].relevant[].knowledgeId',
      'createSource body.roleIds[]',
    ]) {
      assert.ok(found.includes(expected), `${expected} among ${found.length}: ${found.join(', ')}`);
    }
  });

  it("the guard lower-cases the path's ids, but not customerRoleId or other parameters", () => {
    const params: Record<string, string> = {
      workspaceId: SHOUTED,
      id: SHOUTED,
      sourceId: SHOUTED,
      customerRoleId: SHOUTED,
      name: SHOUTED,
      knowledgeId: 'NOT-A-UUID',
    };
    canonicalPathIds({ params } as never);
    assert.deepEqual(params, {
      workspaceId: SHOUTED.toLowerCase(),
      id: SHOUTED.toLowerCase(),
      sourceId: SHOUTED.toLowerCase(),
      customerRoleId: SHOUTED,
      name: SHOUTED,
      knowledgeId: 'NOT-A-UUID',
    });
  });
});
