// Which upload types the service accepts, and whether a file's bytes are what its declared type says.
import { extname } from 'node:path';
import { isOle, listOleEntryNames } from './ole';
import { decodeText, isTextPrefix } from './textDecoding';

export const MIME = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  text: 'text/plain',
  markdown: 'text/markdown',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  zip: 'application/zip',
  zipLegacy: 'application/x-zip-compressed',
  json: 'application/json',
} as const;

export const ACCEPTED_MIME_TYPES: readonly string[] = Object.freeze(Object.values(MIME));

/** Lowercase, without parameters (`; charset=...`); the legacy zip type becomes application/zip. */
export function normalizeMime(declared: string): string {
  const bare = (declared.split(';')[0] ?? '').trim().toLowerCase();
  return bare === MIME.zipLegacy ? MIME.zip : bare;
}

export function isAcceptedMime(declared: string): boolean {
  return ACCEPTED_MIME_TYPES.includes(normalizeMime(declared));
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.pdf': MIME.pdf,
  '.doc': MIME.doc,
  '.docx': MIME.docx,
  '.txt': MIME.text,
  '.text': MIME.text,
  '.md': MIME.markdown,
  '.markdown': MIME.markdown,
  '.xls': MIME.xls,
  '.xlsx': MIME.xlsx,
  '.csv': MIME.csv,
  '.jpg': MIME.jpeg,
  '.jpeg': MIME.jpeg,
  '.png': MIME.png,
  '.gif': MIME.gif,
  '.webp': MIME.webp,
  '.mp4': MIME.mp4,
  '.m4v': MIME.mp4,
  '.mp3': MIME.mp3,
  '.wav': MIME.wav,
  '.zip': MIME.zip,
  '.json': MIME.json,
};

/** The accepted type a file name's extension stands for (archive entries carry no declared type). */
export function mimeFromFilename(filename: string): string | undefined {
  return MIME_BY_EXTENSION[extname(filename).toLowerCase()];
}

