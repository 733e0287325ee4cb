// Zip archives: every entry of an accepted type (by its extension, then checked by its bytes like an
// upload) is extracted with its format's extractor; its pages follow one another, each opening with a
// line naming the entry. Entries that cannot be read are listed in metadata.skipped; a limit breach
// anywhere fails the whole archive. An archive inside the archive is read (one level); deeper ones are skipped.
import { posix } from 'node:path';
import type { ExtractContext } from './context';
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

export async function extractZip(bytes: Buffer, ctx: ExtractContext): Promise<ExtractedDocument> {
  const archive = await ZipArchive.open(bytes, ctx.limits, ctx.zipBudget);
  const pages: ExtractedPage[] = [];
  const entries: EntryReport[] = [];
  const skipped: { name: string; reason: string }[] = [];
  try {
    for (const entry of archive.entries) {
      const screened = screenMember(entry);
      if (!screened) continue;
      const skip = (reason: string) => skipped.push({ name: entry.name, reason });
      if ('skip' in screened) {
        skip(screened.skip);
        continue;
      }
      if (screened.mime === MIME.zip && ctx.zipDepth >= MAX_ZIP_DEPTH) {
        skip('archive nested more than one level deep');
        continue;
      }
      if (ctx.textBudget.charsLeft <= 0) {
        ctx.textBudget.truncated = true;
        skip('text limit reached');
        continue;
      }
      const member = await readMember(archive, entry, screened.mime);
      if ('skip' in member) {
        skip(member.skip);
        continue;
      }
      const { data } = member;
      let doc: ExtractedDocument;
      try {
        doc = await ctx.extractEntry(data, member.mime, entry.name, { ...ctx, zipDepth: ctx.zipDepth + 1 });
      } catch (error) {
        if (!(error instanceof ExtractionError) || error.code === 'LIMIT_EXCEEDED') throw error;
        skip(`${error.code}: ${error.message}`);
        continue;
      }
      const withText = doc.pages.filter((p) => p.text.trim());
      if (withText.length === 0) {
        skip('no text');
        continue;
      }
      entries.push({ name: entry.name, mime: member.mime, firstPage: pages.length + 1, pages: withText.length });
      for (const page of withText) {
        const where = doc.pages.length > 1 ? ` (page ${page.pageNumber} of ${doc.pages.length})` : '';
        pages.push({ pageNumber: pages.length + 1, text: `File: ${entry.name}${where}\n\n${page.text}` });
      }
    }
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
