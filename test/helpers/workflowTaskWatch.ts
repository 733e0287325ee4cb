// The workflow tasks of every worker in a test process: the Temporal SDK core warns ([TMPRL1104]) about each
// task that took longer than TEMPORAL_WORKFLOW_TASK_DURATION_WARN_SECONDS (5 s unless set), with the
// duration in its fields. The root hooks install the runtime with this logger and fail the run when a task
// took as long as the 10 s workflow task timeout, at which the server gives the task to another worker.
import { DefaultLogger, type LogLevel, type LogMetadata } from '@temporalio/worker';

/** The server's default workflow task timeout. */
export const WORKFLOW_TASK_TIMEOUT_MS = 10_000;

export interface SlowWorkflowTask {
  workflowType: string;
  ms: number;
  message: string;
  /** When the warning was heard (Date.now()): the task ended about then. */
  at?: number;
}

/** The duration of a [TMPRL1104] warning, from its fields (or its message's threshold when they are absent). */
export function slowTaskOf(message: string, meta: LogMetadata | undefined): SlowWorkflowTask | undefined {
  if (!message.includes('Workflow task duration exceeded')) return undefined;
  // The forwarded fields are camelCased (workflowTaskDuration); the core names them in snake case.
  const fields = meta as Record<string, unknown> | undefined;
  const duration = fields?.workflowTaskDuration ?? fields?.workflow_task_duration;
  const type = fields?.workflowType ?? fields?.workflow_type;
  const threshold = Number(/exceeded (\d+) seconds/.exec(message)?.[1] ?? NaN) * 1000;
  return {
    workflowType: String(type ?? 'unknown'),
    ms: duration !== undefined ? Number(duration) : threshold,
    message,
  };
}

/** A logger at WARN that also keeps every slow workflow task it hears of. */
export function watchingLogger(): { logger: DefaultLogger; slow: SlowWorkflowTask[] } {
  const slow: SlowWorkflowTask[] = [];
  const base = new DefaultLogger('WARN');
  const logger = new DefaultLogger('WARN', (entry) => {
    const task = slowTaskOf(entry.message, entry.meta);
    if (task) slow.push({ ...task, at: Date.now() });
    base.log(entry.level as LogLevel, entry.message, entry.meta);
  });
  return { logger, slow };
}

/** A time the process's event loop stood still: no timer ran for `ms` (the thread was busy or starved). */
export interface LoopStall {
  /** Date.now() when the loop ran again. */
  endedAt: number;
  ms: number;
  /** Where it was, as the watch's caller says it: a test's title in quotes, the hooks after one, or ''. */
  test: string;
}

const TICK_MS = 100;

/**
 * Watches this process's event loop with a 100 ms timer and keeps each stall of at least `minMs` with the test
 * running then. A worker's workflow tasks are answered from this thread (the SDK's bridge calls back on it), so a
 * stall here is time every worker of the process holds its tasks.
 */
export function watchEventLoop(currentTest: () => string, minMs = 1000): { stalls: LoopStall[]; stop(): void } {
  const stalls: LoopStall[] = [];
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    const gap = now - last - TICK_MS;
    last = now;
    if (gap >= minMs) stalls.push({ endedAt: now, ms: gap, test: currentTest() });
  }, TICK_MS);
  timer.unref();
  return { stalls, stop: () => clearInterval(timer) };
}

/** A stall in words: `2500 ms in "a test"`, `3000 ms in the hooks after "a test"`, or `1200 ms between tests`. */
export const describeStall = (s: LoopStall) => `${s.ms} ms ${s.test ? `in ${s.test}` : 'between tests'}`;

/**
 * What held a slow workflow task, as far as this process can tell: the stalls of its own event loop that overlap
 * the task (it ended at `task.at` and began `task.ms` before), or that none did (the time was spent outside this
 * thread: the server, another process, a machine out of CPU).
 */
export function explainSlowTask(task: SlowWorkflowTask, stalls: readonly LoopStall[]): string {
  const head = `${task.workflowType} ${task.ms} ms`;
  if (task.at === undefined) return head;
  const from = task.at - task.ms;
  const during = stalls.filter((s) => s.endedAt > from && s.endedAt - s.ms < task.at!);
  if (during.length === 0) return `${head} (this process's event loop never stood still 1 s or more meanwhile)`;
  const stood = during.map(describeStall).join(', ');
  return `${head} (this process's event loop stood still meanwhile: ${stood})`;
}
