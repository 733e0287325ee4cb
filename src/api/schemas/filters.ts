// The request fields of item attributes and the retrieval filter: zod fields that hand the value to the domain's
// parser (src/domain/filter.ts, whose message names the problem and where it is), and the JSON Schemas the
// document and the agent tools state for them. The filter's schema is unrolled to its five levels, so the
// document states the depth rule too.
import { z } from 'zod';
import {
  ATTRIBUTE_KEY_PATTERN,
  BUILTIN_KEYS,
  BUILTIN_RULES,
  COMPOUND_OPERATORS,
  FilterError,
  ISO_DATE_PATTERN,
  MAX_ATTRIBUTE_STRING,
  MAX_ATTRIBUTES,
  MAX_COMPOUND_FILTERS,
  MAX_FILTER_COMPARISONS,
  MAX_FILTER_DEPTH,
  MAX_FILTER_VALUES,
  MAX_IN_VALUES,
  parseAttributes,
  parseFilter,
  type Attributes,
  UUID_PATTERN,
  type ItemFilter,
} from '../../domain/filter';
import { CLEAN_TEXT_PATTERN } from '../middleware/text';
import { documentedAs } from '../openapi/operation';

const text = () => ({ type: 'string', maxLength: MAX_ATTRIBUTE_STRING, pattern: CLEAN_TEXT_PATTERN });
const scalar = () => ({ anyOf: [text(), { type: 'number' }, { type: 'boolean' }] });
/** The values of in/nin: all of one type. */
const valueList = () => ({ anyOf: [text(), { type: 'number' }, { type: 'boolean' }].map((items) => listOf(items)) });
const date = () => ({ type: 'string', pattern: ISO_DATE_PATTERN });
const uuid = () => ({ type: 'string', pattern: UUID_PATTERN });
const listOf = (items: Record<string, unknown>) => ({ type: 'array', minItems: 1, maxItems: MAX_IN_VALUES, items });
const comparison = (types: readonly string[], key: Record<string, unknown>, value: Record<string, unknown>) => ({
  type: 'object',
  required: ['type', 'key', 'value'],
  additionalProperties: false,
  properties: { type: { enum: types }, key, value },
});
const builtinKeys = (kind: 'string' | 'date' | 'uuid') => ({
  type: 'string',
  enum: BUILTIN_KEYS.filter((k) => BUILTIN_RULES[k].kind === kind),
});
/**
 * The comparisons, one branch per kind of key, so the document states which values and operators each key takes:
 * attribute keys (any value; ranges on numbers or ISO dates), the built-in string keys (type, language,
 * mimetype: strings, no ranges), the date keys (createdAt, updatedAt: ISO dates) and the id keys (parentId,
 * categoryId: UUIDs, no ranges).
 */
const comparisons = () => {
  const attributeKey = {
    type: 'string',
    description: 'An attribute key',
    pattern: ATTRIBUTE_KEY_PATTERN,
    not: { enum: [...BUILTIN_KEYS] },
  };
  return [
    comparison(['eq', 'ne'], attributeKey, scalar()),
    comparison(['gt', 'gte', 'lt', 'lte'], attributeKey, {
      description: 'A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset)',
      anyOf: [{ type: 'number' }, date()],
    }),
    comparison(['in', 'nin'], attributeKey, valueList()),
    comparison(['eq', 'ne'], builtinKeys('string'), text()),
    comparison(['in', 'nin'], builtinKeys('string'), listOf(text())),
    comparison(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], builtinKeys('date'), date()),
    comparison(['in', 'nin'], builtinKeys('date'), listOf(date())),
    comparison(['eq', 'ne'], builtinKeys('uuid'), uuid()),
    comparison(['in', 'nin'], builtinKeys('uuid'), listOf(uuid())),
  ];
};
function filterLevel(levels: number): Record<string, unknown> {
  if (levels === 1) return { anyOf: comparisons() };
  return {
    anyOf: [
      ...comparisons(),
      {
        type: 'object',
        required: ['type', 'filters'],
        additionalProperties: false,
        properties: {
          type: { enum: [...COMPOUND_OPERATORS] },
          filters: { type: 'array', minItems: 1, maxItems: MAX_COMPOUND_FILTERS, items: filterLevel(levels - 1) },
        },
      },
    ],
  };
}

