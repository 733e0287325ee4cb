// Plain text and Markdown: the text as written (one page; chunking happens later), Unix line ends. A Markdown
// page also records its section headings (extract/headings.ts), so its chunks know the sections they sit in.
import { markdownHeadings } from './headings';
import { decodeText, normalizeNewlines } from './textDecoding';
import { ExtractionError, type ExtractedDocument } from './types';

export function extractText(bytes: Buffer): ExtractedDocument {
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
  const doc = extractText(bytes);
  const page = doc.pages[0]!;
  const headings = markdownHeadings(page.text);
  return headings.length > 0 ? { ...doc, pages: [{ ...page, headings }] } : doc;
}
