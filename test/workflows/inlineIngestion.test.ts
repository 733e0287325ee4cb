// Inline ingestion: a small uploaded file's whole indexing is one activity task (indexSmallFile: no workflow
// task between its steps), its failure and webhook event local activities; a small text item runs its short
// indexing steps as local activities and its embedding as one activity task (it waits its turn at the model:
// a local activity held the workflow task open meanwhile), while a file over INLINE_INGEST_MAX_BYTES keeps
// activity tasks throughout. Every kind of history replays on today's code, those of the code before too
// (every inline step local; the short steps local and the embedding an activity task), and an inline item
// ends exactly as a remote one does (every chunk stored once and embedded; failures recorded with their
// reason). test/webhooks delivers the events of inline uploads.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../src/activities';
import * as workspaces from '../../src/db/repositories/workspaces';
import { activityDeps } from '../../src/main/deps';
import { stageUpload } from '../../src/services/knowledge/uploads';
import { knowledgeIdForUpload, WorkflowIds } from '../../src/temporal/constants';
import { INLINE_INGEST_MAX_BYTES } from '../../src/workflows/contracts';
import { type Tenant } from '../helpers/factories';
import { followUpload, uploadRequest } from '../helpers/knowledge';
import { getStack, stackWithTenant, workflowBundle, type TestStack } from '../helpers/stack';
import { fixtureBundle } from '../helpers/fixtureBundle';

type History = Awaited<
  ReturnType<ReturnType<TestStack['deps']['temporal']['client']['workflow']['getHandle']>['fetchHistory']>
>;

/** The activity names a history scheduled as activity tasks, and how many local activities it recorded. */
function steps(history: History) {
  const events = history.events ?? [];
  return {
    remote: events.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []),
    local: events.filter((e) => e.markerRecordedEventAttributes).length,
    input: events[0]?.workflowExecutionStartedEventAttributes?.input,
    events,
  };
}

/** The local activities a history recorded, by type (their markers; patch markers left out). */
function localActivities(events: NonNullable<History['events']>): string[] {
  return events.flatMap((e) => {
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_local_activity') return [];
    const payload = marker.details?.data?.payloads?.[0]?.data;
    if (!payload) return ['?'];
    const data = JSON.parse(Buffer.from(payload).toString()) as { activityType?: string; activity_type?: string };
    return [data.activityType ?? data.activity_type ?? '?'];
  });
}

