// Reads the documentation as the tests need it: fenced code blocks (the quickstart's steps and their expected
// output, the guides' samples), sections by heading, links and the anchors GitHub gives headings.

export interface CodeBlock {
  /** The fence's language (`bash`, `text`, `ts`, …), lower case; '' when none. */
  lang: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The block's text output shown right after it: a `text` block with only blank lines between. */
  expected?: string;
}

/** The fenced code blocks of a Markdown text, in order; a `text` block right after another is its expected output. */
export function codeBlocks(markdown: string, firstLine = 1): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: Array<CodeBlock & { end: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*([\w-]*)/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trimStart().startsWith(fence)) body.push(lines[j++]!);
    blocks.push({ lang: open[3]!.toLowerCase(), code: body.join('\n'), line: firstLine + i, end: j });
    i = j;
  }
  const result: CodeBlock[] = [];
  for (let k = 0; k < blocks.length; k++) {
    const { end: _end, ...block } = blocks[k]!;
    const next = blocks[k + 1];
    const between = next ? lines.slice(blocks[k]!.end + 1, next.line - firstLine) : [];
    if (next && block.lang !== 'text' && next.lang === 'text' && between.every((l) => l.trim() === '')) {
      result.push({ ...block, expected: next.code });
      k += 1;
    } else {
      result.push(block);
    }
  }
  return result;
}

/** The text under a heading (its title exactly), up to the next heading of the same or a higher level. */
export function section(markdown: string, title: string): { text: string; firstLine: number } {
  const lines = markdown.split('\n');
  let inFence = false;
  let start = -1;
  let level = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*$/.exec(line);
    if (!heading) continue;
    if (start >= 0 && heading[1]!.length <= level)
      return { text: lines.slice(start, i).join('\n'), firstLine: start + 1 };
    if (start < 0 && heading[2] === title) {
      start = i + 1;
      level = heading[1]!.length;
    }
  }
  if (start < 0) throw new Error(`no heading "${title}"`);
  return { text: lines.slice(start).join('\n'), firstLine: start + 1 };
}

/**
 * Whether output matches an expected-output block: line by line, the same number of lines (trailing spaces and
 * blank lines at either end ignored), where `…` stands for any text within one line.
 */
export function matchesExpected(output: string, expected: string): boolean {
  const tidy = (s: string) =>
    s
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .replace(/^\n+|\n+$/g, '');
  const pattern = tidy(expected)
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(tidy(output));
}

export interface Link {
  target: string;
  line: number;
}

/** The link and image targets of a Markdown text, outside code (inline or fenced); reference definitions too. */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  let inFence = false;
  markdown.split('\n').forEach((raw, index) => {
    if (/^\s*```/.test(raw)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const line = raw.replace(/`[^`]*`/g, '``');
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      found.push({ target: m[1]!, line: index + 1 });
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(line);
    if (definition) found.push({ target: definition[1]!, line: index + 1 });
  });
  return found;
}

/** The anchors GitHub makes for a Markdown text's headings (github-slugger's rule, duplicates numbered). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) result.add(m[1]!);
  return result;
}
