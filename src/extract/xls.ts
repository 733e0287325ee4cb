// Legacy Excel 97-2003 workbooks (.xls, BIFF8): the cell values of each sheet, read straight from the
// records of the compound file's "Workbook" stream (the container is opened with cfb). Only what text
// extraction needs is decoded: sheet names and visibility, shared strings, inline strings, numbers (dates
// by their number format), booleans, errors and formula results. Excel 5.0/95 (BIFF5, a "Book" stream) and
// older are refused as unsupported; an encrypted workbook (FILEPASS) as damaged or encrypted.
// This replaces SheetJS 0.18.5, whose last npm release carries published advisories (prototype pollution,
// a ReDoS); like every extractor it runs inside the extraction sandbox.
import * as CFB from 'cfb';
import { ExtractionError, asCorrupt } from './types';

export interface XlsSheet {
  name: string;
  hidden: boolean;
  /** Row by row, each cell as text; rows without cells are left out. */
  rows: string[][];
}

const R = {
  bof: 0x0809,
  eof: 0x000a,
  continue: 0x003c,
  filePass: 0x002f,
  date1904: 0x0022,
  boundSheet: 0x0085,
  sst: 0x00fc,
  format: 0x041e,
  xf: 0x00e0,
  labelSst: 0x00fd,
  label: 0x0204,
  rString: 0x00d6,
  number: 0x0203,
  rk: 0x027e,
  mulRk: 0x00bd,
  boolErr: 0x0205,
  formula: 0x0006,
  string: 0x0207,
} as const;

const BIFF8 = 0x0600;
/** Excel 97-2003 sheets have 256 columns; a cell beyond is not a BIFF8 cell. */
const MAX_COLUMNS = 256;
const ERRORS: Readonly<Record<number, string>> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};
/** The built-in number formats that show a date or time. */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

interface Record_ {
  type: number;
  data: Buffer;
  /** The data of the CONTINUE records that follow it. */
  continues: Buffer[];
}

/** The records of a BIFF stream from `start`, each with its CONTINUE records; stops at the end or a truncation. */
function* records(stream: Buffer, start: number): Generator<Record_ & { offset: number }> {
  let at = start;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    if (at + 4 + length > stream.length) return;
    const record = { type, data: stream.subarray(at + 4, at + 4 + length), continues: [] as Buffer[], offset: at };
    at += 4 + length;
    while (type !== R.continue && at + 4 <= stream.length && stream.readUInt16LE(at) === R.continue) {
      const l = stream.readUInt16LE(at + 2);
      if (at + 4 + l > stream.length) break;
      record.continues.push(stream.subarray(at + 4, at + 4 + l));
      at += 4 + l;
    }
    yield record;
  }
}

/**
 * Reads a record's data and its CONTINUE parts as one sequence, except that a string's characters crossing
 * into a CONTINUE part restart there with a new option byte (compressed or UTF-16).
 */
class Cursor {
  private part = 0;
  private at = 0;
  private readonly parts: Buffer[];
  constructor(record: Pick<Record_, 'data' | 'continues'>) {
    this.parts = [record.data, ...record.continues];
  }
  private current(): Buffer {
    while (this.part < this.parts.length && this.at >= this.parts[this.part]!.length) {
      this.part++;
      this.at = 0;
    }
    const buf = this.parts[this.part];
    if (!buf) throw new ExtractionError('a record ends early', 'CORRUPT');
    return buf;
  }
  u8(): number {
    return this.current()[this.at++]!;
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() + this.u16() * 0x10000) >>> 0;
  }
  skip(n: number): void {
    for (let left = n; left > 0;) {
      const buf = this.current();
      const step = Math.min(left, buf.length - this.at);
      this.at += step;
      left -= step;
    }
  }
  /** `count` characters, 8-bit (Latin-1) or UTF-16LE as `highByte` says, re-read at each CONTINUE boundary. */
  chars(count: number, highByte: boolean): string {
    let text = '';
    let wide = highByte;
    for (let left = count; left > 0;) {
      if (this.at >= (this.parts[this.part]?.length ?? 0)) {
        this.current(); // moves to the next part (or throws at the end)
        wide = (this.u8() & 0x01) === 1;
      }
      const buf = this.parts[this.part]!;
      const width = wide ? 2 : 1;
      const n = Math.min(left, Math.floor((buf.length - this.at) / width));
      if (n === 0) throw new ExtractionError('a string ends early', 'CORRUPT');
      text += buf.toString(wide ? 'utf16le' : 'latin1', this.at, this.at + n * width);
      this.at += n * width;
      left -= n;
    }
    return text;
  }
  /** XLUnicodeRichExtendedString (shared strings), XLUnicodeString (cch: u16) and ShortXLUnicodeString (cch: u8). */
  richString(): string {
    const count = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 0x01) === 1);
    this.skip(runs * 4 + ext);
    return text;
  }
  string(shortLength = false): string {
    const count = shortLength ? this.u8() : this.u16();
    return this.chars(count, (this.u8() & 0x01) === 1);
  }
}

