// Streaming uploads: the file goes to storage as it is received (multipart above 5 MiB), the size limit
// holds while streaming, the type is checked from the first bytes (the rest by the worker), a per-process
// cap on concurrent uploads answers 503 with Retry-After (429 past one workspace's share of it), a body that
// trickles in below the floor rate is refused (408), and a refused upload leaves nothing behind.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../src/services/deps';
import { workspacePrefix } from '../../src/storage/keys';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import { openRequest } from '../helpers/http';
import { followUpload, multipartBody, uploadRequest } from '../helpers/knowledge';
import { stackWithTenant, type TestStack } from '../helpers/stack';
import * as fixtures from '../fixtures/generate';

const MB = 1024 * 1024;
const BACKGROUND = { status: 'BACKGROUND_START' };
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('streaming uploads', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  before(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  const storedKeys = () => stack.deps.storage.list(workspacePrefix(tenant.organizationId, tenant.workspaceId));
  const uploadRows = () => stack.deps.db('upload_file_metadata').where({ workspace_id: tenant.workspaceId });
  const withLimits = (limits: Partial<Deps['config']['limits']>) =>
    stack.serve({
      ...stack.deps,
      config: { ...stack.deps.config, limits: { ...stack.deps.config.limits, ...limits } },
    });

  /** Starts a multipart upload whose file part is written by the caller, chunk by chunk. */
  function openUpload(
    baseUrl: string,
    file: { filename: string; contentType: string },
    fields: Record<string, string> = { status: 'BACKGROUND_START' },
    as: { workspaceId: string; headers: Record<string, string> } = { workspaceId: tenant.workspaceId, headers },
  ) {
    const { body, contentType } = multipartBody(fields, { ...file, bytes: Buffer.from('@@FILE@@') });
    const [head, tail] = [body.subarray(0, body.indexOf('@@FILE@@')), body.subarray(body.indexOf('@@FILE@@') + 8)];
    const open = openRequest(baseUrl, stack.ca, 'POST', `/v1/workspaces/${as.workspaceId}/knowledge/file`, {
      ...as.headers,
      'content-type': contentType,
      'transfer-encoding': 'chunked',
    });
    void open.write(head);
    return {
      ...open,
      async finish() {
        await open.write(tail);
        open.req.end();
        return open.response;
      },
    };
  }

  it('stores a large file in parts, byte for byte, and records its size', async () => {
    // 12 MiB of incompressible bytes in a zip whose one entry no extractor reads: stored whole, ingested fast.
    const zip = fixtures.makeZip([{ name: 'blob.bin', data: randomBytes(12 * MB), store: true }]);
    const res = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'big.zip', contentType: 'application/zip', bytes: zip },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(res.status, 200, res.text);
    const meta = await stack.request(
      'GET',
      `/v1/workspaces/${tenant.workspaceId}/upload-file-metadata/${res.body.uploadFileMetadataId}`,
      { headers },
    );
    assert.equal(meta.body.size, zip.length);
    const row = await uploadRows().where({ id: res.body.uploadFileMetadataId }).first();
    assert.equal(sha256((await stack.deps.storage.get(row.storage_key))!), sha256(zip));
    const { item } = await followUpload(stack.request, tenant.workspaceId, headers, res.body.uploadFileMetadataId);
    assert.equal(item.status, 'BACKGROUND_ERROR');
    assert.equal(item.messageError, 'No text could be extracted from the file');
  });

  it('reads a file name sent as raw UTF-8 bytes (as curl and browsers send it) as UTF-8', async () => {
    const filename = 'café-報告.txt';
    const res = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename, contentType: 'text/plain', bytes: Buffer.from('Quarterly report, in short.') },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.title, filename, 'not read as Latin-1 (cafÃ©-å ±å...)');
    const row = await uploadRows().where({ id: res.body.uploadFileMetadataId }).first();
    assert.equal(row.filename, filename);
    await followUpload(stack.request, tenant.workspaceId, headers, res.body.uploadFileMetadataId);
  });

  it('refuses a form field sent twice, naming it, rather than keeping the last', async () => {
    const { body, contentType } = multipartBody(
      { title: 'First title', status: 'BACKGROUND_START' },
      { filename: 'twice.txt', contentType: 'text/plain', bytes: Buffer.from('Two titles.') },
    );
    const boundary = contentType.split('boundary=')[1]!;
    const second = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSecond title\r\n`);
    const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/file`, {
      headers: { ...headers, 'content-type': contentType },
      raw: Buffer.concat([second, body]),
    });
    assertError(res, 400, 'Field title must be sent once');
    assert.equal(res.body.param, 'title');
    assert.equal(res.body.code, 'invalid_field');
  });

  it('enforces the size limit while streaming: 413, and nothing is left in storage or the database', async () => {
    const before = { keys: (await storedKeys()).length, rows: (await uploadRows()).length };
    const small = await withLimits({ maxUploadBytes: 1 * MB });
    const upload = openUpload(small.baseUrl, { filename: 'big.txt', contentType: 'text/plain' });
    const chunk = Buffer.from('All work and no play. '.repeat(1000));
    for (let sent = 0; sent < 3 * MB; sent += chunk.length) {
      if (!(await upload.write(chunk))) break;
    }
    upload.req.end();
    const res = await upload.response;
    assertError(res, 413, `File exceeds the maximum upload size of ${1 * MB} bytes`);
    // Clean-up runs as the answer leaves; give it a moment.
    for (let i = 0; i < 50 && (await uploadRows()).length !== before.rows; i++)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal((await uploadRows()).length, before.rows);
    assert.equal((await storedKeys()).length, before.keys);
  });

  it('checks the type from the first bytes; a larger file that only starts right fails in the worker', async () => {
    const png = fixtures.makePng();
    assertError(
      await uploadRequest(stack.request, tenant.workspaceId, headers, {
        filename: 'x.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.concat([png, randomBytes(200 * 1024)]),
      }),
      400,
      'Unsupported file type',
    );
    // 100 KiB of JSON, broken past the first 64 KiB: accepted, then found out by the worker.
    const json = Buffer.from(`{"items": [${Array.from({ length: 10_000 }, (_, i) => `{"n": ${i}}`).join(',')}, oops]}`);
    assert.ok(json.length > 64 * 1024);
    const res = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'broken.json', contentType: 'application/json', bytes: json },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(res.status, 200, res.text);
    const { item } = await followUpload(stack.request, tenant.workspaceId, headers, res.body.uploadFileMetadataId);
    assert.equal(item.status, 'BACKGROUND_ERROR');
    assert.equal(item.messageError, 'The file is not valid JSON');
  });

  it('answers 503 with Retry-After while the process is receiving its maximum of uploads', async () => {
    const one = await withLimits({ maxConcurrentUploads: 1 });
    // The refused upload is another workspace's: this one's own second upload would pass its share first (429).
    const other = await createTenant(stack.deps.db);
    const otherHeaders = (await accessHeaders(stack, other)).headers;
    const startSlow = async () => {
      const upload = openUpload(one.baseUrl, { filename: 'slow.txt', contentType: 'text/plain' });
      await upload.write('The first upload is still arriving.\n');
      return upload;
    };
    /** Whether a response has already arrived (without waiting for one). */
    const answered = (response: Promise<unknown>) =>
      Promise.race([
        response.then(
          () => true,
          () => true,
        ),
        new Promise<boolean>((r) => setImmediate(() => r(false))),
      ]);
    let slow = await startSlow();
    // The first upload holds the only slot until its body has been received.
    let busy;
    for (let i = 0; i < 50; i++) {
      busy = await uploadRequest(
        one.request,
        other.workspaceId,
        otherHeaders,
        { filename: 'second.txt', contentType: 'text/plain', bytes: Buffer.from('second') },
        { status: 'BACKGROUND_START' },
      );
      if (busy.status === 503) break;
      // On a loaded machine the second upload can reach the gate before the first one's headers do; the first is
      // then the one refused (503), and the slot is free again: start it over.
      if (await answered(slow.response)) slow = await startSlow();
      await new Promise((r) => setTimeout(r, 50));
    }
    assertError(busy!, 503, 'Too many uploads in progress, retry later');
    assert.equal(busy!.headers['retry-after'], '5');
    const first = await slow.finish();
    assert.equal(first.status, 200, first.text);
    const third = await uploadRequest(one.request, tenant.workspaceId, headers, {
      filename: 'third.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('Now there is room again.'),
    });
    assert.equal(third.status, 200, third.text);
  });

  it("answers 429 past one workspace's share of the process's uploads, while other workspaces still upload", async () => {
    // Two slots, a share of one: past its one, a workspace may not take the last free slot (the others').
    const shared = await withLimits({ maxConcurrentUploads: 2, maxConcurrentUploadsPerWorkspace: 1 });
    const slow = openUpload(shared.baseUrl, { filename: 'slow.txt', contentType: 'text/plain' });
    await slow.write("The first upload holds the workspace's one slot.\n");
    const second = { filename: 'second.txt', contentType: 'text/plain', bytes: Buffer.from('second') };
    let mine;
    for (let i = 0; i < 100; i++) {
      mine = await uploadRequest(shared.request, tenant.workspaceId, headers, second, { status: 'BACKGROUND_START' });
      if (mine.status !== 200) break;
      // The second can reach the gate before the first one's headers do: it then gets the slot and finishes.
      await new Promise((r) => setTimeout(r, 50));
    }
    assertError(mine!, 429, 'Too many uploads in progress for this workspace, retry later');
    assert.equal(mine!.body.code, 'workspace_uploads_busy');
    assert.equal(mine!.headers['retry-after'], '5');
    assert.match(mine!.body.hint, /the 1 kept for other workspaces/);
    // Another tenant's upload is not refused: the process has slots left, and they are not this workspace's.
    const other = await createTenant(stack.deps.db);
    const otherHeaders = (await accessHeaders(stack, other)).headers;
    const theirs = await uploadRequest(shared.request, other.workspaceId, otherHeaders, second, {
      status: 'BACKGROUND_START',
    });
    assert.equal(theirs.status, 200, theirs.text);
    const first = await slow.finish();
    assert.equal(first.status, 200, first.text);
    const again = await uploadRequest(shared.request, tenant.workspaceId, headers, second, {
      status: 'BACKGROUND_START',
    });
    assert.equal(again.status, 200, again.text);
  });

  it('refuses (408, upload_too_slow) a body that keeps arriving slower than the floor, and keeps nothing', async () => {
    const floor = await withLimits({ requestTimeoutMs: 1000, uploadMinBytesPerSecond: 4096 });
    const before = (await uploadRows()).length;
    // 20 bytes every 100 ms (200 bytes a second), and 20 bytes every 800 ms (silences just short of the stall
    // check's 1 s, which a window may end in): neither is ever silent long enough for the stall check.
    for (const everyMs of [100, 800]) {
      const trickle = openUpload(floor.baseUrl, { filename: 'trickle.txt', contentType: 'text/plain' });
      let stopped = false;
      void trickle.response.finally(() => (stopped = true));
      for (let i = 0; i < 8000 / everyMs && !stopped; i++) {
        await trickle.write('twenty bytes of text').catch(() => undefined);
        await new Promise((r) => setTimeout(r, everyMs));
      }
      const res = await trickle.response;
      assertError(res, 408, 'The request took too long to arrive');
      assert.equal(res.body.code, 'upload_too_slow', `every ${everyMs} ms`);
      assert.match(res.body.hint, /at least 4096 \(UPLOAD_MIN_BYTES_PER_SECOND\)/);
    }
    assert.equal((await uploadRows()).length, before);
  });

  it('keeps a body that arrives above the floor, however long it takes', async () => {
    const floor = await withLimits({ requestTimeoutMs: 1000, uploadMinBytesPerSecond: 4096 });
    const steady = openUpload(floor.baseUrl, { filename: 'steady.txt', contentType: 'text/plain' });
    // 2 KiB every 100 ms (20 KiB a second) for 2.5 s: past two judged windows.
    for (let i = 0; i < 25; i++) {
      await steady.write(`${'steady line of text '.repeat(102)}\n`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await steady.finish();
    assert.equal(res.status, 200, res.text);
  });

  it('reads a file part sent without a Content-Type by its name when its bytes are of that type', async () => {
    const png = fixtures.makePng();
    const untyped = (filename: string) =>
      uploadRequest(stack.request, tenant.workspaceId, headers, { filename, contentType: '', bytes: png }, BACKGROUND);
    const res = await untyped('scan.png');
    assert.equal(res.status, 200, res.text);
    const row = await stack.deps.db('upload_file_metadata').where({ id: res.body.uploadFileMetadataId }).first();
    assert.equal(row.mimetype, 'image/png');
    // Without a type and named as text, the same bytes are still refused: the name and the bytes must agree.
    assertError(await untyped('scan.txt'), 400, 'Unsupported file type');
  });
});
