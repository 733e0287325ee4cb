// Roles and their assignment to knowledge. Writes run as workflows with deterministic ids: a retried create or
// delete joins (or repeats, harmlessly) the same job and can never create a second role. An update or an assignment
// is numbered when answered and has a job of its own, which writes what the latest requests asked (roleSync.ts): a
// retried update is a second job that writes the same.
import { authorizeInWorkspace } from '../../policies/authorize';
import { createHash } from 'node:crypto';
import * as roles from '../../db/repositories/roles';
import * as workspaces from '../../db/repositories/workspaces';
import type { RoleRow, WorkspaceRow } from '../../db/rows';
import type { DbDeps, Deps } from '../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthState } from '../../policies/credentials';
import { uuidV5, WorkflowIds } from '../../temporal/constants';
import { jobStateNow, nothingStarted, startJob, type JobState } from '../../temporal/jobs';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import type { Tx } from '../../db/knex';
import type { RoleFields } from '../../workflows/contracts';
import {
  createRoleWorkflow,
  deleteRoleWorkflow,
  changeKnowledgeRolesWorkflow,
  updateRoleWorkflow,
} from '../../workflows/roles';
import { knowledgeNotFound, loadKnowledge, loadVisibleKnowledge } from '../knowledge/knowledge';
import { isRootOfRuledSource } from '../sources/sourceRules';
import { RoleMessages } from '../../domain/roles';
import { customerRoleHint, roleBeingDeleted } from './accessTokens';

export { RoleMessages } from '../../domain/roles';

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 24);

/**
 * 409 when another role than `roleId` holds the customerRoleId (none given: nothing to check). A role whose delete
 * was asked for holds it until its job has run: the hint says to send the request again then.
 */
async function requireCustomerRoleIdFree(
  { db }: DbDeps,
  workspaceId: string,
  customerRoleId: string | null | undefined,
  roleId: string,
): Promise<void> {
  if (!customerRoleId) return;
  const holder = await roles.findRoleByCustomerRoleId(db, workspaceId, customerRoleId);
  if (!holder || holder.id === roleId) return;
  const named = `customerRoleId "${customerRoleId.slice(0, 64)}"`;
  const beingDeleted = await roleBeingDeleted(db, workspaceId, holder.id);
  throw conflict(RoleMessages.duplicate, {
    param: 'customerRoleId',
    hint: beingDeleted
      ? `The role that has ${named} (${holder.id}) is being deleted: send this again once its delete job ` +
        `(${WorkflowIds.roleDelete(workspaceId, holder.id)}) has completed (POST …/background-jobs), or DELETE it again if that job failed.`
      : `Another role of this workspace (${holder.id}) has ${named}: choose ` +
        'another, or change that role (PUT …/role/{roleId}); GET …/role/by-customer-role-id/{customerRoleId} shows it.',
  });
}

/** How long a claim counts as its job's though Temporal does not know the job yet (its start is on its way). */
const CLAIM_STARTING_SECONDS = 30;

const claimedConflict = (customerRoleId: string, other: { role_id: string; job_id: string }) =>
  conflict(RoleMessages.duplicate, {
    param: 'customerRoleId',
    hint:
      `Role ${other.role_id} is being given customerRoleId "${customerRoleId.slice(0, 64)}" by a job that has not ` +
      `ended (${other.job_id}): choose another, or send this again once that job has ended (POST …/background-jobs ` +
      'shows it; if it failed, the id is free).',
  });

/**
 * Whether a claim's job may still write: it runs, or it was claimed (again) in the last CLAIM_STARTING_SECONDS and
 * Temporal has no run of it begun since (its start is on its way; a repeated create starts a new run under the id of
 * one that ended).
 */
function claimLive(claim: roles.CustomerRoleIdClaim, job: JobState): boolean {
  if (job.status === 'RUNNING') return true;
  if (!claim.young) return false;
  return job.status === 'NOT_FOUND' || !job.closedAt || new Date(job.closedAt) <= claim.claimed_at;
}

