// A zip archive read through yauzl with the zip-bomb guards applied before anything is inflated: the
// entry count, the declared uncompressed total and every entry's compression ratio come from the
// central directory; while inflating, yauzl fails an entry the moment it yields more bytes than its
// header declared, so a lying header cannot get past the totals either.
import yauzl from 'yauzl';
import { ExtractionError, FailureReasons, type ExtractLimits, errorMessage } from './types';

/** Entries smaller than this may have any ratio: they cannot do harm and tiny files compress oddly. */
const RATIO_EXEMPT_BYTES = 64 * 1024;

export interface ZipEntry {
  name: string;
  isDirectory: boolean;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  raw: yauzl.Entry;
}

/** Uncompressed bytes an extraction may still inflate, shared by an archive and the archives inside it. */
export interface ZipBudget {
  bytesLeft: number;
  /**
   * The outermost archive's own size, set when it is opened: the archive and every archive inside it together may
   * inflate to at most maxZipRatio times it (counting it as at least RATIO_EXEMPT_BYTES). Without it, entries
   * under RATIO_EXEMPT_BYTES (which may have any ratio) and an archive nested in another (each level's ratio
   * multiplies) would let a few kilobytes inflate to the whole maxZipTotalBytes.
   */
  root?: { bytes: number; allowed: number; inflated: number };
}

export const newZipBudget = (limits: ExtractLimits): ZipBudget => ({ bytesLeft: limits.maxZipTotalBytes });

const corrupt = (error: unknown) =>
  error instanceof ExtractionError
    ? error
    : new ExtractionError(`invalid zip archive: ${errorMessage(error)}`, 'CORRUPT');

export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: readonly ZipEntry[],
    readonly comment: string,
  ) {}

  /** Reads the central directory and enforces the limits; charges the declared total to the budget. */
  static async open(bytes: Buffer, limits: ExtractLimits, budget: ZipBudget): Promise<ZipArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
        err || !z ? reject(corrupt(err ?? new Error('no archive'))) : resolve(z),
      ),
    );
    try {
      if (zip.entryCount > limits.maxZipEntries) {
        throw new ExtractionError(
          `zip archive has ${zip.entryCount} entries, more than the limit of ${limits.maxZipEntries}`,
          'LIMIT_EXCEEDED',
          FailureReasons.archiveLimits,
        );
      }
      const entries = await readCentralDirectory(zip, limits);
      const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
      if (declared > budget.bytesLeft) {
        throw new ExtractionError(
          `zip archive would inflate to ${declared} bytes, more than the ${budget.bytesLeft} bytes left of the ${limits.maxZipTotalBytes}-byte limit`,
          'LIMIT_EXCEEDED',
          FailureReasons.archiveLimits,
        );
      }
      // A nested archive's own bytes were counted as its parent's entry: what it adds is its content beyond them.
      const adds = budget.root ? Math.max(0, declared - bytes.length) : declared;
      const root = (budget.root ??= {
        bytes: bytes.length,
        allowed: Math.max(bytes.length, RATIO_EXEMPT_BYTES) * limits.maxZipRatio,
        inflated: 0,
      });
      if (root.inflated + adds > root.allowed) {
        const counted = root.bytes < RATIO_EXEMPT_BYTES ? ` (counted as ${RATIO_EXEMPT_BYTES})` : '';
        throw new ExtractionError(
          `zip archive would inflate to ${root.inflated + adds} bytes in all, more than ${limits.maxZipRatio} times the archive's own ${root.bytes} bytes${counted}`,
          'LIMIT_EXCEEDED',
          FailureReasons.archiveLimits,
        );
      }
      budget.bytesLeft -= declared;
      root.inflated += adds;
      return new ZipArchive(zip, entries, zip.comment);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The entry's bytes; never more than its declared size (a larger stream fails as CORRUPT). */
  async read(entry: ZipEntry): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await this.pump(entry, (chunk) => chunks.push(chunk));
    return Buffer.concat(chunks);
  }

  /** Inflates the entry and throws the bytes away: proves its declared size true without keeping it. */
  async verify(entry: ZipEntry): Promise<void> {
    await this.pump(entry, () => undefined);
  }

  close(): void {
    this.zip.close();
  }

  private pump(entry: ZipEntry, onChunk: (chunk: Buffer) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(entry.raw, (err, stream) => {
        if (err || !stream) return reject(corrupt(err ?? new Error('no stream')));
        stream.on('data', onChunk);
        stream.on('error', (e) => {
          stream.destroy();
          reject(corrupt(new Error(`entry ${entry.name}: ${errorMessage(e)}`)));
        });
        stream.on('end', () => resolve());
      });
    });
  }
}

function readCentralDirectory(zip: yauzl.ZipFile, limits: ExtractLimits): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    zip.on('error', (e) => reject(corrupt(e)));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (raw: yauzl.Entry) => {
      const entry: ZipEntry = {
        name: raw.fileName,
        isDirectory: raw.fileName.endsWith('/'),
        encrypted: raw.isEncrypted(),
        compressedSize: raw.compressedSize,
        uncompressedSize: raw.uncompressedSize,
        raw,
      };
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize >= RATIO_EXEMPT_BYTES && ratio > limits.maxZipRatio) {
        return reject(
          new ExtractionError(
            `zip entry ${entry.name} has compression ratio ${Math.round(ratio)}, more than the limit of ${limits.maxZipRatio}`,
            'LIMIT_EXCEEDED',
            FailureReasons.archiveLimits,
          ),
        );
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * Applies the archive limits to an Office Open XML container (.docx, .xlsx) before a library that
 * inflates whole parts in memory gets it: directory checks, then every part inflated once and discarded.
 * The parts are charged to `budget`: inside an archive that is the archive's own, so a zip of Office
 * bombs cannot inflate more than one archive may in total.
 */
export async function verifyZipContainer(bytes: Buffer, limits: ExtractLimits, budget: ZipBudget): Promise<void> {
  const archive = await ZipArchive.open(bytes, limits, budget);
  try {
    for (const entry of archive.entries) {
      if (!entry.isDirectory) await archive.verify(entry);
    }
  } finally {
    archive.close();
  }
}
