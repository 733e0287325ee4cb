// How long the workers held their workflow tasks during a bench step, read from the histories the server
// recorded: each task from WorkflowTaskStarted to its WorkflowTaskCompleted (or TimedOut, Failed). A task
// that ran local activities holds on until they finish; the markers recorded with its completion say which.
// A task should take milliseconds: seconds delay every signal, query and cancellation of its workflow, and
// at the 10 s task timeout the server gives the task to another worker.
import type { Client } from '@temporalio/client';
import { round } from '../lib/stats';

type HistoryEvent = Record<string, unknown> & {
  eventId?: unknown;
  eventTime?: { seconds?: unknown; nanos?: number | null } | null;
};

export interface SlowTask {
  workflowId: string;
  workflowType: string;
  ms: number;
  outcome: 'completed' | 'timedOut' | 'failed';
  /** Local activities recorded with the task's completion, by type. */
  localActivities: string[];
  /** Whether its workflow ran any local activity (a task of one that did not is workflow code alone). */
  workflowRanLocalActivities: boolean;
}

export interface WorkflowTaskStats {
  workflows: number;
  tasks: number;
  timedOut: number;
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  /** Tasks over 2 s (the target) and over 5 s (the worker's own warning). */
  over2s: number;
  over5s: number;
  /**
   * Tasks that recorded local activities, and the longest of those; the longest task of a workflow that ran
   * no local activity at all (its code alone: what CPU starvation of the worker's threads would show in).
   */
  withLocalActivities: number;
  maxWithLocalActivitiesMs: number;
  maxOfWorkflowsWithoutLocalActivitiesMs: number;
  byType: Array<{ workflowType: string; tasks: number; maxMs: number; p99Ms: number }>;
  slowest: SlowTask[];
}

/** Issue 42: no workflow task longer than this during the ingestion, the manual pages or the syncs, ms. */
export const WORKFLOW_TASK_TARGET_MS = 2000;

const millis = (t: HistoryEvent['eventTime']) => (t ? Number(t.seconds ?? 0) * 1000 + (t.nanos ?? 0) / 1e6 : 0);

function kind(event: HistoryEvent): string {
  const key = Object.keys(event).find((k) => k.endsWith('EventAttributes') && event[k] != null);
  return key ? key.slice(0, -'EventAttributes'.length) : 'unknown';
}

/** The activity type of a local activity's marker (its data payload is JSON), or 'local activity'. */
function markerActivity(event: HistoryEvent): string {
  const attrs = event.markerRecordedEventAttributes as
    { markerName?: string; details?: Record<string, { payloads?: Array<{ data?: Uint8Array }> }> } | undefined;
  const data = attrs?.details?.data?.payloads?.[0]?.data;
  if (data) {
    try {
      const parsed = JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type?: string };
      if (parsed.activity_type) return parsed.activity_type;
    } catch {
      // not JSON
    }
  }
  return attrs?.markerName ?? 'marker';
}

