// Role rules through the service, on the real database and Temporal: creates, updates and deletes run as
// jobs that end in the right state; customerRoleId stays unique per workspace. The rules that need no job are in
// test/medium/services/roles.test.ts.
import assert from 'node:assert/strict';
import * as rolesRepo from '../../src/db/repositories/roles';
import { randomUUID } from 'node:crypto';
import { loadCredentialContext } from '../../src/db/repositories/credentials';
import { AppError } from '../../src/errors';
import { isUuid } from '../../src/ids';
import { customerRoleHint, resolveRole } from '../../src/services/access/accessTokens';
import { createEvaluation } from '../../src/services/search/retrievalEvaluations';
import { applyKnowledgeRoles, applyRolePatch } from '../../src/services/access/roleSync';
import { JOBS_CANNOT_START, startJob } from '../../src/temporal/jobs';
import { createRoleWorkflow } from '../../src/workflows/roles';
import {
  changeKnowledgeRoles,
  createRole,
  deleteRole,
  RoleMessages,
  updateRole,
} from '../../src/services/access/roles';
import { createWorkspace, jobOutcome, rejectsWithAppError, type Workspace, withWorkspace } from '../helpers/actors';
import { insertItem, seededVector } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

/** The deps with their Temporal client's `workflow` answering `overrides` (getHandle, start) instead of its own. */
function withWorkflowClient<D extends TestStack['deps']>(deps: D, overrides: Record<string, unknown>): D {
  const client = new Proxy(deps.temporal.client, {
    get: (target, key) =>
      key === 'workflow'
        ? new Proxy(target.workflow, { get: (w, k) => (k in overrides ? overrides[k as string] : Reflect.get(w, k)) })
        : (Reflect.get(target, key) as unknown),
  });
  return { ...deps, temporal: { ...deps.temporal, client } };
}

