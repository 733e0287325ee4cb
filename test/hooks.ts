// mocha root hooks of a run with end-to-end tests: quiet Temporal SDK logs (warnings and errors only) and close
// the shared stacks once (the end-to-end one, and the medium one when medium files run in the same mocha).
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { closeSharedMediumStack } from './helpers/medium';
import { closeSharedStack } from './helpers/stack';

Runtime.install({ logger: new DefaultLogger('WARN') });

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await closeSharedStack();
    await closeSharedMediumStack();
  },
};