/** Every workflow task of one history. */
export function tasksOf(workflowId: string, workflowType: string, events: HistoryEvent[]): SlowTask[] {
  const byId = new Map<number, HistoryEvent>();
  for (const e of events) byId.set(Number(e.eventId), e);
  const out: SlowTask[] = [];
  const ranLocal = events.some((e) => kind(e) === 'markerRecorded' && markerActivity(e) !== 'core_patch');
  events.forEach((e, at) => {
    const k = kind(e);
    const outcome =
      k === 'workflowTaskCompleted'
        ? 'completed'
        : k === 'workflowTaskTimedOut'
          ? 'timedOut'
          : k === 'workflowTaskFailed'
            ? 'failed'
            : undefined;
    if (!outcome) return;
    const attrs = e[`${k}EventAttributes`] as { startedEventId?: unknown };
    const started = byId.get(Number(attrs.startedEventId));
    if (!started) return;
    const localActivities: string[] = [];
    for (let i = at + 1; i < events.length; i++) {
      const next = kind(events[i]!);
      if (next === 'workflowTaskScheduled' || next === 'workflowTaskStarted') break;
      if (next !== 'markerRecorded') continue;
      const activity = markerActivity(events[i]!);
      // A patch marker (patched()) is no activity.
      if (activity !== 'core_patch') localActivities.push(activity);
    }
    out.push({
      workflowId,
      workflowType,
      ms: round(millis(e.eventTime) - millis(started.eventTime), 1),
      outcome,
      localActivities,
      workflowRanLocalActivities: ranLocal,
    });
  });
  return out;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * The workflow tasks of every workflow on `taskQueue` started since `since` (the step's workflows, their
 * children included), from their histories.
 */
export async function measureWorkflowTasks(client: Client, taskQueue: string, since: Date): Promise<WorkflowTaskStats> {
  const runs: Array<{ workflowId: string; runId: string; type: string }> = [];
  const query = `TaskQueue = '${taskQueue}' AND StartTime >= '${since.toISOString()}'`;
  for await (const w of client.workflow.list({ query })) {
    runs.push({ workflowId: w.workflowId, runId: w.runId, type: w.type });
  }
  const tasks: SlowTask[] = [];
  let next = 0;
  const lane = async () => {
    while (next < runs.length) {
      const run = runs[next++]!;
      const history = await client.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
      tasks.push(...tasksOf(run.workflowId, run.type, (history.events ?? []) as HistoryEvent[]));
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  const ms = tasks.map((t) => t.ms).sort((a, b) => a - b);
  const types = [...new Set(tasks.map((t) => t.workflowType))].sort();
  const withLa = tasks.filter((t) => t.localActivities.length > 0);
  const maxOf = (list: SlowTask[]) => list.reduce((m, t) => Math.max(m, t.ms), 0);
  return {
    workflows: runs.length,
    tasks: tasks.length,
    timedOut: tasks.filter((t) => t.outcome === 'timedOut').length,
    maxMs: ms.at(-1) ?? 0,
    p99Ms: quantile(ms, 0.99),
    p50Ms: quantile(ms, 0.5),
    over2s: ms.filter((x) => x > 2000).length,
    over5s: ms.filter((x) => x > 5000).length,
    withLocalActivities: withLa.length,
    maxWithLocalActivitiesMs: maxOf(withLa),
    maxOfWorkflowsWithoutLocalActivitiesMs: maxOf(tasks.filter((t) => !t.workflowRanLocalActivities)),
    byType: types.map((workflowType) => {
      const of = tasks
        .filter((t) => t.workflowType === workflowType)
        .map((t) => t.ms)
        .sort((a, b) => a - b);
      return { workflowType, tasks: of.length, maxMs: of.at(-1) ?? 0, p99Ms: quantile(of, 0.99) };
    }),
    slowest: [...tasks].sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

export function formatWorkflowTasks(name: string, s: WorkflowTaskStats): string {
  const slow = s.slowest
    .filter((t) => t.ms > 500)
    .map(
      (t) =>
        `${t.workflowType} ${t.ms} ms (${t.outcome}${t.localActivities.length ? `; local activities: ${t.localActivities.join(', ')}` : ''})`,
    );
  return (
    `  workflow tasks during ${name}: ${s.tasks} tasks of ${s.workflows} workflows, max ${s.maxMs} ms, p99 ${s.p99Ms} ms, ` +
    `p50 ${s.p50Ms} ms; over 2 s: ${s.over2s}, over 5 s: ${s.over5s}, timed out: ${s.timedOut}; ` +
    `${s.withLocalActivities} recorded local activities (max ${s.maxWithLocalActivitiesMs} ms); workflows without any ` +
    `local activity: max ${s.maxOfWorkflowsWithoutLocalActivitiesMs} ms` +
    (slow.length ? `\n    slowest: ${slow.join('; ')}` : '')
  );
}

/** The issue's row for a step's workflow tasks: [measure, measured, target, verdict]. */
export function workflowTaskRow(
  name: string,
  s: WorkflowTaskStats,
  targetMs = WORKFLOW_TASK_TARGET_MS,
): [string, string, string, string] {
  return [
    `workflow tasks during ${name}: max / p99`,
    `${s.maxMs} / ${s.p99Ms} ms (${s.tasks} tasks)`,
    `max <= ${targetMs} ms`,
    s.maxMs <= targetMs ? 'met' : 'NOT met',
  ];
}
