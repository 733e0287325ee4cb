// The time-skipping test environment with the service's custom search attributes registered (workflows
// set them on the children they start; an unregistered one fails the workflow task).
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { SearchAttributes } from '../../src/workflows/contracts';
import { testEnv } from './env';

/**
 * The SDK gives the Java server 5 s to open its port; on a loaded 2-core machine (two shards starting JVMs at
 * once) it can take longer.
 */
async function startServer(): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: testEnv.temporalTestServerPath } },
      });
    } catch (err) {
      if (attempt >= 5 || !/did not start within/.test(String(err))) throw err;
    }
  }
}

export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const env = await startServer();
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(
      Object.values(SearchAttributes).map((key) => [
        key.name,
        temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
      ]),
    ),
  });
  return env;
}
