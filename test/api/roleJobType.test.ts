// A role-assignment job's status keeps its public type, roleAssignmentWorkflow, across the workflow's rename to
// changeKnowledgeRolesWorkflow (the type is a documented response field callers may switch on).
import assert from 'node:assert/strict';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { accessHeaders, createRole, createTenant } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

describe('background-jobs type of a role assignment', function () {
  this.timeout(120_000);
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  it('reports type roleAssignmentWorkflow, as before the rename', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const v1 = (p: string) => `/v1/workspaces/${tenant.workspaceId}${p}`;
    assert.equal(
      (await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } })).status,
      200,
    );
    const item = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
      createdBy: null,
      type: 'STRING',
      title: 'd',
    });
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const assign = await stack.request('POST', v1(`/knowledge/${item.id}/role`), {
      headers,
      json: { roleIds: [role.id] },
    });
    assert.equal(assign.status, 200, assign.text);
    let job: { status: string; type?: string } = { status: 'RUNNING' };
    for (let i = 0; i < 400 && job.status === 'RUNNING'; i++) {
      const res = await stack.request('POST', v1('/background-jobs'), {
        headers,
        json: { jobIds: [assign.body.workflowId] },
      });
      job = res.body.jobs[0];
      if (job.status === 'RUNNING') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(job.status, 'COMPLETED');
    assert.equal(job.type, 'roleAssignmentWorkflow');
  });
});
