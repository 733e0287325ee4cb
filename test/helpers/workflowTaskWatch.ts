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
    if (task) slow.push(task);
    base.log(entry.level as LogLevel, entry.message, entry.meta);
  });
  return { logger, slow };
}
