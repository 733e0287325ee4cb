// Upload rules through the service on the real database and S3 storage (medium tier): the type is checked from
// the bytes, the declared size is held against the workspace's quota up front, and a refused upload (or unpack)
// leaves neither record nor stored bytes. Acceptance, which starts the ingestion job, is in
// test/services/uploads.test.ts (end to end).
import assert from 'node:assert/strict';
import * as uploadsRepo from '../../../src/db/repositories/uploads';
import type { WorkspaceRow } from '../../../src/db/rows';
import { workspacePrefix } from '../../../src/storage/keys';
import { acceptUpload, stageUpload, UploadMessages } from '../../../src/services/knowledge/uploads';
import { accessAuth, rejectsWithAppError, textUpload, type Workspace, withWorkspace } from '../../helpers/actors';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

describe('uploads service', function () {
  this.timeout(60_000);
  let stack: MediumStack, ws: Workspace;
  const signal = () => new AbortController().signal;
  const used = (workspace: WorkspaceRow) => uploadsRepo.storageUsedBytes(stack.deps.db, workspace.id);

  beforeEach(async () => {
    ({ stack, ws } = await withWorkspace(getMediumStack()));
  });

  it('refuses a file whose type is not accepted or whose bytes are not its declared type, keeping nothing', async () => {
    const refused = { status: 400, message: UploadMessages.unsupported };
    await rejectsWithAppError(
      stageUpload(
        stack.deps,
        ws.workspace,
        { ...textUpload('tool.exe', 'MZ'), declaredMime: 'application/x-msdownload' },
        signal(),
      ),
      refused,
    );
    const fakePdf = { ...textUpload('fake.pdf', 'just some text, not a PDF'), declaredMime: 'application/pdf' };
    await rejectsWithAppError(stageUpload(stack.deps, ws.workspace, fakePdf, signal()), refused);
    assert.deepEqual(await stack.deps.storage.list(workspacePrefix(ws.workspace.organization_id, ws.workspace.id)), []);
  });

  it('refuses up front a body whose declared length is over the quota, storing nothing', async () => {
    const workspace = { ...ws.workspace, storage_quota_bytes: 1000 };
    await rejectsWithAppError(stageUpload(stack.deps, workspace, textUpload('big.txt', 'x', 2_000_000), signal()), {
      status: 403,
      message: UploadMessages.quota,
    });
    assert.equal(await used(workspace), 0);
    assert.deepEqual(await stack.deps.storage.list(workspacePrefix(workspace.organization_id, workspace.id)), []);
  });

  it('refuses unpack for a file that is not a ZIP and discards it', async () => {
    const staged = await stageUpload(stack.deps, ws.workspace, textUpload('n.txt', 'not a zip'), signal());
    await rejectsWithAppError(acceptUpload(stack.deps, accessAuth(ws), staged, { background: true, unpack: true }), {
      status: 400,
      message: UploadMessages.unpackNeedsZip,
    });
    assert.equal(await uploadsRepo.findUpload(stack.deps.db, ws.workspace.id, staged.uploadId), undefined);
    assert.equal(await stack.deps.storage.exists(staged.key), false);
  });
});
