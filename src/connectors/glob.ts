// Path globs for sources that list files (a git source's `paths`): `*` matches a run of characters within one
// path segment, `?` one character, `[abc]`, `[a-z]` and `[!a-z]` one character of (or not of) a class (no escapes inside), `\x`
// the character x, and a segment that is exactly `**` matches zero or more whole segments. A glob matches the
// whole path (`*.md` matches `a.md` only at the top; `**/*.md` at any depth). Globs come from users, so no
// regular expression is built from them (as in src/web/pattern.ts): a glob compiles to tokens and is run as a
// set of positions advanced in step, segment by segment and character by character, so a match takes
// O(glob × path) steps whatever the input and never backtracks.

export const MAX_GLOBS = 32;
export const MAX_GLOB_LENGTH = 256;

type Token =
  | { t: 'char'; c: number }
  | { t: 'any' }
  | { t: 'star' }
  | { t: 'class'; negated: boolean; ranges: Array<[number, number]> };

/** One segment of a glob: `**` or a list of tokens. */
type Segment = { t: 'globstar' } | { t: 'tokens'; tokens: Token[] };

export interface CompiledGlob {
  readonly source: string;
  readonly segments: readonly Segment[];
}

/** Whether a string has no lone surrogate. */
export function wellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/** Why a glob is not accepted, or undefined. */
/**
 * globProblem's rules a JSON schema can state: no control characters, no leading "/", no empty segment (no "//",
 * no trailing "/"). A fixed pattern (the glob is only ever its subject), without nested quantifiers.
 */
export const GLOB_PATTERN = '^(?!/)(?!.*//)(?!.*/$)[^\\u0000-\\u001f\\u007f]+$';

export function globProblem(source: string): string | undefined {
  if (source.length === 0) return 'is empty';
  if (source.length > MAX_GLOB_LENGTH) return `is longer than ${MAX_GLOB_LENGTH} characters`;
  if (!wellFormed(source)) return 'is not valid Unicode (a lone surrogate)';
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return 'contains a control character';
  }
  if (source.startsWith('/')) return 'starts with "/" (globs are relative to the repository root)';
  if (source.split('/').some((s) => s === '')) return 'has an empty path segment';
  return undefined;
}

/** Parses `[...]` starting at `at` (the `[`); undefined when unclosed (the `[` is then a literal). */
function parseClass(seg: string, at: number): { token: Token; next: number } | undefined {
  let i = at + 1;
  let negated = false;
  if (seg[i] === '!' || seg[i] === '^') {
    negated = true;
    i++;
  }
  const ranges: Array<[number, number]> = [];
  let first = true;
  while (i < seg.length && (first || seg[i] !== ']')) {
    first = false;
    const lo = seg.charCodeAt(i++);
    if (seg[i] === '-' && i + 1 < seg.length && seg[i + 1] !== ']') {
      const hi = seg.charCodeAt(i + 1);
      i += 2;
      ranges.push(lo <= hi ? [lo, hi] : [hi, lo]);
    } else ranges.push([lo, lo]);
  }
  if (i >= seg.length) return undefined;
  return { token: { t: 'class', negated, ranges }, next: i + 1 };
}

function tokenize(seg: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < seg.length;) {
    const ch = seg[i]!;
    if (ch === '*') {
      // Consecutive stars within a segment are one star.
      if (tokens[tokens.length - 1]?.t !== 'star') tokens.push({ t: 'star' });
      i++;
    } else if (ch === '?') {
      tokens.push({ t: 'any' });
      i++;
    } else if (ch === '[') {
      const cls = parseClass(seg, i);
      if (cls) {
        tokens.push(cls.token);
        i = cls.next;
      } else {
        tokens.push({ t: 'char', c: 0x5b });
        i++;
      }
    } else if (ch === '\\' && i + 1 < seg.length) {
      tokens.push({ t: 'char', c: seg.charCodeAt(i + 1) });
      i += 2;
    } else {
      tokens.push({ t: 'char', c: seg.charCodeAt(i) });
      i++;
    }
  }
  return tokens;
}

/** Compiles a glob (check it with globProblem first), in O(glob) time. */
export function compileGlob(source: string): CompiledGlob {
  const segments: Segment[] = [];
  for (const part of source.split('/')) {
    if (part === '**') {
      // `**/**` is one `**`.
      if (segments[segments.length - 1]?.t !== 'globstar') segments.push({ t: 'globstar' });
    } else segments.push({ t: 'tokens', tokens: tokenize(part) });
  }
  return { source, segments };
}

function tokenMatches(token: Token, c: number): boolean {
  switch (token.t) {
    case 'char':
      return token.c === c;
    case 'any':
      return true;
    case 'class': {
      const inside = token.ranges.some(([lo, hi]) => c >= lo && c <= hi);
      return inside !== token.negated;
    }
    default:
      return false;
  }
}

/**
 * The one matcher, for characters within a segment and segments within a path: the set of positions in
 * `steps` reached so far advances one item at a time. A step that `repeats` (a star, a `**`) stays reached
 * and also reaches the step after it without consuming anything; any other step is passed when it `accepts`
 * the item. O(steps × items), no backtracking.
 */
function runSteps<S, I>(
  steps: readonly S[],
  items: Iterable<I>,
  repeats: (step: S) => boolean,
  accepts: (step: S, item: I) => boolean,
): boolean {
  const n = steps.length;
  let current = new Uint8Array(n + 1);
  let next = new Uint8Array(n + 1);
  const close = (set: Uint8Array) => {
    for (let i = 0; i < n; i++) if (set[i] && repeats(steps[i]!)) set[i + 1] = 1;
  };
  current[0] = 1;
  close(current);
  for (const item of items) {
    next.fill(0);
    let any = false;
    for (let i = 0; i < n; i++) {
      if (!current[i]) continue;
      const step = steps[i]!;
      if (repeats(step)) {
        next[i] = 1;
        any = true;
      } else if (accepts(step, item)) {
        next[i + 1] = 1;
        any = true;
      }
    }
    if (!any) return false;
    close(next);
    [current, next] = [next, current];
  }
  return current[n] === 1;
}

function* charCodes(text: string): Generator<number> {
  for (let k = 0; k < text.length; k++) yield text.charCodeAt(k);
}

/** Whether one path segment matches a segment's tokens. */
const segmentMatches = (tokens: readonly Token[], text: string): boolean =>
  runSteps(tokens, charCodes(text), (t) => t.t === 'star', tokenMatches);

/** Whether a path (segments separated by `/`, no leading slash) matches a compiled glob. */
export const matchesGlob = (glob: CompiledGlob, path: string): boolean =>
  runSteps(
    glob.segments,
    path.split('/'),
    (s) => s.t === 'globstar',
    (s, part) => s.t === 'tokens' && segmentMatches(s.tokens, part),
  );

/** Whether a path matches any of the globs. */
export const matchesAnyGlob = (globs: readonly CompiledGlob[], path: string): boolean =>
  globs.some((g) => matchesGlob(g, path));
