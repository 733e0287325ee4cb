// Service-tier helpers: a fresh workspace with its rows, the credentials (AuthState) a request would carry,
// an assertion on the AppError a service throws, and the result of a job a service started.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import type { Db } from '../../src/db/knex';
import * as apiKeys from '../../src/db/repositories/apiKeys';
import * as workspaces from '../../src/db/repositories/workspaces';
import type { ApiKeyRow, WorkspaceRow } from '../../src/db/rows';
import { AppError } from '../../src/errors';
import { tokenKind, type AuthState } from '../../src/policies/credentials';
import type { TemporalDeps } from '../../src/temporal/client';
import { createTenant, type Tenant } from './factories';

export interface Workspace {
  tenant: Tenant;
  workspace: WorkspaceRow;
  apiKey: ApiKeyRow;
}

/** A fresh tenant with its workspace and API key rows; `rbac` turns RBAC ACTIVE. */
export async function createWorkspace(db: Db, opts: { rbac?: boolean } = {}): Promise<Workspace> {
  const tenant = await createTenant(db);
  const workspace = opts.rbac
    ? await workspaces.setRbacEnabled(db, tenant.workspaceId, true)
    : (await workspaces.findWorkspace(db, tenant.workspaceId))!;
  const [apiKey] = await apiKeys.listApiKeys(db, tenant.workspaceId);
  return { tenant, workspace, apiKey: apiKey! };
}

/** The shared stack of a tier (getStack, getMediumStack) and a fresh workspace in it: a service test's start. */
export async function withWorkspace<S extends { deps: { db: Db } }>(
  stack: Promise<S>,
  opts: { rbac?: boolean } = {},
): Promise<{ stack: S; ws: Workspace }> {
  const ready = await stack;
  return { stack: ready, ws: await createWorkspace(ready.deps.db, opts) };
}

/** A plain-text file as the uploads service receives one: name, declared type, a stream, the declared length. */
export const textUpload = (filename: string, text: string, declaredBytes?: number) => ({
  filename,
  declaredMime: 'text/plain',
  stream: Readable.from([Buffer.from(text)]),
  ...(declaredBytes === undefined ? {} : { declaredBytes }),
});

/** The workspace API key itself (x-api-key). */
export const apiKeyAuth = (w: Workspace): AuthState => ({ kind: 'apiKey', workspace: w.workspace, apiKey: w.apiKey });

/** An access token as the authentication middleware reads it: workspace, role- or subject-bound. */
export function accessAuth(w: Workspace, claims: { roleId?: string; subject?: string } = {}): AuthState {
  const token = {
    tokenType: 'access' as const,
    organizationId: w.workspace.organization_id,
    workspaceId: w.workspace.id,
    apiKeyId: w.apiKey.id,
    ...claims,
  };
  return { kind: tokenKind(token), workspace: w.workspace, token };
}

/** A user space token for a space user (internal id) in a space. */
export function userSpaceAuth(w: Workspace, claims: { userId: string; spaceId: string; roleId?: string }): AuthState {
  return {
    kind: 'userSpace',
    workspace: w.workspace,
    token: {
      tokenType: 'user_space',
      organizationId: w.workspace.organization_id,
      workspaceId: w.workspace.id,
      apiKeyId: w.apiKey.id,
      ...claims,
    },
  };
}

/** The call rejects with exactly this AppError (status, message and, when given, the body's error value). */
export async function rejectsWithAppError(
  call: Promise<unknown>,
  expected: { status: number; message: string; error?: string },
): Promise<void> {
  await assert.rejects(call, (err: unknown) => {
    assert.ok(err instanceof AppError, `an AppError, not ${String(err)}`);
    assert.equal(err.status, expected.status);
    assert.equal(err.message, expected.message);
    if (expected.error !== undefined) assert.equal(err.error, expected.error);
    return true;
  });
}

/** The outcome of a job a service started: its result, or the failure's innermost message. */
export async function jobOutcome(
  temporal: TemporalDeps,
  workflowId: string,
): Promise<{ ok: true; result: unknown } | { ok: false; message: string }> {
  try {
    return { ok: true, result: await temporal.client.workflow.getHandle(workflowId).result() };
  } catch (err) {
    let e = err as { cause?: unknown; message?: string };
    while (e.cause) e = e.cause as typeof e;
    return { ok: false, message: e.message ?? String(err) };
  }
}
