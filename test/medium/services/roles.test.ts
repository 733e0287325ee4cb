// Role rules through the service on the real database (medium tier): ids are workspace-scoped (404 for another
// workspace's role, an unknown or a malformed id) and a token's role resolves by customerRoleId or roleId. The
// rules that run as jobs are in test/services/roles.test.ts (end to end).
import assert from 'node:assert/strict';
import * as rolesRepo from '../../../src/db/repositories/roles';
import { Messages } from '../../../src/errors';
import { generateAccessToken, resolveRole } from '../../../src/services/access/accessTokens';
import { deleteRole, RoleMessages, updateRole } from '../../../src/services/access/roles';
import { createWorkspace, rejectsWithAppError, type Workspace, withWorkspace } from '../../helpers/actors';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

describe('roles service', function () {
  this.timeout(60_000);
  let stack: MediumStack, ws: Workspace;

  beforeEach(async () => {
    ({ stack, ws } = await withWorkspace(getMediumStack()));
  });

  it('answers 404 for a role of another workspace and an unknown id, 400 for a malformed id', async () => {
    const other = await createWorkspace(stack.deps.db);
    const foreign = await rolesRepo.insertRole(stack.deps.db, other.workspace.id, { name: 'theirs' });
    for (const call of [
      updateRole(stack.deps, ws.workspace.id, 'not-a-uuid', { name: 'x' }),
      deleteRole(stack.deps, ws.workspace.id, 'not-a-uuid'),
    ]) {
      await rejectsWithAppError(call, { status: 400, message: RoleMessages.invalidId });
    }
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      await rejectsWithAppError(updateRole(stack.deps, ws.workspace.id, id, { name: 'x' }), {
        status: 404,
        message: RoleMessages.notFound,
      });
      await rejectsWithAppError(deleteRole(stack.deps, ws.workspace.id, id), {
        status: 404,
        message: RoleMessages.notFound,
      });
    }
    assert.equal((await rolesRepo.findRole(stack.deps.db, other.workspace.id, foreign.id))?.name, 'theirs');
  });

  it('resolves a token role by customerRoleId or roleId, with the spec 404s', async () => {
    const role = await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'R', customerRoleId: 'ext-r' });
    assert.equal(await resolveRole(stack.deps, ws.workspace.id, { customerRoleId: 'ext-r' }), role.id);
    assert.equal(await resolveRole(stack.deps, ws.workspace.id, { roleId: role.id }), role.id);
    assert.equal(await resolveRole(stack.deps, ws.workspace.id, {}), undefined);
    await rejectsWithAppError(resolveRole(stack.deps, ws.workspace.id, { customerRoleId: 'ext-missing' }), {
      status: 404,
      message: Messages.customerRoleNotFound,
    });
    const other = await createWorkspace(stack.deps.db);
    await rejectsWithAppError(generateAccessToken(stack.deps, other.workspace, other.apiKey, { roleId: role.id }), {
      status: 404,
      message: Messages.roleNotFound,
    });
  });
});
