// User space rules through the service on the real database (medium tier): who may activate which space (role
// and subject lanes), who reaches a space (400 private for user space tokens, 404 for end users outside their
// lane), file rights. Erasure, a job, is in test/services/spaces.test.ts (end to end).
import assert from 'node:assert/strict';
import * as rolesRepo from '../../../src/db/repositories/roles';
import * as spacesRepo from '../../../src/db/repositories/spaces';
import { Messages } from '../../../src/errors';
import { activateUserSpace, loadSpace, requireSpaceAccess, SpaceMessages } from '../../../src/services/spaces/spaces';
import {
  accessAuth,
  apiKeyAuth,
  createWorkspace,
  rejectsWithAppError,
  userSpaceAuth,
  type Workspace,
  withWorkspace,
} from '../../helpers/actors';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

describe('spaces service', function () {
  this.timeout(60_000);
  let stack: MediumStack, ws: Workspace;
  let roleA: string;
  let roleB: string;
  const notFound = { status: 404, message: SpaceMessages.notFound, error: 'Error' };
  const isPrivate = { status: 400, message: SpaceMessages.private, error: 'Error' };
  const refused = { status: 403, message: Messages.insufficientPermissions };
  /** A token the service minted: its verified claims. */
  const claimsOf = async (token: string) => {
    const checked = await stack.deps.tokens.check(token);
    assert.ok(checked.ok, 'the token verifies');
    return checked.claims;
  };

  beforeEach(async () => {
    ({ stack, ws } = await withWorkspace(getMediumStack(), { rbac: true }));
    roleA = (await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'A' })).id;
    roleB = (await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'B' })).id;
  });

  it('activates idempotently: one space per user, isNew only the first time, the role in the token', async () => {
    const first = await activateUserSpace(stack.deps, apiKeyAuth(ws), { externalId: 'u1', roleId: roleA });
    const again = await activateUserSpace(stack.deps, apiKeyAuth(ws), { externalId: 'u1', roleId: roleA });
    assert.equal(first.isNew, true);
    assert.equal(again.isNew, false);
    assert.equal(again.spaceId, first.spaceId);
    assert.equal(first.userId, 'u1');
    const claims = await claimsOf(first.token);
    assert.equal(claims?.tokenType, 'user_space');
    assert.equal(claims?.spaceId, first.spaceId);
    assert.equal(claims?.roleId, roleA);
    assert.equal(claims?.apiKeyId, ws.apiKey.id);
    assert.equal((await loadSpace(stack.deps, ws.workspace.id, first.spaceId)).role_id, roleA);
  });

  it('lets an end user token activate only spaces of its own role and subject, creating nothing otherwise', async () => {
    const bSpace = await activateUserSpace(stack.deps, apiKeyAuth(ws), { externalId: 'b-user', roleId: roleB });
    await rejectsWithAppError(
      activateUserSpace(stack.deps, accessAuth(ws, { roleId: roleA }), { externalId: 'b-user', roleId: roleA }),
      refused,
    );
    assert.equal((await loadSpace(stack.deps, ws.workspace.id, bSpace.spaceId)).role_id, roleB, 'role unchanged');

    const alice = accessAuth(ws, { roleId: roleA, subject: 'alice' });
    await rejectsWithAppError(activateUserSpace(stack.deps, alice, { externalId: 'mallory', roleId: roleA }), refused);
    assert.equal(await spacesRepo.findSpaceUserByExternalId(stack.deps.db, ws.workspace.id, 'mallory'), undefined);
    const own = await activateUserSpace(stack.deps, alice, { externalId: 'alice', roleId: roleA });
    assert.equal(own.isNew, true);
  });

  it('records the role the workspace credential names on an existing space, closing older user space tokens', async () => {
    const first = await activateUserSpace(stack.deps, apiKeyAuth(ws), { externalId: 'mover', roleId: roleA });
    const claims = await claimsOf(first.token);
    const oldToken = userSpaceAuth(ws, { userId: claims.userId!, spaceId: first.spaceId, roleId: roleA });
    assert.equal((await requireSpaceAccess(stack.deps, oldToken, first.spaceId)).id, first.spaceId);

    await activateUserSpace(stack.deps, accessAuth(ws), { externalId: 'mover', roleId: roleB });
    assert.equal((await loadSpace(stack.deps, ws.workspace.id, first.spaceId)).role_id, roleB);
    await rejectsWithAppError(requireSpaceAccess(stack.deps, oldToken, first.spaceId), isPrivate);
  });

  it('keeps a role-bound end user out of spaces of another role or another subject (404)', async () => {
    const bob = await activateUserSpace(stack.deps, apiKeyAuth(ws), { externalId: 'bob', roleId: roleA });
    await rejectsWithAppError(requireSpaceAccess(stack.deps, accessAuth(ws, { roleId: roleB }), bob.spaceId), notFound);
    await rejectsWithAppError(
      requireSpaceAccess(stack.deps, accessAuth(ws, { roleId: roleA, subject: 'alice' }), bob.spaceId),
      notFound,
    );
    await rejectsWithAppError(
      requireSpaceAccess(stack.deps, accessAuth(ws, { subject: 'bob' }), bob.spaceId),
      notFound,
    );
    for (const auth of [
      accessAuth(ws, { roleId: roleA }),
      accessAuth(ws, { roleId: roleA, subject: 'bob' }),
      accessAuth(ws),
    ]) {
      assert.equal((await requireSpaceAccess(stack.deps, auth, bob.spaceId)).id, bob.spaceId);
    }
    const other = await createWorkspace(stack.deps.db);
    await rejectsWithAppError(requireSpaceAccess(stack.deps, apiKeyAuth(other), bob.spaceId), notFound);
  });

  it('answers a user space token outside its spaces 400 and lets only a HOST or CO_HOST manage files', async () => {
    const host = await activateUserSpace(stack.deps, apiKeyAuth(ws), { externalId: 'host', roleId: roleA });
    const guest = await activateUserSpace(stack.deps, apiKeyAuth(ws), { externalId: 'guest', roleId: roleA });
    const hostUser = (await claimsOf(host.token)).userId!;
    const guestUser = (await claimsOf(guest.token)).userId!;
    const guestAuth = userSpaceAuth(ws, { userId: guestUser, spaceId: guest.spaceId, roleId: roleA });
    await rejectsWithAppError(requireSpaceAccess(stack.deps, guestAuth, host.spaceId), isPrivate);

    await spacesRepo.addMember(stack.deps.db, host.spaceId, guestUser, 'GUEST');
    assert.equal((await requireSpaceAccess(stack.deps, guestAuth, host.spaceId)).id, host.spaceId);
    await rejectsWithAppError(requireSpaceAccess(stack.deps, guestAuth, host.spaceId, 'manageFiles'), refused);
    const hostAuth = userSpaceAuth(ws, { userId: hostUser, spaceId: host.spaceId, roleId: roleA });
    assert.equal((await requireSpaceAccess(stack.deps, hostAuth, host.spaceId, 'manageFiles')).id, host.spaceId);
  });
});
