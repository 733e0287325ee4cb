// A CODEOWNERS file, read the way GitHub reads it: each line is a pattern and its owners, and the last line whose
// pattern matches a path gives that path's owners. Patterns are gitignore-style: one starting with or holding a
// "/" is anchored at the repository root, any other matches at any depth (`*.md`, `logs`); one ending in "/"
// matches a directory only; a pattern whose last segment has no "*" also matches everything under the directory
// it names (`apps/` and `docs` take docs/a/b.md, `docs/*` only the files directly in docs). Negation (`!`) is not
// supported by CODEOWNERS, and such lines are skipped, as are lines the glob matcher refuses. Patterns run on
// the linear matcher of ./glob.ts, never as regular expressions; the file is bounded (CODEOWNERS_LIMITS).
import { compileGlob, globProblem, matchesGlob, type CompiledGlob } from './glob';

export const CODEOWNERS_LIMITS = {
  /** GitHub ignores a CODEOWNERS file larger than 3 MB. */
  bytes: 3 * 1024 * 1024,
  /** Pattern lines read (the rest are ignored). */
  lines: 1000,
  /** Owners kept per line. */
  ownersPerLine: 50,
} as const;

export interface CodeownersLine {
  pattern: string;
  globs: CompiledGlob[];
  /** Lowercased (GitHub handles and emails compare case-insensitively); empty: the line removes owners. */
  owners: string[];
}

/** The globs a CODEOWNERS pattern stands for, or undefined for a line that is skipped. */
function globsOf(raw: string): string[] | undefined {
  if (raw.startsWith('!')) return undefined;
  const directoryOnly = raw.endsWith('/');
  // Trailing slashes trimmed by index: /\/+$/ backtracks on a long run of them before another character.
  let end = raw.length;
  while (end > 0 && raw[end - 1] === '/') end -= 1;
  let p = raw.slice(0, end);
  const anchored = p.startsWith('/') || p.includes('/');
  p = p.replace(/^\/+/, '');
  if (p === '') return undefined;
  const base = anchored || p.startsWith('**/') ? p : `**/${p}`;
  const last = base.split('/').pop() ?? '';
  const globs = directoryOnly ? [`${base}/**`] : last.includes('*') ? [base] : [base, `${base}/**`];
  return globs.every((g) => globProblem(g) === undefined) ? globs : undefined;
}

/** The file's lines that give owners, in order (invalid lines skipped, at most CODEOWNERS_LIMITS.lines). */
export function parseCodeowners(text: string): CodeownersLine[] {
  const out: CodeownersLine[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    if (out.length >= CODEOWNERS_LIMITS.lines) break;
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const tokens = line.split(/\s+/);
    const pattern = tokens[0]!.replace(/^\\#/, '#');
    const owners: string[] = [];
    for (const token of tokens.slice(1)) {
      if (token.startsWith('#')) break; // a comment after the owners
      if (owners.length < CODEOWNERS_LIMITS.ownersPerLine && token.includes('@')) owners.push(token.toLowerCase());
    }
    const globs = globsOf(pattern);
    if (globs) out.push({ pattern, globs: globs.map(compileGlob), owners });
  }
  return out;
}

/** The owners of a path: those of the last line whose pattern matches it (none: no line does). */
export function ownersOf(lines: readonly CodeownersLine[], path: string): string[] {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.globs.some((g) => matchesGlob(g, path))) return line.owners;
  }
  return [];
}
