// What one synchronous upload's ingestion workflow cost in Temporal round trips, read from its history:
// each workflow task is a poll answered and a completion sent; each (remote) activity task is a schedule,
// a start and a completion the server records; a local activity is a marker written with the workflow task
// that ran it (no round trip of its own). The timeline gives each event's offset from the workflow's start.
import type { TestStack } from '../../test/helpers/stack';

type HistoryEvent = Record<string, unknown> & { eventTime?: { seconds?: unknown; nanos?: number | null } | null };

/** The event's kind: the name of the attributes it carries (activityTaskScheduled, markerRecorded, ...). */
function kind(event: HistoryEvent): string {
  const key = Object.keys(event).find((k) => k.endsWith('EventAttributes') && event[k] != null);
  return key ? key.slice(0, -'EventAttributes'.length) : 'unknown';
}

export interface RoundTrips {
  workflowId: string;
  events: number;
  workflowTasks: number;
  activityTasks: number;
  localActivities: number;
  childWorkflows: number;
  /** Workflow start to its completion event, as the server recorded them. */
  workflowMs: number;
  /** Each event's kind and its offset from the start, in ms. */
  timeline: Array<{ event: string; atMs: number }>;
}

function millis(time: { seconds?: unknown; nanos?: number | null } | null | undefined): number {
  if (!time) return 0;
  return Number(time.seconds ?? 0) * 1000 + (time.nanos ?? 0) / 1e6;
}

export async function countRoundTrips(stack: TestStack, workflowId: string): Promise<RoundTrips> {
  const history = await stack.deps.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const events = (history.events ?? []) as HistoryEvent[];
  const start = millis(events[0]?.eventTime);
  const timeline = events.map((e) => ({ event: kind(e), atMs: Math.round((millis(e.eventTime) - start) * 10) / 10 }));
  const count = (event: string) => timeline.filter((e) => e.event === event).length;
  return {
    workflowId,
    events: events.length,
    workflowTasks: count('workflowTaskCompleted'),
    activityTasks: count('activityTaskScheduled'),
    localActivities: count('markerRecorded'),
    childWorkflows: count('startChildWorkflowExecutionInitiated'),
    workflowMs: timeline.at(-1)?.atMs ?? 0,
    timeline,
  };
}
