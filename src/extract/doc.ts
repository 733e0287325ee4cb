// Legacy Word 97-2003 (.doc) text with word-extractor: the body, then footnotes, endnotes and text
// boxes. word-extractor turns page breaks into newlines, so a .doc is one page.
import WordExtractor from 'word-extractor';
import { type ExtractedDocument, asCorrupt } from './types';

export async function extractDoc(bytes: Buffer): Promise<ExtractedDocument> {
  let parts: [string, string][];
  try {
    const document = await new WordExtractor().extract(bytes);
    parts = [
      ['', document.getBody()],
      ['Footnotes', document.getFootnotes()],
      ['Endnotes', document.getEndnotes()],
      ['Text boxes', document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true })],
    ];
  } catch (error) {
    throw asCorrupt(error, 'unreadable .doc');
  }
  const text = parts
    .map(([label, value]) => [label, value.replace(/\r\n?/g, '\n').trim()] as const)
    .filter(([, value]) => value)
    .map(([label, value]) => (label ? `${label}:\n${value}` : value))
    .join('\n\n')
    .split('\n')
    .map((line) => line.trimEnd()) // table cells end in tab characters
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  return { pages: [{ pageNumber: 1, text }], metadata: { pageCount: 1 } };
}
