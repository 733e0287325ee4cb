// Integer fields, read one way everywhere: in a JSON body an integer is a JSON integer (10, never "10"), in a query
// string a decimal integer (digits only: no sign, hex, exponent or spaces). Anything else is a 400 naming the field
// and its bounds; a body value that is no JSON number at all ("10") has the code invalid_type.
import { z } from 'zod';
import type { SchemaOverride } from '../openapi/operation';

export interface IntegerBounds {
  min: number;
  max: number;
  /** The value when the field is left out (the field is optional then). */
  fallback?: number;
  /** The message for any bad value: by default "<name> must be an integer from <min> to <max>". */
  message?: string;
}

const DECIMAL = /^\d+$/;

/** The document states the field as the integer it is (the parser takes unknown input); a description stays. */
const documented = <T extends z.ZodType>(schema: T, b: IntegerBounds): T =>
  schema.meta({
    override: ({ jsonSchema }: SchemaOverride) => {
      const { description } = jsonSchema;
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, {
        ...(b.fallback !== undefined ? { default: b.fallback } : {}),
        type: 'integer',
        minimum: b.min,
        maximum: b.max,
        ...(description !== undefined ? { description } : {}),
      });
    },
  });

/** What the field parses to: a number, or undefined too when the field is optional without a fallback. */
type Parsed<B extends IntegerBounds> = B extends { fallback: number } ? number : number | undefined;

const boundsMessage = (name: string, b: IntegerBounds) =>
  b.message ?? `${name} must be an integer from ${b.min} to ${b.max}`;

/** The custom issue a bad integer raises: the message, and the help (code, hint) the validator answers with. */
function refuse(ctx: z.RefinementCtx, message: string, notInteger: boolean, hint: string): typeof z.NEVER {
  ctx.addIssue({
    code: 'custom',
    message,
    params: notInteger ? { code: 'invalid_type', hint } : { code: 'invalid_field', hint },
  });
  return z.NEVER;
}

/** A query-string integer: decimal digits only, within the bounds; an empty value (`?page=`) is no number. */
export function queryInteger<B extends IntegerBounds>(name: string, b: B) {
  const message = boundsMessage(name, b);
  const hint = `Send ${name} as decimal digits from ${b.min} to ${b.max} (such as ${name}=${b.fallback ?? b.min}).`;
  return documented(
    z
      .string({ error: message })
      .optional()
      .transform((v, ctx): Parsed<B> => {
        if (v === undefined) return b.fallback as Parsed<B>;
        const n = Number(v);
        if (!DECIMAL.test(v) || !Number.isSafeInteger(n) || n < b.min || n > b.max)
          return refuse(ctx, message, false, hint);
        return n as Parsed<B>;
      }),
    b,
  );
}

/** A JSON-body integer: a JSON number with no fraction (never a string), within the bounds. */
export function bodyInteger<B extends IntegerBounds>(name: string, b: B) {
  const message = boundsMessage(name, b);
  const hint = `Send ${name} as a JSON integer from ${b.min} to ${b.max} (${b.fallback ?? b.min}, not "${b.fallback ?? b.min}").`;
  return documented(
    z
      .unknown()
      .optional()
      .transform((v, ctx): Parsed<B> => {
        if (v === undefined) return b.fallback as Parsed<B>;
        if (typeof v !== 'number') return refuse(ctx, message, true, hint);
        if (!Number.isSafeInteger(v) || v < b.min || v > b.max) return refuse(ctx, message, false, hint);
        return v as Parsed<B>;
      }),
    b,
  );
}
