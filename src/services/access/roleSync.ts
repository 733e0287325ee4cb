// The role writes the role workflows carry out (services/access/roles.ts starts them): idempotent, and failing
// with the AppErrors the API's synchronous checks answer, so one message serves both (404, 409).
import * as knowledge from '../../db/repositories/knowledge';
import * as roles from '../../db/repositories/roles';
import { conflict, notFound } from '../../errors';
import type { RoleAssignmentApplied, RoleFields } from '../../workflows/contracts';
import { knowledgeNotFound } from '../knowledge/knowledge';
import { RoleMessages } from '../../domain/roles';
import type { DbDeps } from '../deps';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** A unique violation on customerRoleId (a concurrent write) is the same 409 as the check before it. */
async function withUniqueCustomerRoleId<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(RoleMessages.duplicate);
    throw err;
  }
}

/**
 * Drops a job's claim on the customerRoleId it sets, once it has written (services/access/roles.ts records it): the
 * roles table holds the id then, or a later request's own claim does.
 */
export async function dropJobClaim(
  { db }: DbDeps,
  workspaceId: string,
  customerRoleId: string | null | undefined,
  jobId: string | undefined,
): Promise<void> {
  if (customerRoleId && jobId) await roles.dropCustomerRoleIdClaims(db, workspaceId, customerRoleId, [{ jobId }]);
}

/** Inserts the role unless it is already there (a repeated create). */
export async function insertRoleOnce(
  { db }: DbDeps,
  workspaceId: string,
  roleId: string,
  role: RoleFields,
): Promise<void> {
  await withUniqueCustomerRoleId(async () => {
    const outcome = await roles.insertRoleIfAbsent(db, workspaceId, { id: roleId, ...role });
    if (outcome === 'customerRoleIdTaken') throw conflict(RoleMessages.duplicate);
  });
}

/**
 * Writes an update's patch. A role update job passes its request's number (`seq`): then each field is written only
 * where no later request has written it, so jobs may run in any order and the last request still wins.
 */
export async function applyRolePatch(
  { db }: DbDeps,
  workspaceId: string,
  roleId: string,
  patch: Partial<RoleFields>,
  seq?: string,
): Promise<void> {
  await withUniqueCustomerRoleId(async () => {
    if ((await roles.updateRoleFields(db, workspaceId, roleId, patch, seq)) === 0)
      throw notFound(RoleMessages.notFound, { pathParam: 'roleId' });
  });
}

/** Knowledge and taxonomy assignments go with the role (foreign keys cascade). False once it is gone. */
export async function removeRole({ db }: DbDeps, workspaceId: string, roleId: string): Promise<boolean> {
  return roles.deleteRole(db, workspaceId, roleId);
}

/**
 * Assigns or unassigns the roles on the item. A role-assignment job passes `asRequested`: then each role gets the
 * latest request recorded for it on the item (role_assignment_requests, locked), else the job's own action (a role
 * without one). Jobs may run in any order; the last to run writes what the last request asked, so assign,
 * unassign, assign sent back to back ends assigned. Returns what it wrote.
 */
export async function applyKnowledgeRoles(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  roleIds: string[],
  action: 'assign' | 'unassign',
  opts: { asRequested?: boolean } = {},
): Promise<RoleAssignmentApplied> {
  return db.transaction(async (trx) => {
    if (!opts.asRequested) {
      if (!(await knowledge.findKnowledge(trx, workspaceId, knowledgeId))) throw knowledgeNotFound();
      if ((await roles.existingRoleIds(trx, workspaceId, roleIds)).length !== roleIds.length && action === 'assign')
        throw notFound(RoleMessages.rolesNotFound);
      await roles.changeKnowledgeRoles(trx, workspaceId, knowledgeId, roleIds, action);
      return action === 'assign' ? { assigned: roleIds, unassigned: [] } : { assigned: [], unassigned: roleIds };
    }
    // The item and roles first, then their requests: the order a role's or an item's delete cascades in reverse.
    if (!(await roles.lockAssignmentParents(trx, workspaceId, knowledgeId, roleIds))) throw knowledgeNotFound();
    const requested = await roles.lockAssignmentRequests(trx, workspaceId, knowledgeId, roleIds);
    const wanted = roleIds.filter((id) => (requested.get(id) ?? action) === 'assign');
    const unassign = roleIds.filter((id) => (requested.get(id) ?? action) === 'unassign');
    // A role gone or being deleted is not assigned (its delete takes its assignments), and fails no other role's
    // change; a job of its own whose every role is gone assigns nothing.
    const assign = await roles.existingRoleIds(trx, workspaceId, wanted);
    await roles.changeKnowledgeRoles(trx, workspaceId, knowledgeId, assign, 'assign');
    await roles.changeKnowledgeRoles(trx, workspaceId, knowledgeId, unassign, 'unassign');
    return { assigned: assign, unassigned: unassign };
  });
}
