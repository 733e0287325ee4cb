// Request validation with zod, answering 400 with one message. Two ways to phrase it:
// - validate: the message the schema names for the failed rule; an issue the schema leaves to zod's own generic
//   wording (a wrong type, a failed refinement) answers the route's fallback message instead. Text with a NUL or
//   an unpaired surrogate answers 400 whatever the schema (multipart fields reach no other check). The text
//   checked is what the schema keeps: a field the schema does not know is dropped unread, so, as the document
//   says, it may hold anything.
// - validateFields / fieldProblems (the Agent API and its tools): a per-parse error map names the field in every
//   message ("toolCalls[0].name must be at most 128 characters", "Missing required field: role"); messages a
//   schema states itself (such as the topK message shared with space RAG) win over the generated ones.
import type { z } from 'zod';
import { badRequest } from '../errors';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './middleware/text';

type Issue = z.core.$ZodRawIssue;

/** The issues zod's own English messages word generically ("Invalid input…"): they carry the route's fallback. */
function isGenericIssue(issue: Issue): boolean {
  switch (issue.code) {
    case 'invalid_type':
      return true;
    case 'invalid_value':
      return issue.values.length === 1;
    case 'invalid_union':
      return !(Array.isArray(issue.options) && issue.options.length > 0);
    case 'too_big':
    case 'too_small':
    case 'invalid_format':
    case 'not_multiple_of':
    case 'unrecognized_keys':
    case 'invalid_key':
    case 'invalid_element':
      return false;
    default:
      return true;
  }
}

export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fallbackMessage = 'Invalid request',
): z.infer<S> {
  // A schema's own message outranks this per-parse map; the map only replaces zod's generic wording.
  const result = schema.safeParse(value, {
    error: (issue) => (isGenericIssue(issue as Issue) ? fallbackMessage : undefined),
  });
  if (hasUnsafeText(result.success ? result.data : value)) throw badRequest(UNSAFE_TEXT_MESSAGE);
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? fallbackMessage);
}

/** toolCalls[0].name; the body itself is "Request body". */
export function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'Request body';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

const TYPE_NAMES: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  record: 'an object',
};

/** Why a string or JSON value is refused (the custom issues of cleanText and jsonValue in schema.ts). */
export const REASONS = {
  text: 'must not contain NUL characters or unpaired UTF-16 surrogates',
  uuid: 'must be a valid UUID',
  jsonSize: 'is too large',
  jsonDepth: 'is nested too deeply',
} as const;

function describe(issue: Issue): string {
  const field = fieldPath(issue.path ?? []);
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return `Missing required field: ${field}`;
  }
  switch (issue.code) {
    case 'invalid_type':
      return `${field} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
    case 'too_small': {
      const bound = issue.code === 'too_big' ? 'at most' : 'at least';
      const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
      if (issue.origin === 'string') {
        return limit === 1 && issue.code === 'too_small'
          ? `${field} must not be empty`
          : `${field} must be ${bound} ${limit} characters`;
      }
      if (issue.origin === 'array') return `${field} must have ${bound} ${limit} items`;
      return `${field} must be ${bound} ${limit}`;
    }
    case 'invalid_format':
      if (issue.format === 'uuid') return `${field} must be a valid UUID`;
      if (issue.format === 'datetime') return `${field} must be an ISO 8601 timestamp`;
      if (issue.format === 'regex') return `${field} has an invalid format`;
      return `${field} must be a valid ${issue.format}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field: ${issue.keys.map((k) => fieldPath([...(issue.path ?? []), k])).join(', ')}`;
    case 'not_multiple_of':
      return `${field} must be an integer`;
    case 'custom': {
      const reason = (issue.params as { reason?: keyof typeof REASONS } | undefined)?.reason;
      return `${field} ${reason ? REASONS[reason] : 'is invalid'}`;
    }
    default:
      return `${field} is invalid`;
  }
}

/** The parsed value, or the first problem as a message naming its field (under `at`, when the value is nested). */
export function fieldProblems<S extends z.ZodType>(
  schema: S,
  value: unknown,
  at: readonly PropertyKey[] = [],
): { ok: true; data: z.infer<S> } | { ok: false; message: string } {
  const result = schema.safeParse(value, {
    error: (issue) => describe({ ...issue, path: [...at, ...(issue.path ?? [])] } as Issue),
  });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid request' };
}

/** The parsed value, or 400 with the first problem, its field named. */
export function validateFields<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = fieldProblems(schema, value);
  if (result.ok) return result.data;
  throw badRequest(result.message);
}
