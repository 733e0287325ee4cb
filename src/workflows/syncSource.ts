// Syncs one source (services/syncSources.ts starts it for "sync now"; the source's Temporal schedule starts
// it on its interval): lists the source and compares each document's fingerprint with the one last indexed,
// fetches only the new and changed ones (a new document becomes a child item of the source's root through
// the file ingestion workflow; a changed one the item's next version through the versions path), removes the
// items of the documents no longer listed, and records the counts. Nothing is deleted when the listing or a
// fetch fails, nor, without confirmDeletes, when the sync would delete more than the source's share.
import {
  ActivityFailure,
  ApplicationFailure,
  ChildWorkflowFailure,
  executeChild,
  proxyActivities,
  setCurrentDetails,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from './activityContract';
import {
  IngestionFailureTypes,
  jobSearchAttributes,
  type SourceDocumentOutcome,
  type SourceDocumentResult,
  type SyncSourceInput,
  type SyncSourceResult,
} from './contracts';
import { ingestFileWorkflow } from './ingestFile';
import { ingestVersionWorkflow } from './ingestVersion';
import { startPurge } from './purgeStoredFiles';

const steps = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 8,
    nonRetryableErrorTypes: [IngestionFailureTypes.knowledgeGone],
  },
});

/** Documents fetched per step (and indexed side by side). */
const FETCH_BATCH = 10;
const REMOVE_BATCH = 200;

export async function syncSourceWorkflow(input: SyncSourceInput): Promise<SyncSourceResult> {
  const { workspaceId, sourceId } = input;
  const jobId = workflowInfo().workflowId;
  const begun = await steps.beginSourceSync({
    workspaceId,
    sourceId,
    jobId,
    ...(input.syncId ? { syncId: input.syncId } : {}),
    ...(input.confirmDeletes ? { confirmDeletes: true } : {}),
  });
  const { syncId } = begun;
  if (begun.state === 'gone') return { syncId, status: 'SOURCE_DELETED' };
  if (begun.state === 'skipped') return { syncId, status: 'SKIPPED' };
  const ids = { workspaceId, sourceId, syncId };
  const fail = async (error: string): Promise<SyncSourceResult> => {
    await steps.finishSourceSync({ ...ids, status: 'FAILED', error });
    return { syncId, status: 'FAILED', error };
  };

  try {
    return await runSync(input, ids, begun, fail);
  } catch (err) {
    // A step that failed past its retries (not the source: its refusals are answered as reasons).
    if (!(err instanceof ActivityFailure)) throw err;
    return fail('The sync failed on an internal error; nothing more was changed');
  }
}

async function runSync(
  input: SyncSourceInput,
  ids: { workspaceId: string; sourceId: string; syncId: string },
  begun: { rootId: string; maxDeleteShare: number },
  fail: (error: string) => Promise<SyncSourceResult>,
): Promise<SyncSourceResult> {
  const { workspaceId, syncId } = ids;
  setCurrentDetails('Listing the source');
  const listed = await steps.listSourceDocuments(ids);
  if (listed.error) return fail(listed.error);
  if (!input.confirmDeletes && listed.vanished > 0 && listed.vanished > listed.indexed * begun.maxDeleteShare) {
    const error =
      `This sync would delete ${listed.vanished} of the source's ${listed.indexed} items, more than ` +
      `${Math.round(begun.maxDeleteShare * 100)}%: nothing was changed. Sync again with ?confirmDeletes=true to delete them.`;
    await steps.finishSourceSync({ ...ids, status: 'NEEDS_CONFIRMATION', error });
    return { syncId, status: 'NEEDS_CONFIRMATION', error };
  }

  let done = 0;
  for (;;) {
    setCurrentDetails(`Indexing new and changed documents: ${done} done`);
    const batch = await steps.fetchSourceDocuments({ ...ids, limit: FETCH_BATCH });
    if (batch.error) return fail(batch.error);
    if (batch.outcomes.length === 0) break;
    const results = await Promise.all(batch.outcomes.map((o) => index(workspaceId, begun.rootId, o)));
    await steps.completeSourceDocuments({ ...ids, results });
    done += results.length;
  }

  setCurrentDetails('Removing what the source no longer holds');
  for (let n = 1; ; n++) {
    const purgeId = `purge-files:${workspaceId}:${syncId}:${n}`;
    const out = await steps.removeVanishedDocuments({ ...ids, limit: REMOVE_BATCH, purgeId });
    await startPurge(workspaceId, purgeId, out.storageKeys, input.purgeDelay, undefined, true);
    if (!out.more) break;
  }
  await steps.finishSourceSync({ ...ids, status: 'COMPLETED' });
  setCurrentDetails('Completed');
  return { syncId, status: 'COMPLETED' };
}

/** Indexes one new or changed document; its failure is the document's, not the sync's. */
async function index(workspaceId: string, rootId: string, o: SourceDocumentOutcome): Promise<SourceDocumentResult> {
  if (o.kind === 'failed') return { key: o.key, ok: false, chunks: 0, reason: o.reason };
  try {
    if (o.kind === 'new') {
      const out = await executeChild(ingestFileWorkflow, {
        workflowId: `ingest:${workspaceId}:${o.uploadId}`,
        memo: { workspaceId },
        typedSearchAttributes: jobSearchAttributes({ workspaceId, jobKind: 'ingest', knowledgeId: o.knowledgeId }),
        args: [
          {
            workspaceId,
            organizationId: o.organizationId,
            uploadId: o.uploadId,
            parentId: rootId,
            ...(o.inline ? { inline: true } : {}),
          },
        ],
      });
      return { key: o.key, ok: true, chunks: out.chunkCount };
    }
    const out = await executeChild(ingestVersionWorkflow, {
      workflowId: `ingest-version:${workspaceId}:${o.knowledgeId}:${o.version}`,
      memo: { workspaceId },
      typedSearchAttributes: jobSearchAttributes({
        workspaceId,
        jobKind: 'ingest-version',
        knowledgeId: o.knowledgeId,
      }),
      args: [
        {
          workspaceId,
          organizationId: o.organizationId,
          knowledgeId: o.knowledgeId,
          version: o.version,
          source: 'file',
          ...(o.inline ? { inline: true } : {}),
        },
      ],
    });
    return { key: o.key, ok: true, chunks: out.chunkCount };
  } catch (err) {
    if (err instanceof ChildWorkflowFailure) {
      const cause = err.cause instanceof ApplicationFailure ? err.cause.message : 'The document could not be indexed';
      return { key: o.key, ok: false, chunks: 0, reason: cause };
    }
    throw err;
  }
}