export const FILTER_DESCRIPTION =
  "Only items the filter lets through (OpenAI's vector-store shape): a comparison {type: eq|ne|gt|gte|lt|lte|in|nin, " +
  'key, value} or {type: and|or, filters: [...]}, nested at most 5 levels (a comparison alone is one), with at most ' +
  `${MAX_FILTER_COMPARISONS} comparisons listing at most ${MAX_FILTER_VALUES} values in all. Keys: the ` +
  `built-in ${BUILTIN_KEYS.join(', ')} (the item's own fields; createdAt and updatedAt compare ISO dates, parentId ` +
  'and categoryId UUIDs) or an attribute key. eq/in match equal values; ne/nin are their negation (an item without ' +
  'the key passes them); gt/gte/lt/lte compare numbers, or ISO dates as instants. A child of a website or archive ' +
  "carries its parent's attributes. 400 names the problem and its place (filter.filters[1].value).";

/** The filter's JSON Schema (without a description). */
export const FILTER_JSON_SCHEMA = filterLevel(MAX_FILTER_DEPTH);

export const ATTRIBUTES_JSON_SCHEMA = {
  type: 'object',
  maxProperties: MAX_ATTRIBUTES,
  propertyNames: { pattern: ATTRIBUTE_KEY_PATTERN, not: { enum: [...BUILTIN_KEYS] } },
  additionalProperties: scalar(),
  description:
    `Typed attributes: at most ${MAX_ATTRIBUTES} keys matching ${ATTRIBUTE_KEY_PATTERN} (built-in key names are ` +
    `reserved); values strings (at most ${MAX_ATTRIBUTE_STRING} characters; an ISO 8601 date is kept as its string ` +
    'and compared as a date by range filters), finite numbers or booleans',
};

/**
 * A value parsed by a domain parser; its FilterError becomes the field's message, with the place it names as the
 * answer's `param` (a filter's problems are `invalid_filter`, other values' `invalid_field`).
 */
function parsed<T>(parse: (v: unknown) => T, code: 'invalid_filter' | 'invalid_field' = 'invalid_field') {
  return (value: unknown, ctx: z.RefinementCtx): T => {
    try {
      return parse(value);
    } catch (err) {
      if (!(err instanceof FilterError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message, params: { code, param: err.param, hint: err.hint } });
      return z.NEVER;
    }
  };
}

/** The request's `filter` (optional). */
export const filterField = () =>
  documentedAs(z.unknown().transform(parsed<ItemFilter>((v) => parseFilter(v), 'invalid_filter')), {
    ...FILTER_JSON_SCHEMA,
    description: FILTER_DESCRIPTION,
  }).optional();

/** A parser of JSON text: the text's value through `parse`; text that is no JSON is refused as `refusal`. */
const fromJsonText =
  <T>(field: string, refusal: string, parse: (v: unknown) => T) =>
  (text: unknown): T => {
    let value: unknown;
    try {
      value = JSON.parse(text as string);
    } catch (err) {
      // JSON.parse says where ("Expected double-quoted property name in JSON at position 14"): the hint passes it on.
      const where = err instanceof SyntaxError ? err.message.slice(0, 200) : 'not JSON';
      throw new FilterError(
        field,
        refusal,
        `${field} is not valid JSON text (${where}): send it as JSON, e.g. ${FORM_EXAMPLES[field] ?? '{}'}.`,
      );
    }
    return parse(value);
  };

/** A valid value of each JSON-text field, for the hint of one that does not parse. */
const FORM_EXAMPLES: Record<string, string> = {
  attributes: '{"team": "support", "year": 2025}',
  filter: '{"type": "eq", "key": "team", "value": "support"}',
};

/** `filter` as a query parameter: the filter as JSON text. */
export const filterQueryParam = () =>
  documentedAs(
    z
      .string()
      .transform(
        parsed(
          (text) =>
            text === ''
              ? undefined
              : fromJsonText('filter', 'filter must be a JSON-encoded filter object', (v) => parseFilter(v))(text),
          'invalid_filter',
        ),
      ),
    {
      type: 'string',
      contentMediaType: 'application/json',
      description: `The filter as JSON text (URL-encoded; empty: no filter). ${FILTER_DESCRIPTION}`,
    },
  ).optional();

/** The request's `attributes` (JSON bodies). */
export const attributesField = () =>
  documentedAs(z.unknown().transform(parsed<Attributes>((v) => parseAttributes(v))), ATTRIBUTES_JSON_SCHEMA);

/** `attributes` as a multipart field: the object as JSON text. */
export const attributesFormField = () =>
  documentedAs(
    z
      .string()
      .transform(parsed(fromJsonText('attributes', 'attributes must be a JSON object', (v) => parseAttributes(v)))),
    // No contentMediaType: /docs's "Try it out" shows a form field that has one as a file picker.
    { type: 'string', description: `The item's attributes as JSON text. ${ATTRIBUTES_JSON_SCHEMA.description}` },
  ).optional();

/** Attributes as every item read returns them. */
export const AttributesResponseSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .meta({ description: "The item's attributes (a child's include its parent's)" });
