// Agent thread and run rules through the services: which threads a credential reaches (its role under
// ACTIVE RBAC, its subject always; others' threads answer 404), the message caps, idempotent posts by client
// id, and one run at a time per thread.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as rolesRepo from '../../../src/db/repositories/roles';
import type { AuthState } from '../../../src/policies/credentials';
import { AgentMessages, createThread, listThreads, loadThread, postMessage } from '../../../src/services/agent/agent';
import { acquireRunLease, releaseRunLease, RunMessages } from '../../../src/services/agent/agentRuns';
import { accessAuth, apiKeyAuth, createWorkspace, rejectsWithAppError, type Workspace } from '../../helpers/actors';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

describe('agent threads and runs service', function () {
  this.timeout(30_000);
  let stack: MediumStack;
  const roomy = { maxMessages: 100, maxBytes: 1_000_000, defaultStorageQuotaBytes: 1e12, maxBytesPerSubject: 1e12 };
  const threadNotFound = { status: 404, message: AgentMessages.threadNotFound };
  const listed = async (auth: AuthState) =>
    (await listThreads(stack.deps, auth, { page: 1, limit: 50 })).rows.map((t) => t.id).sort();

  before(async () => {
    stack = await getMediumStack();
  });

  describe('thread scope', () => {
    let ws: Workspace;
    let roleA: string;
    let roleB: string;
    before(async () => {
      ws = await createWorkspace(stack.deps.db, { rbac: true });
      roleA = (await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'A' })).id;
      roleB = (await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'B' })).id;
    });

    it('under ACTIVE RBAC shows a thread to its role and subject and to the workspace only', async () => {
      const db = stack.deps.db;
      const alice = accessAuth(ws, { roleId: roleA, subject: 'alice' });
      const roleOnly = accessAuth(ws, { roleId: roleA });
      const aliceThread = await createThread(stack.deps, alice, { title: 'alice asks' });
      const roleThread = await createThread(stack.deps, roleOnly, { title: 'role asks' });
      assert.equal(aliceThread.role_id, roleA);
      assert.equal(aliceThread.subject, 'alice');
      assert.equal(roleThread.subject, null);

      assert.equal((await loadThread({ db }, alice, aliceThread.id)).id, aliceThread.id);
      assert.equal((await loadThread({ db }, accessAuth(ws), aliceThread.id)).id, aliceThread.id);
      for (const outsider of [
        accessAuth(ws, { roleId: roleA, subject: 'bob' }),
        roleOnly,
        accessAuth(ws, { roleId: roleB, subject: 'alice' }),
        accessAuth(ws, { subject: 'alice' }),
      ]) {
        await rejectsWithAppError(loadThread({ db }, outsider, aliceThread.id), threadNotFound);
      }
      await rejectsWithAppError(loadThread({ db }, accessAuth(ws, { roleId: roleB }), roleThread.id), threadNotFound);
      await rejectsWithAppError(loadThread({ db }, alice, roleThread.id), threadNotFound);

      assert.deepEqual(await listed(alice), [aliceThread.id]);
      assert.deepEqual(await listed(roleOnly), [roleThread.id]);
      assert.deepEqual(await listed(accessAuth(ws, { roleId: roleB })), []);
      assert.deepEqual(await listed(accessAuth(ws, { subject: 'alice' })), [], 'no role: no threads');
      assert.deepEqual(await listed(apiKeyAuth(ws)), [aliceThread.id, roleThread.id].sort());
    });

    it('keeps threads of another workspace out, and refuses a malformed id (400)', async () => {
      const thread = await createThread(stack.deps, accessAuth(ws), { title: 'mine' });
      const other = await createWorkspace(stack.deps.db);
      await rejectsWithAppError(loadThread(stack.deps, accessAuth(other), thread.id), threadNotFound);
      await rejectsWithAppError(
        postMessage(stack.deps, accessAuth(other), thread.id, { id: randomUUID(), role: 'user', content: 'hi' }, roomy),
        threadNotFound,
      );
      await rejectsWithAppError(loadThread(stack.deps, accessAuth(ws), 'nope'), {
        status: 400,
        message: AgentMessages.invalidThreadId,
      });
    });
  });

  it('applies the subject rule without RBAC, and no role rule', async () => {
    const ws = await createWorkspace(stack.deps.db);
    const roleA = (await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'A' })).id;
    const roleB = (await rolesRepo.insertRole(stack.deps.db, ws.workspace.id, { name: 'B' })).id;
    const roleThread = await createThread(stack.deps, accessAuth(ws, { roleId: roleA }), { title: 't' });
    const carol = await createThread(stack.deps, accessAuth(ws, { subject: 'carol' }), { title: 'c' });
    assert.equal((await loadThread(stack.deps, accessAuth(ws, { roleId: roleB }), roleThread.id)).id, roleThread.id);
    await rejectsWithAppError(loadThread(stack.deps, accessAuth(ws, { roleId: roleB }), carol.id), threadNotFound);
    await rejectsWithAppError(loadThread(stack.deps, accessAuth(ws, { subject: 'dave' }), carol.id), threadNotFound);
    assert.deepEqual(await listed(accessAuth(ws, { roleId: roleB, subject: 'carol' })), [carol.id]);
  });

  describe('messages and runs', () => {
    let ws: Workspace;
    let auth: AuthState;
    beforeEach(async () => {
      ws = await createWorkspace(stack.deps.db);
      auth = accessAuth(ws);
    });

    it('stops a thread at its message cap (409), while a retried post still answers the stored message', async () => {
      const thread = await createThread(stack.deps, auth, { title: 'capped' });
      const limits = { maxMessages: 2, maxBytes: 1_000_000, defaultStorageQuotaBytes: 1e12, maxBytesPerSubject: 1e12 };
      const first = { id: randomUUID(), role: 'user' as const, content: 'one' };
      assert.equal((await postMessage(stack.deps, auth, thread.id, first, limits)).created, true);
      await postMessage(stack.deps, auth, thread.id, { id: randomUUID(), role: 'user', content: 'two' }, limits);
      await rejectsWithAppError(
        postMessage(stack.deps, auth, thread.id, { id: randomUUID(), role: 'user', content: 'three' }, limits),
        { status: 409, message: 'The thread holds its maximum of 2 messages' },
      );
      const retried = await postMessage(stack.deps, auth, thread.id, first, limits);
      assert.equal(retried.created, false);
      assert.equal(retried.message.content, 'one');
      await rejectsWithAppError(postMessage(stack.deps, auth, thread.id, { ...first, content: 'changed' }, limits), {
        status: 409,
        message: AgentMessages.messageConflict,
      });
      assert.equal((await loadThread(stack.deps, auth, thread.id)).message_count, 2);
    });

    it('stops a thread at its byte cap (409)', async () => {
      const thread = await createThread(stack.deps, auth, { title: 'bytes' });
      const limits = { maxMessages: 100, maxBytes: 600, defaultStorageQuotaBytes: 1e12, maxBytesPerSubject: 1e12 };
      await postMessage(
        stack.deps,
        auth,
        thread.id,
        { id: randomUUID(), role: 'user', content: 'x'.repeat(100) },
        limits,
      );
      await rejectsWithAppError(
        postMessage(stack.deps, auth, thread.id, { id: randomUUID(), role: 'user', content: 'y'.repeat(400) }, limits),
        { status: 409, message: 'The thread holds its maximum of 600 bytes of messages' },
      );
    });

    it('holds one run per thread: a second lease is 409 until the first is released', async () => {
      const thread = await createThread(stack.deps, auth, { title: 'runs' });
      const otherThread = await createThread(stack.deps, auth, { title: 'other' });
      const runId = await acquireRunLease(stack.deps, auth, thread.id);
      await rejectsWithAppError(acquireRunLease(stack.deps, auth, thread.id), {
        status: 409,
        message: RunMessages.busy,
      });
      await releaseRunLease(stack.deps, otherThread, runId);
      await releaseRunLease(stack.deps, thread, randomUUID());
      // Every thread query is scoped by workspace: the same thread id under another workspace is not this thread.
      await releaseRunLease(stack.deps, { ...thread, workspace_id: randomUUID() }, runId);
      await rejectsWithAppError(acquireRunLease(stack.deps, auth, thread.id), {
        status: 409,
        message: RunMessages.busy,
      });
      assert.ok(await acquireRunLease(stack.deps, auth, otherThread.id), 'threads lease independently');
      await releaseRunLease(stack.deps, thread, runId);
      assert.notEqual(await acquireRunLease(stack.deps, auth, thread.id), runId);
    });

    it("runs at most AGENT_MAX_RUNS_PER_SUBJECT of one end user's threads at a time (Security III)", async () => {
      const deps = {
        ...stack.deps,
        config: { ...stack.deps.config, bounds: { ...stack.deps.config.bounds, agentRunsPerSubject: 1 } },
      };
      const erin = accessAuth(ws, { subject: 'erin' });
      const [first, second] = [
        await createThread(stack.deps, erin, { title: 'one' }),
        await createThread(stack.deps, erin, { title: 'two' }),
      ];
      const runId = await acquireRunLease(deps, erin, first.id);
      await rejectsWithAppError(acquireRunLease(deps, erin, second.id), {
        status: 429,
        message: 'This end user has its maximum of 1 agent runs in progress',
      });
      // Another end user, and the integrator, are not held back by erin's run.
      const frank = accessAuth(ws, { subject: 'frank' });
      const franks = await createThread(stack.deps, frank, { title: 'f' });
      assert.ok(await acquireRunLease(deps, frank, franks.id));
      assert.ok(await acquireRunLease(deps, auth, (await createThread(stack.deps, auth, { title: 'w' })).id));
      await releaseRunLease(deps, first, runId);
      assert.ok(await acquireRunLease(deps, erin, second.id), 'once the first run ends');
    });
  });
});
