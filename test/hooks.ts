// mocha root hooks of a run with end-to-end tests: quiet Temporal SDK logs (warnings and errors only), close
// the shared stacks once (the end-to-end one, and the medium one when medium files run in the same mocha), and
// fail the run when any worker of the process held a workflow task as long as its 10 s timeout (issue 42), saying
// whether this process's own event loop stood still meanwhile (the thread its workers answer tasks from) and in
// which test; stalls of 2 s or more are printed at the end of every run.
import { Runtime } from '@temporalio/worker';
import { publishedOpenApiDocument } from '../src/api/published';
import { closeSharedMediumStack } from './helpers/medium';
import { closeSharedStack } from './helpers/stack';
import {
  explainSlowTask,
  describeStall,
  watchEventLoop,
  watchingLogger,
  WORKFLOW_TASK_TIMEOUT_MS,
} from './helpers/workflowTaskWatch';

const watch = watchingLogger();
/** The slow workflow tasks heard of so far (test/workflows/workflowTaskWatch.test.ts reads it). */
export const workflowTaskWatch = watch;
/** The test running now, for the event-loop watch. */
let currentTest = '';
/** The test that ended last: a stall between tests is in the hooks of what follows it. */
let lastEnded = '';
/** Stalls of this process's event loop, to say what held a slow workflow task (issue 42). */
const loop = watchEventLoop(() =>
  currentTest ? `"${currentTest}"` : lastEnded ? `the hooks after "${lastEnded}"` : '',
);
// The core's own logs go to the logger too (forward), so its slow-task warnings are seen here.
Runtime.install({
  logger: watch.logger,
  telemetryOptions: { logging: { forward: {}, filter: { core: 'WARN', other: 'ERROR' } } },
});

export const mochaHooks = {
  beforeAll() {
    // The document, built once per process (seconds of one thread under load), before any worker holds a task.
    publishedOpenApiDocument();
  },
  beforeEach(this: Mocha.Context) {
    currentTest = this.currentTest?.fullTitle() ?? '';
  },
  afterEach() {
    lastEnded = currentTest;
    currentTest = '';
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await closeSharedStack();
    await closeSharedMediumStack();
    // Issue 42: a workflow task as long as its timeout fails the run. The fresh-clone CI (two end-to-end shards,
    // the medium tier and the fault scenarios together on 2 cores) logged no task over 5 s but the planted one.
    loop.stop();
    const long = loop.stalls.filter((s) => s.ms >= 2000);
    if (long.length > 0) {
      console.warn(
        `  the event loop of this test process stood still 2 s or more ${long.length} time(s): ` +
          long.map(describeStall).join('; '),
      );
    }
    const overdue = watch.slow.filter((t) => t.ms >= WORKFLOW_TASK_TIMEOUT_MS);
    if (overdue.length > 0) {
      throw new Error(
        `${overdue.length} workflow task(s) took as long as the ${WORKFLOW_TASK_TIMEOUT_MS / 1000} s task timeout: ` +
          overdue.map((t) => explainSlowTask(t, loop.stalls)).join('; '),
      );
    }
  },
};
