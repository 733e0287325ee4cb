// Spreadsheets: one page per sheet, each row one line of tab-separated cells, the header row first.
// .xls and .xlsx go through SheetJS 0.18.5, the last release on npm, which has known advisories for
// crafted files (prototype pollution, fixed in 0.19.3; a ReDoS, fixed in 0.20.2; later releases are
// only on SheetJS's own CDN). So it runs in a fresh worker thread per file: polluted prototypes die
// with the thread, and a time limit and a heap cap stop a runaway parse. CSV is parsed here with csv-parse.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parse as parseCsv } from 'csv-parse/sync';
import type { ExtractContext } from './context';
import { MIME } from './mime';
import type { SheetRows, WorkbookReply } from './spreadsheet.worker';
import { decodeText, normalizeNewlines } from './textDecoding';
import { ExtractionError, type ExtractedDocument, errorMessage } from './types';
import { verifyZipContainer } from './zipArchive';

export const WORKBOOK_TIMEOUT_MS = 120_000;
export const WORKBOOK_HEAP_MB = 1024;

export async function extractWorkbook(bytes: Buffer, mime: string, ctx: ExtractContext): Promise<ExtractedDocument> {
  if (mime === MIME.xlsx) await verifyZipContainer(bytes, ctx.limits);
  const sheets = await parseWorkbookIsolated(bytes);
  const pages = sheets.map((sheet, i) => ({
    pageNumber: i + 1,
    text: sheet.rows.some((row) => row.some(Boolean)) ? `Sheet: ${sheet.name}\n${renderRows(sheet.rows)}` : '',
  }));
  return {
    pages,
    metadata: {
      pageCount: pages.length,
      sheetNames: sheets.map((s) => s.name),
      rowCounts: sheets.map((s) => s.rows.length),
      ...(sheets.some((s) => s.hidden) ? { hiddenSheets: sheets.filter((s) => s.hidden).map((s) => s.name) } : {}),
    },
  };
}

function parseWorkbookIsolated(bytes: Buffer): Promise<SheetRows[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'spreadsheet.worker.js'), {
      workerData: { bytes },
      resourceLimits: { maxOldGenerationSizeMb: WORKBOOK_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (error: Error | undefined, sheets?: SheetRows[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(sheets ?? []);
    };
    const timer = setTimeout(
      () =>
        finish(new ExtractionError(`spreadsheet parsing took longer than ${WORKBOOK_TIMEOUT_MS} ms`, 'LIMIT_EXCEEDED')),
      WORKBOOK_TIMEOUT_MS,
    );
    worker.once('message', (reply: WorkbookReply) =>
      reply.ok
        ? finish(undefined, reply.sheets)
        : finish(new ExtractionError(`unreadable spreadsheet: ${reply.message}`, 'CORRUPT')),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ExtractionError(`spreadsheet needs more than ${WORKBOOK_HEAP_MB} MB to parse`, 'LIMIT_EXCEEDED')
          : new Error(`spreadsheet worker failed: ${errorMessage(error)}`),
      ),
    );
    worker.once('exit', (code) => finish(new Error(`spreadsheet worker exited with code ${code} before replying`)));
  });
}

export function extractCsv(bytes: Buffer): ExtractedDocument {
  const decoded = decodeText(bytes);
  if (!decoded) throw new ExtractionError('CSV is not UTF-8 text', 'TYPE_MISMATCH');
  const text = normalizeNewlines(decoded.text);
  const delimiter = guessDelimiter(text);
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
  } catch (error) {
    // Malformed quoting: the text is still worth indexing as it is.
    return {
      pages: [{ pageNumber: 1, text: text.trim() }],
      metadata: { pageCount: 1, parsed: false, parseError: errorMessage(error) },
    };
  }
  return {
    pages: [{ pageNumber: 1, text: renderRows(rows) }],
    metadata: {
      pageCount: 1,
      rowCount: rows.length,
      columnCount: Math.max(0, ...rows.map((r) => r.length)),
      delimiter,
    },
  };
}

/** The most frequent of comma, semicolon and tab in the first line (outside quotes). */
function guessDelimiter(text: string): string {
  const firstLine = (text.split('\n', 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

function renderRows(rows: string[][]): string {
  return rows
    .map((row) => {
      const cells = row.map((cell) => cell.replace(/\s+/g, ' ').trim());
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      return cells.join('\t');
    })
    .filter((line) => line !== '')
    .join('\n');
}
