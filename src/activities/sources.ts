// Activities that store the chunks of STRING and URL items; the shared indexing path (embedChunks,
// completeKnowledge) does the rest. A URL item's page is fetched through the guarded fetcher (src/web):
// HTML gives its main text, a file of an accepted type goes through the file extractors.
import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import * as knowledge from '../db/repositories/knowledge';
import type { KnowledgeRow } from '../db/rows';
import type { ExtractedPage } from '../extract/types';
import { normalizeNewlines } from '../extract/textDecoding';
import { fetchWebDocument, type WebDocument, type WebSettings } from '../web/document';
import { FetchError } from '../web/fetch';
import { IngestionFailureTypes, type IngestSourceInput } from '../workflows/contracts';
import { withHeartbeat } from './heartbeat';
import { extractionFailure, gone, prepareChunks, storeItemChunks, type IngestionDeps } from './ingestion';

export interface SourceDeps extends IngestionDeps {
  web: WebSettings;
}

/** What the service records about a fetched page (kept in metadata.extraction, which the API does not show). */
export interface WebExtraction {
  source: 'web';
  /** The title was not given: the page's own title replaces it. */
  autoTitle?: boolean;
  finalUrl?: string;
  contentType?: string;
  contentHash?: string;
  fetchedAt?: string;
}

export const contentHash = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The text pages of a fetched web document (an HTML page opens with its title). */
export async function webDocumentPages(
  deps: Pick<SourceDeps, 'extractor' | 'ingestion'>,
  doc: WebDocument,
  knowledgeId: string,
) {
  if (doc.kind === 'html') {
    const body = [doc.page.title, doc.page.text].filter(Boolean).join('\n\n');
    return { pages: [{ pageNumber: 1, text: body }], title: doc.page.title, excerpt: doc.page.excerpt, hashOf: body };
  }
  try {
    const extracted = await withHeartbeat('extracting', (signal) =>
      deps.extractor.extract(doc.bytes, doc.mime, doc.filename, deps.ingestion.limits, { signal }),
    );
    return { pages: extracted.pages, title: doc.filename, excerpt: undefined, hashOf: doc.bytes };
  } catch (err) {
    return extractionFailure(err, doc.mime, knowledgeId);
  }
}

export function createSourceActivities(deps: SourceDeps) {
  const { db } = deps;
  const load = async (input: IngestSourceInput): Promise<KnowledgeRow> => {
    const row = await knowledge.findKnowledge(db, input.workspaceId, input.knowledgeId);
    if (!row) throw gone();
    return row;
  };

  return {
    async chunkStoredText(input: IngestSourceInput): Promise<{ chunkCount: number }> {
      const item = await load(input);
      const pages: ExtractedPage[] = [{ pageNumber: 1, text: normalizeNewlines(item.content).trim() }];
      const chunks = prepareChunks(pages, deps.ingestion, 'The text is empty');
      await storeItemChunks(db, input.workspaceId, input.knowledgeId, chunks, {});
      return { chunkCount: chunks.length };
    },

    async fetchAndStoreChunks(input: IngestSourceInput): Promise<{ chunkCount: number }> {
      const item = await load(input);
      let doc: WebDocument;
      try {
        doc = await withHeartbeat('fetching', () => fetchWebDocument(item.content, deps.web));
      } catch (err) {
        if (err instanceof FetchError) {
          throw ApplicationFailure.nonRetryable(
            `Could not fetch ${item.content}: ${err.message}`,
            IngestionFailureTypes.extraction,
            { code: err.code },
          );
        }
        throw err;
      }
      const { pages, title, excerpt, hashOf } = await webDocumentPages(deps, doc, input.knowledgeId);
      const chunks = prepareChunks(pages, deps.ingestion, `No text could be extracted from ${item.content}`);
      const previous = (item.metadata.extraction ?? { source: 'web' }) as WebExtraction;
      const extraction: WebExtraction = {
        ...previous,
        finalUrl: doc.url.toString(),
        contentType: doc.kind === 'html' ? 'text/html' : doc.mime,
        contentHash: contentHash(hashOf),
        fetchedAt: new Date().toISOString(),
      };
      const metadata: Record<string, unknown> = { ...item.metadata, extraction };
      if (excerpt && metadata.description === undefined) metadata.description = excerpt.slice(0, 1000);
      await storeItemChunks(db, input.workspaceId, input.knowledgeId, chunks, {
        metadata,
        ...(previous.autoTitle && title ? { title: title.slice(0, 1000) } : {}),
      });
      return { chunkCount: chunks.length };
    },
  };
}
