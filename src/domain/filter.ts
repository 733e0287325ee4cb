// Item attributes and the retrieval filter (OpenAI's vector-store shape): parsing and validation only, pure.
// The repository layer compiles a parsed filter to parameterised SQL (db/repositories/itemFilter.ts).
//
// Values: strings (at most 512 characters), finite numbers, booleans. A date is a string in ISO 8601 form
// (YYYY-MM-DD, or a date-time with an optional offset, UTC when it has none): stored as the string, compared
// as a date by gt/gte/lt/lte when the filter's value is one; eq/ne/in/nin compare values exactly.

import { closestName } from './suggest';
import { isUnsafeText, longerThan } from './text';

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue>;

export const MAX_ATTRIBUTES = 16;
export const MAX_ATTRIBUTE_STRING = 512;
/** Attribute keys: a letter, then letters, digits, `_`, `.` or `-`; 64 characters at most. */
export const ATTRIBUTE_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,63}$';
const ATTRIBUTE_KEY = new RegExp(ATTRIBUTE_KEY_PATTERN);

/** Keys a filter reads from the item's own columns; reserved, so no attribute may take their names. */
export const BUILTIN_KEYS = [
  'type',
  'language',
  'mimetype',
  'createdAt',
  'updatedAt',
  'parentId',
  'categoryId',
] as const;
export type BuiltinKey = (typeof BUILTIN_KEYS)[number];
const isBuiltin = (key: string): key is BuiltinKey => (BUILTIN_KEYS as readonly string[]).includes(key);

export const COMPARISON_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'] as const;
export const COMPOUND_OPERATORS = ['and', 'or'] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export type CompoundOperator = (typeof COMPOUND_OPERATORS)[number];
export const FILTER_OPERATORS = [...COMPARISON_OPERATORS, ...COMPOUND_OPERATORS] as const;

/** Levels of nesting a filter may have (a comparison alone is one). */
export const MAX_FILTER_DEPTH = 5;
/** Filters one and/or may hold, and values one in/nin may list. */
export const MAX_COMPOUND_FILTERS = 20;
export const MAX_IN_VALUES = 100;
/** Comparisons, and values they list, one whole filter may hold (bounds the SQL a request makes). */
export const MAX_FILTER_COMPARISONS = 64;
export const MAX_FILTER_VALUES = 500;

const RANGE: readonly ComparisonOperator[] = ['gt', 'gte', 'lt', 'lte'];
export type RangeOperator = 'gt' | 'gte' | 'lt' | 'lte';
/** Whether an operator compares by order (numbers, dates) rather than by equality. */
export const isRange = (type: ComparisonOperator): type is RangeOperator => RANGE.includes(type);
const LIST: readonly ComparisonOperator[] = ['in', 'nin'];

/**
 * An ISO 8601 date (years 0001 to 9999, months and days as on the calendar, February 29th in leap years only),
 * optionally a time (hours 00 to 23) and an offset: the document states the same pattern (ASCII digits spelled
 * out: `\\d` is any Unicode digit in some dialects), so a date the pattern admits is one the service takes (a
 * fuzzer sent 0011-02-29). Left to the check below: an offset that moves the instant out of years 1 to 9999.
 */
const YEAR = '(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})';
/** Years divisible by 4, but of the centuries only those divisible by 400 (0000 is no year here). */
const LEAP_YEAR = '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][48]|[13579][26]|[2468]0)00)';
export const ISO_DATE_PATTERN =
  `^(?:${YEAR}-` +
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))' +
  `|${LEAP_YEAR}-02-29)` +
  '(?:[T ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,9})?)?(?:Z|[+-](?:[01][0-9]|2[0-3]):?[0-5][0-9])?)?$';
const ISO_DATE = new RegExp(ISO_DATE_PATTERN);

/** The instant an ISO 8601 date or date-time names (UTC when it has no offset), or undefined. */
export function isoInstant(value: string): Date | undefined {
  if (!ISO_DATE.test(value)) return undefined;
  const hasTime = value.length > 10;
  const zoned = !hasTime || /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(hasTime ? zoned.replace(' ', 'T') : `${value}T00:00:00Z`);
  if (Number.isNaN(ms)) return undefined;
  // Date.parse rolls 2023-02-29 over to March: refuse dates that are not on the calendar.
  const day = value.slice(0, 10);
  if (new Date(Date.parse(`${day}T00:00:00Z`)).toISOString().slice(0, 10) !== day) return undefined;
  const d = new Date(ms);
  // PostgreSQL's timestamptz and ISO 8601 without an expanded year: years 1 to 9999 (after the offset).
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) return undefined;
  return d;
}

export type ValueKind = 'string' | 'number' | 'boolean' | 'date';

/** A parsed comparison: `values` holds one value, or the list of in/nin; dates as ISO strings in UTC. */
export interface Comparison {
  type: ComparisonOperator;
  key: string;
  builtin?: BuiltinKey;
  kind: ValueKind;
  values: AttributeValue[];
}
export interface Compound {
  type: CompoundOperator;
  filters: ItemFilter[];
}
export type ItemFilter = Comparison | Compound;

