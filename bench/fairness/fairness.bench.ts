// Fair dispatch round the workspaces, measured (docs/explanation/architecture.md, "Fair dispatch"): one busy
// workspace queues `backlog` webhook deliveries behind a single activity slot, then a second workspace's one
// delivery arrives. With every job keyed by its workspace (startJob's fairness key) and the server's
// matching.enableFairness on, the victim's attempt should run a few tasks after it was scheduled; with one shared
// key (every job in one bucket, as before the keys) it runs behind what was queued. Each round runs both, on the
// bench's dev server (scripts/bench.sh starts it with fairness on). The figure depends on the machine's load (the
// server's dispatch order follows what it has already read into memory), so the load is printed beside it.
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { startJob } from '../../src/temporal/jobs';
import { deliveriesQueue, WorkflowIds } from '../../src/workflows/ids';
import { deliverWebhookWorkflow } from '../../src/workflows/webhooks';
import { workflowBundle } from '../../test/helpers/stack';
import { loadAverage, sleep } from '../lib/stats';

export interface FairnessRun {
  /** keyed: each workspace its own fairness key; shared: both workspaces under one key (one bucket). */
  keys: 'keyed' | 'shared';
  /** The busy workspace's attempts still queued when the victim's delivery was started. */
  queuedAtArrival: number;
  /** The busy workspace's attempts that ran between the victim's arrival and its attempt (FIFO: all queued). */
  ranBeforeVictim: number;
  /** The busy workspace's attempts that ran after the victim's (FIFO: 0). */
  ranAfterVictim: number;
  load: number[];
}

export interface FairnessBenchResult {
  backlog: number;
  attemptMs: number;
  rounds: number;
  runs: FairnessRun[];
}

export interface FairnessOptions {
  temporalAddress: string;
  backlog: number;
  rounds: number;
  /** How long each attempt holds the one slot. */
  attemptMs: number;
}

export const DEFAULT_FAIRNESS: Omit<FairnessOptions, 'temporalAddress'> = { backlog: 60, rounds: 3, attemptMs: 50 };

export async function measureFairness(
  opts: FairnessOptions,
  log: (line: string) => void = console.log,
): Promise<FairnessBenchResult> {
  const connection = await Connection.connect({ address: opts.temporalAddress });
  const native = await NativeConnection.connect({ address: opts.temporalAddress });
  const bundle = await workflowBundle();
  const runs: FairnessRun[] = [];
  try {
    for (let round = 1; round <= opts.rounds; round++) {
      for (const keys of ['keyed', 'shared'] as const) {
        const run = await oneRun(connection, native, bundle, keys, opts);
        runs.push(run);
        log(
          `[fairness] round ${round} ${keys}: ${run.queuedAtArrival} queued at the victim's arrival, ` +
            `${run.ranBeforeVictim} ran before it, ${run.ranAfterVictim} after (load ${run.load.join(' ')})`,
        );
      }
    }
  } finally {
    await native.close();
    await connection.close();
  }
  return { backlog: opts.backlog, attemptMs: opts.attemptMs, rounds: opts.rounds, runs };
}

async function oneRun(
  connection: Connection,
  native: NativeConnection,
  bundle: Awaited<ReturnType<typeof workflowBundle>>,
  keys: FairnessRun['keys'],
  opts: FairnessOptions,
): Promise<FairnessRun> {
  const client = new Client({ connection, namespace: 'default' });
  const taskQueue = `bench-fairness-${randomUUID()}`;
  const temporal = { client, connection, taskQueue, namespace: 'default' };
  const order: string[] = [];
  const activities = {
    attemptWebhookDelivery: async (input: { workspaceId: string }) => {
      order.push(input.workspaceId);
      await sleep(opts.attemptMs);
      return { attempt: 1, statusCode: 200 };
    },
    markWebhookFailed: async () => undefined,
  };
  const [busy, victim] = [randomUUID(), randomUUID()];
  // "shared": both workspaces' jobs keyed by one value, so the server sees a single bucket.
  const shared = randomUUID();
  const deliver = (workspaceId: string) => {
    const deliveryId = randomUUID();
    return startJob(temporal, deliverWebhookWorkflow, {
      workflowId: WorkflowIds.webhookDelivery(workspaceId, deliveryId),
      workspaceId: keys === 'keyed' ? workspaceId : shared,
      args: [
        {
          workspaceId,
          deliveryId,
          retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 1 },
        },
      ],
    });
  };
  const main = await Worker.create({ connection: native, taskQueue, workflowBundle: bundle, activities });
  // One attempt at a time: the busy workspace's attempts back up in the deliveries' queue.
  const attempts = await Worker.create({
    connection: native,
    taskQueue: deliveriesQueue(taskQueue),
    activities,
    maxConcurrentActivityTaskExecutions: 1,
  });
  let arrivedAfter = 0;
  await attempts.runUntil(
    main.runUntil(async () => {
      const handles = [];
      for (let i = 0; i < opts.backlog; i++) handles.push(await deliver(busy));
      // The backlog's workflows have scheduled their attempts before the victim's one delivery arrives.
      await sleep(1000);
      arrivedAfter = order.length;
      handles.push(await deliver(victim));
      await Promise.all(handles.map((h) => h.result()));
    }),
  );
  const at = order.indexOf(victim);
  return {
    keys,
    queuedAtArrival: opts.backlog - arrivedAfter,
    ranBeforeVictim: at - arrivedAfter,
    ranAfterVictim: opts.backlog - at,
    load: loadAverage(),
  };
}

/** The runs as a table, then each variant's median of "ran before the victim". */
export function formatFairness(result: FairnessBenchResult): string {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const lines = [
    `fair dispatch: ${result.backlog} attempts of a busy workspace behind one slot (${result.attemptMs} ms each), ` +
      `then one of another workspace; ${result.rounds} rounds`,
    'keys    queued at arrival  ran before victim  ran after victim  load (1/5/15 min)',
    ...result.runs.map(
      (r) =>
        `${r.keys.padEnd(8)}${String(r.queuedAtArrival).padStart(17)}${String(r.ranBeforeVictim).padStart(19)}` +
        `${String(r.ranAfterVictim).padStart(18)}  ${r.load.join(' ')}`,
    ),
  ];
  for (const keys of ['keyed', 'shared'] as const) {
    const mine = result.runs.filter((r) => r.keys === keys);
    lines.push(
      `${keys}: median ${median(mine.map((r) => r.ranBeforeVictim))} of a median ` +
        `${median(mine.map((r) => r.queuedAtArrival))} queued ran before the victim's attempt`,
    );
  }
  return lines.join('\n');
}
