// The document states every rule a schema can state. One rule the body schemas (zod) hold and JSON Schema states only
// as a pattern: a string the service trims, then refuses when nothing is left. Each request example's string fields
// (at any depth), and the top-level fields it leaves out, are made blank, one at a time; where the service's schema refuses the blank value for that field,
// the document's schema for the field must refuse it too (the NON_BLANK pattern), else schemathesis and every client
// generated from the document send a value they were told is valid and get 400 (a role's name did).
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { OPERATIONS } from '../../../src/api/document';
import { publishedOpenApiDocument } from '../../../src/api/published';
import { documentAjv } from '../../helpers/contract';

type Json = Record<string, unknown>;

/** Operations whose example strings sit in an object the document leaves open, and why. */
const OPEN: Record<string, string> = {
  mcp: "a JSON-RPC message: params are each MCP method's own, checked by the MCP server (test/api/mcp.test.ts)",
};

/** Blank values: spaces, the vertical tab schemathesis sent, an ideographic space. */
const BLANKS = [' ', '\u000b', '\u3000 \t'];

/** Each path (keys and indexes) to a string in a value. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  }
  return [];
}

function withValue(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const [head, ...rest] = at;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withValue(v, rest, replacement) : v));
  const object = value as Json;
  return { ...object, [head as string]: withValue(object[head as string], rest, replacement) };
}

describe('the document refuses every blank string the service refuses', () => {
  const document = publishedOpenApiDocument() as unknown as Json;
  const schemas = (document.components as Json).schemas as Json;
  const { compile } = documentAjv(document);
  const compiled = new Map<unknown, ReturnType<typeof compile>>();
  const validator = (schema: unknown) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = compile(schema)));
    return validate;
  };
  const resolve = (schema: unknown): Json | undefined => {
    const s = schema as Json | undefined;
    if (s && typeof s.$ref === 'string') return resolve(schemas[s.$ref.split('/').pop()!]);
    return s;
  };
  /**
   * The document's schema at a path of a body whose value there is `value`; in a oneOf or anyOf (a kind of source, a
   * nullable object), the one branch that value matches.
   */
  const schemaAt = (schema: unknown, value: unknown, at: (string | number)[]): Json | undefined => {
    const s = resolve(schema);
    if (!s || at.length === 0) return s;
    const [head, ...rest] = at;
    const inner = (value as Record<string | number, unknown> | undefined)?.[head as string];
    if (typeof head === 'number' && s.items) return schemaAt(s.items, inner, rest);
    const own = (s.properties as Json | undefined)?.[head as string];
    if (own !== undefined) return schemaAt(own, inner, rest);
    const union = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
    if (union) {
      const matching = union.filter((branch) => validator(branch)(value));
      return matching.length === 1 ? schemaAt(matching[0], value, at) : undefined;
    }
    return typeof s.additionalProperties === 'object' ? schemaAt(s.additionalProperties, inner, rest) : undefined;
  };
  const published = new Map<string, Json>();
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && typeof op.operationId === 'string') published.set(op.operationId, op);
    }
  }

  it('for every string field of every JSON request example', () => {
    const mismatches: string[] = [];
    const unplaced = new Set<string>();
    let checked = 0;
    for (const operation of OPERATIONS) {
      const body = operation.request?.body as z.ZodType | undefined;
      const examples = operation.request?.examples;
      if (!body || !examples) continue;
      const op = published.get(operation.operationId);
      const content = (op?.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      const bodySchema = content?.['application/json']?.schema;
      if (!bodySchema) continue;
      for (const [name, { value }] of Object.entries(examples)) {
        if (!body.safeParse(value).success) continue; // an example of a refusal
        // The example's strings, and the body's top-level fields the example leaves out.
        const topLevel = Object.keys((resolve(bodySchema)?.properties as Json | undefined) ?? {});
        const absent = value && typeof value === 'object' ? topLevel.filter((key) => !(key in value)) : [];
        for (const at of [...stringPaths(value), ...absent.map((key) => [key])]) {
          const field = schemaAt(bodySchema, value, at);
          if (!field) {
            if (!(operation.operationId in OPEN)) unplaced.add(`${operation.operationId} ${at.join('.')}`);
            continue;
          }
          const validate = validator(field);
          // A field refused whatever its value (one the example's kind of body does not take) is no blank rule.
          const plain = body.safeParse(withValue(value, at, 'x'));
          if (!plain.success && plain.error.issues.some((issue) => issue.path.join('.') === at.join('.'))) continue;
          for (const blank of BLANKS) {
            const parsed = body.safeParse(withValue(value, at, blank));
            checked += 1;
            if (parsed.success || !validate(blank)) continue;
            const refusedThere = parsed.error.issues.some((issue) => issue.path.join('.') === at.join('.'));
            if (!refusedThere) continue;
            mismatches.push(`${operation.operationId} (${name}) ${at.join('.')} = ${JSON.stringify(blank)}`);
            break;
          }
        }
      }
    }
    assert.ok(checked > 200, `checked ${checked} blank values`);
    assert.deepEqual([...unplaced], [], 'strings of examples whose field the document does not place');
    assert.deepEqual(mismatches, [], 'the service refuses these blank values, the document allows them');
  });
});
