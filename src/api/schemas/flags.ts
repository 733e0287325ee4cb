import { z } from 'zod';
import type { SchemaOverride } from '../openapi/operation';

/**
 * A true/false query parameter or form field, read in any case: Python's requests and generated clients send a
 * boolean as True or False. Anything else is a 400 naming the field. Absent: false. Documented as a boolean.
 */
export const booleanFlag = (name: string, description?: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional(),
    )
    .transform((v) => v === 'true')
    .meta({
      ...(description ? { description } : {}),
      override: ({ jsonSchema: rendered }: SchemaOverride) => {
        for (const key of Object.keys(rendered)) delete rendered[key];
        Object.assign(rendered, { type: 'boolean', default: false, ...(description ? { description } : {}) });
      },
    });
