// Per-request cost of authentication and authorization through the whole HTTPS app: a cheap /v1 read
// (GET rbac-status, no further query) with a workspace credential and with a role-bound credential, over one
// keep-alive connection so the TLS handshake is not counted. The request minus an unauthenticated /health/live
// round trip on the same connection is the credential check's share. Figures only; nothing asserts a time.
import * as workspaces from '../../src/db/repositories/workspaces';
import { accessHeaders, createRole, createTenant } from '../../test/helpers/factories';
import type { TestStack } from '../../test/helpers/stack';
import { countQueries, keepAliveClient } from '../lib/http';
import { loadAverage, round, summarize, type Summary } from '../lib/stats';

export interface AuthOverheadResult {
  samples: number;
  loadAverage: number[];
  /** GET /health: the same connection, no credential. */
  unauthenticated: Summary;
  workspaceCredential: Summary;
  roleBoundCredential: Summary;
  /** p50 of the credential check alone (authenticated minus unauthenticated), in ms. */
  credentialCheckP50: { workspace: number; role: number };
  /** Database queries per request (knex query events), a figure machine load cannot blur. */
  queriesPerRequest: { workspace: number; role: number };
}

export async function measureAuthOverhead(stack: TestStack, samples = 2000): Promise<AuthOverheadResult> {
  const db = stack.deps.db;
  const tenant = await createTenant(db);
  await workspaces.setRbacEnabled(db, tenant.workspaceId, true);
  await createRole(db, tenant.workspaceId, { customerRoleId: 'bench-role' });
  const workspace = (await accessHeaders(stack, tenant)).headers;
  const role = (await accessHeaders(stack, tenant, { customerRoleId: 'bench-role' })).headers;
  const client = keepAliveClient(stack.baseUrl, stack.ca);
  const get = (path: string, headers?: Record<string, string>) => client('GET', path, headers);
  const path = `/v1/workspaces/${tenant.workspaceId}/rbac-status`;

  const runs = { unauthenticated: [] as number[], workspace: [] as number[], role: [] as number[] };
  for (let i = 0; i < 200; i++) await get(path, i % 2 ? workspace : role); // warm-up
  // Interleaved, so a drift in machine load touches all three alike.
  for (let i = 0; i < samples; i++) {
    runs.unauthenticated.push(await get('/health'));
    runs.workspace.push(await get(path, workspace));
    runs.role.push(await get(path, role));
  }
  const queriesPerRequest = {
    workspace: await countQueries(db, 100, () => get(path, workspace)),
    role: await countQueries(db, 100, () => get(path, role)),
  };
  const unauthenticated = summarize(runs.unauthenticated, 3);
  const workspaceCredential = summarize(runs.workspace, 3);
  const roleBoundCredential = summarize(runs.role, 3);
  return {
    samples,
    loadAverage: loadAverage(),
    unauthenticated,
    workspaceCredential,
    roleBoundCredential,
    queriesPerRequest,
    credentialCheckP50: {
      workspace: round(workspaceCredential.p50 - unauthenticated.p50, 3),
      role: round(roleBoundCredential.p50 - unauthenticated.p50, 3),
    },
  };
}
