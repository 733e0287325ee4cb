// PDF text per page with pdf.js (legacy build, which runs on Node 20). pdf.js's "fake worker" parses on
// this thread: no worker file, no network; CMaps and standard-font data come from pdfjs-dist on disk.
import { dirname, join } from 'node:path';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import { type ExtractContext, chargeText } from './context';
import { ExtractionError, FailureReasons, type ExtractedDocument, type ExtractedPage, asCorrupt } from './types';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

// pdfjs-dist is an ES module; require(esm) loads it (Node >= 20.19), once, on first use.
let pdfjsModule: Promise<PdfJs> | undefined;
export const loadPdfJs = (): Promise<PdfJs> => (pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

const pdfjsRoot = () => dirname(require.resolve('pdfjs-dist/package.json'));

export async function extractPdf(bytes: Buffer, ctx: ExtractContext): Promise<ExtractedDocument> {
  const pdfjs = await loadPdfJs();
  const root = pdfjsRoot();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (and may detach) the array it is given: pass a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    cMapUrl: join(root, 'cmaps') + '/',
    cMapPacked: true,
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    wasmUrl: join(root, 'wasm') + '/',
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new ExtractionError('PDF is password-protected', 'CORRUPT');
    }
    throw asCorrupt(error, 'unreadable PDF');
  }
  try {
    if (doc.numPages > ctx.limits.maxPages) {
      throw new ExtractionError(
        `PDF has ${doc.numPages} pages, more than the limit of ${ctx.limits.maxPages}`,
        'LIMIT_EXCEEDED',
        FailureReasons.tooManyPages,
      );
    }
    const pages: ExtractedPage[] = [];
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber++) {
      // Past the text budget the remaining pages are not even parsed.
      if (ctx.textBudget.charsLeft <= 0) {
        ctx.textBudget.truncated = true;
        break;
      }
      const page = await doc.getPage(pageNumber);
      try {
        const content = await page.getTextContent();
        pages.push(...chargeText([{ pageNumber, text: assembleText(content.items) }], ctx.textBudget));
      } finally {
        page.cleanup();
      }
    }
    const info = ((await doc.getMetadata().catch(() => undefined))?.info ?? {}) as Record<string, unknown>;
    const metadata: Record<string, unknown> = { pageCount: doc.numPages };
    for (const [key, name] of [
      ['Title', 'title'],
      ['Author', 'author'],
      ['Subject', 'subject'],
      ['Keywords', 'keywords'],
      ['Creator', 'creator'],
      ['Producer', 'producer'],
      ['PDFFormatVersion', 'pdfVersion'],
    ] as const) {
      const value = info[key];
      if (typeof value === 'string' && value.trim()) metadata[name] = value.trim();
    }
    return { pages, metadata };
  } catch (error) {
    throw asCorrupt(error, 'unreadable PDF');
  } finally {
    await doc.destroy();
  }
}

/**
 * Joins pdf.js text runs into lines: a run flagged hasEOL, or one that starts lower on the page than
 * the previous run, starts a new line; a horizontal gap between runs becomes a space.
 */
export function assembleText(items: (TextItem | TextMarkedContent)[]): string {
  // Pieces joined once, and the last character kept aside: reading the end of a string grown by += makes V8
  // flatten it each time (100,000 runs on a page took about 10 s).
  const parts: string[] = [];
  let lastChar = '';
  const add = (piece: string) => {
    if (piece === '') return;
    parts.push(piece);
    lastChar = piece[piece.length - 1] as string;
  };
  let last: { x: number; y: number; height: number } | undefined;
  for (const item of items) {
    if (!('str' in item)) continue;
    const x = item.transform[4] as number;
    const y = item.transform[5] as number;
    const height = Math.abs(item.height) || Math.abs(item.transform[3] as number) || 1;
    if (last && lastChar !== '' && lastChar !== '\n' && item.str) {
      if (Math.abs(y - last.y) > Math.max(height, last.height) * 0.5) add('\n');
      else if (x - last.x > height * 0.15 && !/\s/.test(lastChar) && !/^\s/.test(item.str)) add(' ');
    }
    add(item.str);
    if (item.hasEOL) add('\n');
    if (item.str || item.hasEOL) last = { x: x + item.width, y, height };
  }
  return parts
    .join('')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
