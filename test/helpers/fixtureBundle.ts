// A workflow bundle of a fixture under test/fixtures/workflows (an older version of a workflow, for the replay tests
// that record a history with it and replay it on today's code), built quietly (errors only).
import { bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';

export const fixtureBundle = (name: string): Promise<WorkflowBundle> =>
  bundleWorkflowCode({
    workflowsPath: require.resolve(`../fixtures/workflows/${name}`),
    logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} },
  });