describe('roles service', function () {
  this.timeout(60_000);
  let stack: TestStack, ws: Workspace;
  const fields = (name: string, customerRoleId: string | null = null) => ({ name, description: null, customerRoleId });

  beforeEach(async () => {
    ({ stack, ws } = await withWorkspace(getStack()));
  });

  it('creates a role through its job, and the same create again is the same role', async () => {
    const first = await createRole(stack.deps, ws.workspace.id, fields('Support', 'crm-support'));
    assert.deepEqual(await jobOutcome(stack.deps.temporal, first.workflowId), {
      ok: true,
      result: { roleId: first.roleId },
    });
    const row = await rolesRepo.findRole(stack.deps.db, ws.workspace.id, first.roleId);
    assert.equal(row?.name, 'Support');
    assert.equal(row?.customer_role_id, 'crm-support');

    const again = await createRole(stack.deps, ws.workspace.id, fields('Support', 'crm-support'));
    assert.deepEqual(again, first);
    await jobOutcome(stack.deps.temporal, again.workflowId);
    assert.equal((await rolesRepo.listRoles(stack.deps.db, ws.workspace.id)).length, 1);
  });

  it('refuses a create whose customerRoleId another role holds (409); the job keeps its own check for a race', async () => {
    const held = await createRole(stack.deps, ws.workspace.id, fields('Sales', 'crm-1'));
    await jobOutcome(stack.deps.temporal, held.workflowId);
    await rejectsWithAppError(createRole(stack.deps, ws.workspace.id, fields('Other name', 'crm-1')), {
      status: 409,
      message: RoleMessages.duplicate,
    });
    // A create that passed the check before the other took the id: its job fails and creates nothing.
    const racer = { workflowId: `role-create:${ws.workspace.id}:race`, roleId: randomUUID() };
    await startJob(stack.deps.temporal, createRoleWorkflow, {
      workflowId: racer.workflowId,
      workspaceId: ws.workspace.id,
      args: [{ workspaceId: ws.workspace.id, roleId: racer.roleId, role: fields('Other name', 'crm-1') }],
    });
    assert.deepEqual(await jobOutcome(stack.deps.temporal, racer.workflowId), {
      ok: false,
      message: RoleMessages.duplicate,
    });
    assert.equal(await rolesRepo.findRole(stack.deps.db, ws.workspace.id, racer.roleId), undefined);
  });

  it('refuses at once a create or update whose customerRoleId another role is being given by a job not yet ended', async () => {
    // The first jobs wait on a task queue no worker polls: not ended when the next requests come.
    const idle = { ...stack.deps, temporal: { ...stack.deps.temporal, taskQueue: `nobody-${randomUUID()}` } };
    const first = await createRole(idle, ws.workspace.id, fields('Twin A', 'twin'));
    const started = [first.workflowId];
    try {
      // The same create again is the same role and job: no conflict with itself.
      assert.equal((await createRole(idle, ws.workspace.id, fields('Twin A', 'twin'))).roleId, first.roleId);
      // Another role sent just after: 409 now, not 200 and a job that fails later.
      await assert.rejects(createRole(stack.deps, ws.workspace.id, fields('Twin B', 'twin')), (err: unknown) => {
        assert.ok(err instanceof AppError && err.status === 409, String(err));
        assert.equal(err.message, RoleMessages.duplicate);
        assert.equal(err.help.param, 'customerRoleId');
        assert.match(
          err.help.hint ?? '',
          new RegExp(`Role ${first.roleId} is being given customerRoleId "twin".*${first.workflowId}`),
        );
        return true;
      });
      // An update giving another role that id is refused the same way, and one pending refuses a create.
      const other = await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'Other' });
      await rejectsWithAppError(updateRole(stack.deps, ws.workspace.id, other.id, { customerRoleId: 'twin' }), {
        status: 409,
        message: RoleMessages.duplicate,
      });
      const renaming = await updateRole(idle, ws.workspace.id, other.id, { customerRoleId: 'twin-2' });
      started.push(renaming.workflowId);
      await rejectsWithAppError(createRole(stack.deps, ws.workspace.id, fields('Twin C', 'twin-2')), {
        status: 409,
        message: RoleMessages.duplicate,
      });
      // Temporal not answering the check is a 503, as a start would be, not a 500.
      const down = new Error('14 UNAVAILABLE: connection refused') as Error & { code: number; details: string };
      Object.assign(down, { code: 14, details: 'connection refused', metadata: {} });
      const unreachable = withWorkflowClient(stack.deps, {
        getHandle: () => ({ describe: () => Promise.reject(down) }),
      });
      await rejectsWithAppError(createRole(unreachable, ws.workspace.id, fields('Twin D', 'twin')), {
        status: 503,
        message: JOBS_CANNOT_START,
      });

      // A job that ended without writing (here: ended by hand) holds nothing: the id is taken over.
      for (const id of started) await stack.deps.temporal.client.workflow.getHandle(id).terminate('never ran');
      const second = await createRole(stack.deps, ws.workspace.id, fields('Twin B', 'twin'));
      assert.equal((await jobOutcome(stack.deps.temporal, second.workflowId)).ok, true);

      // A claim whose job Temporal does not know: its start may be on its way for 30 s, then it is stale.
      const claimant = { roleId: randomUUID(), jobId: `role-create:${ws.workspace.id}:never-started` };
      assert.ok((await rolesRepo.addCustomerRoleIdClaim(stack.deps.db, ws.workspace.id, 'fresh', claimant)).added);
      await rejectsWithAppError(createRole(stack.deps, ws.workspace.id, fields('Fresh', 'fresh')), {
        status: 409,
        message: RoleMessages.duplicate,
      });
      await stack.deps
        .db('customer_role_id_claims')
        .where({ workspace_id: ws.workspace.id, customer_role_id: 'fresh' })
        .update({ claimed_at: stack.deps.db.raw("now() - interval '1 minute'") });
      const fresh = await createRole(stack.deps, ws.workspace.id, fields('Fresh', 'fresh'));
      assert.equal((await jobOutcome(stack.deps.temporal, fresh.workflowId)).ok, true);
      // The job dropped its claim once it had written: the roles table holds the id.
      const claims = (id: string) => rolesRepo.customerRoleIdClaims(stack.deps.db, ws.workspace.id, id, 30);
      assert.deepEqual(await claims('fresh'), []);

      // A role re-sending the id it holds claims it too: once an earlier update has moved it to another id, the id
      // stays its own until the later update has run.
      const holder = await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, {
        name: 'Holder',
        customerRoleId: 'own-x',
      });
      const moving = await updateRole(idle, ws.workspace.id, holder.id, { customerRoleId: 'own-z' });
      const back = await updateRole(idle, ws.workspace.id, holder.id, {
        name: 'Holder again',
        customerRoleId: 'own-x',
      });
      started.push(moving.workflowId, back.workflowId);
      await stack.deps.db('roles').where({ id: holder.id }).update({ customer_role_id: 'own-z' }); // the first ran
      const other2 = await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'Other 2' });
      await rejectsWithAppError(updateRole(stack.deps, ws.workspace.id, other2.id, { customerRoleId: 'own-x' }), {
        status: 409,
        message: RoleMessages.duplicate,
      });

      // A repeated create whose start started nothing (Temporal down) leaves the first request's claim alone.
      const dup = await createRole(idle, ws.workspace.id, fields('Dup A', 'dup'));
      started.push(dup.workflowId);
      const startsNothing = withWorkflowClient(idle, { start: () => Promise.reject(down) });
      await rejectsWithAppError(createRole(startsNothing, ws.workspace.id, fields('Dup A', 'dup')), {
        status: 503,
        message: JOBS_CANNOT_START,
      });
      assert.deepEqual(
        (await claims('dup')).map((c) => c.job_id),
        [dup.workflowId],
      );
      await rejectsWithAppError(createRole(stack.deps, ws.workspace.id, fields('Dup B', 'dup')), {
        status: 409,
        message: RoleMessages.duplicate,
      });
      // A new claim whose start started nothing is taken back.
      await rejectsWithAppError(createRole(startsNothing, ws.workspace.id, fields('Never', 'never')), {
        status: 503,
        message: JOBS_CANNOT_START,
      });
      assert.deepEqual(await claims('never'), []);
      assert.equal(
        (await rolesRepo.findRoleByCustomerRoleId(stack.deps.db, ws.workspace.id, 'twin'))?.id,
        second.roleId,
      );
    } finally {
      for (const id of started)
        await stack.deps.temporal.client.workflow
          .getHandle(id)
          .terminate('test over')
          .catch(() => {});
    }
  });

  it('keeps a customerRoleId claimed by a repeated create whose first run ended, and drops ended claims even when it refuses', async () => {
    // Temporal answers a describe, then `during` runs before the request reads that answer.
    const describeThen = (during: () => Promise<void>, calls: string[] = []) => {
      let fired = false;
      return withWorkflowClient(stack.deps, {
        getHandle: (id: string) => ({
          describe: async () => {
            calls.push(id);
            const described = await stack.deps.temporal.client.workflow.getHandle(id).describe();
            if (!fired) {
              fired = true;
              await during();
            }
            return described;
          },
        }),
      });
    };
    const idle = { ...stack.deps, temporal: { ...stack.deps.temporal, taskQueue: `nobody-${randomUUID()}` } };
    const first = await createRole(idle, ws.workspace.id, fields('Race A', 'race'));
    await stack.deps.temporal.client.workflow.getHandle(first.workflowId).terminate('first run lost');
    // B's request sees A's run ended; meanwhile A's create is repeated (a new run under the same job id, claimed
    // again): B goes round again and is refused, instead of both answering 200 and one job failing.
    let repeated: { workflowId: string } | undefined;
    const racing = describeThen(async () => {
      repeated = await createRole(stack.deps, ws.workspace.id, fields('Race A', 'race'));
    });
    await rejectsWithAppError(createRole(racing, ws.workspace.id, fields('Race B', 'race')), {
      status: 409,
      message: RoleMessages.duplicate,
    });
    assert.equal(repeated?.workflowId, first.workflowId);
    assert.equal((await jobOutcome(stack.deps.temporal, first.workflowId)).ok, true);

    // Claims of jobs that ended are dropped by the next request, also one refused because a role holds the id.
    const holder = await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'H', customerRoleId: 'held' });
    for (let i = 0; i < 5; i++)
      await rolesRepo.addCustomerRoleIdClaim(stack.deps.db, ws.workspace.id, 'held', {
        roleId: holder.id,
        jobId: `role-create:${ws.workspace.id}:gone-${i}`,
      });
    await stack.deps
      .db('customer_role_id_claims')
      .where({ workspace_id: ws.workspace.id, customer_role_id: 'held' })
      .update({ claimed_at: stack.deps.db.raw("now() - interval '1 hour'") });
    for (const expected of [5, 0]) {
      const calls: string[] = [];
      await rejectsWithAppError(
        createRole(
          describeThen(async () => {}, calls),
          ws.workspace.id,
          fields('Other', 'held'),
        ),
        {
          status: 409,
          message: RoleMessages.duplicate,
        },
      );
      assert.equal(calls.length, expected, 'Temporal is asked once per claim, then the ended ones are gone');
    }
  });

  it('refuses an update to a customerRoleId another role holds (409) but accepts the role keeping its own', async () => {
    const a = await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'A', customerRoleId: 'a' });
    await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'B', customerRoleId: 'b' });
    await rejectsWithAppError(updateRole(stack.deps, ws.workspace.id, a.id, { customerRoleId: 'b' }), {
      status: 409,
      message: RoleMessages.duplicate,
    });
    assert.equal((await rolesRepo.findRole(stack.deps.db, ws.workspace.id, a.id))?.customer_role_id, 'a');

    const { workflowId, role } = await updateRole(stack.deps, ws.workspace.id, a.id, {
      name: 'A renamed',
      customerRoleId: 'a',
    });
    assert.ok(isUuid(workflowId), 'the spec answers a UUID workflowId');
    assert.equal(role.name, 'A renamed');
    assert.equal((await jobOutcome(stack.deps.temporal, workflowId)).ok, true);
    const stored = await rolesRepo.findRole(stack.deps.db, ws.workspace.id, a.id);
    assert.equal(stored?.name, 'A renamed');
    assert.equal(stored?.customer_role_id, 'a');
  });

  it('updates sent back to back end as the last one asked, whatever order their jobs run in', async () => {
    const role = await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'Start', customerRoleId: 'start' });
    const stored = async () => rolesRepo.findRole(stack.deps.db, ws.workspace.id, role.id);
    // Each request has a job of its own, even the same change sent again after another (it joined the first's job).
    const idle = { ...stack.deps, temporal: { ...stack.deps.temporal, taskQueue: `nobody-${randomUUID()}` } };
    const sent = [];
    for (const name of ['X', 'Y', 'X']) sent.push(await updateRole(idle, ws.workspace.id, role.id, { name }));
    for (const job of sent) await stack.deps.temporal.client.workflow.getHandle(job.workflowId).terminate('test');
    assert.equal(new Set(sent.map((j) => j.workflowId)).size, 3, 'three requests, three jobs');

    // The jobs' writes, numbered as their requests were, applied in every order: each field ends as the last asked.
    const seqs = [];
    for (let i = 0; i < 3; i++) seqs.push(await rolesRepo.nextRoleUpdateSeq(stack.deps.db));
    const [s1, s2, s3] = seqs as [string, string, string];
    const writes = [
      { patch: { name: 'X', description: 'one' }, seq: s1 },
      { patch: { name: 'Y' }, seq: s2 },
      { patch: { name: 'X', customerRoleId: 'third' }, seq: s3 },
    ];
    for (const order of [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [0, 2, 1],
    ]) {
      await stack.deps.db('roles').where({ id: role.id }).update({
        name: 'Start',
        description: null,
        customer_role_id: 'start',
        name_seq: 0,
        description_seq: 0,
        customer_role_id_seq: 0,
      });
      for (const i of order)
        await applyRolePatch(stack.deps, ws.workspace.id, role.id, writes[i]!.patch, writes[i]!.seq);
      const now = await stored();
      const said = `order ${order.map((i) => i + 1).join(', ')}`;
      assert.equal(now?.name, 'X', said);
      assert.equal(now?.description, 'one', `${said}: a field no later request changed keeps its value`);
      assert.equal(now?.customer_role_id, 'third', said);
    }
    // A job started before requests were numbered (no seq) writes only what no numbered request has written.
    await applyRolePatch(stack.deps, ws.workspace.id, role.id, { name: 'Old job', description: 'old' });
    assert.equal((await stored())?.name, 'X');
    assert.equal((await stored())?.description, 'one');

    // Through the worker: X, Y, X sent back to back ends X.
    const jobs = [];
    for (const name of ['Q', 'R', 'Q']) jobs.push(await updateRole(stack.deps, ws.workspace.id, role.id, { name }));
    for (const job of jobs) assert.equal((await jobOutcome(stack.deps.temporal, job.workflowId)).ok, true);
    assert.equal((await stored())?.name, 'Q');
  });

  it('deletes through its job; an identical create afterwards gets a new role id', async () => {
    const created = await createRole(stack.deps, ws.workspace.id, fields('Temp'));
    await jobOutcome(stack.deps.temporal, created.workflowId);
    const deleted = await deleteRole(stack.deps, ws.workspace.id, created.roleId);
    assert.deepEqual(await jobOutcome(stack.deps.temporal, deleted.workflowId), {
      ok: true,
      result: { roleId: created.roleId, deleted: true },
    });
    assert.equal(await rolesRepo.findRole(stack.deps.db, ws.workspace.id, created.roleId), undefined);

    const recreated = await createRole(stack.deps, ws.workspace.id, fields('Temp'));
    assert.notEqual(recreated.roleId, created.roleId, 'a deleted role id is never reused');
    await jobOutcome(stack.deps.temporal, recreated.workflowId);
    assert.ok(await rolesRepo.findRole(stack.deps.db, ws.workspace.id, recreated.roleId));
  });

  it('a role whose delete was asked for is gone for tokens and assignments at once; its customerRoleId is refused with a hint until the job has run', async () => {
    const created = await createRole(stack.deps, ws.workspace.id, fields('Phoenix', 'phoenix'));
    await jobOutcome(stack.deps.temporal, created.workflowId);
    const nameOnly = await createRole(stack.deps, ws.workspace.id, fields('Ember'));
    await jobOutcome(stack.deps.temporal, nameOnly.workflowId);
    const ctx = () =>
      loadCredentialContext(stack.deps.db, {
        workspaceId: ws.workspace.id,
        apiKeyId: ws.apiKey.id,
        roleId: created.roleId,
      });
    assert.equal((await ctx()).roleExists, true);
    // The deletes wait on a task queue no worker polls: the roles are still there when the next requests come.
    const idle = { ...stack.deps, temporal: { ...stack.deps.temporal, taskQueue: `nobody-${randomUUID()}` } };
    const pending = await deleteRole(idle, ws.workspace.id, created.roleId);
    const pendingNameOnly = await deleteRole(idle, ws.workspace.id, nameOnly.roleId);
    assert.ok(await rolesRepo.findRole(stack.deps.db, ws.workspace.id, created.roleId), 'the job has not run');

    // Tokens bound to it stop now, and no new one is minted by either name.
    assert.equal((await ctx()).roleExists, false);
    for (const named of [{ roleId: created.roleId }, { customerRoleId: 'phoenix' }]) {
      await assert.rejects(resolveRole(stack.deps, ws.workspace.id, named), (err: unknown) => {
        assert.ok(err instanceof AppError && err.status === 404, String(err));
        assert.match(err.help.hint ?? '', /being deleted/);
        return true;
      });
    }
    // Nor is it assigned any more.
    const rbac = { ...ws.workspace, rbac_enabled: true };
    const item = await insertItem(stack.deps.db, ws.workspace.id, {
      title: 'doc',
      vector: seededVector(stack.deps.embeddings.dimension, 3),
    });
    await rejectsWithAppError(changeKnowledgeRoles(stack.deps, rbac, item, [created.roleId], 'assign'), {
      status: 404,
      message: RoleMessages.rolesNotFound,
    });
    // Nor changed (the change would be lost with it), nor searched as by an evaluation, by either name.
    await assert.rejects(updateRole(idle, ws.workspace.id, created.roleId, { name: 'Risen' }), (err: unknown) => {
      assert.ok(err instanceof AppError && err.status === 404, String(err));
      assert.equal(err.message, RoleMessages.notFound);
      assert.match(
        err.help.hint ?? '',
        new RegExp(`is being deleted \\(its delete job ${pending.workflowId} was started\\)`),
      );
      return true;
    });
    const questions = [{ query: 'q', relevant: [{ knowledgeId: item }] }];
    for (const [named, param] of [
      [{ roleId: created.roleId }, 'runs[0].roleId'],
      [{ customerRoleId: 'phoenix' }, 'runs[0].customerRoleId'],
    ] as const) {
      await assert.rejects(createEvaluation(idle, ws.workspace, { questions, runs: [named] }), (err: unknown) => {
        assert.ok(err instanceof AppError && err.status === 404, String(err));
        assert.equal(err.help.param, param);
        assert.match(err.help.hint ?? '', /being deleted/);
        return true;
      });
    }
    // A customerRoleId one letter off is not said to be the dying role's.
    assert.doesNotMatch(await customerRoleHint(stack.deps.db, ws.workspace.id, 'phoenyx'), /did you mean/);

    // An identical create is a new role: at once where no customerRoleId is held, ...
    const ember = await createRole(stack.deps, ws.workspace.id, fields('Ember'));
    assert.notEqual(ember.roleId, nameOnly.roleId, 'not answered with the role being deleted');
    assert.equal((await jobOutcome(stack.deps.temporal, ember.workflowId)).ok, true);
    // ... and a 409 saying why while the role being deleted still holds the customerRoleId.
    await assert.rejects(createRole(stack.deps, ws.workspace.id, fields('Phoenix', 'phoenix')), (err: unknown) => {
      assert.ok(err instanceof AppError && err.status === 409, String(err));
      assert.equal(err.message, RoleMessages.duplicate);
      assert.match(
        err.help.hint ?? '',
        new RegExp(`is being deleted: send this again once its delete job \\(${pending.workflowId}\\)`),
      );
      return true;
    });

    // Once the delete has run, the same create makes the role.
    for (const job of [pending, pendingNameOnly])
      await stack.deps.temporal.client.workflow.getHandle(job.workflowId).terminate('run it on the worker');
    const deleted = await deleteRole(stack.deps, ws.workspace.id, created.roleId);
    assert.equal((await jobOutcome(stack.deps.temporal, deleted.workflowId)).ok, true);
    const again = await createRole(stack.deps, ws.workspace.id, fields('Phoenix', 'phoenix'));
    assert.notEqual(again.roleId, created.roleId);
    assert.equal((await jobOutcome(stack.deps.temporal, again.workflowId)).ok, true);
    const holder = await rolesRepo.findRoleByCustomerRoleId(stack.deps.db, ws.workspace.id, 'phoenix');
    assert.equal(holder?.id, again.roleId);
  });

  it('assign, unassign and assign sent back to back end assigned, whatever order their jobs run in', async () => {
    const dim = stack.deps.embeddings.dimension;
    const rbac = await createWorkspace(stack.deps.db, { rbac: true });
    const wsId = rbac.workspace.id;
    const item = await insertItem(stack.deps.db, wsId, { title: 'doc', vector: seededVector(dim, 4) });
    const role = await rolesRepo.insertRole(stack.deps.db, wsId, { name: 'R' });
    const assigned = async () => (await rolesRepo.knowledgeRoles(stack.deps.db, wsId, item)).map((r) => r.id);
    const asJob = { asRequested: true }; // as the role-assignment activity writes
    // On a queue no worker polls, the three jobs wait; their writes are then applied here, in every order.
    const idle = { ...stack.deps, temporal: { ...stack.deps.temporal, taskQueue: `nobody-${randomUUID()}` } };
    const sent: Array<{ action: 'assign' | 'unassign'; workflowId: string }> = [];
    for (const action of ['assign', 'unassign', 'assign'] as const)
      sent.push({ action, ...(await changeKnowledgeRoles(idle, rbac.workspace, item, [role.id], action)) });
    try {
      assert.equal(new Set(sent.map((j) => j.workflowId)).size, 3, 'each request has a job of its own');
      const [a1, u, a2] = sent as [(typeof sent)[number], (typeof sent)[number], (typeof sent)[number]];
      for (const order of [
        [a1, u, a2],
        [a2, u, a1],
        [u, a2, a1],
        [a1, a2, u],
      ]) {
        await rolesRepo.changeKnowledgeRoles(stack.deps.db, wsId, item, [role.id], 'unassign');
        for (const job of order) await applyKnowledgeRoles(stack.deps, wsId, item, [role.id], job.action, asJob);
        assert.deepEqual(await assigned(), [role.id], `order ${order.map((j) => sent.indexOf(j) + 1).join(', ')}`);
      }
      // A later unassign wins over the assign jobs, even one that runs after it.
      const u2 = await changeKnowledgeRoles(idle, rbac.workspace, item, [role.id], 'unassign');
      await applyKnowledgeRoles(stack.deps, wsId, item, [role.id], 'unassign', asJob);
      // An assign job run after it says it unassigned (its webhook event and result report this, not its action).
      assert.deepEqual(await applyKnowledgeRoles(stack.deps, wsId, item, [role.id], 'assign', asJob), {
        assigned: [],
        unassigned: [role.id],
      });
      assert.deepEqual(await assigned(), []);
      sent.push({ action: 'unassign', ...u2 });
    } finally {
      for (const job of sent)
        await stack.deps.temporal.client.workflow
          .getHandle(job.workflowId)
          .terminate('test over')
          .catch(() => {});
    }

    // Through the worker: three requests back to back, on five items at once, each ends as its last request asked.
    const items = await Promise.all(
      [5, 6, 7, 8, 9].map((n) => insertItem(stack.deps.db, wsId, { title: `doc ${n}`, vector: seededVector(dim, n) })),
    );
    const jobs = await Promise.all(
      items.map(async (id) => {
        const ids = [];
        for (const action of ['assign', 'unassign', 'assign'] as const)
          ids.push((await changeKnowledgeRoles(stack.deps, rbac.workspace, id, [role.id], action)).workflowId);
        return ids;
      }),
    );
    for (const id of jobs.flat()) assert.equal((await jobOutcome(stack.deps.temporal, id)).ok, true);
    for (const id of items)
      assert.deepEqual(
        (await rolesRepo.knowledgeRoles(stack.deps.db, wsId, id)).map((r) => r.id),
        [role.id],
      );
  });

  it('an assignment answered 503 with nothing started takes no effect; a role gone meanwhile fails no other role of a job', async () => {
    const dim = stack.deps.embeddings.dimension;
    const rbac = await createWorkspace(stack.deps.db, { rbac: true });
    const wsId = rbac.workspace.id;
    const item = await insertItem(stack.deps.db, wsId, { title: 'doc', vector: seededVector(dim, 11) });
    const [x, y] = await Promise.all(['X', 'Y'].map((name) => rolesRepo.insertRole(stack.deps.db, wsId, { name })));
    const idle = { ...stack.deps, temporal: { ...stack.deps.temporal, taskQueue: `nobody-${randomUUID()}` } };
    const assignJob = await changeKnowledgeRoles(idle, rbac.workspace, item, [x!.id, y!.id], 'assign');
    // The workflow service unreachable: the unassign is answered 503, and the assign job waiting still assigns.
    const unavailable = Object.assign(new Error('14 UNAVAILABLE: connect ECONNREFUSED'), {
      code: 14,
      details: 'connect ECONNREFUSED',
      metadata: {},
    });
    const down = {
      ...stack.deps,
      temporal: {
        ...stack.deps.temporal,
        client: { withDeadline: () => Promise.reject(unavailable) } as unknown as typeof stack.deps.temporal.client,
      },
    };
    await assert.rejects(
      changeKnowledgeRoles(down, rbac.workspace, item, [x!.id, y!.id], 'unassign'),
      (err: unknown) => {
        assert.ok(err instanceof AppError && err.status === 503, String(err));
        return true;
      },
    );
    const requests = await rolesRepo.assignmentRequests(stack.deps.db, wsId, item, [x!.id, y!.id]);
    assert.deepEqual(
      [...requests.values()].map((r) => r.action),
      ['assign', 'assign'],
      'the refused request is taken back',
    );
    // An unassign of both, then an assign of X whose role is then being deleted: the unassign job still removes Y.
    await applyKnowledgeRoles(stack.deps, wsId, item, [x!.id, y!.id], 'assign', { asRequested: true });
    const unassignJob = await changeKnowledgeRoles(idle, rbac.workspace, item, [x!.id, y!.id], 'unassign');
    const assignX = await changeKnowledgeRoles(idle, rbac.workspace, item, [x!.id], 'assign');
    const removing = await deleteRole(idle, wsId, x!.id);
    await applyKnowledgeRoles(stack.deps, wsId, item, [x!.id, y!.id], 'unassign', { asRequested: true });
    assert.deepEqual(
      (await rolesRepo.knowledgeRoles(stack.deps.db, wsId, item)).map((r) => r.id),
      [x!.id],
      'Y unassigned; X left to its delete',
    );
    for (const job of [assignJob, unassignJob, assignX, removing])
      await stack.deps.temporal.client.workflow
        .getHandle(job.workflowId)
        .terminate('test over')
        .catch(() => {});
  });

  it('assigns knowledge to roles only under ACTIVE RBAC and only to existing roles', async () => {
    const dim = stack.deps.embeddings.dimension;
    const item = await insertItem(stack.deps.db, ws.workspace.id, { title: 'doc', vector: seededVector(dim, 1) });
    const role = await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'R' });
    await rejectsWithAppError(changeKnowledgeRoles(stack.deps, ws.workspace, item, [role.id], 'assign'), {
      status: 403,
      message: RoleMessages.rbacDisabled,
    });

    const rbac = await createWorkspace(stack.deps.db, { rbac: true });
    const rbacItem = await insertItem(stack.deps.db, rbac.workspace.id, { title: 'doc', vector: seededVector(dim, 2) });
    const own = await rolesRepo.insertRole(stack.deps.db, rbac.workspace.id, { name: 'own' });
    await rejectsWithAppError(changeKnowledgeRoles(stack.deps, rbac.workspace, rbacItem, [own.id, role.id], 'assign'), {
      status: 404,
      message: RoleMessages.rolesNotFound,
    });
    const { workflowId, roleIds } = await changeKnowledgeRoles(
      stack.deps,
      rbac.workspace,
      rbacItem,
      [own.id, own.id],
      'assign',
    );
    assert.deepEqual(roleIds, [own.id]);
    assert.equal((await jobOutcome(stack.deps.temporal, workflowId)).ok, true);
    const assigned = await rolesRepo.knowledgeRoles(stack.deps.db, rbac.workspace.id, rbacItem);
    assert.deepEqual(
      assigned.map((r) => r.id),
      [own.id],
    );
  });
});
