// A subschema's `required` (inside `not`, `if` or `then`) names fields its object defines. JSON Schema needs no more,
// but readers that look for each required field's definition in the same schema (Redocly's
// no-required-schema-properties-undefined) do not look up into the object: the subschema repeats the fields' schemas.
// Within their object that changes nothing, as the object already holds those fields to them.
import type { SchemaOverride } from './operation';

/** `{properties, required}` for the named fields of the rendered object schema (in a zod-openapi `override`). */
export function requiring(jsonSchema: SchemaOverride['jsonSchema'], names: readonly string[]) {
  const properties = (jsonSchema.properties ?? {}) as Record<string, unknown>;
  const missing = names.filter((n) => !(n in properties));
  if (missing.length > 0) throw new Error(`requiring: the object defines no ${missing.join(', ')}`);
  return {
    properties: Object.fromEntries(names.map((n) => [n, structuredClone(properties[n])])),
    required: [...names],
  };
}
