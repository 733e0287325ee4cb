// Plain text and Markdown: the text as written (one page; chunking happens later), Unix line ends. A Markdown
// page also records its section headings (extract/headings.ts), so its chunks know the sections they sit in; a
// plain text that opens with a title line on its own records that line as its one heading (plainTextTitle).
import { markdownHeadings, plainTextTitle } from './headings';
import { decodeText, normalizeNewlines } from './textDecoding';
import { ExtractionError, type ExtractedDocument, type ExtractedPage } from './types';

export function extractText(bytes: Buffer): ExtractedDocument {
  const doc = decodedText(bytes);
  return { ...doc, pages: [titled(doc.pages[0]!)] };
}

/**
 * A plain text as one page: Unix line ends, trimmed, and its title line as its heading (plainTextTitle). A .txt
 * upload and a text item's content (POST …/knowledge/text) are read alike.
 */
export function plainTextPage(text: string): ExtractedPage {
  return titled({ pageNumber: 1, text: normalizeNewlines(text).trim() });
}

/** A page of plain text (already normalised) with its title line as its heading, when it opens with one. */
function titled(page: ExtractedPage): ExtractedPage {
  const headings = plainTextTitle(page.text);
  return headings.length > 0 ? { ...page, headings } : page;
}

/** The text decoded, one page without headings. */
function decodedText(bytes: Buffer): ExtractedDocument {
  const decoded = decodeText(bytes);
  if (!decoded) throw new ExtractionError('not UTF-8 text', 'TYPE_MISMATCH');
  const text = normalizeNewlines(decoded.text).trim();
  return {
    pages: [{ pageNumber: 1, text }],
    metadata: {
      pageCount: 1,
      encoding: decoded.encoding,
      characters: text.length,
      lines: text ? text.split('\n').length : 0,
    },
  };
}

export function extractMarkdown(bytes: Buffer): ExtractedDocument {
  const doc = decodedText(bytes);
  const page = doc.pages[0]!;
  const headings = markdownHeadings(page.text);
  return headings.length > 0 ? { ...doc, pages: [{ ...page, headings }] } : doc;
}
