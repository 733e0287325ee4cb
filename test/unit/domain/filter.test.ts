// The filter and attribute parser: what it accepts, and that each refusal names the problem and its place.
import assert from 'node:assert/strict';
import { FilterError, ISO_DATE_PATTERN, isoInstant, parseAttributes, parseFilter } from '../../../src/domain/filter';

const refuses = (fn: () => unknown, message: RegExp) =>
  assert.throws(fn, (err: unknown) => err instanceof FilterError && message.test(err.message));

const nest = (levels: number): unknown =>
  levels === 1 ? { type: 'eq', key: 'a', value: 1 } : { type: 'and', filters: [nest(levels - 1)] };

describe('filter parsing', () => {
  it('accepts comparisons and compounds, telling numbers, dates and strings apart', () => {
    assert.deepEqual(parseFilter({ type: 'gt', key: 'size', value: 3 }), {
      type: 'gt',
      key: 'size',
      kind: 'number',
      values: [3],
    });
    assert.deepEqual(parseFilter({ type: 'lte', key: 'due', value: '2024-05-01' }), {
      type: 'lte',
      key: 'due',
      kind: 'date',
      values: ['2024-05-01T00:00:00.000Z'],
    });
    assert.deepEqual(parseFilter({ type: 'in', key: 'color', value: ['red', 'blue'] }), {
      type: 'in',
      key: 'color',
      kind: 'string',
      values: ['red', 'blue'],
    });
    const built = parseFilter({ type: 'gte', key: 'createdAt', value: '2024-05-01T12:00:00+02:00' });
    assert.deepEqual(built, {
      type: 'gte',
      key: 'createdAt',
      builtin: 'createdAt',
      kind: 'date',
      values: ['2024-05-01T10:00:00.000Z'],
    });
    assert.equal(parseFilter(nest(5)).type, 'and');
  });

  it('answers a filter written as the attributes it matches with the filter that says it', () => {
    const hintOf = (value: unknown) => {
      try {
        parseFilter(value);
      } catch (err) {
        assert.ok(err instanceof FilterError);
        assert.equal(err.message, 'filter.type must be one of eq, ne, gt, gte, lt, lte, in, nin, and, or');
        return err.hint;
      }
      assert.fail('refused');
    };
    assert.equal(
      hintOf({ team: 'support' }),
      'A filter names its operator: to match these attributes send {"type":"eq","key":"team","value":"support"}.',
    );
    assert.equal(
      hintOf({ team: 'support', year: 2025 }),
      'A filter names its operator: to match these attributes send {"type":"and","filters":[' +
        '{"type":"eq","key":"team","value":"support"},{"type":"eq","key":"year","value":2025}]}.',
    );
    // Long keys and values are cut in the hint.
    const long = hintOf({ ['k'.repeat(500)]: 'v'.repeat(5000) })!;
    assert.ok(long.length < 300, long);
    // Not attributes: a filter missing only its type, or values that are no attribute values.
    assert.equal(hintOf({ key: 'team', value: 'support' }), undefined);
    assert.equal(hintOf({ team: ['a'] }), undefined);
  });

  it('refuses what it cannot run, naming the problem and the path', () => {
    refuses(() => parseFilter({ type: 'like', key: 'a', value: 1 }), /^filter\.type must be one of eq, ne/);
    refuses(
      () =>
        parseFilter({
          type: 'and',
          filters: [
            { type: 'eq', key: 'a', value: 1 },
            { type: 'gt', key: 'a', value: true },
          ],
        }),
      /^filter\.filters\[1\]\.value: gt needs a number or an ISO 8601 date, not a boolean/,
    );
    refuses(() => parseFilter({ type: 'gt', key: 'a', value: 'soon' }), /gt needs a number or an ISO 8601 date/);
    refuses(() => parseFilter({ type: 'in', key: 'a', value: 'x' }), /^filter\.value: in needs an array/);
    refuses(() => parseFilter({ type: 'eq', key: 'a', value: [1] }), /eq needs a single value/);
    refuses(() => parseFilter({ type: 'in', key: 'a', value: [1, 'x'] }), /values must all be of one type/);
    refuses(
      () => parseFilter({ type: 'lt', key: 'createdAt', value: 'yesterday' }),
      /createdAt compares against ISO 8601 dates/,
    );
    refuses(() => parseFilter({ type: 'gt', key: 'type', value: 'FILE' }), /gt does not apply to type/);
    refuses(() => parseFilter({ type: 'eq', key: 'parentId', value: 'x' }), /parentId compares against UUIDs/);
    refuses(() => parseFilter(nest(6)), /filters nest at most 5 levels deep/);
    refuses(() => parseFilter({ type: 'and', filters: [] }), /filters must be an array of 1 to 20/);
    refuses(
      () => parseFilter({ type: 'eq', key: '1bad', value: 1 }),
      /\.key must be a built-in key or an attribute key/,
    );
    refuses(() => parseFilter({ type: 'eq', key: 'a' }), /value is required/);
    refuses(() => parseFilter({ type: 'eq', key: 'a', value: 1, extra: 1 }), /takes only type, key and value/);
    refuses(() => parseFilter([]), /^filter must be an object, not an array/);
  });

  it('reads ISO dates and only those', () => {
    assert.equal(isoInstant('2024-02-29')?.toISOString(), '2024-02-29T00:00:00.000Z');
    assert.equal(isoInstant('2024-02-29T10:00')?.toISOString(), '2024-02-29T10:00:00.000Z');
    assert.equal(isoInstant('2023-02-29'), undefined);
    assert.equal(isoInstant('May 1'), undefined);
  });

  it('states February 29th in leap years only in the pattern the document carries, as the parser reads it', () => {
    const pattern = new RegExp(ISO_DATE_PATTERN);
    // Every year 1 to 9999: the pattern admits its February 29th exactly when the calendar has one.
    for (let year = 1; year <= 9999; year++) {
      const day = `${String(year).padStart(4, '0')}-02-29`;
      const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
      assert.equal(pattern.test(day), leap, day);
      assert.equal(isoInstant(day) !== undefined, leap, day);
    }
    for (const day of ['0011-02-28', '2024-02-29T10:00:00Z', '2000-02-29 23:59', '2023-04-30', '2023-12-31']) {
      assert.ok(pattern.test(day), day);
    }
    for (const day of ['0000-02-29', '1900-02-29', '2023-02-29', '2023-04-31', '2023-02-30', '0011-02-29']) {
      assert.equal(pattern.test(day), false, day);
    }
  });
});

