// mocha root hooks: quiet Temporal SDK logs (warnings and errors only), close the shared stack once, and fail
// the run when any worker of the process held a workflow task as long as its 10 s timeout (issue 42).
import { Runtime } from '@temporalio/worker';
import { closeSharedStack } from './helpers/stack';
import { watchingLogger, WORKFLOW_TASK_TIMEOUT_MS } from './helpers/workflowTaskWatch';

const watch = watchingLogger();
/** The slow workflow tasks heard of so far (test/workflows/workflowTaskWatch.test.ts reads it). */
export const workflowTaskWatch = watch;
// The core's own logs go to the logger too (forward), so its slow-task warnings are seen here.
Runtime.install({
  logger: watch.logger,
  telemetryOptions: { logging: { forward: {}, filter: { core: 'WARN', other: 'ERROR' } } },
});

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await closeSharedStack();
    const overdue = watch.slow.filter((t) => t.ms >= WORKFLOW_TASK_TIMEOUT_MS);
    if (overdue.length > 0) {
      throw new Error(
        `${overdue.length} workflow task(s) took as long as the ${WORKFLOW_TASK_TIMEOUT_MS / 1000} s task timeout: ` +
          overdue.map((t) => `${t.workflowType} ${t.ms} ms`).join(', '),
      );
    }
  },
};
