// Section headings of extracted text: where each heading starts in its page's text, so that every chunk can
// carry the path of headings it sits under (`title-heading` text scheme, src/domain/embeddingText.ts). Markdown's
// headings are read from its lines; HTML and .docx renderers wrap a heading's text in marks while they render
// (`markHeading`) and `takeHeadings` removes the marks as it tidies the text, recording where each heading
// landed. Pure; every scan here is linear in the text (no regular expression runs over a whole line of input
// with nested quantifiers).

export interface PageHeading {
  /** 1 for a top-level heading (h1, `#`, Heading 1) to 6. */
  level: number;
  /** The heading's text on one line. */
  text: string;
  /** Offset in the page's text of the line the heading starts on. */
  at: number;
}

/** The deepest heading path recorded for a chunk (a page nested deeper keeps its outermost six). */
export const MAX_HEADING_DEPTH = 6;
/** The longest heading text kept, in characters (a longer one is cut). */
export const MAX_HEADING_CHARS = 200;
/**
 * The most headings recorded for one page: a file of nothing but heading lines holds a few bytes per heading, so
 * the list is bounded apart from the text (past it, the page's later chunks keep the last path recorded).
 */
export const MAX_PAGE_HEADINGS = 5_000;

const CLOSE = 0xe000;
/** Private-use characters: U+E001..U+E006 open a heading of level 1..6, U+E000 closes it. */
const MARKS = /[\ue000-\ue006]/g;

/** `text` wrapped in the marks of a heading of `level` (1 to 6), for takeHeadings to find. */
export const markHeading = (level: number, text: string): string =>
  `${String.fromCharCode(CLOSE + Math.min(Math.max(level, 1), 6))}${text}${String.fromCharCode(CLOSE)}`;

/** A page's headings after `prefix` characters were put in front of its text (none stays none). */
export const shiftedHeadings = (headings: readonly PageHeading[] | undefined, prefix: number) =>
  headings?.length ? { headings: headings.map((h) => ({ ...h, at: h.at + prefix })) } : {};

/** Input text with any character that would read as a mark removed (for renderers to apply to content). */
export const withoutMarks = (text: string): string => text.replace(MARKS, '');

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, MAX_HEADING_CHARS);

/**
 * Removes heading marks from rendered text and tidies it as renderers do: every line trimmed (or, with
 * `trim: 'end'`, trimmed at its end only), at most one blank line in a row, no blank lines at either end.
 * Returns the text and its headings in order, each at the first line kept on or after the line its mark
 * opened on. Headings without text are dropped; an unclosed mark ends at the end of the text.
 */
export function takeHeadings(
  marked: string,
  opts: { trim?: 'both' | 'end' } = {},
): { text: string; headings: PageHeading[] } {
  const trimLine = opts.trim === 'end' ? (s: string) => s.trimEnd() : (s: string) => s.trim();
  const out: string[] = [];
  let length = 0;
  let blank = false;
  const headings: PageHeading[] = [];
  /** Headings opened since the last line kept: they start at the next line kept. */
  let pending: PageHeading[] = [];
  let open: { heading: PageHeading; text: string } | undefined;
  const close = () => {
    if (open) open.heading.text = oneLine(open.text);
    open = undefined;
  };
  for (const raw of marked.split('\n')) {
    let clean = '';
    for (let i = 0; i < raw.length; i++) {
      const code = raw.charCodeAt(i);
      if (code > CLOSE && code <= CLOSE + 6) {
        close();
        const heading = { level: code - CLOSE, text: '', at: -1 };
        if (headings.length < MAX_PAGE_HEADINGS) {
          headings.push(heading);
          pending.push(heading);
        }
        open = { heading, text: '' };
      } else if (code === CLOSE) {
        close();
      } else {
        clean += raw[i];
        if (open) open.text += raw[i];
      }
    }
    if (open) open.text += ' ';
    // The whole text is trimmed too: the first line kept loses its leading space either way.
    const line = out.length === 0 ? trimLine(clean).trimStart() : trimLine(clean);
    if (!line.trim()) {
      blank = out.length > 0;
      continue;
    }
    if (blank) out.push('');
    blank = false;
    const at = out.length > 0 ? length + 1 + (out.at(-1) === '' ? 1 : 0) : 0;
    for (const heading of pending) heading.at = at;
    pending = [];
    out.push(line);
    length = at + line.length;
  }
  close();
  return { text: out.join('\n'), headings: headings.filter((h) => h.text && h.at >= 0) };
}