describe('attribute parsing', () => {
  it('keeps strings, numbers and booleans', () => {
    assert.deepEqual(parseAttributes({ team: 'core', year: 2024, draft: false, 'a.b-c_d': 'x' }), {
      team: 'core',
      year: 2024,
      draft: false,
      'a.b-c_d': 'x',
    });
  });

  it('refuses reserved, malformed and oversized entries', () => {
    refuses(() => parseAttributes({ type: 'x' }), /attributes\.type: type is a built-in key/);
    refuses(() => parseAttributes({ 'no spaces': 1 }), /must match/);
    refuses(() => parseAttributes({ a: 'x'.repeat(513) }), /attributes\.a must be at most 512 characters/);
    refuses(() => parseAttributes({ a: null }), /attributes\.a must be a string, a number or a boolean, not null/);
    refuses(() => parseAttributes({ a: { b: 1 } }), /not an object/);
    refuses(
      () => parseAttributes(Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i]))),
      /at most 16 keys/,
    );
    refuses(() => parseAttributes('x'), /attributes must be an object/);
  });
  it('bounds the whole filter: comparisons and listed values in all, not only per level', () => {
    const comparisons = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'eq', key: `k${i}`, value: i }));
    const wide = (n: number) => ({
      type: 'or',
      filters: Array.from({ length: Math.ceil(n / 16) }, () => ({ type: 'and', filters: comparisons(16) })),
    });
    assert.equal(parseFilter(wide(64)).type, 'or');
    refuses(() => parseFilter(wide(80)), /^filter holds 80 comparisons; at most 64 in all$/);
    const lists = {
      type: 'or',
      filters: Array.from({ length: 6 }, () => ({
        type: 'in',
        key: 'n',
        value: Array.from({ length: 100 }, (_, i) => i),
      })),
    };
    refuses(() => parseFilter(lists), /^filter lists 600 values; at most 500 in all$/);
  });

  it('refuses dates PostgreSQL cannot hold (years 1 to 9999, after the offset)', () => {
    assert.equal(isoInstant('0000-01-01'), undefined);
    assert.equal(isoInstant('0001-01-01T00:00+01:00'), undefined);
    assert.equal(isoInstant('9999-12-31T23:59-14:00'), undefined);
    assert.equal(isoInstant('0001-01-01')?.toISOString(), '0001-01-01T00:00:00.000Z');
    assert.equal(isoInstant('9999-12-31T23:59Z')?.toISOString(), '9999-12-31T23:59:00.000Z');
    refuses(
      () => parseFilter({ type: 'gt', key: 'createdAt', value: '0000-01-01' }),
      /^filter\.value: createdAt compares against ISO 8601 dates/,
    );
  });

  it('refuses NUL and unpaired surrogates in values and attributes, and counts characters as code points', () => {
    refuses(
      () => parseFilter({ type: 'eq', key: 'language', value: 'a\u0000' }),
      /^filter\.value must not contain NUL/,
    );
    refuses(
      () => parseFilter({ type: 'in', key: 'c', value: ['ok', '\ud800'] }),
      /^filter\.value\[1\] must not contain/,
    );
    refuses(() => parseAttributes({ c: 'x\udc00y' }), /^attributes\.c must not contain NUL characters or unpaired/);
    const astral = '\u{1F600}'.repeat(512);
    assert.equal(astral.length, 1024);
    assert.equal(parseAttributes({ c: astral }).c, astral);
    refuses(() => parseAttributes({ c: astral + 'x' }), /^attributes\.c must be at most 512 characters$/);
  });
});
