// Crash recovery of the run command: twelve files uploaded in the background, kill -9 of the whole
// process group while they are being ingested, a restart on the same data directory, and every accepted
// upload completes exactly once (one item each, each chunk once, every chunk embedded), and every lost
// attempt was retried by a short timeout (the 10 s heartbeat timeout, a short step's 20 s start-to-close, or,
// for an inline item's local activities, the 10 s workflow task timeout),
// not after minutes: the test reads that from the workflows' histories, the server's own record, rather than
// from a wall clock that measures how loaded the machine is. The recovery time is printed; the benchmark
// is where speed is judged.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { msToNumber } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import { createDb } from '../../src/db/knex';
import { readLiveRuntimeInfo } from '../../src/embedded/runtime';
import { ACTIVITY_HEARTBEAT_TIMEOUT } from '../../src/workflows/contracts';
import { followUpload, uploadRequest } from '../helpers/knowledge';
import { kwsBin, RunCommand, runCommandEnv, runNode, waitPortFree } from '../helpers/processes';

const FILES = 12;
/** The longest timeout that may retry a lost attempt: the heartbeat timeout, or a short step's start-to-close. */
const LONGEST_RETRY_TIMEOUT_MS = Math.max(msToNumber(ACTIVITY_HEARTBEAT_TIMEOUT), 20_000);

/**
 * Every activity attempt of the workspace's workflows that started after an earlier attempt was lost: the
 * timeout that ended the earlier one, and the activity's configured length of that timeout.
 */
async function retriedAttempts(temporalAddress: string, workspaceId: string) {
  const connection = await Connection.connect({ address: temporalAddress });
  try {
    const client = new Client({ connection });
    const retried: { activity: string; attempt: number; timeoutType: string; timeoutMs: number }[] = [];
    for await (const info of client.workflow.list({ query: `WorkspaceId = '${workspaceId}'` })) {
      const history = await client.workflow.getHandle(info.workflowId, info.runId).fetchHistory();
      const scheduled = new Map<string, temporal.api.history.v1.IActivityTaskScheduledEventAttributes>();
      // An inline item's steps are local activities: one lost with its worker is run again once the
      // workflow task that ran it times out.
      const workflowTaskTimeout =
        history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowTaskTimeout ?? undefined;
      for (const event of history.events ?? []) {
        const timedOut = event.workflowTaskTimedOutEventAttributes;
        if (timedOut) {
          retried.push({
            activity: `workflow task of ${info.type}`,
            attempt: 0,
            timeoutType: temporal.api.enums.v1.TimeoutType[timedOut.timeoutType ?? 0] ?? 'UNKNOWN',
            timeoutMs:
              Number(workflowTaskTimeout?.seconds ?? 0) * 1000 + Math.round((workflowTaskTimeout?.nanos ?? 0) / 1e6),
          });
        }
        const attrs = event.activityTaskScheduledEventAttributes;
        if (attrs) scheduled.set(String(event.eventId), attrs);
        const started = event.activityTaskStartedEventAttributes;
        const timeout = started?.lastFailure?.timeoutFailureInfo;
        if (!started || !timeout || (started.attempt ?? 1) < 2) continue;
        const options = scheduled.get(String(started.scheduledEventId));
        const timeoutType = temporal.api.enums.v1.TimeoutType[timeout.timeoutType ?? 0] ?? 'UNKNOWN';
        const configured =
          timeoutType === 'TIMEOUT_TYPE_HEARTBEAT' ? options?.heartbeatTimeout : options?.startToCloseTimeout;
        retried.push({
          activity: options?.activityType?.name ?? '?',
          attempt: started.attempt ?? 0,
          timeoutType,
          timeoutMs: Number(configured?.seconds ?? 0) * 1000 + Math.round((configured?.nanos ?? 0) / 1e6),
        });
      }
    }
    return retried;
  } finally {
    await connection.close();
  }
}

/** About 12 chunks of distinct text, so ingestion takes long enough to be caught in the middle. */
function document(n: number): Buffer {
  const topics = ['harbour', 'orchard', 'glacier', 'market', 'library', 'railway', 'vineyard', 'observatory'];
  const paragraphs = Array.from(
    { length: 24 },
    (_, p) =>
      `Report ${n}, section ${p + 1}: the ${topics[(n + p) % topics.length]} committee reviewed budget line ${n * 100 + p} ` +
      `and agreed on next steps for the ${topics[(n * 3 + p) % topics.length]} project, including staffing, ` +
      `procurement of equipment, a revised timeline for the third quarter, and a summary for the board.`,
  );
  return Buffer.from(paragraphs.join('\n\n'));
}

