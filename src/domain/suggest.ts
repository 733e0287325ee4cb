// "Did you mean …?": the known name closest to a misspelt one (unknown body fields, filter members).

/** Edit distance with adjacent transpositions (mdoe -> mode is one edit), case and separators ignored. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase().replace(/[_-]/g, '');
  const y = b.toLowerCase().replace(/[_-]/g, '');
  if (x === y) return 0;
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => [i, ...new Array<number>(y.length).fill(0)]);
  for (let j = 1; j <= y.length; j++) d[0]![j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/**
 * The candidate closest to `name` when one is close enough to be a slip: the same but for case and separators, or
 * 1 edit away (names of 3 to 5 characters), or 2 (longer names).
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length > 100) return undefined;
  const allowed = name.length < 3 ? 0 : name.length <= 5 ? 1 : 2;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const dist = distance(name, candidate);
    if (dist <= allowed && (!best || dist < best.distance)) best = { name: candidate, distance: dist };
  }
  return best?.name;
}

/** "mdoe (did you mean mode?), verbose": names nobody knows, each with the known one it probably meant. */
export function listWithSuggestions(named: ReadonlyArray<{ name: string; suggestion?: string | undefined }>): string {
  return named.map((n) => (n.suggestion ? `${n.name} (did you mean ${n.suggestion}?)` : n.name)).join(', ');
}