/**
 * The text without its [bracketed] parts, as s.replace(/\[[^\]]*\]/g, '') gives it, in one pass: that expression
 * backtracks on a run of "[" with no "]" (65,535 of them, a format's longest, took 3.4 s per cell).
 */
export function dropBracketed(s: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = s.indexOf('[', from);
    const close = open < 0 ? -1 : s.indexOf(']', open + 1);
    // No "[" left, or none closed: no later "[" is closed either.
    if (close < 0) return out + s.slice(from);
    out += s.slice(from, open);
    from = close + 1;
  }
}

/** Whether a number format shows a date or time: d, m, y, h or s outside quoted text, escapes and [colour] parts. */
export function isDateFormat(format: string): boolean {
  const bare = dropBracketed(format.replace(/"[^"]*"/g, '').replace(/\\./g, ''));
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** A date serial as an ISO date (midnight) or date-time, as the .xlsx reader writes dates. */
function serialDate(serial: number, date1904: boolean): string {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const ms = Math.round((serial * 86_400_000) / 1000) * 1000;
  const iso = new Date(epoch + ms).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/** An RK value: a 30-bit integer or the high bits of a double, optionally divided by 100. */
function rkNumber(rk: number): number {
  let n: number;
  if (rk & 0x02) {
    n = rk >> 2;
  } else {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(rk & 0xfffffffc, 4);
    n = b.readDoubleLE(0);
  }
  return rk & 0x01 ? n / 100 : n;
}

const numberText = (n: number) => String(Number(n.toPrecision(15)));

export function readXls(bytes: Buffer): XlsSheet[] {
  let stream: Buffer;
  try {
    const container = CFB.read(bytes, { type: 'buffer' });
    const workbook = CFB.find(container, 'Workbook');
    if (!workbook) {
      if (CFB.find(container, 'Book')) {
        throw new ExtractionError('Excel 5.0/95 (BIFF5) and older workbooks are not read', 'UNSUPPORTED_TYPE');
      }
      throw new ExtractionError('no Workbook stream in the compound file', 'CORRUPT');
    }
    stream = Buffer.from(workbook.content as Uint8Array);
  } catch (error) {
    throw asCorrupt(error, 'unreadable .xls container');
  }
  try {
    return readWorkbookStream(stream);
  } catch (error) {
    throw asCorrupt(error, 'unreadable .xls');
  }
}

function readWorkbookStream(stream: Buffer): XlsSheet[] {
  const sheets: { name: string; hidden: boolean; offset: number }[] = [];
  const shared: string[] = [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let date1904 = false;

  const all = records(stream, 0);
  const bof = all.next().value;
  if (!bof || bof.type !== R.bof || bof.data.length < 4) throw new ExtractionError('no BIFF header', 'CORRUPT');
  if (bof.data.readUInt16LE(0) !== BIFF8) {
    throw new ExtractionError('Excel 5.0/95 (BIFF5) and older workbooks are not read', 'UNSUPPORTED_TYPE');
  }
  for (const record of all) {
    const c = new Cursor(record);
    switch (record.type) {
      case R.filePass:
        throw new ExtractionError('the workbook is encrypted', 'CORRUPT');
      case R.date1904:
        date1904 = c.u16() === 1;
        break;
      case R.format: {
        const id = c.u16();
        formats.set(id, c.string());
        break;
      }
      case R.xf:
        c.skip(2);
        xfFormats.push(c.u16());
        break;
      case R.boundSheet: {
        const offset = c.u32();
        const state = c.u8() & 0x03;
        const kind = c.u8();
        const name = c.string(true);
        if (kind === 0) sheets.push({ name, hidden: state !== 0, offset });
        break;
      }
      case R.sst: {
        c.skip(4);
        const unique = c.u32();
        for (let i = 0; i < unique; i++) shared.push(c.richString());
        break;
      }
    }
    if (record.type === R.eof) break;
  }

  // Read once per format, not once per cell that shows it.
  const dateFormats = new Map<number, boolean>();
  const isDate = (xf: number) => {
    const id = xfFormats[xf];
    if (id === undefined) return false;
    let date = dateFormats.get(id);
    if (date === undefined) {
      date = BUILTIN_DATE_FORMATS.has(id) || isDateFormat(formats.get(id) ?? '');
      dateFormats.set(id, date);
    }
    return date;
  };
  const numeric = (n: number, xf: number) => (isDate(xf) ? serialDate(n, date1904) : numberText(n));

  return sheets.map((sheet) => ({
    name: sheet.name,
    hidden: sheet.hidden,
    rows: readSheet(stream, sheet.offset, shared, numeric),
  }));
}

function readSheet(
  stream: Buffer,
  offset: number,
  shared: string[],
  numeric: (n: number, xf: number) => string,
): string[][] {
  const rows = new Map<number, string[]>();
  const put = (row: number, col: number, text: string) => {
    if (col >= MAX_COLUMNS) return;
    let cells = rows.get(row);
    if (!cells) rows.set(row, (cells = []));
    while (cells.length < col) cells.push('');
    cells[col] = text;
  };
  let formulaCell: { row: number; col: number } | undefined;
  const all = records(stream, offset);
  if (all.next().value?.type !== R.bof) {
    throw new ExtractionError('a sheet does not start where the workbook says', 'CORRUPT');
  }
  for (const record of all) {
    if (record.type === R.eof) break;
    const c = new Cursor(record);
    const cell = () => ({ row: c.u16(), col: c.u16(), xf: c.u16() });
    switch (record.type) {
      case R.labelSst: {
        const { row, col } = cell();
        put(row, col, shared[c.u32()] ?? '');
        break;
      }
      case R.label:
      case R.rString: {
        const { row, col } = cell();
        put(row, col, c.string());
        break;
      }
      case R.number: {
        const { row, col, xf } = cell();
        put(row, col, numeric(record.data.readDoubleLE(6), xf));
        break;
      }
      case R.rk: {
        const { row, col, xf } = cell();
        put(row, col, numeric(rkNumber(c.u32()), xf));
        break;
      }
      case R.mulRk: {
        const row = c.u16();
        const firstCol = c.u16();
        const count = Math.floor((record.data.length - 6) / 6);
        for (let i = 0; i < count; i++) {
          const xf = c.u16();
          put(row, firstCol + i, numeric(rkNumber(c.u32()), xf));
        }
        break;
      }
      case R.boolErr: {
        const { row, col } = cell();
        const value = c.u8();
        put(row, col, c.u8() ? (ERRORS[value] ?? '#ERROR!') : value ? 'TRUE' : 'FALSE');
        break;
      }
      case R.formula: {
        const { row, col, xf } = cell();
        const result = record.data.subarray(6, 14);
        if (result.length < 8) break;
        if (result.readUInt16LE(6) !== 0xffff) {
          put(row, col, numeric(result.readDoubleLE(0), xf));
        } else if (result[0] === 0) {
          formulaCell = { row, col }; // the text result follows in a STRING record
        } else if (result[0] === 1) {
          put(row, col, result[2] ? 'TRUE' : 'FALSE');
        } else if (result[0] === 2) {
          put(row, col, ERRORS[result[2]!] ?? '#ERROR!');
        }
        break;
      }
      case R.string:
        if (formulaCell) put(formulaCell.row, formulaCell.col, c.string());
        formulaCell = undefined;
        break;
    }
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, cells]) => cells);
}
