// Request validation with zod, answering 400 with one message and the help beside it (code, the field at fault as
// `param`, a hint). Two ways to phrase the message:
// - validate: the message the schema names for the failed rule; an issue the schema leaves to zod's own generic
//   wording (a wrong type, a failed refinement) answers the route's fallback message instead. Text with a NUL or
//   an unpaired surrogate answers 400 whatever the schema (multipart fields reach no other check).
// - validateFields / fieldProblems (the Agent API and its tools): a per-parse error map names the field in every
//   message ("toolCalls[0].name must be at most 128 characters", "Missing required field: role"); messages a
//   schema states itself (such as the topK message shared with space RAG) win over the generated ones.
// Either way a field the schema does not know is refused by name ("Unknown field: mdoe (did you mean mode?)"): the
// body schemas are strict objects, and the document says so (additionalProperties: false).
// A schema's own `error` is zod's message for every issue of it that has none of its own, its checks' included:
// `z.string({ error: 'name must be a string' }).max(255)` would answer a 256-character name "name must be a
// string". A message for the type alone is given with typeMessage, and a bound then says itself by the field.
import type { z } from 'zod';
import { closestName, listWithSuggestions } from '../domain/suggest';
import { badRequest, Messages, type AppError, type ErrorHelp } from '../errors';
import { unsafeTextPath, UNSAFE_TEXT_MESSAGE } from './middleware/text';

type Issue = z.core.$ZodRawIssue;
type FinalIssue = z.core.$ZodIssue;

/**
 * A schema's message for a value of another type only (`z.string({ error: typeMessage('name must be a string') })`):
 * its checks' issues (a length, a pattern) fall through to the validator's wording, which names the field and the
 * bound ("name must be at most 255 characters"). test/unit/api/typeMessages.test.ts finds any request field whose
 * own message would still answer for a check.
 */
export const typeMessage =
  (message: string) =>
  (issue: { code?: string }): string | undefined =>
    issue.code === 'invalid_type' ? message : undefined;

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

/** The refusal of text no database or JSON encoder can hold, naming where it is. */
export function unsafeTextError(value: unknown): AppError | undefined {
  const at = unsafeTextPath(value);
  if (at === undefined) return undefined;
  return badRequest(UNSAFE_TEXT_MESSAGE, { code: 'unsafe_text', ...(at.length > 0 ? { param: fieldPath(at) } : {}) });
}

export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fallbackMessage = 'Invalid request',
): z.infer<S> {
  // A schema's own message outranks this per-parse map. The map words a field that is present but wrong by the
  // field ("query must be a string"); the route's fallback is for a field left out and for the body itself.
  const result = schema.safeParse(value, {
    reportInput: true,
    error: (raw) => {
      const issue = raw as Issue;
      if ((issue.path ?? []).length > 0 && !isAbsent(issue)) return describe(issue);
      return isGenericIssue(issue) ? fallbackMessage : describe(issue);
    },
  });
  const unsafe = unsafeTextError(result.success ? result.data : value);
  if (unsafe) throw unsafe;
  if (result.success) return result.data;
  const problem = describeProblem(schema, result.error.issues);
  throw badRequest(problem.message ?? result.error.issues[0]?.message ?? fallbackMessage, problem.help);
}

/**
 * Whether the issue is about a value left out (or null, or blank where text is required): only then is a field
 * "missing". A discriminated union's issue carries the whole object: its tag is what is missing or not.
 */
export function isAbsent(issue: Issue | FinalIssue): boolean {
  const input = issue.input as unknown;
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
      return input === undefined || input === null;
    case 'invalid_union': {
      const tag = (issue as { discriminator?: string }).discriminator;
      if (tag === undefined) return input === undefined || input === null;
      return typeof input !== 'object' || input === null || (input as Record<string, unknown>)[tag] == null;
    }
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1;
    case 'custom':
      return input === undefined || (typeof input === 'string' && input.trim() === '');
    default:
      return false;
  }
}

/** toolCalls[0].name; the body itself is "Request body". */
export function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'Request body';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

// ---- the help: which field, which code, what to do

/** The schemas a value at this schema may meet (wrappers, pipes and unions unwrapped). */
function branches(schema: z.ZodType | undefined, depth = 0): z.ZodType[] {
  if (!schema || depth > 20) return [];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return branches(def.innerType as z.ZodType, depth + 1);
    case 'pipe':
      return branches(def.in as z.ZodType, depth + 1);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => branches(o, depth + 1));
    case 'intersection':
      return [...branches(def.left as z.ZodType, depth + 1), ...branches(def.right as z.ZodType, depth + 1)];
    case 'lazy':
      return branches((def.getter as () => z.ZodType)(), depth + 1);
    default:
      return [schema];
  }
}

