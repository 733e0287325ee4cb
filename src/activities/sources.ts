// Activities that store the chunks of STRING and URL items; the shared indexing path (embedChunks,
// completeKnowledge) does the rest. A URL item's page is fetched through the guarded fetcher (src/web):
// HTML gives its main text, a file of an accepted type goes through the file extractors.
import { ApplicationFailure } from '@temporalio/activity';
import { shiftedHeadings } from '../extract/headings';
import { plainTextPage } from '../extract/text';
import {
  contentHash,
  dropUnchangedVersion,
  KnowledgeGoneError,
  prepareChunks,
  requireItem,
  requireVersion,
  storeFetchedChunks,
  storeItemChunks,
} from '../services/knowledge/ingestion';
import { fetchPolicy, fetchWebDocument, type WebDocument, type WebSettings } from '../web/document';
import { FetchError } from '../web/fetch';
import { IngestionFailureTypes, type IngestSourceInput, type IngestVersionInput } from '../workflows/contracts';
import { withHeartbeat } from './heartbeat';
import { classifyFailures, extractionFailure } from './failures';
import type { IngestionDeps } from './ingestion';
import type { OwnComponents } from '../web/ownComponents';

export interface SourceDeps extends IngestionDeps {
  web: WebSettings;
  ownComponents: OwnComponents;
}

/** The text pages of a fetched web document (an HTML page opens with its title). */
export async function webDocumentPages(
  deps: Pick<SourceDeps, 'extractor' | 'ingestion'>,
  doc: WebDocument,
  knowledgeId: string,
) {
  if (doc.kind === 'html') {
    const { title, text, headings } = doc.page;
    const body = [title, text].filter(Boolean).join('\n\n');
    const page = { pageNumber: 1, text: body, ...shiftedHeadings(headings, body.length - text.length) };
    return { pages: [page], title, excerpt: doc.page.excerpt, hashOf: body };
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
  const load = (input: IngestSourceInput | IngestVersionInput) =>
    requireItem({ db: db }, input.workspaceId, input.knowledgeId);

  return classifyFailures({
    async chunkStoredText(input: IngestSourceInput | IngestVersionInput): Promise<{ chunkCount: number }> {
      const item = await requireItem({ db: db }, input.workspaceId, input.knowledgeId);
      // A new version's text waits on the version until the switch makes it the item's content.
      const version = 'version' in input ? input.version : undefined;
      const text =
        version === undefined
          ? item.content
          : ((await requireVersion({ db: db }, input.workspaceId, input.knowledgeId, version)).text ?? '');
      const chunks = prepareChunks([plainTextPage(text)], deps.ingestion, 'The text is empty');
      await storeItemChunks({ db: db }, input.workspaceId, input.knowledgeId, chunks, {}, version);
      return { chunkCount: chunks.length };
    },

    async fetchAndStoreChunks(
      input: IngestSourceInput | IngestVersionInput,
    ): Promise<{ chunkCount: number; unchanged?: boolean }> {
      const item = await load(input);
      // A refetch (services/versions/versions.ts refetchUrl): the page read again as the item's next version.
      const version = 'version' in input ? input.version : undefined;
      if (version !== undefined) {
        try {
          await requireVersion({ db: db }, input.workspaceId, input.knowledgeId, version);
        } catch (err) {
          // The item stays but its version is gone: an earlier attempt found the page unchanged and dropped it.
          if (err instanceof KnowledgeGoneError) return { chunkCount: 0, unchanged: true };
          throw err;
        }
      }
      let doc: WebDocument;
      try {
        doc = await withHeartbeat('fetching', () =>
          fetchWebDocument(item.content, deps.web, fetchPolicy(deps.web, deps.ownComponents)),
        );
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
      if (
        version !== undefined &&
        (await dropUnchangedVersion({ db: db }, input.workspaceId, input.knowledgeId, version, contentHash(hashOf)))
      ) {
        return { chunkCount: 0, unchanged: true };
      }
      const chunks = prepareChunks(pages, deps.ingestion, `No text could be extracted from ${item.content}`);
      const contentType = doc.kind === 'html' ? 'text/html' : doc.mime;
      const fetched = { finalUrl: doc.url.toString(), contentType, hashOf, title, excerpt };
      await storeFetchedChunks({ db: db }, item, fetched, chunks, version);
      return { chunkCount: chunks.length };
    },
  });
}
