// A schema's own `error` is zod's message for every issue of the schema that has none of its own, its checks'
// included: `z.string({ error: 'name must be a string' }).max(255)` answered a 256-character name "name must be a
// string". Every request field of the document is walked here: none may answer a bound or a format with its type
// message (typeMessage in src/api/validate.ts gives a message for the type alone).
import assert from 'node:assert/strict';
import { z } from 'zod';
import { OPERATIONS } from '../../../src/api/document';
import { fieldProblems, typeMessage } from '../../../src/api/validate';
import { Messages } from '../../../src/errors';

type Def = Record<string, unknown> & { type: string; error?: (issue: unknown) => unknown; checks?: z.ZodType[] };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The issue a check raises, enough for a schema's error map to choose its message. */
const ISSUE_OF_CHECK: Record<string, string> = {
  max_length: 'too_big',
  max_size: 'too_big',
  less_than: 'too_big',
  length_equals: 'too_big',
  min_length: 'too_small',
  min_size: 'too_small',
  greater_than: 'too_small',
  string_format: 'invalid_format',
  multiple_of: 'not_multiple_of',
};

/** Each check whose issue the schema's own message would answer: "where: check -> message". */
function leaks(schema: z.ZodType, where: string, seen: Set<z.ZodType>, out: string[]): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  for (const check of def.error ? (def.checks ?? []) : []) {
    const checkDef = defOf(check) as Def & { check: string };
    // A check with a message of its own says it; a refinement's issues carry theirs (message or addIssue).
    if (checkDef.error || !(checkDef.check in ISSUE_OF_CHECK)) continue;
    const said = def.error!({ code: ISSUE_OF_CHECK[checkDef.check], input: 'x', inst: check });
    const message = typeof said === 'object' && said !== null ? (said as { message?: unknown }).message : said;
    // "Missing required field" is said of a field left out only: the validator names a sent field's bound instead.
    if (message !== undefined && message !== null && message !== Messages.missingRequiredField) {
      out.push(`${where}: ${checkDef.check} -> ${JSON.stringify(message)}`);
    }
  }
  const walk = (child: unknown, at: string) => child && leaks(child as z.ZodType, at, seen, out);
  for (const key of ['innerType', 'in', 'out', 'valueType', 'left', 'right', 'catchall']) walk(def[key], where);
  walk(def.element, `${where}[]`);
  if (def.type === 'lazy') walk((def.getter as () => z.ZodType)(), where);
  for (const [i, option] of ((def.options as z.ZodType[] | undefined) ?? []).entries()) walk(option, `${where}|${i}`);
  for (const [i, item] of ((def.items as z.ZodType[] | undefined) ?? []).entries()) walk(item, `${where}[${i}]`);
  for (const [key, field] of Object.entries((def.shape as Record<string, z.ZodType> | undefined) ?? {})) {
    walk(field, where ? `${where}.${key}` : key);
  }
}

describe("a request field's type message", () => {
  it('answers no bound or format of any request field of the document', () => {
    const out: string[] = [];
    for (const op of OPERATIONS) {
      for (const [part, schema] of Object.entries(op.request ?? {})) {
        if (schema instanceof z.ZodType) leaks(schema, `${op.operationId} ${part}`, new Set(), out);
      }
    }
    assert.deepEqual(out, []);
  });

  it('is said of a value of another type, and a bound by the field and the bound', () => {
    const body = z.strictObject({
      name: z
        .string({ error: typeMessage('name must be a string') })
        .min(1)
        .max(3),
    });
    const problem = (value: unknown) => {
      const result = fieldProblems(body, value);
      assert.equal(result.ok, false, JSON.stringify(value));
      return result.ok ? '' : result.message;
    };
    assert.equal(problem({ name: 5 }), 'name must be a string');
    assert.equal(problem({ name: 'abcd' }), 'name must be at most 3 characters');
    assert.equal(problem({ name: '' }), 'name must not be empty');
  });
});