/**
 * Heading paths at rising positions of one page's text, in time linear in the page's headings overall (the
 * chunker asks once per chunk, in order).
 */
export class HeadingCursor {
  private next = 0;
  private readonly path: PageHeading[] = [];

  constructor(private readonly headings: readonly PageHeading[]) {}

  /** The headings `at` sits under, outermost first; `at` must not be below the previous call's. */
  pathAt(at: number): string[] {
    while (this.next < this.headings.length && this.headings[this.next]!.at <= at) {
      const h = this.headings[this.next++]!;
      while (this.path.length > 0 && this.path[this.path.length - 1]!.level >= h.level) this.path.pop();
      this.path.push(h);
    }
    return this.path.slice(0, MAX_HEADING_DEPTH).map((h) => h.text);
  }
}

/** The headings a position of a page's text sits under, outermost first (e.g. ["Basic usage", "Encoders"]). */
export const headingPathAt = (headings: readonly PageHeading[] | undefined, at: number): string[] =>
  new HeadingCursor(headings ?? []).pathAt(at);

/**
 * A Markdown text's headings, the text unchanged: ATX headings (`#` to `######` at a line's start, up to three
 * spaces in, then a space or the line's end; a closing run of `#` dropped) and setext headings (a line of text
 * underlined by `===` for level 1 or `---` for level 2), outside fenced code blocks (``` or ~~~).
 */
export function markdownHeadings(text: string): PageHeading[] {
  const headings: PageHeading[] = [];
  let fence: { char: string; length: number } | undefined;
  let previous: { text: string; at: number } | undefined;
  const lines = text.split('\n');
  let at = 0;
  let first = 0;
  // YAML front matter (a first line of `---` up to the next such line) holds no headings.
  if (lines[0]?.trimEnd() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === '---' || l.trimEnd() === '...'));
    if (end > 0) {
      first = end + 1;
      at = lines.slice(0, first).reduce((n, l) => n + l.length + 1, 0);
    }
  }
  for (const line of lines.slice(first)) {
    if (headings.length >= MAX_PAGE_HEADINGS) break;
    const start = at;
    at += line.length + 1;
    const indent = leadingSpaces(line);
    const body = line.slice(indent);
    const fenceRun = indent <= 3 ? runOf(body, 0, body[0] === '~' ? '~' : '`') : 0;
    if (fence) {
      if (fenceRun >= fence.length && body[0] === fence.char && !body.slice(fenceRun).trim()) fence = undefined;
      previous = undefined;
      continue;
    }
    if (fenceRun >= 3) {
      fence = { char: body[0]!, length: fenceRun };
      previous = undefined;
      continue;
    }
    if (indent <= 3 && body[0] === '#') {
      const hashes = runOf(body, 0, '#');
      const after = body[hashes];
      if (hashes <= 6 && (after === undefined || after === ' ' || after === '\t')) {
        const heading = oneLine(withoutClosingHashes(body.slice(hashes)));
        if (heading) headings.push({ level: hashes, text: heading, at: start });
        previous = undefined;
        continue;
      }
    }
    if (indent <= 3 && previous && (body[0] === '=' || body[0] === '-')) {
      const run = runOf(body, 0, body[0]);
      if (!body.slice(run).trim()) {
        headings.push({ level: body[0] === '=' ? 1 : 2, text: previous.text, at: previous.at });
        previous = undefined;
        continue;
      }
    }
    const plain = oneLine(line);
    // A setext heading's text is one plain line of its own (not a list item, quote or table row).
    previous = plain && indent <= 3 && !/^([-*+>|]|\d+[.)])(\s|$)/.test(body) ? { text: plain, at: start } : undefined;
  }
  return headings;
}

const leadingSpaces = (line: string) => {
  let n = 0;
  while (line[n] === ' ') n++;
  return n;
};

const runOf = (s: string, from: number, char: string) => {
  let n = from;
  while (s[n] === char) n++;
  return n - from;
};

/** An ATX heading's text without its optional closing run of `#` (which follows a space). */
function withoutClosingHashes(rest: string): string {
  const trimmed = rest.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '#') end--;
  if (end === trimmed.length) return trimmed;
  return end === 0 || trimmed[end - 1] === ' ' || trimmed[end - 1] === '\t' ? trimmed.slice(0, end) : trimmed;
}