/** The field names the object(s) at `path` of the schema know (empty when the path leads to no object). */
export function knownFields(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let at = branches(schema);
  for (const key of path) {
    at = at.flatMap((s) => {
      const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
      if (def.type === 'object') return branches((def.shape as Record<string, z.ZodType>)[String(key)]);
      if (def.type === 'array' && typeof key === 'number') return branches(def.element as z.ZodType);
      if (def.type === 'record') return branches(def.valueType as z.ZodType);
      return [];
    });
  }
  const names = at.flatMap((s) => {
    const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
    return def.type === 'object' ? Object.keys(def.shape as object) : [];
  });
  return [...new Set(names)];
}

/** The field's own schemas at `path` (each as declared, wrappers kept), for what they say of themselves. */
function fieldSchemas(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType[] {
  let at: z.ZodType[] = [schema];
  for (const key of path) {
    at = at.flatMap(branches).flatMap((s) => {
      const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
      const child =
        def.type === 'object'
          ? (def.shape as Record<string, z.ZodType>)[String(key)]
          : def.type === 'array' && typeof key === 'number'
            ? (def.element as z.ZodType)
            : def.type === 'record'
              ? (def.valueType as z.ZodType)
              : undefined;
      return child ? [child] : [];
    });
  }
  return at;
}

/** What to send in a UUID field: a role's id is told apart from its customerRoleId, the usual slip. */
function uuidHint(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((p): p is string => typeof p === 'string') ?? '';
  return /^roleIds?$/.test(name)
    ? "Send the role's id (a UUID; GET /v1/workspaces/{workspaceId}/role lists them), not its customerRoleId."
    : `Send ${fieldPath(path)} as the UUID the service answered with when the resource was created.`;
}

/** The description the schema gives the field at `path` (on it or on a wrapper of it), if one does. */
export function fieldDescription(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  for (const declared of fieldSchemas(schema, path)) {
    let s: z.ZodType | undefined = declared;
    for (let depth = 0; s && depth < 20; depth++) {
      if (s.description) return s.description;
      const def = s._zod.def as unknown as Record<string, unknown>;
      s = (def.innerType ?? def.in) as z.ZodType | undefined;
    }
  }
  return undefined;
}

const joined = (path: readonly PropertyKey[], key: PropertyKey) => fieldPath([...path, key]);

/** The message naming body fields an operation does not list (each with the field it probably meant). */
export const unknownFieldMessage = (list: string) => `Unknown field: ${list}`;

/** "mdoe (did you mean mode?)" for each unknown key, and the first one's path (under `at`, when nested). */
function unknownFields(
  schema: z.ZodType,
  issue: FinalIssue & { code: 'unrecognized_keys' },
  at: readonly PropertyKey[],
): { message: string; help: ErrorHelp } {
  const known = knownFields(schema, issue.path);
  const where = [...at, ...issue.path];
  const named = issue.keys.map((k) => ({ path: joined(where, k), suggestion: closestName(k, known) }));
  const list = listWithSuggestions(named.map((n) => ({ name: n.path, suggestion: n.suggestion })));
  const accepts =
    known.length > 0 ? `; ${where.length > 0 ? fieldPath(where) : 'the body'} takes ${known.join(', ')}` : '';
  const first = named[0]!;
  const hint = first.suggestion
    ? `Rename ${first.path} to ${joined(where, first.suggestion)}${accepts}.`
    : `Remove ${named.length > 1 ? 'these fields' : 'the field'}${accepts}.`;
  return { message: unknownFieldMessage(list), help: { code: 'unknown_field', param: first.path, hint } };
}

/** The help a custom issue carries (a domain parser's own field path and hint, such as the filter's). */
interface CustomHelp {
  code?: ErrorHelp['code'];
  param?: string;
  hint?: string;
  /** A UUID check's refusal (schemas/ids.ts uuidInput): hinted as a UUID field is (uuidHint). */
  uuid?: boolean;
}

/**
 * The first problem as the answer states it: a message when the help replaces the issue's own (unknown fields),
 * and the help. A missing field is hinted towards an unknown sibling that looks like it ({"qeury": …}).
 */
export function describeProblem(
  schema: z.ZodType,
  issues: readonly FinalIssue[],
  at: readonly PropertyKey[] = [],
): { message?: string; help: ErrorHelp } {
  const first = issues[0];
  if (!first) return { help: { code: 'invalid_request' } };
  const issue = closestOption(first);
  if (issue !== first) {
    // The message the options agree on, said of the whole path (our own wording was said of the option's).
    const own =
      issue.message === describe({ ...issue, path: [...at, ...issue.path.slice(first.path.length)] } as Issue);
    const said = wording({ ...issue, path: [...at, ...issue.path] } as Issue);
    const inner = describeProblem(schema, [issue], at);
    return { message: inner.message ?? (own && said ? said : issue.message), help: inner.help };
  }
  const path = [...at, ...issue.path];
  if (issue.code === 'unrecognized_keys') return unknownFields(schema, issue, at);
  const param = path.length > 0 ? fieldPath(path) : undefined;
  if (issue.code === 'custom') {
    const own = (issue.params ?? {}) as CustomHelp;
    if (own.uuid) return { help: { code: 'invalid_field', param, hint: uuidHint(path) } };
    if (own.param !== undefined || own.code !== undefined) {
      return { help: { code: own.code ?? 'invalid_field', param: own.param ?? param, hint: own.hint } };
    }
  }
  const missing =
    ['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code) ||
    (issue.code === 'too_small' && issue.origin === 'string')
      ? isAbsent(issue)
      : false;
  if (missing && param !== undefined) {
    const name = issue.path[issue.path.length - 1];
    const slip = issues.find(
      (i): i is FinalIssue & { code: 'unrecognized_keys' } =>
        i.code === 'unrecognized_keys' && fieldPath(i.path) === fieldPath(issue.path.slice(0, -1)),
    );
    const typo = typeof name === 'string' ? slip?.keys.find((k) => closestName(k, [name]) === name) : undefined;
    // Sent, but empty or null (a missing field is not sent at all).
    const sent = typeof issue.input === 'string' ? 'empty' : issue.input === null ? 'as null' : undefined;
    // Fields the body has beside this one that the operation does not take (at most five named), not close
    // enough to it to be its typo: each with the field it probably meant, else as what was sent in its place.
    const known = knownFields(schema, issue.path.slice(0, -1));
    const strays = (slip?.keys ?? []).slice(0, 5).map((k) => ({
      name: joined(path.slice(0, -1), k),
      suggestion: closestName(k, known),
    }));
    const meant = strays.filter((k) => k.suggestion !== undefined);
    const hint = typo
      ? `The body has ${typo}: did you mean ${String(name)}?`
      : sent
        ? `${param} was sent ${sent}: give it a value, or leave it out where it is optional; /docs lists the fields.`
        : meant.length > 0
          ? `Send ${param}. The body also has ${listWithSuggestions(meant)}, which the operation does not take.`
          : strays.length > 0
            ? `The body has ${strays.map((k) => k.name).join(', ')}, which the operation does not take: send ${param} instead; /docs lists its fields.`
            : `Send ${param}; the operation lists its fields in /docs.`;
    return { help: { code: 'missing_field', param, hint } };
  }
  if (param === undefined) {
    // The body itself is of another JSON type (an array, a string, null where an object goes): say so.
    if (issue.code === 'invalid_type' && issue.input !== undefined) {
      const hint = `Send the request body as ${typeName(issue)} (JSON); /docs lists its fields.`;
      return { help: { code: 'invalid_type', param: fieldPath([]), hint } };
    }
    return { help: { code: 'invalid_request' } };
  }
  const said = wording({ ...issue, path } as Issue);
  // "Missing required field" is said of a field left out only: a field sent with the wrong type or value is named.
  const message = issue.message === Messages.missingRequiredField && said ? said : undefined;
  const help: ErrorHelp = { code: isTypeMismatch(issue) ? 'invalid_type' : 'invalid_field', param };
  // A pattern's rule is said as the field's description says it (or, without one, as the pattern itself).
  const rule =
    issue.code === 'invalid_format' && issue.format === 'regex'
      ? (fieldDescription(schema, issue.path) ?? `the pattern ${(issue as { pattern?: string }).pattern ?? ''}`)
      : undefined;
  // A message the specification fixes ("Invalid field value") names no field or bound: the hint does.
  if (said && rule) help.hint = `${said}: ${rule.replace(/\.$/, '')}.`;
  else if (issue.code === 'invalid_format' && issue.format === 'uuid') help.hint = uuidHint(path);
  else if (said && said !== (message ?? issue.message)) help.hint = `${said}.`;
  else if (isTypeMismatch(issue)) help.hint = `Send ${param} as ${typeName(issue)}; /docs lists each field's type.`;
  return message ? { message, help } : { help };
}

/**
 * A value no option of a plain union fits (a source change's config, which may be of any kind): the problem the
 * options closest to fitting agree on (those with the fewest issues, each first issue the same at the same field),
 * at its full path, so that "config is invalid" becomes "config.url must be at most 2048 characters". The union
 * itself where they disagree (a config that is near two kinds in different ways).
 */
function closestOption(issue: FinalIssue): FinalIssue {
  if (issue.code !== 'invalid_union' || (issue as { discriminator?: string }).discriminator !== undefined) return issue;
  const options = (issue as { errors?: FinalIssue[][] }).errors;
  if (!Array.isArray(options) || options.length === 0) return issue;
  const fewest = Math.min(...options.map((o) => o.length));
  const closest = options.filter((o) => o.length === fewest).map((o) => o[0]);
  const agreed = closest[0];
  const same = (i: FinalIssue | undefined) =>
    i !== undefined &&
    i.code === agreed?.code &&
    i.message === agreed.message &&
    fieldPath(i.path) === fieldPath(agreed.path);
  if (!agreed || agreed.code === 'unrecognized_keys' || !closest.every(same)) return issue;
  return closestOption({ ...agreed, path: [...issue.path, ...agreed.path] } as FinalIssue);
}

/** A value of another JSON type than the field's (a string where a number goes; a fraction is a bad value). */
function isTypeMismatch(issue: FinalIssue): issue is FinalIssue & { code: 'invalid_type' } {
  if (issue.code !== 'invalid_type' || isAbsent(issue)) return false;
  return !(typeof issue.input === 'number' && (issue.expected === 'int' || issue.expected === 'number'));
}

const typeName = (issue: FinalIssue & { code: 'invalid_type' }) => TYPE_NAMES[issue.expected] ?? issue.expected;

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
  if (issue.code === 'custom') {
    const reason = (issue.params as { reason?: keyof typeof REASONS } | undefined)?.reason;
    return `${field} ${reason ? REASONS[reason] : 'is invalid'}`;
  }
  return wording(issue) ?? `${field} is invalid`;
}

/** What is wrong with a present field, by its name ("query must be a string"); undefined for a rule of its own. */
function wording(issue: Issue): string | undefined {
  const field = fieldPath(issue.path ?? []);
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
          : `${field} must be ${bound} ${limit} character${limit === 1 ? '' : 's'}`;
      }
      if (issue.origin === 'array') return `${field} must have ${bound} ${limit} item${limit === 1 ? '' : 's'}`;
      // An exclusive bound (z.number().gt(0)) is "above 0", not "at least 0".
      if (issue.inclusive === false) return `${field} must be ${issue.code === 'too_big' ? 'below' : 'above'} ${limit}`;
      return `${field} must be ${bound} ${limit}`;
    }
    case 'invalid_format':
      if (issue.format === 'uuid') return `${field} must be a valid UUID`;
      if (issue.format === 'datetime') return `${field} must be an ISO 8601 timestamp`;
      if (issue.format === 'regex') return `${field} has an invalid format`;
      return `${field} must be a valid ${issue.format}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${JSON.stringify(issue.values[0])}`
        : `${field} must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_union': {
      // A discriminated union's tag with no matching option: the tags it takes.
      const options = (issue as { options?: unknown[] }).options;
      if (!(issue as { discriminator?: string }).discriminator || !Array.isArray(options) || !options.length) return;
      return `${field} must be one of ${options.map(String).join(', ')}`;
    }
    case 'unrecognized_keys':
      return unknownFieldMessage(issue.keys.map((k) => fieldPath([...(issue.path ?? []), k])).join(', '));
    case 'not_multiple_of':
      return `${field} must be an integer`;
    default:
      return undefined;
  }
}

/** The parsed value, or the first problem as a message naming its field (under `at`, when the value is nested). */
export function fieldProblems<S extends z.ZodType>(
  schema: S,
  value: unknown,
  at: readonly PropertyKey[] = [],
): { ok: true; data: z.infer<S> } | { ok: false; message: string; help: ErrorHelp } {
  const result = schema.safeParse(value, {
    reportInput: true,
    error: (issue) => describe({ ...issue, path: [...at, ...(issue.path ?? [])] } as Issue),
  });
  if (result.success) return { ok: true, data: result.data };
  const problem = describeProblem(schema, result.error.issues, at);
  return {
    ok: false,
    message: problem.message ?? result.error.issues[0]?.message ?? 'Invalid request',
    help: problem.help,
  };
}

/** The parsed value, or 400 with the first problem, its field named. */
export function validateFields<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = fieldProblems(schema, value);
  if (result.ok) return result.data;
  throw badRequest(result.message, result.help);
}
