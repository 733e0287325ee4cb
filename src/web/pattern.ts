// The one path-pattern matcher, for robots.txt rules and a crawl's include/exclude paths alike. A pattern
// (robots.txt syntax, RFC 9309) matches a prefix of the path and query, `*` matches any run of characters
// and a final `$` anchors the end. Patterns come from users and from crawled sites, so no regular expression
// is built from them: the pattern is split on `*` into literal pieces, the first must start the target, the
// others are found greedily left to right (the earliest occurrence of each is always the best choice) with a
// Knuth-Morris-Pratt search, and an anchored last piece must end the target. Each match takes
// O(pattern + target) steps whatever the input; String.prototype.indexOf has no such bound in V8. The steps
// taken can be counted, for a caller that bounds its total work.

/** A literal piece of a pattern with its KMP failure table. */
interface Piece {
  text: string;
  /** failure[i]: the length of the longest proper border of text[0..i]. */
  failure: Int32Array;
}

export interface PathPattern {
  /** The pattern as written; its length decides which robots.txt rule is the most specific. */
  readonly source: string;
  readonly first: string;
  /** The pieces after the first `*`; the last one ends the target when the pattern is anchored. */
  readonly rest: readonly Piece[];
  readonly anchored: boolean;
}

function piece(text: string): Piece {
  const failure = new Int32Array(text.length);
  for (let i = 1, k = 0; i < text.length; i++) {
    while (k > 0 && text.charCodeAt(i) !== text.charCodeAt(k)) k = failure[k - 1]!;
    if (text.charCodeAt(i) === text.charCodeAt(k)) k++;
    failure[i] = k;
  }
  return { text, failure };
}

/** Compiles a pattern once, in O(pattern) time; match it against as many targets as needed. */
export function compilePathPattern(source: string): PathPattern {
  const anchored = source.endsWith('$');
  const [first, ...others] = (anchored ? source.slice(0, -1) : source).split('*');
  // Empty pieces (a leading, trailing or doubled star) match anywhere and are dropped; an anchored pattern
  // ending in a star matches to the end anyway.
  const endsInStar = others.length > 0 && others[others.length - 1] === '';
  return {
    source,
    first: first!,
    rest: others.filter((p) => p !== '').map(piece),
    anchored: anchored && !endsInStar,
  };
}

/** A count of characters examined, shared by the matches of one bounded piece of work. */
export interface MatchWork {
  steps: number;
}

/**
 * Where `p` next occurs in `target` at or after `from`, or -1. Each target character is examined at most
 * twice (once more per fallback, and fallbacks never outnumber advances): O(target scanned).
 */
function find(p: Piece, target: string, from: number, work: MatchWork): number {
  const { text, failure } = p;
  for (let i = from, k = 0; i < target.length; i++) {
    const c = target.charCodeAt(i);
    while (k > 0 && c !== text.charCodeAt(k)) k = failure[k - 1]!;
    if (c === text.charCodeAt(k)) k++;
    if (k === text.length) {
      work.steps += 2 * (i + 1 - from);
      return i - k + 1;
    }
  }
  work.steps += 2 * (target.length - from);
  return -1;
}

/**
 * Whether a compiled pattern matches `target` (a path and query), in O(pattern + target) steps, added to
 * `work` when given.
 */
export function matchesPattern(pattern: PathPattern, target: string, work: MatchWork = { steps: 0 }): boolean {
  const { first, rest, anchored } = pattern;
  work.steps += first.length;
  if (!target.startsWith(first)) return false;
  if (rest.length === 0) return !anchored || target.length === first.length;
  let at = first.length;
  const middle = anchored ? rest.length - 1 : rest.length;
  for (let i = 0; i < middle; i++) {
    const found = find(rest[i]!, target, at, work);
    if (found < 0) return false;
    at = found + rest[i]!.text.length;
  }
  if (!anchored) return true;
  // The anchored last piece ends the target, after everything matched before it.
  const last = rest[rest.length - 1]!.text;
  work.steps += last.length;
  return target.length - last.length >= at && target.endsWith(last);
}
