// Runs SheetJS in a worker thread (see spreadsheet.ts for why): parses one workbook from workerData
// and posts back each sheet's rows as formatted cell text.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from 'xlsx';

export interface SheetRows {
  name: string;
  hidden: boolean;
  rows: string[][];
}
export type WorkbookReply = { ok: true; sheets: SheetRows[] } | { ok: false; message: string };

function parse(bytes: Uint8Array): SheetRows[] {
  const workbook = XLSX.read(bytes, {
    type: 'buffer',
    cellDates: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
  });
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

if (parentPort) {
  let reply: WorkbookReply;
  try {
    reply = { ok: true, sheets: parse(Buffer.from((workerData as { bytes: Uint8Array }).bytes)) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort.postMessage(reply);
}
