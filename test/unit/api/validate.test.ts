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
