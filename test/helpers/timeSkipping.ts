// The time-skipping test environment with the service's custom search attributes registered (workflows
// set them on the children they start; an unregistered one fails the workflow task).
import { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { SearchAttributes } from '../../src/workflows/contracts';
import { testEnv } from './env';

/**
 * The SDK gives the Java server 5 s to open its port; on a loaded 2-core machine (two shards starting JVMs at
 * once) it can take longer.
 */
async function startServer(): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: testEnv.temporalTestServerPath } },
      });
    } catch (err) {
      if (attempt >= 5 || !/did not start within/.test(String(err))) throw err;
    }
  }
}

export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const env = await startServer();
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(
      Object.values(SearchAttributes).map((key) => [
        key.name,
        temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
      ]),
    ),
  });
  return env;
}

const Ev = temporal.api.enums.v1.EventType;
const CLOSED = new Set([
  Ev.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
  Ev.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED,
  Ev.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED,
  Ev.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED,
  Ev.EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT,
  Ev.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW,
]);
const ACTIVITY_DONE = [
  'activityTaskCompletedEventAttributes',
  'activityTaskFailedEventAttributes',
  'activityTaskTimedOutEventAttributes',
  'activityTaskCanceledEventAttributes',
] as const;
const CHILD_START_DONE = [
  'childWorkflowExecutionStartedEventAttributes',
  'startChildWorkflowExecutionFailedEventAttributes',
] as const;

const toMs = (d?: { seconds?: unknown; nanos?: number | null } | null) =>
  Number(d?.seconds ?? 0) * 1000 + Math.floor((d?.nanos ?? 0) / 1e6);

/** What one run is doing: closed, working (a task in flight or about to be), or idle until its earliest timer. */
function runState(history: temporal.api.history.v1.IHistory): 'closed' | 'busy' | { idleUntil?: number } {
  const events = history.events ?? [];
  const last = events.at(-1);
  if (!last) return 'busy';
  if (last.eventType != null && CLOSED.has(last.eventType)) return 'closed';
  const timers = new Map<string, number>();
  const activities = new Set<string>();
  const childStarts = new Set<string>();
  let taskOpen = false;
  for (const e of events) {
    const id = String(e.eventId);
    if (e.eventType === Ev.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED) taskOpen = true;
    if (
      e.eventType === Ev.EVENT_TYPE_WORKFLOW_TASK_COMPLETED ||
      e.eventType === Ev.EVENT_TYPE_WORKFLOW_TASK_FAILED ||
      e.eventType === Ev.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT
    )
      taskOpen = false;
    const t = e.timerStartedEventAttributes;
    if (t) timers.set(t.timerId!, toMs(e.eventTime) + toMs(t.startToFireTimeout));
    const ended = e.timerFiredEventAttributes ?? e.timerCanceledEventAttributes;
    if (ended) timers.delete(ended.timerId!);
    if (e.activityTaskScheduledEventAttributes) activities.add(id);
    for (const k of ACTIVITY_DONE) if (e[k]) activities.delete(String(e[k]!.scheduledEventId));
    if (e.startChildWorkflowExecutionInitiatedEventAttributes) childStarts.add(id);
    for (const k of CHILD_START_DONE) if (e[k]) childStarts.delete(String(e[k]!.initiatedEventId));
  }
  if (taskOpen || activities.size > 0 || childStarts.size > 0) return 'busy';
  return { idleUntil: timers.size > 0 ? Math.min(...timers.values()) : undefined };
}

/**
 * Awaits workflows on the time-skipping server, moving its clock only while none of them has work in flight.
 * Awaiting through the environment's own client unlocks skipping for the whole wait: on a loaded machine the
 * server then skips past a workflow task's or an activity's timeout while the worker is still on it, and the
 * run can spend its retries that way. Here time stays locked (real time) while any task is open, and jumps to
 * the earliest pending timer once every run is idle.
 */
export async function resultsSkippingTime<T = unknown>(
  env: TestWorkflowEnvironment,
  workflowIds: string[],
  { pollMs = 50 }: { pollMs?: number } = {},
): Promise<T[]> {
  const client = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });
  for (;;) {
    const states = await Promise.all(
      workflowIds.map(async (id) => runState(await client.workflow.getHandle(id).fetchHistory())),
    );
    if (states.every((s) => s === 'closed')) break;
    const idle = states.filter((s): s is { idleUntil?: number } => typeof s === 'object');
    const wakes = idle.map((s) => s.idleUntil).filter((t): t is number => t !== undefined);
    if (idle.length + states.filter((s) => s === 'closed').length === states.length && wakes.length > 0) {
      const now = await env.currentTimeMs();
      await env.sleep(Math.max(1, Math.min(...wakes) - now + 1));
    } else {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  return Promise.all(workflowIds.map((id) => client.workflow.getHandle(id).result() as Promise<T>));
}
