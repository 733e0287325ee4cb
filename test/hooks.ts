// mocha root hooks: quiet Temporal SDK logs (warnings and errors only) and close the shared stack once.
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { closeSharedStack } from './helpers/stack';

Runtime.install({ logger: new DefaultLogger('WARN') });

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await closeSharedStack();
  },
};
