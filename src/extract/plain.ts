// Plain formats without the sandbox. Text, Markdown, CSV and JSON are parsed by plain JavaScript (V8's
// TextDecoder and JSON.parse, linear regular expressions, csv-parse's state machine), in time and memory
// linear in the file; a file of one of them up to `maxBytes` is extracted on this thread by the same code
// the sandbox's child runs, with the same limits, so it yields the same pages or the same failure
// (README, "Threat model"). Everything else, and any plain file outside these bounds, goes to the sandbox:
//   - larger than maxBytes;
//   - JSON nested deeper than MAX_JSON_DEPTH;
//   - JSON whose flattened text would pass OUTPUT_FACTOR x maxBytes characters (paths repeated per leaf);
//   - anything the parsers throw other than an ExtractionError (an allocation failure, a bug): the
//     sandbox runs the file again and classifies what happens as it would have.
import { open } from 'node:fs/promises';
import { DEFAULT_PLAIN_MAX_BYTES } from '../config';
import { isTooDeep } from '../jsonDepth';
import { createInProcessExtractor } from './extractor';
import { MIME, normalizeMime } from './mime';
import type { ExtractInput, ExtractOptions, Extractor, SandboxedDocument, SandboxedExtractionError } from './sandbox';
import { decodeText } from './textDecoding';
import { ExtractionError, type ExtractLimits, OUT_OF_MEMORY_ERROR } from './types';

/** The formats that may be extracted without the sandbox. */
export const PLAIN_MIME_TYPES: ReadonlySet<string> = new Set([MIME.text, MIME.markdown, MIME.csv, MIME.json]);

/** Largest plain file extracted without the sandbox unless configured (`EXTRACT_PLAIN_MAX_BYTES`, src/config.ts). */
export { DEFAULT_PLAIN_MAX_BYTES };

/** The most characters of text a plain file under maxBytes may become without the sandbox, per byte. */
const OUTPUT_FACTOR = 4;

export class PlainFormatExtractor implements Extractor {
  private readonly inProcess;
  private closed = false;

  /** `maxBytes` 0 sends every file to the sandbox. */
  constructor(
    private readonly sandbox: Extractor,
    private readonly maxBytes = DEFAULT_PLAIN_MAX_BYTES,
  ) {
    this.inProcess = createInProcessExtractor({ maxOutputChars: OUTPUT_FACTOR * maxBytes });
  }

  async extract(
    input: ExtractInput,
    mime: string,
    filename: string,
    limits?: Partial<ExtractLimits>,
    options: ExtractOptions = {},
  ): Promise<SandboxedDocument> {
    if (this.closed) throw new Error('extractor is closed');
    if (this.maxBytes <= 0 || !PLAIN_MIME_TYPES.has(normalizeMime(mime))) {
      return this.sandbox.extract(input, mime, filename, limits, options);
    }
    const started = Date.now();
    const bytes = Buffer.isBuffer(input)
      ? withinSize(input, this.maxBytes)
      : await readWithin(input.path, this.maxBytes);
    options.signal?.throwIfAborted();
    if (!bytes || !withinNesting(bytes, mime)) return this.sandbox.extract(input, mime, filename, limits, options);
    const usage = () => ({ ms: Date.now() - started, peakRssMb: 0, inProcess: true });
    try {
      const doc = await this.inProcess.extract(bytes, mime, filename, limits);
      options.signal?.throwIfAborted();
      return { ...doc, usage: usage() };
    } catch (error) {
      // The child reports an ExtractionError whose message names a failed allocation as out of memory.
      if (error instanceof ExtractionError && !OUT_OF_MEMORY_ERROR.test(error.message)) {
        (error as SandboxedExtractionError).usage = usage();
        throw error;
      }
      if (options.signal?.aborted) throw error;
      // Outside the bounds, or not expected from these parsers within them: the sandbox decides.
      return this.sandbox.extract(input, mime, filename, limits, options);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.inProcess.close();
    await this.sandbox.close();
  }
}

const withinSize = (bytes: Buffer, maxBytes: number) => (bytes.length <= maxBytes ? bytes : undefined);

/** The file's bytes if it holds at most maxBytes (checked before reading, and again after). */
async function readWithin(path: string, maxBytes: number): Promise<Buffer | undefined> {
  const file = await open(path, 'r');
  try {
    if ((await file.stat()).size > maxBytes) return undefined;
    const bytes = await file.readFile();
    return bytes.length <= maxBytes ? bytes : undefined;
  } finally {
    await file.close();
  }
}

/** JSON nests at most MAX_JSON_DEPTH levels (text that is not text fails the same way on either side). */
function withinNesting(bytes: Buffer, mime: string): boolean {
  if (normalizeMime(mime) !== MIME.json) return true;
  const decoded = decodeText(bytes);
  return !decoded || !isTooDeep(decoded.text);
}