describe('inline ingestion (local activities for small items)', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;

  before(async () => {
    stack = await getStack();
  });

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  const history = (workflowId: string) => stack.deps.temporal.client.workflow.getHandle(workflowId).fetchHistory();

  async function chunkCounts(knowledgeId: string) {
    const [row] = await stack.deps
      .db('knowledge_chunks')
      .where({ workspace_id: tenant.workspaceId, knowledge_id: knowledgeId })
      .select(
        stack.deps.db.raw('count(*)::int AS chunks'),
        stack.deps.db.raw('count(DISTINCT chunk_index)::int AS indexes'),
        stack.deps.db.raw('count(embedding)::int AS embedded'),
      );
    return row as { chunks: number; indexes: number; embedded: number };
  }

  it('a one-page synchronous upload is indexed by one activity task, every chunk stored once and embedded', async () => {
    const text = 'Staff who work from home receive a monthly internet allowance of forty euros. '.repeat(40);
    const res = await uploadRequest(stack.request, tenant.workspaceId, headers, {
      filename: 'allowance.txt',
      contentType: 'text/plain',
      bytes: Buffer.from(text),
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'COMPLETED');
    const h = steps(await history(WorkflowIds.ingestFile(tenant.workspaceId, res.body.uploadFileMetadataId)));
    assert.deepEqual(h.remote, ['indexSmallFile'], 'one activity task: create, extract, embed, complete');
    // Two patch markers ('inline-one-activity', 'small-file-completed-event') and no local activity: the
    // activity records the webhook event itself.
    assert.equal(h.local, 2);
    assert.deepEqual(localActivities(h.events), [], 'no local activity after the activity task');
    const counts = await chunkCounts(res.body.knowledgeId);
    assert.ok(counts.chunks > 0);
    assert.equal(counts.indexes, counts.chunks, 'no chunk stored twice');
    assert.equal(counts.embedded, counts.chunks, 'every chunk embedded');
  });

  /**
   * Whether the run's first workflow task was handed to the worker in the start's own answer (eager workflow
   * start): the server then records the start request's id as that task's, where a polled task has the poll's.
   */
  async function startedEagerly(workflowId: string): Promise<boolean> {
    const handle = stack.deps.temporal.client.workflow.getHandle(workflowId);
    const infos = (await handle.describe()).raw.workflowExtendedInfo?.requestIdInfos ?? {};
    const startRequest = Object.entries(infos).find(([, info]) => Number(info.eventId) === 1)?.[0];
    const events = (await handle.fetchHistory()).events ?? [];
    const firstTask = events.find((e) => e.workflowTaskStartedEventAttributes)?.workflowTaskStartedEventAttributes;
    assert.ok(startRequest && firstTask?.requestId, 'the server records both request ids');
    return firstTask.requestId === startRequest;
  }

  it("a synchronous upload's first workflow task is handed to the in-process worker by the start itself", async () => {
    const file = { filename: 'eager.txt', contentType: 'text/plain', bytes: Buffer.from('Badges open the east door.') };
    const sync = await uploadRequest(stack.request, tenant.workspaceId, headers, file);
    assert.equal(sync.body.status, 'COMPLETED', sync.text);
    assert.equal(
      await startedEagerly(WorkflowIds.ingestFile(tenant.workspaceId, sync.body.uploadFileMetadataId)),
      true,
    );
    // A background upload does not wait for its run: its first task goes through the task queue.
    const later = { ...file, filename: 'later.txt', bytes: Buffer.from('Visitors sign in at the west desk.') };
    const background = await uploadRequest(stack.request, tenant.workspaceId, headers, later, {
      status: 'BACKGROUND_START',
    });
    assert.equal(background.status, 200, background.text);
    await followUpload(stack.request, tenant.workspaceId, headers, background.body.uploadFileMetadataId);
    const id = WorkflowIds.ingestFile(tenant.workspaceId, background.body.uploadFileMetadataId);
    assert.equal(await startedEagerly(id), false);
  });

  it('a failing inline file ends BACKGROUND_ERROR with its reason; a small file of another format is not inline', async () => {
    const upload = async (file: { filename: string; contentType: string; bytes: Buffer }) => {
      const res = await uploadRequest(stack.request, tenant.workspaceId, headers, file, { status: 'BACKGROUND_START' });
      assert.equal(res.status, 200, res.text);
      const { item } = await followUpload(stack.request, tenant.workspaceId, headers, res.body.uploadFileMetadataId);
      // An inline item's steps reach the history when the workflow task that ran them completes: wait for the end.
      const handle = stack.deps.temporal.client.workflow.getHandle(
        WorkflowIds.ingestFile(tenant.workspaceId, res.body.uploadFileMetadataId),
      );
      await handle.result().catch(() => undefined);
      return { item, h: steps(await handle.fetchHistory()) };
    };
    const blank = await upload({ filename: 'blank.txt', contentType: 'text/plain', bytes: Buffer.from(' \n\t\n ') });
    assert.equal(blank.item.status, 'BACKGROUND_ERROR');
    assert.ok(blank.item.messageError, 'a reason');
    assert.deepEqual(blank.h.remote, ['indexSmallFile'], 'failed at extraction, not retried');
    // The two patch markers, record the failure, record the webhook event.
    assert.equal(blank.h.local, 4);
    assert.deepEqual(localActivities(blank.h.events), ['failKnowledge', 'recordWebhookEvent']);

    // A PDF can expand far beyond its stored size, or run OCR: activity tasks, however small.
    const pdf = await upload({
      filename: 'broken.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7\nnot really a pdf'),
    });
    assert.equal(pdf.item.status, 'BACKGROUND_ERROR');
    assert.deepEqual(pdf.h.remote.slice(0, 2), ['createKnowledgeForUpload', 'extractAndStoreChunks']);
    assert.equal(pdf.h.local, 0);
  });

  it("a file over INLINE_INGEST_MAX_BYTES keeps activity tasks; both histories replay on today's code", async () => {
    // Mostly spaces: over the bound in bytes, a few chunks once extracted.
    const bytes = Buffer.concat([
      Buffer.from('The quarterly revenue forecast grew in every region. '),
      Buffer.alloc(INLINE_INGEST_MAX_BYTES, ' '),
      Buffer.from('Margins held steady.\n'),
    ]);
    const large = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'large.txt', contentType: 'text/plain', bytes },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(large.status, 200, large.text);
    const { item } = await followUpload(stack.request, tenant.workspaceId, headers, large.body.uploadFileMetadataId);
    assert.equal(item.status, 'COMPLETED', item.messageError);
    const remoteHistory = await history(WorkflowIds.ingestFile(tenant.workspaceId, large.body.uploadFileMetadataId));
    const h = steps(remoteHistory);
    assert.deepEqual(h.remote.slice(0, 2), ['createKnowledgeForUpload', 'extractAndStoreChunks']);
    assert.ok(h.remote.includes('embedChunks') && h.remote.includes('completeKnowledge'));
    assert.equal(h.local, 0);

    const small = await uploadRequest(stack.request, tenant.workspaceId, headers, {
      filename: 'small.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('Margins held steady through the quarter.\n'),
    });
    assert.equal(small.status, 200, small.text);
    const inlineHistory = await history(WorkflowIds.ingestFile(tenant.workspaceId, small.body.uploadFileMetadataId));
    const bundle = await workflowBundle();
    await Worker.runReplayHistory({ workflowBundle: bundle }, remoteHistory, 'remote-steps');
    await Worker.runReplayHistory({ workflowBundle: bundle }, inlineHistory, 'inline-steps');
  });

  /** Runs ingestFileWorkflow of a fixture (the code of an earlier main) on an inline file; its history. */
  async function recordWithFixture(fixture: string, text: string): Promise<History> {
    const bundle = await fixtureBundle(fixture);
    const workspace = await workspaces.findWorkspace(stack.deps.db, tenant.workspaceId);
    assert.ok(workspace);
    const staged = await stageUpload(
      stack.deps,
      workspace,
      { filename: `${fixture}.txt`, declaredMime: 'text/plain', stream: Readable.from([Buffer.from(text)]) },
      new AbortController().signal,
    );
    const workerDeps = activityDeps({ ...stack.deps });
    const taskQueue = `inline-before-${randomUUID()}`;
    const connection = await NativeConnection.connect({ address: stack.config.temporal.address });
    const worker = await Worker.create({
      connection,
      namespace: stack.config.temporal.namespace,
      taskQueue,
      workflowBundle: bundle,
      activities: createActivities(workerDeps),
    });
    try {
      return await worker.runUntil(async () => {
        const handle = await stack.deps.temporal.client.workflow.start('ingestFileWorkflow', {
          taskQueue,
          workflowId: `inline-before:${staged.uploadId}`,
          args: [
            {
              workspaceId: tenant.workspaceId,
              organizationId: tenant.organizationId,
              uploadId: staged.uploadId,
              inline: true,
              // What today's API passes: the older code ignored it, and its history must replay as it ran.
              knowledgeId: knowledgeIdForUpload(staged.uploadId),
            },
          ],
        });
        assert.equal(((await handle.result()) as { status: string }).status, 'COMPLETED');
        return handle.fetchHistory();
      });
    } finally {
      await workerDeps.close();
      await connection.close();
    }
  }

  it("a run of the code before (every inline step local, the embedding too) replays on today's code", async () => {
    const old = await recordWithFixture(
      'inlineIngestionBefore',
      'The cafeteria opens at eight and closes at three on weekdays.\n',
    );
    const h = steps(old);
    assert.deepEqual(h.remote, [], 'the older code ran the embedding locally too');
    assert.equal(h.local, 6, 'the patch marker, create, extract, embed, complete, the webhook event');
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, old, 'all-local-before');
  });

  it("a run of the code before one activity task (short steps local, the embedding an activity task) replays on today's code", async () => {
    const old = await recordWithFixture(
      'inlineIngestionLocalSteps',
      'The library lends laptops for two weeks; renewals are made at the front desk.\n',
    );
    const h = steps(old);
    assert.deepEqual(h.remote, ['embedChunks'], 'the embedding alone was an activity task');
    assert.equal(h.local, 6, 'two patch markers, create, extract and store, complete, the webhook event');
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, old, 'local-steps-before');
  });

  it("a run of the code before the completion event moved into the activity (a local activity after it) replays on today's code", async () => {
    const old = await recordWithFixture(
      'inlineIngestionOneActivity',
      'The gym on the third floor opens at six; bring your badge and a towel.\n',
    );
    const h = steps(old);
    assert.deepEqual(h.remote, ['indexSmallFile'], 'one activity task');
    assert.equal(h.local, 2, 'the patch marker and the webhook event');
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, old, 'one-activity-before');
  });

  it('a small text item is inline', async () => {
    const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/text`, {
      headers,
      json: { title: 'Parking', content: 'Visitors park on level two of the north garage, free for three hours.' },
    });
    assert.equal(res.status, 201, res.text);
    const handle = stack.deps.temporal.client.workflow.getHandle(res.body.jobId);
    await handle.result();
    const h = steps(await handle.fetchHistory());
    assert.deepEqual(h.remote, ['embedChunks']);
    assert.ok(h.local >= 4, `${h.local} local activities`);
    const counts = await chunkCounts(res.body.id);
    assert.equal(counts.embedded, counts.chunks);
  });
});
