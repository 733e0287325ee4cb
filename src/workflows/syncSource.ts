// Syncs one source (services/sources/syncSources.ts starts it for "sync now"; the source's Temporal schedule starts
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
  makeContinueAsNewFunc,
  patched,
  proxyActivities,
  setCurrentDetails,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from './activityContract';
import {
  IngestionFailureTypes,
  SYNC_FAILED,
  jobSearchAttributes,
  type SourceDocumentOutcome,
  type SourceDocumentResult,
  type SyncSourceInput,
  type SyncSourceResult,
  type SyncSourceResume,
} from './contracts';
import { WorkflowIds } from './ids';
import { indexItem } from './indexing';
import { ingestFileWorkflow } from './ingestFile';
import { ingestVersionWorkflow } from './ingestVersion';
import { startPurge } from './purgeStoredFiles';
import { sendRolesChanged } from './sourceRules';

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
/** Runs started before a sync could continue as new replay without it. */
export const SYNC_CONTINUE_AS_NEW = 'sync-continue-as-new';
/** Runs started before a gone source's schedule was dropped replay without it. */
const DROP_ORPHAN_SCHEDULE = 'drop-orphan-schedule';
/** Runs started before sources had rules replay without their steps (reassigning, knowledge.roles_changed). */
export const SYNC_SOURCE_RULES = 'sync-source-rules';
const REASSIGN_BATCH = 200;

type SyncIdsOf = { workspaceId: string; sourceId: string; syncId: string };

/** Runs started before a failed sync failed its job replay without it (they completed with the FAILED result). */
export const SYNC_FAILS_JOB = 'sync-fails-job';

/**
 * A sync that failed (the listing, a fetch, or a step past its retries) fails its job too, with the sync's reason:
 * background-jobs and the Temporal Web UI read FAILED, as the source's syncs do, after the failure is recorded.
 */
export async function syncSourceWorkflow(input: SyncSourceInput): Promise<SyncSourceResult> {
  const result = await syncOnce(input);
  if (result.status === 'FAILED' && patched(SYNC_FAILS_JOB)) {
    throw ApplicationFailure.create({
      type: SYNC_FAILED,
      message: result.error ?? 'The sync failed',
      nonRetryable: true,
      details: [result],
    });
  }
  return result;
}

/** One sync, its result whatever it is (before SYNC_FAILS_JOB, the whole workflow; the replay test runs it as such). */
export async function syncOnce(input: SyncSourceInput): Promise<SyncSourceResult> {
  const { workspaceId, sourceId } = input;
  const jobId = workflowInfo().workflowId;
  let resume = input.resume;
  let maxDeleteShare = 0;
  if (!resume) {
    const begun = await steps.beginSourceSync({
      workspaceId,
      sourceId,
      jobId,
      ...(input.syncId ? { syncId: input.syncId } : {}),
      ...(input.confirmDeletes ? { confirmDeletes: true } : {}),
    });
    if (begun.state === 'gone') {
      // Started by the schedule of a source deleted with its root item: the schedule goes too.
      if (!input.syncId && patched(DROP_ORPHAN_SCHEDULE)) await steps.dropOrphanSchedule({ workspaceId, sourceId });
      return { syncId: begun.syncId, status: 'SOURCE_DELETED' };
    }
    if (begun.state === 'skipped') return { syncId: begun.syncId, status: 'SKIPPED' };
    resume = { syncId: begun.syncId, rootId: begun.rootId, phase: 'fetch', done: 0, removeSteps: 0 };
    maxDeleteShare = begun.maxDeleteShare;
  }
  const { syncId } = resume;
  const ids = { workspaceId, sourceId, syncId };
  const fail = async (error: string): Promise<SyncSourceResult> => {
    await steps.finishSourceSync({ ...ids, status: 'FAILED', error });
    return { syncId, status: 'FAILED', error };
  };

  try {
    if (!input.resume) {
      const stopped = await listAndGuard(input, ids, maxDeleteShare, fail);
      if (stopped) return stopped;
      if (patched(SYNC_SOURCE_RULES)) await reassign(ids);
    }
    return await runSync(input, ids, resume, fail);
  } catch (err) {
    // A step that failed past its retries (not the source: its refusals are answered as reasons).
    if (!(err instanceof ActivityFailure)) throw err;
    return fail('The sync failed on an internal error; nothing more was changed');
  }
}

/** Lists the source; a result when the sync ends there (the listing failed, or the deletion guard stops it). */
async function listAndGuard(
  input: SyncSourceInput,
  ids: SyncIdsOf,
  maxDeleteShare: number,
  fail: (error: string) => Promise<SyncSourceResult>,
): Promise<SyncSourceResult | undefined> {
  setCurrentDetails('Listing the source');
  const listed = await steps.listSourceDocuments(ids);
  if (listed.error) return fail(listed.error);
  if (!input.confirmDeletes && listed.vanished > 0 && listed.vanished > listed.indexed * maxDeleteShare) {
    const error =
      `This sync would delete ${listed.vanished} of the source's ${listed.indexed} items, more than ` +
      `${Math.round(maxDeleteShare * 100)}%: nothing was changed. Sync again with ?confirmDeletes=true to delete them.`;
    await steps.finishSourceSync({ ...ids, status: 'NEEDS_CONFIRMATION', error });
    return { syncId: ids.syncId, status: 'NEEDS_CONFIRMATION', error };
  }
  return undefined;
}

