// The in-process extractor: checks the declared type against the accepted list and against the bytes,
// then hands the file to its format's extractor. It runs inside the extraction sandbox's child process
// (sandbox.child.ts), and in the worker for plain formats within their bounds (plain.ts); the rest of the
// service extracts through createExtractor().
//
// A format's parsers are loaded when a file of that format comes (import() below): the sandbox starts a
// process per file, and loading every parser cost each one about 0.3 s of CPU (mammoth, sharp,
// word-extractor, exceljs, yauzl), most of it for formats the file was not.
import { type ExtractContext, chargeText } from './context';
import { extractJson } from './json';
import { MIME, checkFileType, isAcceptedMime, normalizeMime } from './mime';
import { OcrEngine } from './ocr';
import { extractPdf } from './pdf';
import { extractMarkdown, extractText } from './text';
import { ExtractionError, type ExtractLimits, type ExtractedDocument, resolveLimits } from './types';
import { newZipBudget } from './zipArchive';

export interface InProcessExtractor {
  extract(bytes: Buffer, mime: string, filename: string, limits?: Partial<ExtractLimits>): Promise<ExtractedDocument>;
  close(): Promise<void>;
}

/** Options of an in-process extractor: OCR's, and the output bound of a run without the sandbox. */
export interface InProcessOptions extends OcrOptions {
  /** See ExtractContext.maxOutputChars; unset in the sandbox's child. */
  maxOutputChars?: number;
}

export interface OcrOptions {
  /** Directory holding eng.traineddata(.gz); by default the one in @tesseract.js-data/eng. */
  ocrLanguageDir?: string;
  /** Longest one image's OCR may take before it fails with LIMIT_EXCEEDED. */
  ocrTimeoutMs?: number;
}

/** Extracts on this thread, with no isolation: for the sandbox's child process and format tests. */
export function createInProcessExtractor(opts: InProcessOptions = {}): InProcessExtractor {
  const ocr = new OcrEngine({ languageDir: opts.ocrLanguageDir, timeoutMs: opts.ocrTimeoutMs });
  let closed = false;
  return {
    async extract(bytes, declaredMime, filename, limits) {
      if (closed) throw new Error('extractor is closed');
      const mime = normalizeMime(declaredMime);
      if (!isAcceptedMime(mime))
        throw new ExtractionError(`file type ${mime || '(none)'} is not supported`, 'UNSUPPORTED_TYPE');
      if (bytes.length === 0) throw new ExtractionError('the file is empty', 'EMPTY');
      const check = checkFileType(bytes, mime, filename);
      if (!check.ok) throw new ExtractionError(`content does not match ${mime}: ${check.reason}`, 'TYPE_MISMATCH');
      const resolved = resolveLimits(limits);
      const ctx: ExtractContext = {
        limits: resolved,
        ocr,
        zipDepth: 0,
        zipBudget: newZipBudget(resolved),
        textBudget: { charsLeft: resolved.maxTextChars, truncated: false },
        extractEntry: dispatch,
        maxOutputChars: opts.maxOutputChars,
      };
      const doc = await dispatch(bytes, check.mime, filename, ctx);
      if (ctx.textBudget.truncated)
        doc.metadata = { ...doc.metadata, truncated: true, maxTextChars: resolved.maxTextChars };
      return doc;
    },
    async close() {
      closed = true;
      await ocr.close();
    },
  };
}

/** Formats that charge their text to the budget themselves, page by page (an archive: entry by entry). */
const SELF_CHARGING: ReadonlySet<string> = new Set([MIME.pdf, MIME.zip]);

/** Extracts a file whose type is checked; fails with EMPTY when no page has any text. */
async function dispatch(
  bytes: Buffer,
  mime: string,
  filename: string,
  ctx: ExtractContext,
): Promise<ExtractedDocument> {
  const doc = await extractByType(bytes, mime, ctx);
  doc.metadata = { mime, ...doc.metadata, pageCount: doc.metadata.pageCount ?? doc.pages.length };
  if (!doc.pages.some((page) => page.text.trim())) {
    throw new ExtractionError(`no text could be extracted from ${filename || 'the file'}`, 'EMPTY');
  }
  if (!SELF_CHARGING.has(mime)) doc.pages = chargeText(doc.pages, ctx.textBudget);
  return doc;
}

async function extractByType(bytes: Buffer, mime: string, ctx: ExtractContext): Promise<ExtractedDocument> {
  switch (mime) {
    case MIME.pdf:
      return extractPdf(bytes, ctx);
    case MIME.docx:
      return (await import('./docx')).extractDocx(bytes, ctx);
    case MIME.doc:
      return (await import('./doc')).extractDoc(bytes);
    case MIME.xls:
    case MIME.xlsx:
      return (await import('./spreadsheet')).extractWorkbook(bytes, mime, ctx);
    case MIME.csv:
      return (await import('./spreadsheet')).extractCsv(bytes);
    case MIME.text:
      return extractText(bytes);
    case MIME.markdown:
      return extractMarkdown(bytes);
    case MIME.json:
      return extractJson(bytes, ctx.maxOutputChars);
    case MIME.zip:
      return (await import('./zip')).extractZip(bytes, ctx);
    case MIME.jpeg:
    case MIME.png:
    case MIME.gif:
    case MIME.webp:
      return (await import('./image')).extractImage(bytes, ctx);
    case MIME.mp4:
    case MIME.mp3:
    case MIME.wav:
      return (await import('./media')).extractMedia(bytes, mime);
  }
  throw new ExtractionError(`file type ${mime} is not supported`, 'UNSUPPORTED_TYPE');
}