describe('crash recovery of the run command (kill -9 during ingestion)', function () {
  this.timeout(420_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let run: RunCommand | undefined;
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-crash-'));
    env = await runCommandEnv(dataDir);
  });
  after(async () => {
    if (run) await run.kill9();
    for (const port of [
      env.TEMPORAL_DEV_PORT,
      env.TEMPORAL_UI_PORT,
      env.TEMPORAL_HTTP_PORT,
      env.TEMPORAL_METRICS_PORT,
    ]) {
      await waitPortFree(Number(port), 20_000).catch(() => undefined);
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('completes every accepted upload exactly once, its lost attempts retried by the short timeouts', async () => {
    const firstStart = Date.now();
    run = await RunCommand.start(env);
    const firstBootMs = Date.now() - firstStart;
    const boot = await runNode([kwsBin, 'bootstrap', '--json'], env);
    assert.equal(boot.code, 0, boot.stderr);
    const tenant = JSON.parse(boot.stdout.trim());
    const token = await run.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': tenant.apiKey },
    });
    const headers = { authorization: `Bearer ${token.body.token}`, organizationid: tenant.organizationId };

    const uploadIds: string[] = [];
    for (let n = 0; n < FILES; n++) {
      const res = await uploadRequest(
        run.request,
        tenant.workspaceId,
        headers,
        { filename: `report-${n}.txt`, contentType: 'text/plain', bytes: document(n) },
        { status: 'BACKGROUND_START' },
      );
      assert.equal(res.status, 200, res.text);
      uploadIds.push(res.body.uploadFileMetadataId);
    }
    // Kill as soon as the first file is done: the others are queued or half way through.
    const statuses = async (request: RunCommand['request']) => {
      const list = await request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge?limit=100`, { headers });
      return (list.body?.knowledge ?? []).map((k: { status: string }) => k.status) as string[];
    };
    const deadline = Date.now() + 120_000;
    while (!(await statuses(run.request)).includes('COMPLETED')) {
      assert.ok(Date.now() < deadline, `nothing completed before the kill:\n${run.log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const before = await statuses(run.request);
    await run.kill9();
    const completedBeforeKill = before.filter((s) => s === 'COMPLETED').length;
    assert.ok(completedBeforeKill < FILES, 'the kill came in the middle of ingestion');

    // The embedded Temporal server ends when its parent's pipe closes; its four ports (which the restart checks)
    // free a moment later, not necessarily together.
    for (const port of [
      env.TEMPORAL_DEV_PORT,
      env.TEMPORAL_UI_PORT,
      env.TEMPORAL_HTTP_PORT,
      env.TEMPORAL_METRICS_PORT,
    ]) {
      await waitPortFree(Number(port), 30_000);
    }
    const restartedAt = Date.now();
    run = await RunCommand.start(env);
    const bootedMs = Date.now() - restartedAt;
    const request = run.request;
    const items = await Promise.all(
      uploadIds.map((id) => followUpload(request, tenant.workspaceId, headers, id, 120_000)),
    );
    const recoveredMs = Date.now() - restartedAt;
    console.log(
      `      first boot ${firstBootMs} ms; ${completedBeforeKill}/${FILES} completed before kill -9; ` +
        `restart booted in ${bootedMs} ms, and ` +
        `all ${FILES} completed ${recoveredMs - bootedMs} ms after it was ready (${recoveredMs} ms after the restart)`,
    );
    for (const { item } of items) assert.equal(item.status, 'COMPLETED', JSON.stringify(item));

    // Exactly once: one item per upload, every chunk once and embedded.
    const runtime = await readLiveRuntimeInfo(dataDir);
    assert.ok(runtime, 'runtime.json of the running command');
    const db = createDb(runtime.databaseUrl, 1);
    try {
      const knowledge = await db('knowledge').where({ workspace_id: tenant.workspaceId }).select('id');
      assert.equal(knowledge.length, FILES);
      assert.deepEqual(new Set(items.map((i) => i.item.id)).size, FILES);
      const { rows: chunks } = await db.raw<{
        rows: { knowledge_id: string; chunks: number; indexes: number; embedded: number }[];
      }>(
        `SELECT knowledge_id, count(*)::int AS chunks, count(DISTINCT chunk_index)::int AS indexes,
                count(embedding)::int AS embedded
           FROM knowledge_chunks WHERE workspace_id = ? GROUP BY knowledge_id`,
        [tenant.workspaceId],
      );
      assert.equal(chunks.length, FILES);
      for (const row of chunks) {
        assert.ok(Number(row.chunks) > 5, `${row.knowledge_id}: ${row.chunks} chunks`);
        assert.equal(Number(row.chunks), Number(row.indexes), 'no chunk stored twice');
        assert.equal(Number(row.embedded), Number(row.chunks), 'every chunk embedded');
      }
    } finally {
      await db.destroy();
    }
    // Recovery by the short timeouts: no lost attempt waited for a longer one.
    const retried = await retriedAttempts(`127.0.0.1:${env.TEMPORAL_DEV_PORT}`, tenant.workspaceId);
    console.log(`      ${retried.length} attempts lost to the kill were retried: ${JSON.stringify(retried)}`);
    for (const attempt of retried) {
      assert.ok(
        ['TIMEOUT_TYPE_HEARTBEAT', 'TIMEOUT_TYPE_START_TO_CLOSE'].includes(attempt.timeoutType) &&
          attempt.timeoutMs > 0 &&
          attempt.timeoutMs <= LONGEST_RETRY_TIMEOUT_MS,
        `a lost attempt waited for a longer timeout: ${JSON.stringify(attempt)}`,
      );
    }
    assert.equal(await run.stop(), 0);
    run = undefined;
  });
});
