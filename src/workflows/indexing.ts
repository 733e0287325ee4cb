// The one indexing path every source shares (files, text, URL pages, crawled pages): an activity stores
// an item's chunks, then they are embedded in batches and the item is completed. On a non-retryable
// failure, or once retries are exhausted, the item moves to BACKGROUND_ERROR with messageError; either
// way the workspace's webhook endpoints hear of it (knowledge.completed / knowledge.failed).
import {
  ActivityFailure,
  ApplicationFailure,
  proxyActivities,
  patched,
  proxyLocalActivities,
  type RetryPolicy,
} from '@temporalio/workflow';
import type { Activities } from './activityContract';
import { FailureReasons } from '../failureReasons';
import {
  ACTIVITY_HEARTBEAT_TIMEOUT,
  EMBED_BATCH_CHUNKS,
  IngestionFailureTypes,
  ITEM_FAILURE_TYPES,
  completedEventData,
  type IngestFileInput,
} from './contracts';
import { emitRecordedEvent, emitWebhookEvent } from './webhooks';

const retry: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  maximumAttempts: 8,
  nonRetryableErrorTypes: [IngestionFailureTypes.extraction, IngestionFailureTypes.knowledgeGone],
};

// Timeouts sized for crash recovery: an attempt lost with its worker is retried within seconds. The long
// steps heartbeat every 2 s while they work (a slow file keeps its attempt); the short ones are a few
// queries each.
export const longSteps = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: ACTIVITY_HEARTBEAT_TIMEOUT,
  retry,
});
export const shortSteps = proxyActivities<Activities>({ startToCloseTimeout: '20 seconds', retry });

/**
 * Where an item's steps run. Remote steps are activity tasks: each is scheduled on the server, picked up by
 * any worker (this one at once: eager dispatch), and answered with a new workflow task, about three round
 * trips to the server per step. An inline item (a small one: see INLINE_INGEST_MAX_BYTES) runs its short
 * steps (create, extract and store, complete, the webhook event) as local activities, on the worker that
 * runs its workflow task, one after the other without a round trip between them; the server records each as
 * a marker when the workflow task completes. Its embedding is an activity task like any item's: it waits its
 * turn at the model, and a workflow task must not be held open while it waits. So an inline item takes two
 * workflow tasks of milliseconds around one activity task. A worker lost in the middle costs the workflow
 * task's timeout (10 s), after which another worker replays the recorded steps and runs the rest, as
 * idempotent as ever.
 */
export interface IndexingSteps {
  short: Pick<Activities, 'createKnowledgeForUpload' | 'completeKnowledge' | 'failKnowledge'>;
  long: Pick<Activities, 'extractAndStoreChunks' | 'chunkStoredText' | 'fetchAndStoreChunks'>;
  /**
   * Embeds a batch of chunks: always an activity task now. The model serves one forward pass at a time to
   * every item in turn, so a batch can wait seconds for its turn while other files are ingested; as a local
   * activity that wait held the item's workflow task open (up to 8 s, when the SDK heartbeats it: issue 42).
   */
  embed: Pick<Activities, 'embedChunks'>;
  /** Records a webhook event: an inline item's local one; otherwise webhooks.ts's own activity. */
  recordWebhookEvent?: Activities['recordWebhookEvent'];
}
export const remoteSteps: IndexingSteps = { short: shortSteps, long: longSteps, embed: longSteps };
const localShortSteps = proxyLocalActivities<Activities>({ startToCloseTimeout: '20 seconds', retry });
// Inline items are plain text of at most INLINE_INGEST_MAX_BYTES: their extraction and inserts are
// milliseconds of work (the timeout only bounds a stuck query).
const localLongSteps = proxyLocalActivities<Activities>({ startToCloseTimeout: '3 minutes', retry });
const localSteps: IndexingSteps = {
  short: localShortSteps,
  long: localLongSteps,
  embed: longSteps,
  recordWebhookEvent: localShortSteps.recordWebhookEvent,
};
/** What a run started before 'inline-embed-activity' replays: every step local, the embedding too. */
const allLocalSteps: IndexingSteps = { ...localSteps, embed: localLongSteps };
/**
 * The steps of an item: the short ones local for an inline one, the embedding an activity task. The patches
 * keep a run that a worker of an older version started on the command sequence it recorded when a newer
 * worker replays it: activity tasks throughout (before 'inline-ingestion', which ignored `inline`), or every
 * step local (before 'inline-embed-activity').
 */
export const indexingSteps = (inline: boolean | undefined): IndexingSteps => {
  if (!inline || !patched('inline-ingestion')) return remoteSteps;
  return patched('inline-embed-activity') ? localSteps : allLocalSteps;
};

/** The reason users see: the vocabulary's, never an exception's text (driver or SQL messages). */
export function describeFailure(err: unknown): { message: string; type: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.type && ITEM_FAILURE_TYPES.includes(cause.type)) {
    return { message: cause.message, type: cause.type };
  }
  return { message: FailureReasons.processingFailed, type: IngestionFailureTypes.processing };
}