export type FileTypeCheck = { ok: true; mime: string } | { ok: false; reason: string };

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);
const startsWith = (bytes: Buffer, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isZipLocal = (b: Buffer) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
const isZipEmpty = (b: Buffer) => startsWith(b, [0x50, 0x4b, 0x05, 0x06]);
const isRiff = (b: Buffer, form: string) => b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === form;

/** An MPEG audio frame header: sync, a real layer, a valid bitrate and sample rate (ADTS AAC has layer 0). */
function isMpegAudioFrame(b: Buffer, at = 0): boolean {
  if (b.length < at + 4) return false;
  const [b0, b1, b2] = [b[at]!, b[at + 1]!, b[at + 2]!];
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0x03;
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && version !== 1 && layer !== 0 && bitrate !== 0x0f && sampleRate !== 3;
}

/**
 * Names in a zip's central directory, read synchronously and without inflating anything (enough to
 * tell a .docx or .xlsx from a plain archive). Null when there is no readable central directory.
 */
function zipEntryNames(bytes: Buffer, max = 5000): string[] | null {
  const minEocd = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= minEocd; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  let count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && bytes.readUInt32LE(eocd - 20) === 0x07064b50) {
    const zip64 = Number(bytes.readBigUInt64LE(eocd - 12));
    if (zip64 + 56 > bytes.length || bytes.readUInt32LE(zip64) !== 0x06064b50) return null;
    count = Number(bytes.readBigUInt64LE(zip64 + 32));
    offset = Number(bytes.readBigUInt64LE(zip64 + 48));
  }
  const names: string[] = [];
  for (let i = 0, at = offset; i < Math.min(count, max); i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return names.length > 0 ? names : null;
    const nameLength = bytes.readUInt16LE(at + 28);
    names.push(bytes.toString('utf8', at + 46, Math.min(at + 46 + nameLength, bytes.length)));
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return names;
}

/** Names of the local file headers at the start of an archive, as far as the bytes and the headers tell. */
function leadingZipNames(bytes: Buffer, max = 50): string[] {
  const names: string[] = [];
  for (let at = 0; names.length < max && at + 30 <= bytes.length && bytes.readUInt32LE(at) === 0x04034b50;) {
    const nameLength = bytes.readUInt16LE(at + 26);
    if (at + 30 + nameLength > bytes.length) break;
    names.push(bytes.toString('utf8', at + 30, at + 30 + nameLength));
    // With a data descriptor (flag bit 3) the size is not in the header: the next header cannot be found.
    if (bytes.readUInt16LE(at + 6) & 0x08) break;
    at += 30 + nameLength + bytes.readUInt16LE(at + 28) + bytes.readUInt32LE(at + 18);
  }
  return names;
}

/** 'unknown' when the central directory cannot be read (a damaged archive: its extractor will say so). */
type OfficeZipKind = 'docx' | 'xlsx' | 'zip' | 'unknown';

function officeZipKind(bytes: Buffer): OfficeZipKind {
  const names = zipEntryNames(bytes);
  if (!names) return 'unknown';
  if (!names.includes('[Content_Types].xml')) return 'zip';
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  return 'zip';
}

const fail = (reason: string): FileTypeCheck => ({ ok: false, reason });

/** How much of an upload's start the API reads before it decides on the type (and stores the rest). */
export const SNIFF_BYTES = 64 * 1024;

/**
 * The check an upload gets while it streams, from its first bytes: the whole check when the file is no
 * longer than `prefix` (`complete`); otherwise its signature, and for text that it starts as text. The
 * rest (a zip's directory, an OLE2 directory, JSON syntax, text to the end) is checked by the worker
 * before extraction, so a file that only looks right ends BACKGROUND_ERROR.
 */
export function checkFileTypeStart(
  prefix: Buffer,
  declaredMime: string,
  filename: string,
  complete: boolean,
): FileTypeCheck {
  if (complete) return checkFileType(prefix, declaredMime, filename);
  const mime = normalizeMime(declaredMime);
  const ok: FileTypeCheck = { ok: true, mime };
  switch (mime) {
    case MIME.doc:
    case MIME.xls:
      return isOle(prefix) ? ok : fail('not an OLE2 compound file');
    case MIME.docx:
    case MIME.xlsx:
    case MIME.zip: {
      if (!isZipLocal(prefix)) return fail('not a zip archive');
      const names = leadingZipNames(prefix);
      const kind = names.some((n) => n.startsWith('word/'))
        ? 'docx'
        : names.some((n) => n.startsWith('xl/'))
          ? 'xlsx'
          : 'unknown';
      if (mime === MIME.zip) return kind === 'unknown' ? ok : { ok: true, mime: MIME[kind] };
      const wanted = mime === MIME.docx ? 'docx' : 'xlsx';
      return kind === wanted || kind === 'unknown' ? ok : fail(`zip archive is not a ${wanted} document`);
    }
    case MIME.text:
    case MIME.markdown:
    case MIME.csv:
      return isTextPrefix(prefix) ? ok : fail('does not start as UTF-8 (or BOM-marked UTF-16) text');
    case MIME.json: {
      if (!isTextPrefix(prefix)) return fail('does not start as UTF-8 text');
      const first = /\S/.exec(prefix.toString('utf8', 0, 4096).replace(/^\uFEFF/, ''))?.[0] ?? '';
      return '{["-0123456789tfn'.includes(first) && first !== '' ? ok : fail('does not start as JSON');
    }
  }
  // The other signatures are all in the first bytes.
  return checkFileType(prefix, declaredMime, filename);
}

/**
 * Whether the bytes are of the declared type (by their signature, not by trust in the name). The answer's
 * `mime` is the type to extract as: the declared one, normalized, except that an archive declared as a
 * plain zip but holding a Word or Excel document is extracted as that document.
 */
export function checkFileType(bytes: Buffer, declaredMime: string, filename: string): FileTypeCheck {
  const mime = normalizeMime(declaredMime);
  if (!ACCEPTED_MIME_TYPES.includes(mime)) return fail(`type ${mime || '(none)'} is not accepted`);
  if (bytes.length === 0) return fail('the file is empty');
  const ok: FileTypeCheck = { ok: true, mime };
  const ext = extname(filename).toLowerCase();

  switch (mime) {
    case MIME.pdf:
      // Readers accept the header anywhere in the first KiB.
      return bytes.subarray(0, 1024).includes('%PDF-') ? ok : fail('no %PDF- header');

    case MIME.doc:
    case MIME.xls: {
      if (!isOle(bytes)) return fail('not an OLE2 compound file');
      const names = listOleEntryNames(bytes);
      const isWord = names ? names.includes('WordDocument') : ext === '.doc';
      const isExcel = names ? names.includes('Workbook') || names.includes('Book') : ext === '.xls';
      if (mime === MIME.doc) return isWord ? ok : fail('compound file has no WordDocument stream');
      return isExcel ? ok : fail('compound file has no Workbook stream');
    }

    case MIME.docx:
    case MIME.xlsx:
    case MIME.zip: {
      if (isZipEmpty(bytes)) return mime === MIME.zip ? ok : fail('empty zip archive');
      if (!isZipLocal(bytes)) return fail('not a zip archive');
      const kind = officeZipKind(bytes);
      if (mime === MIME.zip) return kind === 'docx' || kind === 'xlsx' ? { ok: true, mime: MIME[kind] } : ok;
      const wanted = mime === MIME.docx ? 'docx' : 'xlsx';
      return kind === wanted || kind === 'unknown' ? ok : fail(`zip archive is not a ${wanted} document`);
    }

    case MIME.text:
    case MIME.markdown:
    case MIME.csv:
      return decodeText(bytes) ? ok : fail('not UTF-8 (or BOM-marked UTF-16) text, or contains NUL bytes');

    case MIME.json: {
      const decoded = decodeText(bytes);
      if (!decoded) return fail('not UTF-8 text');
      try {
        JSON.parse(decoded.text);
        return ok;
      } catch (error) {
        return fail(`invalid JSON: ${(error as Error).message}`);
      }
    }

    case MIME.jpeg:
      return startsWith(bytes, [0xff, 0xd8, 0xff]) ? ok : fail('no JPEG SOI marker');
    case MIME.png:
      return startsWith(bytes, PNG_SIGNATURE) ? ok : fail('no PNG signature');
    case MIME.gif:
      return ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6)) ? ok : fail('no GIF87a/GIF89a signature');
    case MIME.webp:
      return isRiff(bytes, 'WEBP') ? ok : fail('not a RIFF WEBP file');
    case MIME.wav:
      return isRiff(bytes, 'WAVE') ? ok : fail('not a RIFF WAVE file');
    case MIME.mp4:
      return bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' ? ok : fail('no ftyp box');
    case MIME.mp3:
      return ascii(bytes, 0, 3) === 'ID3' || isMpegAudioFrame(bytes) ? ok : fail('no ID3 tag or MPEG audio frame');
  }
  return fail(`no check for ${mime}`);
}

