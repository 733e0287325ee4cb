// The extraction contract: bytes in, pages of text out, or an ExtractionError whose code says why not.
import { FailureReasons, type FailureReason } from '../failureReasons';
import type { PageHeading } from './headings';

export interface ExtractedPage {
  /** 1-based; for a PDF the page's number in the document, elsewhere the sheet, section or archive entry order. */
  pageNumber: number;
  text: string;
  /** The page's section headings where they start in `text`, in order (Markdown, HTML, .docx; none elsewhere). */
  headings?: PageHeading[];
}

export interface ExtractedDocument {
  pages: ExtractedPage[];
  /** Format-specific facts, e.g. pageCount, sheetNames, durationSeconds, codec, width/height, ocrConfidence, entries. */
  metadata: Record<string, unknown>;
}

export type ExtractionErrorCode = 'UNSUPPORTED_TYPE' | 'TYPE_MISMATCH' | 'CORRUPT' | 'LIMIT_EXCEEDED' | 'EMPTY';

export { FailureReasons, type FailureReason };

/**
 * A failure that retrying cannot fix: the file itself is the problem. Activities turn it into a
 * non-retryable failure; anything else thrown by an extractor is a bug or an environment problem.
 * `message` is the detail for logs; `reason`, when set, is the user-facing one (else derived from the
 * code and the file type by failureReason()).
 */
export class ExtractionError extends Error {
  constructor(
    message: string,
    readonly code: ExtractionErrorCode,
    readonly reason?: FailureReason,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

const DAMAGED_BY_FAMILY: Readonly<Record<string, FailureReason>> = {
  'application/pdf': FailureReasons.pdfDamaged,
  'application/msword': FailureReasons.wordDamaged,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': FailureReasons.wordDamaged,
  'application/vnd.ms-excel': FailureReasons.spreadsheetDamaged,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': FailureReasons.spreadsheetDamaged,
  'text/csv': FailureReasons.textUnreadable,
  'text/plain': FailureReasons.textUnreadable,
  'text/markdown': FailureReasons.textUnreadable,
  'application/json': FailureReasons.jsonInvalid,
  'application/zip': FailureReasons.archiveDamaged,
};

/** The user-facing reason for an extraction failure of a file of the given (normalized) type. */
export function failureReason(error: ExtractionError, mime: string): FailureReason {
  if (error.reason) return error.reason;
  switch (error.code) {
    case 'UNSUPPORTED_TYPE':
      return FailureReasons.unsupportedType;
    case 'EMPTY':
      return FailureReasons.empty;
    case 'LIMIT_EXCEEDED':
      return mime === 'application/zip' ? FailureReasons.archiveLimits : FailureReasons.memoryBudget;
    case 'TYPE_MISMATCH':
      return mime === 'application/json' ? FailureReasons.jsonInvalid : FailureReasons.typeMismatch;
    case 'CORRUPT':
      if (mime.startsWith('image/')) return FailureReasons.imageUnreadable;
      if (mime.startsWith('audio/') || mime.startsWith('video/')) return FailureReasons.mediaUnreadable;
      return DAMAGED_BY_FAMILY[mime] ?? FailureReasons.parserFailed;
  }
}

export interface ExtractLimits {
  /** Entries in one archive (directories included), checked from the central directory before inflating. */
  maxZipEntries: number;
  /** Uncompressed bytes of all entries of an archive together, nested archives included. */
  maxZipTotalBytes: number;
  /**
   * Uncompressed/compressed size of any one entry (of 64 KiB or more), and uncompressed size of an archive with
   * every archive inside it over the archive's own size (counted as at least 64 KiB).
   */
  maxZipRatio: number;
  /** Pages of a PDF; a longer document fails with LIMIT_EXCEEDED rather than being cut short silently. */
  maxPages?: number;
  /** Decoded pixels of an image (checked from its header, before decoding): guards against decompression bombs. */
  maxImagePixels?: number;
  /** Characters of text one file may yield; beyond it the text is cut (metadata.truncated) rather than failing. */
  maxTextChars?: number;
}

export const DEFAULT_EXTRACT_LIMITS: Readonly<Required<ExtractLimits>> = Object.freeze({
  maxZipEntries: 1000,
  maxZipTotalBytes: 256 * 1024 * 1024,
  maxZipRatio: 100,
  maxPages: 2000,
  maxImagePixels: 100_000_000,
  maxTextChars: 5_000_000,
});

export function resolveLimits(limits?: Partial<ExtractLimits>): Required<ExtractLimits> {
  const merged = { ...DEFAULT_EXTRACT_LIMITS };
  for (const [key, value] of Object.entries(limits ?? {}) as [keyof ExtractLimits, number | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** A JavaScript error or V8 fatal message that says an allocation failed (a RangeError, or a parser's wrapping of one). */
export const OUT_OF_MEMORY_ERROR =
  /allocation failed|out of memory|invalid array length|invalid string length|invalid typed array length/i;

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Rethrows ExtractionErrors as they are and wraps anything else a parser threw as CORRUPT. */
export function asCorrupt(error: unknown, what: string): ExtractionError {
  if (error instanceof ExtractionError) return error;
  return new ExtractionError(`${what}: ${errorMessage(error)}`, 'CORRUPT');
}
