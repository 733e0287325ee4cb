import { Client, Connection, type WorkflowClientInterceptor } from '@temporalio/client';

export interface TemporalDeps {
  client: Client;
  connection: Connection;
  taskQueue: string;
  namespace: string;
}

export async function connectTemporal(
  address: string,
  namespace: string,
  taskQueue: string,
  opts: { interceptors?: WorkflowClientInterceptor[] } = {},
): Promise<TemporalDeps> {
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace, interceptors: { workflow: opts.interceptors ?? [] } });
  return { client, connection, taskQueue, namespace };
}

/** Throws when the Temporal frontend does not answer. */
export async function checkTemporal(t: TemporalDeps): Promise<void> {
  await t.connection.workflowService.getSystemInfo({});
}