/**
 * Starts a job that sets `customerRoleId` on `roleId` (a create or an update), with a claim on the id for it (one row
 * per job, dropped by the job once it has written): 409 when another role holds the id (requireCustomerRoleIdFree),
 * or another role's job that claimed it may still write (claimLive: both requests would answer 200, and the job that
 * ran second fail). Temporal is asked outside any transaction; then, under a lock on the id, the claims are read
 * again (one new or claimed again meanwhile: round again), the claims seen ended are dropped (also when the roles
 * table then refuses the id), the table is checked and the claim added; then the job starts. A start that started
 * nothing takes back the claim it added.
 */
async function startClaimingCustomerRoleId(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  customerRoleId: string | null | undefined,
  claim: { roleId: string; jobId: string },
  start: () => Promise<unknown>,
): Promise<void> {
  if (!customerRoleId) {
    await start();
    return;
  }
  const othersNow = async (db: Tx) =>
    (await roles.customerRoleIdClaims(db, workspaceId, customerRoleId, CLAIM_STARTING_SECONDS)).filter(
      (c) => c.role_id !== claim.roleId,
    );
  const key = (c: { job_id: string; claimed_at: Date }) => `${c.job_id} ${c.claimed_at.getTime()}`;
  let ours: { added: boolean; claimedAt: Date } | undefined;
  for (let attempt = 1; !ours; attempt++) {
    const ended: roles.CustomerRoleIdClaim[] = [];
    for (const other of await othersNow(deps.db)) {
      if (claimLive(other, await jobStateNow(deps.temporal, workspaceId, other.job_id)))
        throw claimedConflict(customerRoleId, other);
      ended.push(other);
    }
    const seen = new Set(ended.map(key));
    const outcome = await deps.db.transaction(async (trx) => {
      await lockWorkspaceScope(trx, `customer-role-id:${customerRoleId}`, workspaceId);
      if ((await othersNow(trx)).some((c) => !seen.has(key(c)))) return 'changed' as const;
      const stale = ended.map((c) => ({ jobId: c.job_id, claimedAt: c.claimed_at }));
      await roles.dropCustomerRoleIdClaims(trx, workspaceId, customerRoleId, stale);
      // Read after the claims' jobs were seen ended, so a role one of them wrote is seen. A refusal is answered
      // once the transaction has committed the drops.
      const refusal = await requireCustomerRoleIdFree({ db: trx }, workspaceId, customerRoleId, claim.roleId).then(
        () => undefined,
        (err: unknown) => err,
      );
      if (refusal) return { refusal };
      return { claimed: await roles.addCustomerRoleIdClaim(trx, workspaceId, customerRoleId, claim) };
    });
    if (outcome !== 'changed') {
      if ('refusal' in outcome) throw outcome.refusal;
      ours = outcome.claimed;
    } else if (attempt === 3) {
      throw conflict(RoleMessages.duplicate, {
        param: 'customerRoleId',
        hint: `Other requests are giving customerRoleId "${customerRoleId.slice(0, 64)}" to roles right now: send this again in a moment, or choose another.`,
      });
    }
  }
  try {
    await start();
  } catch (err) {
    // A start that may have started (no answer in time) keeps the claim: a claim whose job never came goes stale.
    if (nothingStarted(err) && ours.added) {
      await roles.dropCustomerRoleIdClaims(deps.db, workspaceId, customerRoleId, [
        { jobId: claim.jobId, claimedAt: ours.claimedAt },
      ]);
    }
    throw err;
  }
}

/** The role the path names: 400 for a malformed id (as a knowledge id), 404 for one the workspace has not. */
export async function loadRole({ db }: DbDeps, workspaceId: string, roleId: string): Promise<RoleRow> {
  if (!isUuid(roleId)) {
    throw badRequest(RoleMessages.invalidId, {
      code: 'invalid_field',
      param: 'roleId',
      hint: "roleId is a role's id, a UUID: GET …/role lists them (a role of your own id is found with POST …/role/find).",
    });
  }
  const role = await roles.findRole(db, workspaceId, roleId);
  if (!role) throw notFound(RoleMessages.notFound, { pathParam: 'roleId' });
  return role;
}

