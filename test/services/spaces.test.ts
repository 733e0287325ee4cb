// A user space's erasure through the service, on the real database and Temporal: the job removes the space and
// its owner; unknown spaces are 404. The other space rules are in test/medium/services/spaces.test.ts.
import assert from 'node:assert/strict';
import * as rolesRepo from '../../src/db/repositories/roles';
import * as spacesRepo from '../../src/db/repositories/spaces';
import { startSpaceErasure } from '../../src/services/spaces/erasure';
import { activateUserSpace, loadSpace, SpaceMessages } from '../../src/services/spaces/spaces';
import { apiKeyAuth, jobOutcome, rejectsWithAppError, type Workspace, withWorkspace } from '../helpers/actors';
import { getStack, type TestStack } from '../helpers/stack';

describe('spaces service', function () {
  this.timeout(60_000);
  let stack: TestStack, ws: Workspace;
  let roleA: string;
  const notFound = { status: 404, message: SpaceMessages.notFound, error: 'Error' };

  beforeEach(async () => {
    ({ stack, ws } = await withWorkspace(getStack(), { rbac: true }));
    roleA = (await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'A' })).id;
  });

  it('erases a space and its owner through its job; unknown spaces are 404', async () => {
    const space = await activateUserSpace(stack.deps, apiKeyAuth(ws), { externalId: 'gone', roleId: roleA });
    const jobId = await startSpaceErasure(stack.deps, ws.workspace.id, space.spaceId);
    assert.equal((await jobOutcome(stack.deps.temporal, jobId)).ok, true);
    await rejectsWithAppError(loadSpace(stack.deps, ws.workspace.id, space.spaceId), notFound);
    assert.equal(await spacesRepo.findSpaceUserByExternalId(stack.deps.db, ws.workspace.id, 'gone'), undefined);
    await rejectsWithAppError(startSpaceErasure(stack.deps, ws.workspace.id, space.spaceId), notFound);
  });
});
