// The validator's messages for sizes: the field named, the bound, and the unit in the number it takes.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { fieldProblems } from '../../../src/api/validate';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = fieldProblems(schema, value);
  assert.equal(result.ok, false, JSON.stringify(value));
  return result.ok ? '' : result.message;
};

describe('size messages', () => {
  it('count items and characters in the singular for one and the plural otherwise', () => {
    const runs = z.strictObject({ runs: z.array(z.string()).min(1).max(3) });
    assert.equal(messageOf(runs, { runs: [] }), 'runs must have at least 1 item');
    assert.equal(messageOf(runs, { runs: ['a', 'b', 'c', 'd'] }), 'runs must have at most 3 items');
    const code = z.strictObject({ code: z.string().min(2).max(1_000) });
    assert.equal(
      messageOf(z.strictObject({ flag: z.string().max(1) }), { flag: 'ab' }),
      'flag must be at most 1 character',
    );
    assert.equal(messageOf(code, { code: 'a' }), 'code must be at least 2 characters');
    assert.equal(messageOf(z.strictObject({ name: z.string().min(1) }), { name: '' }), 'name must not be empty');
  });
});

describe('a plain union no option fits', () => {
  const git = z.strictObject({ url: z.string().max(20), branch: z.string().optional() });
  const website = z.strictObject({ url: z.string().max(20), maxPages: z.number().optional() });
  const s3 = z.strictObject({ bucket: z.string(), endpoint: z.string().max(10).optional() });
  const body = z.strictObject({ config: z.union([git, website, s3]).optional() });

  it('names the field its closest options agree on, with their bound', () => {
    assert.equal(messageOf(body, { config: { url: 'x'.repeat(21) } }), 'config.url must be at most 20 characters');
    const result = fieldProblems(body, { config: { url: 'x'.repeat(21) } });
    assert.equal(result.ok ? '' : result.help.param, 'config.url');
    // One option alone is closest: its problem, wherever it is.
    assert.equal(
      messageOf(body, { config: { bucket: 'b', endpoint: 'x'.repeat(11) } }),
      'config.endpoint must be at most 10 characters',
    );
  });

  it('keeps naming the union where its closest options disagree', () => {
    // Two options miss url, one misses bucket: no agreement, the config as a whole.
    const result = fieldProblems(body, { config: {} });
    assert.equal(result.ok, false);
    assert.equal(result.ok ? '' : result.help.param, 'config');
  });
});

describe('hints for a field sent empty, null or left out, and for an exclusive bound', () => {
  const helpOf = (schema: z.ZodType, value: unknown) => {
    const result = fieldProblems(schema, value);
    assert.equal(result.ok, false, JSON.stringify(value));
    return result.ok ? {} : result.help;
  };
  const body = z.strictObject({
    name: z.string().min(1).optional(),
    query: z.string().min(1),
    grade: z.number().gt(0).lt(5).optional(),
  });

  it('says an empty or null field was sent so, rather than asking to send it', () => {
    assert.match(
      String(helpOf(body, { name: '', query: 'q' }).hint),
      /^name was sent empty: give it a value, or leave it out/,
    );
    assert.match(String(helpOf(body, { query: null }).hint), /^query was sent as null/);
    assert.match(String(helpOf(body, {}).hint), /^Send query;/);
  });

  it('spells an exclusive bound as above or below, not at least or at most', () => {
    assert.equal(messageOf(body, { query: 'q', grade: 0 }), 'grade must be above 0');
    assert.equal(messageOf(body, { query: 'q', grade: 5 }), 'grade must be below 5');
  });
});

describe('a value that does not match its pattern', () => {
  const schema = z.strictObject({
    config: z.strictObject({
      bucket: z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'Invalid field value' })
        .meta({ description: 'The bucket name (3 to 63 lowercase letters, digits, dots and hyphens)' }),
      endpoint: z
        .string()
        .regex(/^https?:\/\/[^/@\s]+$/, { message: 'Invalid field value' })
        .optional()
        .meta({ description: 'An endpoint, http(s)://host[:port].' }),
      tag: z.string().regex(/^[a-z]+$/, { message: 'Invalid field value' }),
    }),
  });
  const hint = (config: Record<string, unknown>) => {
    const out = fieldProblems(schema, { config: { bucket: 'ok-bucket', tag: 'a', ...config } });
    assert.equal(out.ok, false);
    return out.ok ? undefined : out.help.hint;
  };

  it("says the rule in the field's own description, on the field or on a wrapper of it", () => {
    assert.equal(
      hint({ bucket: 'B' }),
      'config.bucket has an invalid format: The bucket name (3 to 63 lowercase letters, digits, dots and hyphens).',
    );
    assert.equal(
      hint({ endpoint: 'ftp://x' }),
      'config.endpoint has an invalid format: An endpoint, http(s)://host[:port].',
    );
  });

  it('says the pattern where the field has no description', () => {
    assert.equal(hint({ tag: 'A1' }), 'config.tag has an invalid format: the pattern /^[a-z]+$/.');
  });
});

describe('a field that takes a UUID', () => {
  const schema = z.strictObject({
    roleId: z.uuid().optional(),
    roleIds: z.array(z.uuid()).optional(),
    itemId: z.uuid().optional(),
  });
  const help = (value: Record<string, unknown>) => {
    const out = fieldProblems(schema, value);
    assert.equal(out.ok, false);
    return out.ok ? {} : out.help;
  };

  it("tells a role's id from its customerRoleId, and says where other ids come from", () => {
    assert.equal(
      help({ roleId: 'engineering' }).hint,
      "Send the role's id (a UUID; GET /v1/workspaces/{workspaceId}/role lists them), not its customerRoleId.",
    );
    assert.deepEqual(
      [help({ roleIds: ['x'] }).param, help({ roleIds: ['x'] }).hint?.slice(0, 20)],
      ['roleIds[0]', "Send the role's id ("],
    );
    assert.equal(
      help({ itemId: 'x' }).hint,
      'Send itemId as the UUID the service answered with when the resource was created.',
    );
  });
});
