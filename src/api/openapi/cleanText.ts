// What the published document says of every string a request carries: no NUL character and no unpaired UTF-16
// surrogate (the service answers 400 to either, src/api/middleware/text.ts). Stated once here, on the rendered
// document, for the parameters and request bodies of every operation and the components they use: the NUL rule as a
// pattern on each free string (beside a pattern the string has already, through allOf, unless that pattern refuses
// NUL itself: nulFree.ts), and a free JSON value
// (metadata, tool arguments, JSON-RPC params) becomes CleanJsonValue, any JSON whose strings and keys are clean.
// Unpaired surrogates, which no pattern can name in every validator's dialect, are stated in the document's
// description (document.ts) and CleanJsonValue's. Fields a schema does not list are dropped unread: anything goes.
//
// CleanJsonValue is "any JSON value, not one holding a NUL": the recursion lives under `not`, which validators
// (ajv, schemathesis) apply and client generators skip. Generators read a recursive union badly:
// openapi-python-client 0.29.1 cannot parse a union whose array items (or inline object values) refer back to it
// and drops every operation that uses it; read as "any JSON value", it types the field as Any (test/api/
// generators.test.ts runs it, openapi-typescript and Redocly's lint on the document).
import { CLEAN_TEXT_PATTERN } from '../middleware/text';
import { patternExcludesNul } from './nulFree';

type Schema = Record<string, unknown>;

export const CLEAN_JSON_VALUE = 'CleanJsonValue';
const CLEAN_JSON_REF = `#/components/schemas/${CLEAN_JSON_VALUE}`;
const COMPONENT_PREFIX = '#/components/schemas/';

const HOLDS_NUL_REF = `${CLEAN_JSON_REF}/not`;

/**
 * Any JSON value whose strings and object keys are clean text: not a value holding a NUL (a string with one, or an
 * array or object with one inside, keys included), by the recursive schema under `not`.
 */
export const CLEAN_JSON_VALUE_SCHEMA = {
  description:
    'Any JSON value whose strings and object keys hold no NUL character and no unpaired UTF-16 surrogate ' +
    '(400 otherwise). Validators read the NUL half from `not` (a value holding a NUL anywhere); unpaired ' +
    'surrogates are stated here in words.',
  not: {
    description: 'A JSON value holding a NUL character: in a string, an array item, an object key or value',
    anyOf: [
      { type: 'string', not: { pattern: CLEAN_TEXT_PATTERN } },
      { type: 'array', contains: { $ref: HOLDS_NUL_REF } },
      { type: 'object', not: { propertyNames: { pattern: CLEAN_TEXT_PATTERN } } },
      { type: 'object', not: { additionalProperties: { not: { $ref: HOLDS_NUL_REF } } } },
    ],
  },
};

/** Strings whose values are fixed or whose format excludes both already (and file bytes, which are no text). */
const SELF_CLEAN_FORMATS = new Set(['uuid', 'date-time', 'binary']);

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema that allows any value: {} (a description at most). */
const isAnything = (s: Schema) => Object.keys(s).every((k) => k === 'description');

const allowsString = (s: Schema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));

/**
 * Schema positions holding one schema, a list of schemas, or a map of name to schema. Not `not`: the rule narrows
 * what a value may be, and under a negation it would widen it instead (a run's `not: {required: [roleId,
 * customerRoleId], properties: {roleId: {}, …}}` would have read "not both, when both are clean JSON"). What a `not`
 * refuses is refused whatever its strings hold.
 */
const ONE = ['additionalProperties', 'propertyNames', 'items', 'contains', 'if', 'then', 'else'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs'];
/** Where a schema that allows anything means any JSON value (inside `not` it means something else). */
const VALUE_POSITIONS = new Set(['additionalProperties', 'items', 'properties']);

/** States the rule on one schema and everything inside it; `refs` collects the components it uses. */
function stateOn(schema: Schema, refs: Set<string>): void {
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(COMPONENT_PREFIX)) {
    refs.add(schema.$ref.slice(COMPONENT_PREFIX.length));
  }
  if (allowsString(schema) && !('enum' in schema) && !('const' in schema)) {
    if (!SELF_CLEAN_FORMATS.has(schema.format as string)) {
      if (schema.pattern === undefined) schema.pattern = CLEAN_TEXT_PATTERN;
      else if (schema.pattern !== CLEAN_TEXT_PATTERN && !patternExcludesNul(String(schema.pattern))) {
        const allOf = Array.isArray(schema.allOf) ? (schema.allOf as Schema[]) : [];
        if (!allOf.some((s) => s.pattern === CLEAN_TEXT_PATTERN)) {
          schema.allOf = [...allOf, { pattern: CLEAN_TEXT_PATTERN }];
        }
      }
    }
  }
  const visit = (holder: Schema, key: string | number, value: unknown, position: string) => {
    if (!isObject(value)) return;
    if (VALUE_POSITIONS.has(position) && isAnything(value)) {
      (holder as Record<string | number, unknown>)[key] = { ...value, $ref: CLEAN_JSON_REF };
      refs.add(CLEAN_JSON_VALUE);
      return;
    }
    stateOn(value, refs);
  };
  for (const key of ONE) visit(schema, key, schema[key], key);
  for (const key of LIST) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((item, i) => visit(list as unknown as Schema, i, item, key));
  }
  for (const key of MAP) {
    const map = schema[key];
    if (isObject(map)) for (const [name, item] of Object.entries(map)) visit(map, name, item, key);
  }
}

interface DocumentShape {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

/** States the clean-text rule on every request string of the rendered document (in place). */
export function stateCleanText<D extends object>(document: D): D {
  const doc = document as DocumentShape;
  const refs = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (!isObject(op)) continue;
      for (const param of (op.parameters as Schema[] | undefined) ?? []) {
        if (isObject(param.schema)) stateOn(param.schema, refs);
      }
      const content = isObject(op.requestBody) ? (op.requestBody.content as Record<string, Schema>) : {};
      for (const media of Object.values(content ?? {})) {
        if (isObject(media.schema)) stateOn(media.schema, refs);
      }
    }
  }
  const schemas = (doc.components ??= {}).schemas ?? {};
  doc.components.schemas = schemas;
  // Components used by a request (and those they use in turn), each once.
  const done = new Set<string>();
  for (let name = [...refs].find((r) => !done.has(r)); name; name = [...refs].find((r) => !done.has(r))) {
    done.add(name);
    if (name === CLEAN_JSON_VALUE) continue;
    const component = schemas[name];
    if (isObject(component)) stateOn(component, refs);
  }
  if (refs.has(CLEAN_JSON_VALUE)) schemas[CLEAN_JSON_VALUE] = CLEAN_JSON_VALUE_SCHEMA;
  return document;
}
