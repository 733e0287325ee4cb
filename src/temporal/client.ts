import { Client, Connection, type ConnectionLike, type WorkflowClientInterceptor } from '@temporalio/client';

export interface TemporalDeps {
  client: Client;
  connection: Connection;
  taskQueue: string;
  namespace: string;
  /** The client's workflow interceptors, which a client over another connection carries too. */
  interceptors?: WorkflowClientInterceptor[];
  /**
   * In a process that runs a worker beside the API (the all-in-one process): a client over that worker's own
   * connection. A start it makes with eager start asks the server to hand the run's first workflow task back
   * in its answer, to that worker, instead of through the task queue (one round trip and the poll's dispatch
   * fewer). Absent elsewhere: every start goes through `client`.
   */
  eagerClient?: Client;
}

export async function connectTemporal(
  address: string,
  namespace: string,
  taskQueue: string,
  opts: { interceptors?: WorkflowClientInterceptor[] } = {},
): Promise<TemporalDeps> {
  const connection = await Connection.connect({ address });
  const interceptors = opts.interceptors ?? [];
  const client = new Client({ connection, namespace, interceptors: { workflow: interceptors } });
  return { client, connection, taskQueue, namespace, interceptors };
}

/**
 * Gives the deps a client over the in-process worker's connection (a NativeConnection, the only kind eager
 * workflow start works over), for the starts whose first workflow task that worker should run at once.
 */
export function attachEagerClient(t: TemporalDeps, workerConnection: ConnectionLike): void {
  t.eagerClient = new Client({
    connection: workerConnection,
    namespace: t.namespace,
    interceptors: { workflow: t.interceptors ?? [] },
  });
}

/** Throws when the Temporal frontend does not answer. */
export async function checkTemporal(t: TemporalDeps): Promise<void> {
  await t.connection.workflowService.getSystemInfo({});
}
