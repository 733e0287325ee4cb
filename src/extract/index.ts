// The extraction entry point. createExtractor() builds the sandboxed extractor the worker uses: every
// file is extracted in a child process of its own with a memory cap, a time budget and a text cap
// (sandbox.ts). createInProcessExtractor() runs the same code on the calling thread (the sandbox's child
// uses it; so do format tests).
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

export function createExtractor(options: SandboxOptions = {}): Extractor {
  return new ExtractionSandbox(options);
}