/** Records the failure on the item, tells the webhooks, and ends the workflow with it (not retried). */
export async function failItem(
  workspaceId: string,
  knowledgeId: string,
  err: unknown,
  stage: 'extract' | 'embed' | 'complete',
  event: Record<string, unknown> = {},
  steps: IndexingSteps = remoteSteps,
  version?: number,
): Promise<never> {
  const failure = describeFailure(err);
  await steps.short.failKnowledge({
    workspaceId,
    knowledgeId,
    message: failure.message,
    stage,
    ...(version !== undefined ? { version } : {}),
  });
  await emitWebhookEvent(
    workspaceId,
    'knowledge.failed',
    { knowledgeId, ...event, status: 'BACKGROUND_ERROR', messageError: failure.message },
    knowledgeId,
    steps.recordWebhookEvent,
  );
  throw ApplicationFailure.nonRetryable(failure.message, failure.type);
}

/**
 * Runs `storeChunks` (an activity that writes the item's chunks), embeds them and completes the item.
 * `event`: what the webhook events carry besides the item's id and status (a file's uploadId); `steps`:
 * remote or local activities (indexingSteps); `version`: a new version of the item, whose completion makes
 * it the current one (without one: the item's current version).
 */
export async function indexItem<T extends { chunkCount: number }>(
  workspaceId: string,
  knowledgeId: string,
  storeChunks: () => Promise<T>,
  event: Record<string, unknown> = {},
  steps: IndexingSteps = remoteSteps,
  version?: number,
): Promise<T> {
  const ofVersion = version !== undefined ? { version } : {};
  let stage: 'extract' | 'embed' | 'complete' = 'extract'; // for the failure metric
  try {
    const stored = await storeChunks();
    // A refetched page whose content is the current version's: its version was dropped, nothing to index.
    if ((stored as { unchanged?: boolean }).unchanged) return stored;
    stage = 'embed';
    for (let from = 0; from < stored.chunkCount; from += EMBED_BATCH_CHUNKS) {
      await steps.embed.embedChunks({
        workspaceId,
        knowledgeId,
        from,
        to: Math.min(stored.chunkCount, from + EMBED_BATCH_CHUNKS),
        ...ofVersion,
      });
    }
    stage = 'complete';
    const completed = await steps.short.completeKnowledge({ workspaceId, knowledgeId, ...ofVersion });
    // Every knowledge.completed names its version (an older worker's recorded completion answered none).
    await emitCompleted(workspaceId, knowledgeId, event, version ?? completed?.version, stored, steps);
    return stored;
  } catch (err) {
    return failItem(workspaceId, knowledgeId, err, stage, { ...event, ...ofVersion }, steps, version);
  }
}

/** knowledge.completed: the item, what the event carries besides (a file's uploadId), its version, its counts. */
async function emitCompleted(
  workspaceId: string,
  knowledgeId: string,
  event: Record<string, unknown>,
  version: number | undefined,
  stored: object,
  steps: IndexingSteps,
): Promise<void> {
  await emitWebhookEvent(
    workspaceId,
    'knowledge.completed',
    completedEventData(knowledgeId, event, version, stored),
    knowledgeId,
    steps.recordWebhookEvent,
  );
}

/**
 * A small plain file (an inline one) indexed by one activity task, indexSmallFile: its item created, its
 * text extracted, chunked, stored and embedded, and the item completed, with no workflow task between the
 * steps. Its fixed cost is two workflow tasks of milliseconds around that one activity task (dispatched
 * eagerly to this worker), where the steps one by one cost a local activity each (an activation of the
 * workflow and a marker), and a second activity task (the embedding), for a file of a few chunks. The
 * activity heartbeats, so a lost worker costs the heartbeat timeout and the retry redoes the idempotent
 * steps; the failure and the webhook event are recorded by local activities, as for any inline item.
 */
export async function indexSmallFile(
  input: IngestFileInput & { knowledgeId: string },
): Promise<{ chunkCount: number; pageCount: number }> {
  const { workspaceId, knowledgeId, uploadId } = input;
  // Since 'small-file-completed-event' the activity records the completion's webhook event itself, so the
  // workflow task after it runs no local activity; a run started before records it by a local one.
  const completedEvent = patched('small-file-completed-event');
  let indexed;
  try {
    indexed = await longSteps.indexSmallFile({ ...input, completedEvent });
  } catch (err) {
    // One activity ran every stage: a file the extractor refused failed at extraction; anything else is
    // counted against the longest stage, the embedding.
    const stage = describeFailure(err).type === IngestionFailureTypes.extraction ? 'extract' : 'embed';
    return failItem(workspaceId, knowledgeId, err, stage, { uploadId }, localSteps);
  }
  const stored = { chunkCount: indexed.chunkCount, pageCount: indexed.pageCount };
  if (indexed.completedEvent) {
    await emitRecordedEvent(workspaceId, 'knowledge.completed', indexed.completedEvent, knowledgeId);
  } else {
    await emitCompleted(workspaceId, knowledgeId, { uploadId }, indexed.version, stored, localSteps);
  }
  return stored;
}
