import { z } from 'zod';
import { documentedAs } from '../openapi/operation';

/**
 * A true/false query parameter or form field, read in any case: Python's requests and generated clients send a
 * boolean as True or False. Anything else is a 400 naming the field. Absent: false. Documented as a boolean.
 */
export const booleanFlag = (name: string, description?: string) => {
  const described = description ? { description } : {};
  return documentedAs(
    z
      .preprocess(
        (v) => (typeof v === 'string' ? v.toLowerCase() : v),
        z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional(),
      )
      .transform((v) => v === 'true'),
    { type: 'boolean', default: false, ...described },
    described,
  );
};
