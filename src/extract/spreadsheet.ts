// Spreadsheets: one page per sheet, each row one line of tab-separated cells, the header row first.
// .xlsx goes through exceljs (maintained); legacy .xls (BIFF8) through our own record reader (xls.ts);
// CSV through csv-parse. Like every extractor, this runs inside the extraction sandbox.
import { parse as parseCsv } from 'csv-parse/sync';
import type { CellValue, Workbook as ExcelWorkbook } from 'exceljs';
import type { ExtractContext } from './context';
import { MIME } from './mime';
import { decodeText, normalizeNewlines } from './textDecoding';
import { ExtractionError, type ExtractedDocument, asCorrupt, errorMessage } from './types';
import type { XlsSheet } from './xls';
import { verifyZipContainer } from './zipArchive';

type SheetRows = XlsSheet;

export async function extractWorkbook(bytes: Buffer, mime: string, ctx: ExtractContext): Promise<ExtractedDocument> {
  let sheets: SheetRows[];
  if (mime === MIME.xlsx) {
    await verifyZipContainer(bytes, ctx.limits, ctx.zipBudget);
    sheets = await readXlsx(bytes);
  } else {
    sheets = (await import('./xls')).readXls(bytes);
  }
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

async function readXlsx(bytes: Buffer): Promise<SheetRows[]> {
  // Loaded on first use: exceljs takes most of a second to load and most uploads are not spreadsheets.
  const ExcelJS = (await import('exceljs')).default;
  const workbook: ExcelWorkbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw asCorrupt(error, 'unreadable .xlsx');
  }
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = row.values as CellValue[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      rows.push(cells);
    });
    return { name: sheet.name, hidden: sheet.state !== 'visible', rows };
  });
}

/** A cell as the text a reader sees: formula results, rich text runs, hyperlink text, ISO dates. */
function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return String(value.error);
  if ('result' in value) return cellText(value.result as CellValue);
  if ('text' in value) return cellText(value.text as CellValue);
  return '';
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
      // A loop, not Math.max(...rows): spreading 100,000+ rows into arguments overflows the stack.
      columnCount: rows.reduce((max, r) => Math.max(max, r.length), 0),
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
