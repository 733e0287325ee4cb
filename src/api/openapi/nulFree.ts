// Whether a JSON Schema pattern (an ECMAScript regular expression, unanchored unless it says so) can match a string
// holding a NUL character. The published document states the service's "no NUL" rule on every request string
// (cleanText.ts): as the pattern ^[^\u0000]*$, or, where the field has a pattern of its own, beside it in allOf. A
// pattern that already refuses NUL (a uuid, an identifier's ^[A-Za-z0-9_-]+$, ^[^\u0000-\u001f]+$) needs no second
// one: the document says the same thing once, and fuzzers and client generators read one pattern, not two.
//
// One pass over the pattern, no regular expression run on it, and conservative: true only when every character the
// pattern consumes comes from a character class or literal that cannot be NUL, and the pattern is anchored at both
// ends with no alternation between the anchors. Anything it does not understand answers false (keep the allOf),
// including what other dialects read differently from ECMAScript (schemathesis reads patterns with Python's and
// Rust's engines): a backreference (a lookahead may capture what it then consumes), an escaped literal NUL, Python's
// \N{…} and \U…, Rust's \x{…}, an empty class ([] and [^] are classes of "]" in Python) and a class inside a class.

/**
 * The code point an escape in a class or outside one names, when it is a \0, \xHH or \uHHHH escape; -1 when it may
 * be NUL or not: \0 followed by a digit (a legacy octal escape outside Unicode mode) and \u{…}.
 */
function escapedCodePoint(pattern: string, at: number): { value: number; end: number } | undefined {
  const kind = pattern[at + 1];
  if (kind === '0') return { value: /[0-9]/.test(pattern[at + 2] ?? '') ? -1 : 0, end: at + 2 };
  if (kind === 'x') {
    if (pattern[at + 2] === '{') return { value: -1, end: at + 2 };
    const hex = pattern.slice(at + 2, at + 4);
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) return { value: parseInt(hex, 16), end: at + 4 };
  }
  if (kind === 'u') {
    // \u{…} names a code point in Unicode mode only (elsewhere it is a quantified "u"): unknown either way.
    if (pattern[at + 2] === '{') return { value: -1, end: at + 2 };
    const hex = pattern.slice(at + 2, at + 6);
    if (/^[0-9A-Fa-f]{4}$/.test(hex)) return { value: parseInt(hex, 16), end: at + 6 };
  }
  return undefined;
}

/** Shorthand classes that match NUL (\S, \W, \D). */
const SHORTHAND_WITH_NUL = new Set(['S', 'W', 'D']);
/**
 * Escapes this reader does not expand, so may be NUL: property escapes (\p, \P), Python's named and long escapes
 * (\N{NULL}, \U00000000), and backreferences (\1 to \9, \k<name>), whose text may come from a lookaround.
 */
const UNKNOWN = new Set(['p', 'P', 'N', 'U', 'k', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

/**
 * Reads the class starting at `start` ('['): where it ends, and whether it surely or maybe holds NUL. A range holds
 * NUL only if it starts there (NUL is the least code point), so an element or a range's start decides.
 */
function readClass(
  pattern: string,
  start: number,
): { end: number; negated: boolean; sure: boolean; maybe: boolean; unsure: boolean } {
  let i = start + 1;
  const negated = pattern[i] === '^';
  if (negated) i++;
  let sure = false;
  let maybe = false;
  let unsure = false;
  // An empty class ([] or [^]): ECMAScript closes it at once, Python takes the "]" as a member.
  if (pattern[i] === ']') unsure = true;
  while (i < pattern.length && pattern[i] !== ']') {
    if (pattern[i] === '\\') {
      const code = escapedCodePoint(pattern, i);
      if (code) {
        if (code.value === 0) sure = true;
        if (code.value === -1) maybe = true;
        i = code.end;
        continue;
      }
      const kind = pattern[i + 1] ?? '';
      if (SHORTHAND_WITH_NUL.has(kind) || kind === '\u0000') sure = true;
      if (UNKNOWN.has(kind)) unsure = true;
      i += 2;
      continue;
    }
    // A class inside a class (Rust's nesting, POSIX [:cntrl:]): not read here.
    if (pattern[i] === '[') unsure = true;
    if (pattern.charCodeAt(i) === 0) sure = true;
    i++;
  }
  if (i >= pattern.length) return { end: -1, negated, sure, maybe: true, unsure: true };
  return { end: i + 1, negated, sure, maybe: maybe || sure, unsure };
}

/** True when no string holding NUL matches the pattern (see above); false when it may, or the reader is unsure. */
export function patternExcludesNul(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$')) return false;
  // The final $ is an anchor only if an even number of backslashes precedes it.
  let slashes = 0;
  for (let j = pattern.length - 2; j >= 0 && pattern[j] === '\\'; j--) slashes++;
  if (slashes % 2 === 1) return false;
  const body = pattern.length - 1;
  // Open groups: true for a lookaround, whose contents consume nothing and so cannot let a NUL in (what they capture
  // can only come back through a backreference, which answers false above).
  const groups: boolean[] = [];
  let looking = 0;
  let i = 1;
  while (i < body) {
    const ch = pattern[i];
    if (ch === '\\') {
      const kind = pattern[i + 1] ?? '';
      // A backreference is unknown wherever it stands (it may repeat a lookahead's capture).
      if (UNKNOWN.has(kind)) return false;
      if (looking === 0) {
        const code = escapedCodePoint(pattern, i);
        if (code) {
          if (code.value <= 0) return false;
          i = code.end;
          continue;
        }
        if (SHORTHAND_WITH_NUL.has(kind) || kind === '\u0000') return false;
      }
      i += 2;
      continue;
    }
    if (ch === '[') {
      const cls = readClass(pattern, i);
      if (cls.end < 0 || cls.end > body || cls.unsure) return false;
      if (looking === 0) {
        if (cls.negated ? !cls.sure : cls.maybe) return false;
      }
      i = cls.end;
      continue;
    }
    if (ch === '(') {
      const look =
        pattern.startsWith('(?=', i) || pattern.startsWith('(?!', i) || /^\(\?<[=!]/.test(pattern.slice(i, i + 4));
      groups.push(look);
      if (look) looking++;
      i++;
      continue;
    }
    if (ch === ')') {
      if (groups.length === 0) return false;
      if (groups.pop()) looking--;
      i++;
      continue;
    }
    if (ch === '|' && groups.length === 0) return false;
    if (looking === 0 && (ch === '.' || pattern.charCodeAt(i) === 0)) return false;
    i++;
  }
  return groups.length === 0;
}
