// What every format extractor receives besides the bytes: the limits in force, the shared OCR engine,
// and (for archives) the way back into the dispatcher with the nesting depth and the shared budget.
import type { OcrEngine } from './ocr';
import type { ExtractLimits, ExtractedDocument } from './types';
import type { ZipBudget } from './zipArchive';

export interface TextBudget {
  charsLeft: number;
  /** Set once text had to be cut or left unread. */
  truncated: boolean;
}

/**
 * Charges the pages to the budget, cutting the page that crosses it and dropping the ones after it.
 * Extractors that read page by page (PDF, archives) check charsLeft to stop reading early.
 */
export function chargeText<P extends { text: string }>(pages: P[], budget: TextBudget): P[] {
  const kept: P[] = [];
  for (const page of pages) {
    if (budget.charsLeft <= 0) {
      if (page.text) budget.truncated = true;
      continue;
    }
    if (page.text.length > budget.charsLeft) {
      kept.push({ ...page, text: page.text.slice(0, budget.charsLeft) });
      budget.charsLeft = 0;
      budget.truncated = true;
    } else {
      kept.push(page);
      budget.charsLeft -= page.text.length;
    }
  }
  return kept;
}

export interface ExtractContext {
  limits: Required<ExtractLimits>;
  ocr: OcrEngine;
  /** 0 for an uploaded file, 1 inside an archive, 2 inside an archive inside an archive. */
  zipDepth: number;
  zipBudget: ZipBudget;
  /** Characters of text the file may still yield (maxTextChars, shared with the entries of an archive). */
  textBudget: TextBudget;
  /**
   * Characters a format whose output can outgrow its input (JSON: every leaf repeats its path) may produce
   * before it stops with OutsideInProcessBounds. Set only when extracting without the sandbox (plain.ts);
   * the sandbox's child has its memory cap instead.
   */
  maxOutputChars?: number;
  /** Extracts an archive entry whose type has already been checked. */
  extractEntry(bytes: Buffer, mime: string, filename: string, ctx: ExtractContext): Promise<ExtractedDocument>;
}

/**
 * Not a verdict on the file: it is outside what may be parsed without the sandbox (plain.ts), which
 * extracts it instead.
 */
export class OutsideInProcessBounds extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutsideInProcessBounds';
  }
}
