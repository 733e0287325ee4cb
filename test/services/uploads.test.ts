// Upload rules through the service, on the real database, S3 storage and Temporal: the type is checked from
// the bytes, the workspace's quota holds (declared size up front, real size at acceptance), a refused upload
// leaves neither record nor stored bytes, and an accepted one is tracked until it becomes its item.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import * as uploadsRepo from '../../src/db/repositories/uploads';
import type { WorkspaceRow } from '../../src/db/rows';
import { workspacePrefix } from '../../src/storage/keys';
import { knowledgeIdForUpload } from '../../src/temporal/constants';
import { acceptUpload, stageUpload, UploadMessages } from '../../src/services/uploads';
import { createWorkspace, jobOutcome, rejectsWithAppError, type Workspace } from '../helpers/actors';
import { getStack, type TestStack } from '../helpers/stack';

const textFile = (filename: string, text: string, declaredBytes?: number) => ({
  filename,
  declaredMime: 'text/plain',
  stream: Readable.from([Buffer.from(text)]),
  ...(declaredBytes === undefined ? {} : { declaredBytes }),
});

describe('uploads service', function () {
  this.timeout(60_000);
  let stack: TestStack;
  let ws: Workspace;
  const signal = () => new AbortController().signal;
  const used = (workspace: WorkspaceRow) => uploadsRepo.storageUsedBytes(stack.deps.db, workspace.id);

  before(async () => {
    stack = await getStack();
  });
  beforeEach(async () => {
    ws = await createWorkspace(stack.deps.db);
  });

  it('refuses a file whose type is not accepted or whose bytes are not its declared type, keeping nothing', async () => {
    const refused = { status: 400, message: UploadMessages.unsupported };
    await rejectsWithAppError(
      stageUpload(
        stack.deps,
        ws.workspace,
        { ...textFile('tool.exe', 'MZ'), declaredMime: 'application/x-msdownload' },
        signal(),
      ),
      refused,
    );
    const fakePdf = { ...textFile('fake.pdf', 'just some text, not a PDF'), declaredMime: 'application/pdf' };
    await rejectsWithAppError(stageUpload(stack.deps, ws.workspace, fakePdf, signal()), refused);
    assert.deepEqual(await stack.deps.storage.list(workspacePrefix(ws.workspace.organization_id, ws.workspace.id)), []);
  });

  it('enforces the quota on the real size at acceptance, removing the refused upload and its bytes', async () => {
    const workspace = { ...ws.workspace, storage_quota_bytes: 100 };
    const first = await stageUpload(stack.deps, workspace, textFile('a.txt', 'a'.repeat(60)), signal());
    const outcome = await acceptUpload(stack.deps, workspace, first, { background: true });
    assert.equal(outcome.kind, 'started');
    assert.equal(await used(workspace), 60);

    const second = await stageUpload(stack.deps, workspace, textFile('b.txt', 'b'.repeat(60)), signal());
    assert.equal(await stack.deps.storage.exists(second.key), true, 'staged bytes are stored');
    await rejectsWithAppError(acceptUpload(stack.deps, workspace, second, { background: true }), {
      status: 403,
      message: UploadMessages.quota,
    });
    assert.equal(await uploadsRepo.findUpload(stack.deps.db, workspace.id, second.uploadId), undefined);
    assert.equal(await stack.deps.storage.exists(second.key), false);
    assert.equal(await used(workspace), 60);

    // Exactly filling the quota is allowed.
    const third = await stageUpload(stack.deps, workspace, textFile('c.txt', 'c'.repeat(40)), signal());
    assert.equal((await acceptUpload(stack.deps, workspace, third, { background: true })).kind, 'started');
    assert.equal(await used(workspace), 100);
    await jobOutcome(stack.deps.temporal, outcome.workflowId);
  });

  it('refuses up front a body whose declared length is over the quota, storing nothing', async () => {
    const workspace = { ...ws.workspace, storage_quota_bytes: 1000 };
    await rejectsWithAppError(stageUpload(stack.deps, workspace, textFile('big.txt', 'x', 2_000_000), signal()), {
      status: 403,
      message: UploadMessages.quota,
    });
    assert.equal(await used(workspace), 0);
    assert.deepEqual(await stack.deps.storage.list(workspacePrefix(workspace.organization_id, workspace.id)), []);
  });

  it('refuses unpack for a file that is not a ZIP and discards it', async () => {
    const staged = await stageUpload(stack.deps, ws.workspace, textFile('n.txt', 'not a zip'), signal());
    await rejectsWithAppError(acceptUpload(stack.deps, ws.workspace, staged, { background: true, unpack: true }), {
      status: 400,
      message: UploadMessages.unpackNeedsZip,
    });
    assert.equal(await uploadsRepo.findUpload(stack.deps.db, ws.workspace.id, staged.uploadId), undefined);
    assert.equal(await stack.deps.storage.exists(staged.key), false);
  });

  it('tracks an accepted upload: its record, then its item once the synchronous ingestion completes', async () => {
    const staged = await stageUpload(
      stack.deps,
      ws.workspace,
      textFile('notes.txt', 'Meeting notes: the launch moves to June.'),
      signal(),
    );
    const pending = await uploadsRepo.findUpload(stack.deps.db, ws.workspace.id, staged.uploadId);
    assert.equal(pending?.size_bytes, 0, 'provisional until accepted');
    assert.equal(pending?.mimetype, 'text/plain');

    const outcome = await acceptUpload(stack.deps, ws.workspace, staged, {
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
