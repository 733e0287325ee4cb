// The time-skipping test environment with the service's custom search attributes registered (workflows
// set them on the children they start; an unregistered one fails the workflow task).
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { SearchAttributes } from '../../src/workflows/contracts';
import { testEnv } from './env';

export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: testEnv.temporalTestServerPath } },
  });
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
