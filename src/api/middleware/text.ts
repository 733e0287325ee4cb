// Text the service would store or compare must be well-formed: a NUL character (PostgreSQL refuses it in text)
// or an unpaired UTF-16 surrogate (it cannot be encoded as UTF-8) in the path, the query or a header answers 400
// before any handler runs; bodies are checked where they are validated (validate(), and the Agent API's own
// validateFields, whose messages name the field).
import type { Context, Next } from 'koa';
import { isUnsafeText } from '../../domain/text';
import { badRequest } from '../../errors';

export const UNSAFE_TEXT_MESSAGE = 'Request contains a NUL character or an unpaired UTF-16 surrogate';

/**
 * The NUL half of the rule as a JSON Schema pattern, which the generated document puts on every request string
 * (src/api/openapi/cleanText.ts). Unpaired surrogates are stated in words there: UTF-8 cannot carry them, and
 * validators whose regular expressions work on UTF-8 (schemathesis' Rust one) cannot name them in a pattern.
 */
export const CLEAN_TEXT_PATTERN = '^[^\\u0000]*$';

export { isUnsafeText };

/** Text that PostgreSQL can store and JSON can carry: no NUL, no unpaired surrogate. */
export const isCleanText = (value: string): boolean => !isUnsafeText(value);

/**
 * Where the first unsafe string in a parsed JSON value is (a key counts as its own place): its path, [] for the
 * value itself, undefined when all text is safe. Depth-first with an explicit stack, so neither depth (no
 * recursion) nor width (no spread into arguments) has a limit below the body limit's.
 */
export function unsafeTextPath(value: unknown): PropertyKey[] | undefined {
  const stack: Array<[unknown, PropertyKey[]]> = [[value, []]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (isUnsafeText(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, i]]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v).reverse()) {
        if (isUnsafeText(k)) return [...path, k];
        stack.push([inner, [...path, k]]);
      }
    }
  }
  return undefined;
}

/** Whether any string in a parsed JSON value (keys included) is unsafe. */
export const hasUnsafeText = (value: unknown): boolean => unsafeTextPath(value) !== undefined;

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape is not text to store; the router treats the path as it is
  }
}

export async function rejectUnsafeText(ctx: Context, next: Next): Promise<void> {
  const unsafe =
    isUnsafeText(decoded(ctx.path)) ||
    isUnsafeText(decoded(ctx.querystring.replace(/\+/g, ' '))) ||
    Object.values(ctx.headers).some((h) => [h ?? ''].flat().some(isUnsafeText));
  if (unsafe) throw badRequest(UNSAFE_TEXT_MESSAGE, { code: 'unsafe_text' });
  await next();
}
