// Section headings of extracted text: where each heading starts in its page's text, so that every chunk can
// carry the path of headings it sits under (`title-heading` text scheme, src/domain/embeddingText.ts). Markdown's
// headings are read from its lines; HTML and .docx renderers wrap a heading's text in marks while they render
// (`markHeading`) and `takeHeadings` removes the marks as it tidies the text, recording where each heading
// landed. Pure; every scan here is linear in the text (no regular expression runs over a whole line of input
// with nested quantifiers).

import { cutAt } from '../domain/text';

export interface PageHeading {
  /** 1 for a top-level heading (h1, `#`, Heading 1) to 6; 0 ends every path (MAX_PAGE_HEADINGS reached). */
  level: number;
  /** The heading's text on one line ('' only for level 0). */
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
 * the list is bounded apart from the text. Past it the page's later chunks get no path (a level-0 entry says where).
 */
export const MAX_PAGE_HEADINGS = 5_000;

// Unicode noncharacters (U+FDD0..U+FDEF are reserved for a program's internal use and never stand for text):
// U+FDD1..U+FDD6 open a heading of level 1..6, U+FDD0 closes it.
const CLOSE = 0xfdd0;
const MARKS = /[\ufdd0-\ufdd6]/g;
const HAS_MARK = /[\ufdd0-\ufdd6]/;

/** The mark that opens a heading of `level` (1 to 6); HEADING_CLOSE_MARK closes it. */
export const headingOpenMark = (level: number): string => String.fromCharCode(CLOSE + Math.min(Math.max(level, 1), 6));
export const HEADING_CLOSE_MARK = String.fromCharCode(CLOSE);

/** `text` wrapped in the marks of a heading of `level` (1 to 6), for takeHeadings to find. */
export const markHeading = (level: number, text: string): string =>
  `${headingOpenMark(level)}${text}${HEADING_CLOSE_MARK}`;

/**
 * A page's headings after `prefix` characters were put in front of its text (none stays none). `opening: 'stays'`
 * keeps a heading that opens the text at 0, so the prefix sits under it: a zip entry's `File:` line under the
 * entry's title line or `# Title`, whose first chunk it then covers as it does alone.
 */
export const shiftedHeadings = (
  headings: readonly PageHeading[] | undefined,
  prefix: number,
  opening: 'moves' | 'stays' = 'moves',
) =>
  headings?.length
    ? { headings: headings.map((h) => ({ ...h, at: opening === 'stays' && h.at === 0 ? 0 : h.at + prefix })) }
    : {};

/** Input text with any character that would read as a mark removed (for renderers to apply to content). */
export const withoutMarks = (text: string): string => text.replace(MARKS, '');

/** A heading's text as recorded: one line, at most MAX_HEADING_CHARS. */
const oneLine = (s: string) => cutAt(s.replace(/\s+/g, ' ').trim(), MAX_HEADING_CHARS);

/**
 * Removes heading marks from rendered text and tidies it as renderers do: every line trimmed (or, with
 * `trim: 'end'`, trimmed at its end only), at most one blank line in a row, no blank lines at either end.
 * Returns the text and its headings in order, each at the first line kept on or after the line its mark
 * opened on. Headings without text are dropped; an unclosed mark ends at the end of the text. Lines without a
 * mark pass as they are; a heading keeps only the first characters it needs.
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
  const keep = 4 * MAX_HEADING_CHARS;
  const addToOpen = (piece: string) => {
    if (open && open.text.length < keep) open.text += piece.slice(0, keep - open.text.length);
  };
  const close = () => {
    if (open) open.heading.text = oneLine(open.text);
    open = undefined;
  };
  for (const raw of marked.split('\n')) {
    let clean = raw;
    if (HAS_MARK.test(raw)) {
      const parts: string[] = [];
      let from = 0;
      for (const mark of raw.matchAll(MARKS)) {
        const piece = raw.slice(from, mark.index);
        parts.push(piece);
        addToOpen(piece);
        from = mark.index + 1;
        const code = raw.charCodeAt(mark.index);
        close();
        if (code === CLOSE) continue;
        const heading = { level: code - CLOSE, text: '', at: -1 };
        if (headings.length < MAX_PAGE_HEADINGS) {
          headings.push(heading);
          pending.push(heading);
        } else if (headings.length === MAX_PAGE_HEADINGS) {
          // The end of every path from here on (HeadingCursor), placed at this heading's line.
          const end = { level: 0, text: '', at: -1 };
          headings.push(end);
          pending.push(end);
        }
        open = { heading, text: '' };
      }
      const rest = raw.slice(from);
      parts.push(rest);
      addToOpen(rest);
      clean = parts.join('');
    } else {
      addToOpen(raw);
    }
    addToOpen(' ');
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
  return {
    text: out.join('\n'),
    headings: headings.filter((h) => h.at >= 0 && (h.text || h.level === 0)),
  };
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
      if (h.level > 0) this.path.push(h);
    }
    return this.path.slice(0, MAX_HEADING_DEPTH).map((h) => h.text);
  }
}

/** The headings a position of a page's text sits under, outermost first (e.g. ["Basic usage", "Encoders"]). */
export const headingPathAt = (headings: readonly PageHeading[] | undefined, at: number): string[] =>
  new HeadingCursor(headings ?? []).pathAt(at);

/** The longest first line read as a plain text's title. */
export const MAX_TITLE_LINE_CHARS = 150;

/**
 * How a title line may open (a letter, a digit, a quote, a bracket, an underscore or a backtick: `__main__ — …`,
 * not a list's `-` or `*`, a comment's `#`, a quote's `>` or markup).
 */
const TITLE_OPENS = /^[\p{L}\p{N}"'\u201c\u2018\u00ab\u201e\u00bf\u300c([_`]/u;
/** How a title line may not end: as a sentence or a list's lead-in does, in Latin or CJK punctuation. */
const NOT_TITLE_ENDS = ['.', ',', ';', ':', '\u3002', '\uff0c', '\uff1b', '\uff1a', '\u3001'];
/**
 * A numbered line (`1. Install`, `2) Run`, also a chapter's `1. Introduction`) and a labelled one (`Q: …`,
 * `User: …`, also `email: Examples`): a title unless the text's next paragraph opens the same way (a list, a
 * dialogue, a form).
 */
const NUMBERED = /^\p{N}{1,3}[.)]\s/u;
const LABELLED = /^\p{L}{1,12}:\s/u;
/** A title holds at least two letters or digits. */
const WORD_CHARS = /[\p{L}\p{N}]/gu;

/**
 * A plain text's title line, as a level-1 heading at its start: its first line, when that line stands alone
 * (a blank line after it, then more text), is at most MAX_TITLE_LINE_CHARS long, holds two letters or digits,
 * opens as TITLE_OPENS says, does not end as a sentence or a list's lead-in does (NOT_TITLE_ENDS), and is not the
 * first of a list or a dialogue (NUMBERED, LABELLED: the next paragraph opens the same way). So every chunk of a text file that opens with its title sits
 * under it, as a Markdown file's chunks sit under its `# Title`, and the chunk's header (domain/embeddingText)
 * names the document even when the item is titled by its file name (docs/explanation/retrieval-quality.md, "A
 * text file's title line"). None otherwise.
 */
export function plainTextTitle(text: string): PageHeading[] {
  const end = text.indexOf('\n');
  if (end <= 0 || end > MAX_TITLE_LINE_CHARS + 2) return [];
  const line = text.slice(0, end).trim();
  if (line.length === 0 || line.length > MAX_TITLE_LINE_CHARS) return [];
  if (!TITLE_OPENS.test(line)) return [];
  if (NOT_TITLE_ENDS.includes(line.at(-1) as string) || (line.match(WORD_CHARS)?.length ?? 0) < 2) return [];
  const next = text.indexOf('\n', end + 1);
  // The line after it is blank, and text follows.
  if (next === -1 || text.slice(end + 1, next).trim() !== '') return [];
  const rest = text.slice(next).trimStart();
  if (rest === '') return [];
  // The next paragraph's first line (a repeat of the title is no second item).
  const eol = rest.indexOf('\n');
  const following = (eol === -1 ? rest : rest.slice(0, eol)).trim();
  const alike = (lead: RegExp) => lead.test(line) && lead.test(following) && following !== line;
  if (alike(NUMBERED) || alike(LABELLED)) return [];
  return [{ level: 1, text: oneLine(line), at: 0 }];
}

/**
 * A Markdown text's headings, the text unchanged: ATX headings (`#` to `######` at a line's start, up to three
 * spaces in, then a space or the line's end; a closing run of `#` dropped) and setext headings (a line of text
 * underlined by `===` for level 1 or `---` for level 2), outside fenced code blocks (``` or ~~~).
 */
export function markdownHeadings(text: string): PageHeading[] {
  const headings: PageHeading[] = [];
  /** Records a heading; past MAX_PAGE_HEADINGS, one level-0 entry ends every path there. */
  const push = (h: PageHeading) => {
    if (headings.length < MAX_PAGE_HEADINGS) headings.push(h);
    else if (headings.length === MAX_PAGE_HEADINGS) headings.push({ level: 0, text: '', at: h.at });
  };
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
    if (headings.length > MAX_PAGE_HEADINGS) break;
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
    // A backtick fence's info string holds no backtick (CommonMark), so ```js` opens none.
    if (fenceRun >= 3 && !(body[0] === '`' && body.indexOf('`', fenceRun) !== -1)) {
      fence = { char: body[0]!, length: fenceRun };
      previous = undefined;
      continue;
    }
    if (indent <= 3 && body[0] === '#') {
      const hashes = runOf(body, 0, '#');
      const after = body[hashes];
      if (hashes <= 6 && (after === undefined || after === ' ' || after === '\t')) {
        const heading = oneLine(withoutClosingHashes(body.slice(hashes)));
        if (heading) push({ level: hashes, text: heading, at: start });
        previous = undefined;
        continue;
      }
    }
    if (indent <= 3 && previous && (body[0] === '=' || body[0] === '-')) {
      const run = runOf(body, 0, body[0]);
      if (!body.slice(run).trim()) {
        push({ level: body[0] === '=' ? 1 : 2, text: previous.text, at: previous.at });
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
