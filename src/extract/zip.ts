// Zip archives: every entry of an accepted type (by its extension, then checked by its bytes like an
// upload) is extracted with its format's extractor; its pages follow one another, each opening with a
// line naming the entry. Entries that cannot be read are listed in metadata.skipped; a limit breach
// anywhere fails the whole archive. An archive inside the archive is read (one level); deeper ones are skipped.
import { posix } from 'node:path';
import type { ExtractContext } from './context';
import { shiftedHeadings } from './headings';
import { MIME, checkFileType, mimeFromFilename } from './mime';
import { ExtractionError, type ExtractedDocument, type ExtractedPage } from './types';
import { ZipArchive, type ZipEntry } from './zipArchive';

export const MAX_ZIP_DEPTH = 1;

interface EntryReport {
  name: string;
  mime: string;
  firstPage: number;
  pages: number;
}

/** Operating-system litter that is never content. */
export const isJunk = (name: string) => name.startsWith('__MACOSX/') || posix.basename(name).startsWith('.');

/**
 * How a member of an archive is treated before it is read: undefined for a directory or operating-system
 * litter (ignored), a reason to list it as skipped, or the type its extension names.
 */
export function screenMember(entry: ZipEntry): { mime: string } | { skip: string } | undefined {
  if (entry.isDirectory || isJunk(entry.name)) return undefined;
  const mime = mimeFromFilename(entry.name);
  if (!mime) return { skip: 'unsupported type' };
  if (entry.encrypted) return { skip: 'encrypted' };
  if (entry.uncompressedSize === 0) return { skip: 'empty file' };
  return { mime };
}

/** A member's bytes, checked against the type its extension names (or why they do not match). */
export async function readMember(
  archive: ZipArchive,
  entry: ZipEntry,
  mime: string,
): Promise<{ data: Buffer; mime: string } | { skip: string }> {
  const data = await archive.read(entry);
  const check = checkFileType(data, mime, entry.name);
  if (!check.ok) return { skip: `content does not match its extension: ${check.reason}` };
  return { data, mime: check.mime };
}

/** A member that was not taken, and why. */
export interface SkippedMember {
  name: string;
  reason: string;
}

/** One screened member of a supported type, as `forEachMember` hands it over. */
export interface ScreenedMember {
  entry: ZipEntry;
  /** The type its extension names. */
  mime: string;
  /** Lists the member as skipped, with the reason. */
  skip: (reason: string) => void;
  /** Its bytes, checked against its type; undefined (and listed as skipped) when they do not match. */
  read: () => Promise<{ data: Buffer; mime: string } | undefined>;
}

/**
 * Visits the archive's members in order: directories and litter are ignored, members that cannot be taken
 * (unsupported, encrypted, empty) are listed in `skipped`, and each of the others goes to `visit`.
 */
export async function forEachMember(
  archive: ZipArchive,
  skipped: SkippedMember[],
  visit: (member: ScreenedMember) => Promise<void>,
): Promise<void> {
  for (const entry of archive.entries) {
    const screened = screenMember(entry);
    if (!screened) continue;
    const skip = (reason: string) => void skipped.push({ name: entry.name, reason });
    if ('skip' in screened) {
      skip(screened.skip);
      continue;
    }
    const read = async () => {
      const member = await readMember(archive, entry, screened.mime);
      if (!('skip' in member)) return member;
      skip(member.skip);
      return undefined;
    };
    await visit({ entry, mime: screened.mime, skip, read });
  }
}

export async function extractZip(bytes: Buffer, ctx: ExtractContext): Promise<ExtractedDocument> {
  const archive = await ZipArchive.open(bytes, ctx.limits, ctx.zipBudget);
  const pages: ExtractedPage[] = [];
  const entries: EntryReport[] = [];
  const skipped: SkippedMember[] = [];
  try {
    await forEachMember(archive, skipped, async ({ entry, mime, skip, read }) => {
      if (mime === MIME.zip && ctx.zipDepth >= MAX_ZIP_DEPTH) return skip('archive nested more than one level deep');
      if (ctx.textBudget.charsLeft <= 0) {
        ctx.textBudget.truncated = true;
        return skip('text limit reached');
      }
      const member = await read();
      if (!member) return;
      let doc: ExtractedDocument;
      try {
        doc = await ctx.extractEntry(member.data, member.mime, entry.name, { ...ctx, zipDepth: ctx.zipDepth + 1 });
      } catch (error) {
        if (!(error instanceof ExtractionError) || error.code === 'LIMIT_EXCEEDED') throw error;
        return skip(`${error.code}: ${error.message}`);
      }
      const withText = doc.pages.filter((p) => p.text.trim());
      if (withText.length === 0) return skip('no text');
      entries.push({ name: entry.name, mime: member.mime, firstPage: pages.length + 1, pages: withText.length });
      for (const page of withText) {
        const where = doc.pages.length > 1 ? ` (page ${page.pageNumber} of ${doc.pages.length})` : '';
        const heading = `File: ${entry.name}${where}\n\n`;
        pages.push({
          pageNumber: pages.length + 1,
          text: heading + page.text,
          ...shiftedHeadings(page.headings, heading.length, 'stays'),
        });
      }
    });
  } finally {
    archive.close();
  }
  return {
    pages,
    metadata: {
      pageCount: pages.length,
      entryCount: archive.entries.length,
      entries,
      skipped,
      ...(archive.comment ? { comment: archive.comment } : {}),
    },
  };
}
