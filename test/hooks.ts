// mocha root hooks of a run with end-to-end tests: quiet Temporal SDK logs (warnings and errors only), close
// the shared stacks once (the end-to-end one, and the medium one when medium files run in the same mocha), and
// fail the run when any worker of the process held a workflow task as long as its 10 s timeout (issue 42).
import { Runtime } from '@temporalio/worker';
import { closeSharedMediumStack } from './helpers/medium';
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
    await closeSharedMediumStack();
    // Issue 42: a workflow task as long as its timeout fails the run. The fresh-clone CI (two end-to-end shards,
    // the medium tier and the fault scenarios together on 2 cores) logged no task over 5 s but the planted one.
    const overdue = watch.slow.filter((t) => t.ms >= WORKFLOW_TASK_TIMEOUT_MS);
    if (overdue.length > 0) {
      throw new Error(
        `${overdue.length} workflow task(s) took as long as the ${WORKFLOW_TASK_TIMEOUT_MS / 1000} s task timeout: ` +
          overdue.map((t) => `${t.workflowType} ${t.ms} ms`).join(', '),
      );
    }
  },
};
