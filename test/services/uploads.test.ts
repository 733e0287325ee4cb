// Upload acceptance through the service, on the real database, S3 storage and Temporal: the workspace's quota
// holds on the real size at acceptance (a refused upload leaves neither record nor stored bytes), and an accepted
// upload is tracked until it becomes its item. The checks before acceptance are in
// test/medium/services/uploads.test.ts.
import assert from 'node:assert/strict';
import * as uploadsRepo from '../../src/db/repositories/uploads';
import type { WorkspaceRow } from '../../src/db/rows';
import { knowledgeIdForUpload } from '../../src/temporal/constants';
import { acceptUpload, stageUpload, UploadMessages } from '../../src/services/knowledge/uploads';
import {
  accessAuth,
  createWorkspace,
  jobOutcome,
  rejectsWithAppError,
  textUpload,
  type Workspace,
  withWorkspace,
} from '../helpers/actors';
import { getStack, type TestStack } from '../helpers/stack';

describe('uploads service', function () {
  this.timeout(60_000);
  let stack: TestStack, ws: Workspace;
  const signal = () => new AbortController().signal;
  const used = (workspace: WorkspaceRow) => uploadsRepo.storageUsedBytes(stack.deps.db, workspace.id);

  beforeEach(async () => {
    ({ stack, ws } = await withWorkspace(getStack()));
  });

  it('enforces the quota on the real size at acceptance, removing the refused upload and its bytes', async () => {
    const workspace = { ...ws.workspace, storage_quota_bytes: 100 };
    const first = await stageUpload(stack.deps, workspace, textUpload('a.txt', 'a'.repeat(60)), signal());
    const outcome = await acceptUpload(stack.deps, { ...accessAuth(ws), workspace }, first, { background: true });
    assert.equal(outcome.kind, 'started');
    assert.equal(await used(workspace), 60);

    const second = await stageUpload(stack.deps, workspace, textUpload('b.txt', 'b'.repeat(60)), signal());
    assert.equal(await stack.deps.storage.exists(second.key), true, 'staged bytes are stored');
    await rejectsWithAppError(
      acceptUpload(stack.deps, { ...accessAuth(ws), workspace }, second, { background: true }),
      {
        status: 403,
        message: UploadMessages.quota,
      },
    );
    assert.equal(await uploadsRepo.findUpload(stack.deps.db, workspace.id, second.uploadId), undefined);
    assert.equal(await stack.deps.storage.exists(second.key), false);
    assert.equal(await used(workspace), 60);

    // Exactly filling the quota is allowed.
    const third = await stageUpload(stack.deps, workspace, textUpload('c.txt', 'c'.repeat(40)), signal());
    assert.equal(
      (await acceptUpload(stack.deps, { ...accessAuth(ws), workspace }, third, { background: true })).kind,
      'started',
    );
    assert.equal(await used(workspace), 100);
    await jobOutcome(stack.deps.temporal, outcome.workflowId);
  });

  it('tracks an accepted upload: its record, then its item once the synchronous ingestion completes', async () => {
    const staged = await stageUpload(
      stack.deps,
      ws.workspace,
      textUpload('notes.txt', 'Meeting notes: the launch moves to June.'),
      signal(),
    );
    const pending = await uploadsRepo.findUpload(stack.deps.db, ws.workspace.id, staged.uploadId);
    assert.equal(pending?.size_bytes, 0, 'provisional until accepted');
    assert.equal(pending?.mimetype, 'text/plain');

    const outcome = await acceptUpload(stack.deps, accessAuth(ws), staged, {
      background: false,
      title: '  Launch notes ',
      language: 'en',
    });
    assert.deepEqual(outcome, {
      kind: 'completed',
      uploadId: staged.uploadId,
      workflowId: `ingest:${ws.workspace.id}:${staged.uploadId}`,
      knowledgeId: knowledgeIdForUpload(staged.uploadId),
      title: 'Launch notes',
    });
    const tracked = await uploadsRepo.findUpload(stack.deps.db, ws.workspace.id, staged.uploadId);
    assert.equal(tracked?.size_bytes, staged.sizeBytes);
    assert.equal(tracked?.title, 'Launch notes');
    assert.equal(tracked?.knowledge_id, outcome.knowledgeId);
    assert.equal(tracked?.space_id, null);
    const other = await createWorkspace(stack.deps.db);
    assert.equal(await uploadsRepo.findUpload(stack.deps.db, other.workspace.id, staged.uploadId), undefined);
  });
});