/**
 * The job id derives from the role's content, and the role id from the job id: repeating the same
 * create finds its role already there. (Two roles identical in name, description and customerRoleId
 * are one role.) A deleted role's id is never reused: an identical create after a delete takes the next
 * generation of the key, so tokens bound to the deleted role stay refused. A customerRoleId another role
 * holds, or another role's running job is setting, answers 409 before any job starts (as the update does); the
 * job keeps its own check.
 */
export async function createRole(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  fields: RoleFields,
): Promise<{ workflowId: string; roleId: string }> {
  const key = digest(fields);
  const generation = (n: number) => {
    const workflowId = WorkflowIds.roleCreate(workspaceId, key, n);
    return { workflowId, roleId: uuidV5(workflowId) };
  };
  // Look a batch of generations up at once; deleting the same role over and over is rare.
  let next: { workflowId: string; roleId: string } | undefined;
  for (let first = 0; !next; first += 8) {
    const candidates = Array.from({ length: 8 }, (_, i) => generation(first + i));
    const deleted = new Set(
      await roles.tombstonedRoleIds(
        deps.db,
        workspaceId,
        candidates.map((c) => c.roleId),
      ),
    );
    next = candidates.find((c) => !deleted.has(c.roleId));
  }
  const { workflowId, roleId } = next;
  await startClaimingCustomerRoleId(deps, workspaceId, fields.customerRoleId, { roleId, jobId: workflowId }, () =>
    startJob(deps.temporal, createRoleWorkflow, {
      workflowId,
      workspaceId,
      args: [{ workspaceId, roleId, role: fields, jobId: workflowId }],
    }),
  );
  return { workflowId, roleId };
}

/**
 * Checks the new customerRoleId synchronously (409), then updates through a workflow whose id is a UUID. A role
 * being deleted is not updated (404, as its tokens are refused): the change would be lost with it, or its job fail.
 */
export async function updateRole(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  roleId: string,
  patch: Partial<RoleFields>,
): Promise<{ workflowId: string; role: RoleRow }> {
  const role = await loadRole(deps, workspaceId, roleId);
  if (await roleBeingDeleted(deps.db, workspaceId, role.id)) {
    throw notFound(RoleMessages.notFound, {
      pathParam: 'roleId',
      hint:
        `The role is being deleted (its delete job ${WorkflowIds.roleDelete(workspaceId, role.id)} was started): ` +
        'it can no longer be changed. Create a role with the fields you want (POST …/role; its customerRoleId is ' +
        'free once that job has completed), or DELETE this one again if that job failed.',
    });
  }
  // Each request has a number and a job of its own: the same change sent again after another is a new job, and
  // whichever order the jobs run in, each field ends as the last request asked (roleSync.applyRolePatch).
  const seq = await roles.nextRoleUpdateSeq(deps.db);
  const readableId = WorkflowIds.roleUpdate(workspaceId, role.id, `${digest(patch)}:${seq}`);
  const workflowId = uuidV5(readableId);
  await startClaimingCustomerRoleId(
    deps,
    workspaceId,
    patch.customerRoleId,
    { roleId: role.id, jobId: workflowId },
    () =>
      startJob(deps.temporal, updateRoleWorkflow, {
        workflowId,
        workspaceId,
        args: [{ workspaceId, roleId: role.id, patch, seq, jobId: workflowId }],
        memo: { readableId },
        kind: 'role-update',
      }),
  );
  const next: RoleRow = {
    ...role,
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.customerRoleId !== undefined ? { customer_role_id: patch.customerRoleId } : {}),
    updated_at: new Date(),
  };
  return { workflowId, role: next };
}

export async function deleteRole(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  roleId: string,
): Promise<{ workflowId: string; roleId: string }> {
  const role = await loadRole(deps, workspaceId, roleId);
  const workflowId = WorkflowIds.roleDelete(workspaceId, role.id);
  await startJob(deps.temporal, deleteRoleWorkflow, {
    workflowId,
    workspaceId,
    args: [{ workspaceId, roleId: role.id }],
  });
  // The id is retired now, not when the job runs: an identical create sent before then is a new role, not this one.
  await roles.tombstoneRole(deps.db, workspaceId, role.id);
  return { workflowId, roleId: role.id };
}

/**
 * Assign or unassign: RBAC must be ACTIVE, the item (by its id as the path gives it: 400 for a malformed id,
 * 404 for an absent item) and every role must exist in the workspace.
 */
