// zod -> AppError: a failed schema answers 400 with the message the schema names for that rule; text with a NUL
// or an unpaired surrogate answers 400 whatever the schema (multipart fields reach no other check). The text
// checked is what the schema keeps: a field the schema does not know is dropped unread, so, as the document says,
// it may hold anything.
import type { z } from 'zod';
import { badRequest } from '../errors';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './middleware/text';

export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fallbackMessage = 'Invalid request',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (hasUnsafeText(result.success ? result.data : value)) throw badRequest(UNSAFE_TEXT_MESSAGE);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message;
  throw badRequest(message && !message.startsWith('Invalid input') ? message : fallbackMessage);
}
