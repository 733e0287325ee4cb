// mocha root hooks of the medium tier: close the shared medium setup once (test/helpers/medium.ts).
import { closeSharedMediumStack } from '../helpers/medium';

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await closeSharedMediumStack();
  },
};
