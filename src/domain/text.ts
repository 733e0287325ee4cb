// Text PostgreSQL can store and JSON can carry: no NUL, no unpaired UTF-16 surrogate.

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/**
 * Whether `s` has more than `max` characters as JSON Schema's maxLength counts them: code points (a UTF-16 length
 * counts an emoji twice). The code points are counted only when the UTF-16 length is over.
 */
export function longerThan(s: string, max: number): boolean {
  return s.length > max && [...s].length > max;
}

/** At most `max` UTF-16 units of `s`, never half of a surrogate pair. */
export function cutAt(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
