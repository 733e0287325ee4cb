// zod -> AppError: a failed schema answers 400 with the message the schema names for that rule.
import type { z } from 'zod';
import { badRequest } from '../errors';

export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fallbackMessage = 'Invalid request',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message;
  throw badRequest(message && !message.startsWith('Invalid input') ? message : fallbackMessage);
}