/**
 * The source's rules reach the documents this sync found unchanged whose facts moved (an object's tags, a file's
 * owners) or that an older version of the rules gave roles to; new, changed and moved documents get them with
 * their version, item or move.
 */
async function reassign(ids: SyncIdsOf): Promise<void> {
  setCurrentDetails('Applying the rules to unchanged documents');
  for (let afterId: string | undefined; ;) {
    const out = await steps.reassignSourceDocuments({ ...ids, limit: REASSIGN_BATCH, ...(afterId ? { afterId } : {}) });
    if (!out.more) return;
    afterId = out.lastId;
  }
}

/**
 * Fetches and indexes, then removes, in steps; a long sync continues as new between steps (same workflow id,
 * memo and search attributes) carrying where it is, and only the last run finishes the sync.
 */
async function runSync(
  input: SyncSourceInput,
  ids: SyncIdsOf,
  from: SyncSourceResume,
  fail: (error: string) => Promise<SyncSourceResult>,
): Promise<SyncSourceResult> {
  const { workspaceId, syncId } = ids;
  const at = { ...from };
  const mayContinue = patched(SYNC_CONTINUE_AS_NEW);
  let stepsThisRun = 0;
  const continueNow = () =>
    mayContinue && (++stepsThisRun >= (input.batchesPerRun ?? Infinity) || workflowInfo().continueAsNewSuggested);
  const continueFrom = () => {
    const info = workflowInfo();
    return makeContinueAsNewFunc<typeof syncSourceWorkflow>({
      memo: info.memo,
      typedSearchAttributes: info.typedSearchAttributes,
    })({ ...input, resume: { ...at } });
  };

  if (at.phase === 'fetch') {
    for (;;) {
      setCurrentDetails(`Indexing new and changed documents: ${at.done} done`);
      const batch = await steps.fetchSourceDocuments({ ...ids, limit: input.batchSize ?? FETCH_BATCH });
      if (batch.error) return fail(batch.error);
      if (batch.outcomes.length === 0) break;
      const results = await Promise.all(batch.outcomes.map((o) => index(workspaceId, at.rootId, o)));
      await steps.completeSourceDocuments({ ...ids, results });
      at.done += results.length;
      if (continueNow()) return continueFrom();
    }
    at.phase = 'remove';
  }

  setCurrentDetails('Removing what the source no longer holds');
  for (;;) {
    at.removeSteps += 1;
    const purgeId = WorkflowIds.purgeSyncRemoval(workspaceId, syncId, at.removeSteps);
    const out = await steps.removeVanishedDocuments({ ...ids, limit: input.batchSize ?? REMOVE_BATCH, purgeId });
    await startPurge(workspaceId, purgeId, out.storageKeys, input.purgeDelay, undefined, true);
    if (!out.more) break;
    if (continueNow()) return continueFrom();
  }
  if (patched(SYNC_SOURCE_RULES)) {
    setCurrentDetails('Sending knowledge.roles_changed');
    await sendRolesChanged(workspaceId, ids.sourceId, `${workflowInfo().workflowId}:${syncId}`);
  }
  await steps.finishSourceSync({ ...ids, status: 'COMPLETED' });
  setCurrentDetails('Completed');
  return { syncId, status: 'COMPLETED' };
}

/** Indexes one new or changed document; its failure is the document's, not the sync's. */
async function index(workspaceId: string, rootId: string, o: SourceDocumentOutcome): Promise<SourceDocumentResult> {
  if (o.kind === 'failed') return { key: o.key, ok: false, chunks: 0, reason: o.reason };
  if (o.kind === 'skipped') return { key: o.key, ok: true, chunks: 0 }; // nothing to index; its step recorded why
  try {
    if (o.kind === 'page') {
      // The page's chunks are stored (the fetch step wrote them with its item): embed them, complete the item.
      if (o.changed) {
        const stored = async () => ({ chunkCount: o.chunkCount });
        await indexItem(workspaceId, o.knowledgeId, stored, {}, undefined, o.version);
      }
      return { key: o.key, ok: true, chunks: o.changed ? o.chunkCount : 0 };
    }
    if (o.kind === 'new') {
      const out = await executeChild(ingestFileWorkflow, {
        workflowId: WorkflowIds.ingestFile(workspaceId, o.uploadId),
        memo: { workspaceId },
        typedSearchAttributes: jobSearchAttributes({ workspaceId, jobKind: 'ingest', knowledgeId: o.knowledgeId }),
        args: [
          {
            workspaceId,
            organizationId: o.organizationId,
            uploadId: o.uploadId,
            parentId: rootId,
            // The sync made the item already: a small plain file is then indexed by one activity task
            // (indexSmallFile), with no local activity holding the child's workflow task.
            ...(o.inline ? { inline: true, knowledgeId: o.knowledgeId } : {}),
            ...(o.sourceUrl ? { sourceUrl: o.sourceUrl } : {}),
          },
        ],
      });
      return { key: o.key, ok: true, chunks: out.chunkCount };
    }
    const out = await executeChild(ingestVersionWorkflow, {
      workflowId: WorkflowIds.ingestVersion(workspaceId, o.knowledgeId, o.version),
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
    // indexItem recorded BACKGROUND_ERROR on the page before it threw.
    if (err instanceof ApplicationFailure) return { key: o.key, ok: false, chunks: 0, reason: err.message };
    if (err instanceof ChildWorkflowFailure) {
      const cause = err.cause instanceof ApplicationFailure ? err.cause.message : 'The document could not be indexed';
      return { key: o.key, ok: false, chunks: 0, reason: cause };
    }
    throw err;
  }
}
