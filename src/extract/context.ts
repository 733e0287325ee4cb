// What every format extractor receives besides the bytes: the limits in force, the shared OCR engine,
// and (for archives) the way back into the dispatcher with the nesting depth and the shared budget.
import type { OcrEngine } from './ocr';
import type { ExtractLimits, ExtractedDocument } from './types';
import type { ZipBudget } from './zipArchive';

export interface ExtractContext {
  limits: Required<ExtractLimits>;
  ocr: OcrEngine;
  /** 0 for an uploaded file, 1 inside an archive, 2 inside an archive inside an archive. */
  zipDepth: number;
  zipBudget: ZipBudget;
  /** Extracts an archive entry whose type has already been checked. */
  extractEntry(bytes: Buffer, mime: string, filename: string, ctx: ExtractContext): Promise<ExtractedDocument>;
}
