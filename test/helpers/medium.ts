// The medium tier's setup (test/medium, after immich's server/test/medium): services and repositories on the
// real PostgreSQL (a fresh database per run, migrated), with the real token service, secret box, embedding model
// and an in-process S3 server, but no Temporal and no HTTP server. A service call that would start a workflow
// fails, saying that its test belongs in the end-to-end tier. One per run, closed by test/medium/hooks.ts.
import type { Config } from '../../src/config';
import type { Deps } from '../../src/services/deps';
import type { TestDatabase } from './database';
import { createTestDeps, noTemporal, type TestDeps } from './testDeps';

export interface MediumStack {
  config: Config;
  deps: Deps;
  testDb: TestDatabase;
}

let shared: Promise<TestDeps> | undefined;

/** The run's shared medium setup, started on first use. */
export function getMediumStack(): Promise<MediumStack> {
  shared ??= createTestDeps({ temporal: async (config) => noTemporal(config) });
  return shared;
}

export async function closeSharedMediumStack(): Promise<void> {
  if (shared) await (await shared).close();
  shared = undefined;
}
