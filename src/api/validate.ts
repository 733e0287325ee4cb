// zod -> AppError: a failed schema answers 400 with the message the schema names for that rule; text with a NUL
// or an unpaired surrogate answers 400 whatever the schema (multipart fields reach no other check).
import type { z } from 'zod';
import { badRequest } from '../errors';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './middleware/text';

export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fallbackMessage = 'Invalid request',
): z.infer<S> {
  if (hasUnsafeText(value)) throw badRequest(UNSAFE_TEXT_MESSAGE);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message;
  throw badRequest(message && !message.startsWith('Invalid input') ? message : fallbackMessage);
}