export async function changeKnowledgeRoles(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspace: WorkspaceRow,
  knowledgeId: string,
  roleIds: string[],
  action: 'assign' | 'unassign',
): Promise<{ knowledgeId: string; workflowId: string; roleIds: string[] }> {
  authorizeInWorkspace(workspace, 'roles.assign');
  const unique = [...new Set(roleIds)].sort();
  const item = await loadKnowledge(deps, workspace.id, knowledgeId);
  const existing = await roles.existingRoleIds(deps.db, workspace.id, unique);
  if (existing.length !== unique.length) {
    throw notFound(RoleMessages.rolesNotFound, {
      param: 'roleIds',
      hint: 'Send ids of roles of this workspace (GET …/role lists them); a role being created appears when its job is done.',
    });
  }
  // A source with rules keeps its documents' roles on them: a role on its root would reach every one.
  if (action === 'assign' && (await isRootOfRuledSource(deps, workspace.id, item.id))) {
    throw conflict(RoleMessages.ruledSourceRoot, {
      param: 'knowledgeId',
      hint: "PATCH the source's rules or roleIds (…/sources/{sourceId}): a rules job gives every document its roles.",
    });
  }
  // Recorded before the job starts: every job on this item applies the latest request of each role when it runs.
  const before = await roles.assignmentRequests(deps.db, workspace.id, item.id, unique);
  const request = await recorded(() => roles.recordAssignmentRequest(deps.db, workspace.id, item.id, unique, action));
  const workflowId = WorkflowIds.roleAssignment(action, workspace.id, item.id, digest(unique), request);
  try {
    await startJob(deps.temporal, changeKnowledgeRolesWorkflow, {
      workflowId,
      workspaceId: workspace.id,
      args: [{ workspaceId: workspace.id, knowledgeId: item.id, roleIds: unique, action }],
      knowledgeId: item.id,
    });
  } catch (err) {
    // Answered 503 with nothing started: the request takes no effect, so the jobs already waiting do not apply it.
    if (nothingStarted(err))
      await roles.restoreAssignmentRequests(deps.db, workspace.id, item.id, unique, before, request);
    throw err;
  }
  return { knowledgeId: item.id, workflowId, roleIds: unique };
}

/** An item or role deleted between the checks and the record (a foreign key) is the 404 the checks answer. */
async function recorded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const { code, constraint } = err as { code?: string; constraint?: string };
    if (code !== '23503') throw err;
    throw constraint?.includes('role_id')
      ? notFound(RoleMessages.rolesNotFound, { param: 'roleIds' })
      : knowledgeNotFound();
  }
}

export const setRbacStatus = ({ db }: DbDeps, workspaceId: string, enabled: boolean): Promise<WorkspaceRow> =>
  workspaces.setRbacEnabled(db, workspaceId, enabled);

export const listRoles = ({ db }: DbDeps, workspaceId: string): Promise<RoleRow[]> => roles.listRoles(db, workspaceId);

export const findRoles = (
  { db }: DbDeps,
  workspaceId: string,
  criteria: { customerRoleId?: string; name?: string },
): Promise<RoleRow[]> => roles.findRoles(db, workspaceId, criteria);

/** The role with this customerRoleId (an exact, case-sensitive match); 404 when there is none. */
export async function loadRoleByCustomerRoleId(
  { db }: DbDeps,
  workspaceId: string,
  customerRoleId: string,
): Promise<RoleRow> {
  const role = await roles.findRoleByCustomerRoleId(db, workspaceId, customerRoleId);
  if (!role) {
    throw notFound(RoleMessages.notFound, {
      pathParam: 'customerRoleId',
      hint: await customerRoleHint(db, workspaceId, customerRoleId),
    });
  }
  return role;
}

/** An item's roles, shown only to a caller who may see the item (as get-knowledge decides). */
export async function visibleKnowledgeRoles({ db }: DbDeps, auth: AuthState, knowledgeId: string): Promise<RoleRow[]> {
  const item = await loadVisibleKnowledge({ db: db }, auth, knowledgeId);
  return roles.knowledgeRoles(db, auth.workspace.id, item.id);
}
