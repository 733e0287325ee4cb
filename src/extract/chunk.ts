// Splits extracted pages into overlapping chunks for embedding. Sizes are in characters (UTF-16 code
// units). A chunk never spans two pages, so each keeps its page number; it ends, in order of preference,
// at a paragraph break, a sentence end or a line break in its second half, else at the last whitespace;
// only a word longer than a whole chunk is cut. The next chunk starts up to `overlap` characters before
// the previous one ended, at the start of a word. A chunk carries the path of section headings it starts
// under (extract/headings.ts), when its page has any. Pure and deterministic.
import { DEFAULT_CHUNK_OPTIONS } from '../config';
import { HeadingCursor } from './headings';
import type { ExtractedPage } from './types';

export interface Chunk {
  /** Position in the returned list, from 0. */
  index: number;
  pageNumber: number;
  /** Trimmed; never empty. */
  text: string;
  /** Offset of the chunk's first character in its page's text. */
  charStart: number;
  /** The section headings the chunk starts under, outermost first; absent when its page has none. */
  headings?: string[];
}

export interface ChunkOptions {
  size: number;
  overlap: number;
}

export { DEFAULT_CHUNK_OPTIONS };

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
const SENTENCE_END = new Set(['.', '!', '?', '。', '！', '？']);
const CLOSERS = new Set(['"', "'", ')', ']', '”', '’', '»']);

export function chunkPages(pages: readonly ExtractedPage[], opts: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Chunk[] {
  const { size, overlap } = opts;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size) {
    throw new RangeError(`chunk overlap must be an integer from 0 to size - 1, got ${overlap}`);
  }
  const chunks: Chunk[] = [];
  for (const { pageNumber, text, headings } of pages) {
    const cursor = headings?.length ? new HeadingCursor(headings) : undefined;
    let start = skipSpace(text, 0);
    while (start < text.length) {
      const end = text.length - start <= size ? text.length : findBreak(text, start, start + size);
      const piece = text.slice(start, end).trimEnd();
      if (piece) {
        const path = cursor?.pathAt(start) ?? [];
        const chunk: Chunk = { index: chunks.length, pageNumber, text: piece, charStart: start };
        chunks.push(path.length > 0 ? { ...chunk, headings: path } : chunk);
      }
      if (end >= text.length) break;
      start = skipSpace(text, nextStart(text, start, end, overlap));
    }
  }
  return chunks;
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && isSpace(text[at])) at++;
  return at;
}

/** Where to end a chunk starting at `start` that may reach `limit` (exclusive; limit < text.length). */
function findBreak(text: string, start: number, limit: number): number {
  const half = start + Math.floor((limit - start) / 2);

  // Searches stay inside the window: an unbounded lastIndexOf would make long texts quadratic.
  const paragraph = lastIndexWithin(text, '\n\n', half, limit - 1);
  if (paragraph >= 0) return paragraph;

  for (let at = limit - 1; at >= half; at--) {
    // A sentence end followed by whitespace, allowing closing quotes or brackets in between.
    if (!isSpace(text[at + 1])) continue;
    let p = at;
    while (p > start && at - p < 3 && CLOSERS.has(text[p]!)) p--;
    if (SENTENCE_END.has(text[p]!)) return at + 1;
  }

  const line = lastIndexWithin(text, '\n', half, limit - 1);
  if (line >= 0) return line;

  for (let at = limit; at > start; at--) if (isSpace(text[at])) return at;

  // One word longer than the chunk: cut it, but not between the halves of a surrogate pair.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff && limit - 1 > start ? limit - 1 : limit;
}

/** The last index in [from, to] where `needle` starts, or -1. */
function lastIndexWithin(text: string, needle: string, from: number, to: number): number {
  for (let at = to; at >= from; at--) if (text.startsWith(needle, at)) return at;
  return -1;
}

/** The next chunk's start: at most `overlap` characters back from `end`, at a word start, after `start`. */
function nextStart(text: string, start: number, end: number, overlap: number): number {
  if (overlap === 0) return end;
  let at = Math.max(end - overlap, start + 1);
  // Move forward to the start of a word (a non-space after a space).
  while (at < end && !(isSpace(text[at - 1]) && !isSpace(text[at]))) at++;
  return at < end ? at : end;
}
