// Zip archives: every entry of an accepted type (by its extension, then checked by its bytes like an
// upload) is extracted with its format's extractor; its pages follow one another, each opening with a
// line naming the entry. Entries that cannot be read are listed in metadata.skipped; a limit breach
// anywhere fails the whole archive. An archive inside the archive is read (one level); deeper ones are skipped.
import { posix } from 'node:path';
import type { ExtractContext } from './context';
import { MIME, checkFileType, mimeFromFilename } from './mime';
import { ExtractionError, type ExtractedDocument, type ExtractedPage } from './types';
import { ZipArchive } from './zipArchive';

export const MAX_ZIP_DEPTH = 1;

interface EntryReport {
  name: string;
  mime: string;
  firstPage: number;
  pages: number;
}

/** Operating-system litter that is never content. */
export const isJunk = (name: string) => name.startsWith('__MACOSX/') || posix.basename(name).startsWith('.');

export async function extractZip(bytes: Buffer, ctx: ExtractContext): Promise<ExtractedDocument> {
  const archive = await ZipArchive.open(bytes, ctx.limits, ctx.zipBudget);
  const pages: ExtractedPage[] = [];
  const entries: EntryReport[] = [];
  const skipped: { name: string; reason: string }[] = [];
  try {
    for (const entry of archive.entries) {
      if (entry.isDirectory || isJunk(entry.name)) continue;
      const skip = (reason: string) => skipped.push({ name: entry.name, reason });
      const mime = mimeFromFilename(entry.name);
      if (!mime) {
        skip('unsupported type');
        continue;
      }
      if (entry.encrypted) {
        skip('encrypted');
        continue;
      }
      if (mime === MIME.zip && ctx.zipDepth >= MAX_ZIP_DEPTH) {
        skip('archive nested more than one level deep');
        continue;
      }
      if (entry.uncompressedSize === 0) {
        skip('empty file');
        continue;
      }
      if (ctx.textBudget.charsLeft <= 0) {
        ctx.textBudget.truncated = true;
        skip('text limit reached');
        continue;
      }
      const data = await archive.read(entry);
      const check = checkFileType(data, mime, entry.name);
      if (!check.ok) {
        skip(`content does not match its extension: ${check.reason}`);
        continue;
      }
      let doc: ExtractedDocument;
      try {
        doc = await ctx.extractEntry(data, check.mime, entry.name, { ...ctx, zipDepth: ctx.zipDepth + 1 });
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
      entries.push({ name: entry.name, mime: check.mime, firstPage: pages.length + 1, pages: withText.length });
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
