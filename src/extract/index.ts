// The extraction entry point. createExtractor() builds the extractor the worker uses: a plain file (text,
// Markdown, CSV, JSON) within its bounds is extracted on the calling thread (plain.ts); every other file
// in a sandbox child process (reused for a bounded number of clean files) with a memory cap, a time budget
// and a text cap per file (sandbox.ts).
// createInProcessExtractor() runs the same code on the calling thread (the sandbox's child uses it; so do
// format tests).
import { DEFAULT_PLAIN_MAX_BYTES, PlainFormatExtractor } from './plain';
import { ExtractionSandbox, type Extractor, type SandboxOptions } from './sandbox';

export { ACCEPTED_MIME_TYPES, checkFileType, isAcceptedMime, mimeFromFilename, normalizeMime } from './mime';
export { DEFAULT_CHUNK_OPTIONS, chunkPages, type Chunk, type ChunkOptions } from './chunk';
export { createInProcessExtractor, type InProcessExtractor, type OcrOptions } from './extractor';
export {
  DEFAULT_SANDBOX_OPTIONS,
  type ExtractInput,
  type ExtractOptions,
  type ExtractionUsage,
  type Extractor,
  type SandboxOptions,
  type SandboxedDocument,
  type SandboxedExtractionError,
} from './sandbox';
export {
  DEFAULT_EXTRACT_LIMITS,
  ExtractionError,
  FailureReasons,
  failureReason,
  type ExtractionErrorCode,
  type ExtractLimits,
  type ExtractedDocument,
  type ExtractedPage,
  type FailureReason,
} from './types';

export { DEFAULT_PLAIN_MAX_BYTES, PLAIN_MIME_TYPES } from './plain';

export interface ExtractorOptions extends SandboxOptions {
  /** Largest text, Markdown, CSV or JSON file extracted without the sandbox; 0: every file in the sandbox. */
  plainMaxBytes?: number;
}

export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const { plainMaxBytes = DEFAULT_PLAIN_MAX_BYTES, ...sandbox } = options;
  return new PlainFormatExtractor(new ExtractionSandbox(sandbox), plainMaxBytes);
}
