// Spreadsheets: one page per sheet, each row one line of tab-separated cells, the header row first.
// .xlsx goes through exceljs (maintained). Legacy .xls goes through SheetJS 0.18.5, the last release on
// npm, which has published advisories for crafted files (prototype pollution, a ReDoS): it is loaded
// only here, and this code only ever runs inside the extraction sandbox (a child process per file with
// a memory cap and a time budget, see sandbox.ts), so a polluted prototype dies with the process and a
// runaway parse is stopped. CSV is parsed with csv-parse.
import { parse as parseCsv } from 'csv-parse/sync';
import type { CellValue, Workbook as ExcelWorkbook } from 'exceljs';
import type { ExtractContext } from './context';
import { MIME } from './mime';
import { decodeText, normalizeNewlines } from './textDecoding';
import { ExtractionError, type ExtractedDocument, asCorrupt, errorMessage } from './types';
import { verifyZipContainer } from './zipArchive';

interface SheetRows {
  name: string;
  hidden: boolean;
  rows: string[][];
}

export async function extractWorkbook(bytes: Buffer, mime: string, ctx: ExtractContext): Promise<ExtractedDocument> {
  let sheets: SheetRows[];
  if (mime === MIME.xlsx) {
    await verifyZipContainer(bytes, ctx.limits, ctx.zipBudget);
    sheets = await readXlsx(bytes);
  } else {
    sheets = await readXls(bytes);
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

async function readXls(bytes: Buffer): Promise<SheetRows[]> {
  const XLSX = await import('xlsx');
  let workbook: import('xlsx').WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (error) {
    throw asCorrupt(error, 'unreadable .xls');
  }
  const sheetInfo = workbook.Workbook?.Sheets ?? [];
  return workbook.SheetNames.map((name, i) => {
    const sheet = workbook.Sheets[name];
    const rows = sheet
      ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false })
      : [];
    return {
      name,
      hidden: Boolean(sheetInfo[i]?.Hidden),
      rows: rows.map((row) => row.map((cell) => (cell == null ? '' : String(cell)))),
    };
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