/** Signatures of common files the service does not read, to name them when an upload is refused. */
const OTHER_SIGNATURES: ReadonlyArray<[readonly number[], string]> = [
  [[0x4d, 0x5a], 'application/x-msdownload'],
  [[0x7f, 0x45, 0x4c, 0x46], 'application/x-executable'],
  [[0x1f, 0x8b], 'application/gzip'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'application/x-7z-compressed'],
  [[0x52, 0x61, 0x72, 0x21], 'application/vnd.rar'],
  [[0x42, 0x5a, 0x68], 'application/x-bzip2'],
  [[0x49, 0x49, 0x2a, 0x00], 'image/tiff'],
  [[0x4d, 0x4d, 0x00, 0x2a], 'image/tiff'],
  [[0x42, 0x4d], 'image/bmp'],
  [[0x4f, 0x67, 0x67, 0x53], 'audio/ogg'],
  [[0x66, 0x4c, 0x61, 0x43], 'audio/flac'],
  [[0x1a, 0x45, 0xdf, 0xa3], 'video/webm'],
];

/**
 * What a file's first bytes look like, by their signature: an accepted type, a common other one, text/plain or
 * text/html for text, undefined when nothing is recognised. For messages only: checkFileType decides.
 */
export function sniffMime(bytes: Buffer): string | undefined {
  if (bytes.length === 0) return undefined;
  if (bytes.subarray(0, 1024).includes('%PDF-')) return MIME.pdf;
  if (startsWith(bytes, PNG_SIGNATURE)) return MIME.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return MIME.jpeg;
  if (['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return MIME.gif;
  if (isRiff(bytes, 'WEBP')) return MIME.webp;
  if (isRiff(bytes, 'WAVE')) return MIME.wav;
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') return MIME.mp4;
  if (ascii(bytes, 0, 3) === 'ID3' || isMpegAudioFrame(bytes)) return MIME.mp3;
  if (isZipLocal(bytes) || isZipEmpty(bytes)) {
    const names = leadingZipNames(bytes);
    if (names.some((n) => n.startsWith('word/'))) return MIME.docx;
    if (names.some((n) => n.startsWith('xl/'))) return MIME.xlsx;
    return MIME.zip;
  }
  if (isOle(bytes)) return 'application/x-ole-storage';
  for (const [signature, mime] of OTHER_SIGNATURES) if (startsWith(bytes, signature)) return mime;
  if (isTextPrefix(bytes)) {
    const head = bytes.toString('utf8', 0, 512).trimStart().toLowerCase();
    return head.startsWith('<!doctype html') || head.startsWith('<html') ? 'text/html' : 'text/plain';
  }
  return undefined;
}

/** The file extensions the service reads, for messages ("pdf, doc, docx, …"). */
export const ACCEPTED_EXTENSIONS: readonly string[] = Object.freeze(
  Object.keys(MIME_BY_EXTENSION).map((e) => e.slice(1)),
);