export const isCompound = (f: ItemFilter): f is Compound => f.type === 'and' || f.type === 'or';

/** A filter or attributes problem: the message names it and its place, `param` is that place (filter.filters[1].value). */
export class FilterError extends Error {
  constructor(
    readonly param: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

const describeValue = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const UUID = new RegExp(UUID_PATTERN);

/** What values a built-in key compares and which operators it takes. */
export const BUILTIN_RULES: Record<BuiltinKey, { kind: 'string' | 'date' | 'uuid'; ranges: boolean }> = {
  type: { kind: 'string', ranges: false },
  language: { kind: 'string', ranges: false },
  mimetype: { kind: 'string', ranges: false },
  createdAt: { kind: 'date', ranges: true },
  updatedAt: { kind: 'date', ranges: true },
  parentId: { kind: 'uuid', ranges: false },
  categoryId: { kind: 'uuid', ranges: false },
};

/** A member a comparison or compound does not take, named by its path, with the member it may stand for. */
function unknownMember(path: string, member: string, takes: readonly string[], what: string): FilterError {
  const at = `${path}.${member}`;
  const suggestion = closestName(member, takes);
  return new FilterError(
    at,
    `${at} is not a member of ${what}${suggestion ? ` (did you mean ${suggestion}?)` : ''}: ${what} takes only ` +
      `${takes.slice(0, -1).join(', ')} and ${takes[takes.length - 1]}`,
    suggestion ? `Rename ${at} to ${path}.${suggestion}.` : `Remove ${at}.`,
  );
}

function scalar(value: unknown, path: string): AttributeValue {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new FilterError(path, `${path} must be a finite number`);
    return value;
  }
  if (typeof value === 'string') {
    if (longerThan(value, MAX_ATTRIBUTE_STRING)) {
      throw new FilterError(path, `${path} must be at most ${MAX_ATTRIBUTE_STRING} characters`);
    }
    if (isUnsafeText(value)) {
      throw new FilterError(path, `${path} must not contain NUL characters or unpaired surrogates`);
    }
    return value;
  }
  throw new FilterError(path, `${path} must be a string, a number or a boolean, not ${describeValue(value)}`);
}

function comparison(f: Record<string, unknown>, type: ComparisonOperator, path: string): Comparison {
  const extra = Object.keys(f).filter((k) => k !== 'type' && k !== 'key' && k !== 'value');
  if (extra.length > 0) throw unknownMember(path, extra[0]!, ['type', 'key', 'value'], `a ${type} comparison`);
  const key = f.key;
  if (typeof key !== 'string' || !(isBuiltin(key) || ATTRIBUTE_KEY.test(key))) {
    throw new FilterError(
      `${path}.key`,
      `${path}.key must be a built-in key or an attribute key matching ${ATTRIBUTE_KEY_PATTERN}`,
    );
  }
  let raw: unknown[];
  if (LIST.includes(type)) {
    if (!Array.isArray(f.value))
      throw new FilterError(`${path}.value`, `${path}.value: ${type} needs an array of values`);
    if (f.value.length < 1 || f.value.length > MAX_IN_VALUES) {
      throw new FilterError(`${path}.value`, `${path}.value: ${type} needs 1 to ${MAX_IN_VALUES} values`);
    }
    raw = f.value;
  } else {
    if (f.value === undefined) throw new FilterError(`${path}.value`, `${path}.value is required`);
    if (Array.isArray(f.value))
      throw new FilterError(`${path}.value`, `${path}.value: ${type} needs a single value, not an array`);
    raw = [f.value];
  }
  const values = raw.map((v, i) => scalar(v, LIST.includes(type) ? `${path}.value[${i}]` : `${path}.value`));
  const kinds = new Set(values.map((v) => typeof v));
  if (kinds.size > 1) throw new FilterError(`${path}.value`, `${path}.value: ${type} values must all be of one type`);
  const range = isRange(type);

  if (isBuiltin(key)) {
    const rule = BUILTIN_RULES[key];
    if (range && !rule.ranges)
      throw new FilterError(path, `${path}: ${type} does not apply to ${key} (use eq, ne, in or nin)`);
    if (rule.kind === 'date') {
      const dates = values.map((v) => (typeof v === 'string' ? isoInstant(v) : undefined));
      if (dates.some((d) => d === undefined)) {
        throw new FilterError(
          `${path}.value`,
          `${path}.value: ${key} compares against ISO 8601 dates (such as 2024-05-01T12:00:00Z)`,
        );
      }
      return { type, key, builtin: key, kind: 'date', values: dates.map((d) => d!.toISOString()) };
    }
    if (values.some((v) => typeof v !== 'string' || (rule.kind === 'uuid' && !UUID.test(v)))) {
      throw new FilterError(
        `${path}.value`,
        `${path}.value: ${key} compares against ${rule.kind === 'uuid' ? 'UUIDs' : 'strings'}`,
      );
    }
    return { type, key, builtin: key, kind: 'string', values };
  }

  const first = values[0]!;
  if (range) {
    if (typeof first === 'number') return { type, key, kind: 'number', values };
    const date = typeof first === 'string' ? isoInstant(first) : undefined;
    if (!date) {
      throw new FilterError(
        `${path}.value`,
        `${path}.value: ${type} needs a number or an ISO 8601 date, not ${describeValue(first)}`,
      );
    }
    return { type, key, kind: 'date', values: [date.toISOString()] };
  }
  return { type, key, kind: typeof first as 'string' | 'number' | 'boolean', values };
}

/**
 * A filter written as the attributes it matches ({"team": "support"}, a natural first guess): the filter that says
 * it, an eq per attribute (and-ed when there are several). Keys of the filter object itself are no attributes.
 */
function shorthandHint(value: Record<string, unknown>): string | undefined {
  const own = new Set(['key', 'value', 'filters']);
  const pairs = Object.entries(value).filter(
    ([k, v]) => !own.has(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
  );
  if (pairs.length === 0 || pairs.length !== Object.keys(value).length) return undefined;
  // Cut as attribute keys are (80 characters) and values to as many: the hint shows the shape, not the input.
  const cut = (v: string | number | boolean) => (typeof v === 'string' ? v.slice(0, 80) : v);
  const eqs = pairs
    .slice(0, 3)
    .map(([key, v]) =>
      JSON.stringify({ type: 'eq', key: key.slice(0, 80), value: cut(v as string | number | boolean) }),
    );
  const filter = eqs.length === 1 ? eqs[0]! : `{"type":"and","filters":[${eqs.join(',')}]}`;
  return `A filter names its operator: to match these attributes send ${filter}.`;
}

function parseAt(value: unknown, path: string, depth: number): ItemFilter {
  if (depth > MAX_FILTER_DEPTH)
    throw new FilterError(path, `${path}: filters nest at most ${MAX_FILTER_DEPTH} levels deep`);
  if (!isObject(value)) throw new FilterError(path, `${path} must be an object, not ${describeValue(value)}`);
  const type = value.type;
  if (typeof type !== 'string' || !(FILTER_OPERATORS as readonly string[]).includes(type)) {
    throw new FilterError(
      `${path}.type`,
      `${path}.type must be one of ${FILTER_OPERATORS.join(', ')}`,
      type === undefined ? shorthandHint(value) : undefined,
    );
  }
  if (type === 'and' || type === 'or') {
    const extra = Object.keys(value).filter((k) => k !== 'type' && k !== 'filters');
    if (extra.length > 0) throw unknownMember(path, extra[0]!, ['type', 'filters'], type);
    const filters = value.filters;
    if (!Array.isArray(filters) || filters.length < 1 || filters.length > MAX_COMPOUND_FILTERS) {
      throw new FilterError(
        `${path}.filters`,
        `${path}.filters must be an array of 1 to ${MAX_COMPOUND_FILTERS} filters`,
      );
    }
    return { type, filters: filters.map((f, i) => parseAt(f, `${path}.filters[${i}]`, depth + 1)) };
  }
  return comparison(value, type as ComparisonOperator, path);
}

/** The parsed filter, or a FilterError naming the problem and where it is (`filter.filters[1].value`). */
export function parseFilter(value: unknown, path = 'filter'): ItemFilter {
  const parsed = parseAt(value, path, 1);
  const size = { comparisons: 0, values: 0 };
  const count = (f: ItemFilter): void => {
    if (isCompound(f)) return f.filters.forEach(count);
    size.comparisons += 1;
    size.values += f.values.length;
  };
  count(parsed);
  if (size.comparisons > MAX_FILTER_COMPARISONS) {
    throw new FilterError(
      path,
      `${path} holds ${size.comparisons} comparisons; at most ${MAX_FILTER_COMPARISONS} in all`,
    );
  }
  if (size.values > MAX_FILTER_VALUES) {
    throw new FilterError(path, `${path} lists ${size.values} values; at most ${MAX_FILTER_VALUES} in all`);
  }
  return parsed;
}

/** The attributes as given, or a FilterError naming the problem. */
export function parseAttributes(value: unknown, path = 'attributes'): Attributes {
  if (!isObject(value)) throw new FilterError(path, `${path} must be an object, not ${describeValue(value)}`);
  const entries = Object.entries(value);
  if (entries.length > MAX_ATTRIBUTES) throw new FilterError(path, `${path} may hold at most ${MAX_ATTRIBUTES} keys`);
  const out: Attributes = {};
  for (const [key, v] of entries) {
    if (isBuiltin(key))
      throw new FilterError(`${path}.${key}`, `${path}.${key}: ${key} is a built-in key and cannot be an attribute`);
    if (!ATTRIBUTE_KEY.test(key))
      throw new FilterError(
        path,
        `${path}: key ${JSON.stringify(key.slice(0, 80))} must match ${ATTRIBUTE_KEY_PATTERN}`,
      );
    out[key] = scalar(v, `${path}.${key}`);
  }
  return out;
}
