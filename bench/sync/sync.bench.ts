// Syncing an s3 source through the whole service, from the suite's S3-protocol server: a first sync of
// `unchanged + changed` small text files (every one new), then a sync after `changed` of them were
// rewritten (the others unchanged: listed, compared, neither fetched nor embedded), then one with no change.
// Figures, and the longest workflow tasks of each sync (max and p99).
import { performance } from 'node:perf_hooks';
import { accessHeaders, createTenant } from '../../test/helpers/factories';
import { startTestBucket } from '../../test/helpers/bucket';
import type { TestStack } from '../../test/helpers/stack';
import { loadAverage, round, sleep } from '../lib/stats';
import { measureWorkflowTasks, type WorkflowTaskStats } from '../knowledge/workflowTasks';

export interface SyncRun {
  seconds: number;
  seen: number;
  added: number;
  updated: number;
  unchanged: number;
  chunksEmbedded: number;
  /** How long the workers held the workflow tasks of the sync and its children (issue 42: max <= 2 s). */
  workflowTasks: WorkflowTaskStats;
}

export interface SyncBenchResult {
  loadBefore: number[];
  loadAfter: number[];
  files: number;
  firstSync: SyncRun;
  /** `unchanged` files unchanged and `changed` rewritten: the figure. */
  changedSync: SyncRun & { changedFiles: number };
  noChangeSync: SyncRun;
  /** Issue 42 item 2: four sources, each of `concurrentFiles` new files, synced at once (tasks of all four). */
  concurrentSyncs: {
    sources: number;
    filesEach: number;
    seconds: number;
    runs: SyncRun[];
    workflowTasks: WorkflowTaskStats;
  };
}

const text = (i: number, round: number) =>
  `File ${i}, revision ${round}. The warehouse team reviews dashboard metric ${i % 37} and pipeline latency ` +
  `${(i * 7919) % 1009} every morning; revision ${round} notes customer report ${i % 53}.`;

export async function measureSync(
  stack: TestStack,
  unchanged = 1000,
  changed = 100,
  concurrentFiles = 100,
): Promise<SyncBenchResult> {
  const loadBefore = loadAverage();
  const bucket = await startTestBucket('bench-sync');
  try {
    const files = unchanged + changed;
    for (let i = 0; i < files; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, files - i) }, (_, j) =>
          bucket.store.put(`docs/f${i + j}.txt`, Buffer.from(text(i + j, 1)), 'text/plain'),
        ),
      );
    }
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const v1 = (p: string) => `/v1/workspaces/${tenant.workspaceId}${p}`;
    const createSource = async (prefix: string) => {
      const created = await stack.request('POST', v1('/sources'), {
        headers,
        json: { kind: 's3', ...bucket.source(prefix) },
      });
      if (created.status !== 201) throw new Error(created.text);
      return created.body.id as string;
    };
    const sourceId = await createSource('docs/');

    const sync = async (sourceId: string): Promise<SyncRun> => {
      const t = performance.now();
      const since = new Date();
      const res = await stack.request('POST', v1(`/sources/${sourceId}/sync`), { headers });
      if (res.status !== 202) throw new Error(res.text);
      for (;;) {
        const list = await stack.request('GET', v1(`/sources/${sourceId}/syncs?limit=1`), { headers });
        const s = list.body.syncs[0];
        if (s.id === res.body.sync.id && s.status !== 'RUNNING') {
          if (s.status !== 'COMPLETED' || s.failed > 0) throw new Error(JSON.stringify(s));
          return {
            seconds: round((performance.now() - t) / 1000, 2),
            seen: s.seen,
            added: s.added,
            updated: s.updated,
            unchanged: s.unchanged,
            chunksEmbedded: s.chunksEmbedded,
            workflowTasks: await measureWorkflowTasks(
              stack.deps.temporal.client,
              stack.config.temporal.taskQueue,
              since,
            ),
          };
        }
        await sleep(100);
      }
    };

    const firstSync = await sync(sourceId);
    for (let i = 0; i < changed; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, changed - i) }, (_, j) =>
          bucket.store.put(`docs/f${i + j}.txt`, Buffer.from(text(i + j, 2)), 'text/plain'),
        ),
      );
    }
    const changedSync = { ...(await sync(sourceId)), changedFiles: changed };
    const noChangeSync = await sync(sourceId);

    // Four sources synced at once, every file new: the workers hold four syncs' tasks and their ingestions.
    const prefixes = ['a', 'b', 'c', 'd'].map((p) => `four/${p}/`);
    for (const prefix of prefixes)
      for (let i = 0; i < concurrentFiles; i += 10)
        await Promise.all(
          Array.from({ length: Math.min(10, concurrentFiles - i) }, (_, j) =>
            bucket.store.put(`${prefix}f${i + j}.txt`, Buffer.from(text(i + j, 3)), 'text/plain'),
          ),
        );
    const sources = await Promise.all(prefixes.map(createSource));
    const since = new Date();
    const t = performance.now();
    const runs = await Promise.all(sources.map(sync));
    const concurrentSyncs = {
      sources: sources.length,
      filesEach: concurrentFiles,
      seconds: round((performance.now() - t) / 1000, 2),
      runs,
      workflowTasks: await measureWorkflowTasks(stack.deps.temporal.client, stack.config.temporal.taskQueue, since),
    };
    return { loadBefore, loadAfter: loadAverage(), files, firstSync, changedSync, noChangeSync, concurrentSyncs };
  } finally {
    await bucket.close();
  }
}
