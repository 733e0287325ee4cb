// Streaming uploads: the file goes to storage as it is received (multipart above 5 MiB), the size limit
// holds while streaming, the type is checked from the first bytes (the rest by the worker), a per-process
// cap on concurrent uploads answers 503 with Retry-After, and a refused upload leaves nothing behind.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../src/services/deps';
import { workspacePrefix } from '../../src/storage/keys';
import { assertError } from '../helpers/assertions';
import { type Tenant } from '../helpers/factories';
import { openRequest } from '../helpers/http';
import { followUpload, multipartBody, uploadRequest } from '../helpers/knowledge';
import { stackWithTenant, type TestStack } from '../helpers/stack';
import * as fixtures from '../fixtures/generate';

const MB = 1024 * 1024;
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
  ) {
    const { body, contentType } = multipartBody(fields, { ...file, bytes: Buffer.from('@@FILE@@') });
    const [head, tail] = [body.subarray(0, body.indexOf('@@FILE@@')), body.subarray(body.indexOf('@@FILE@@') + 8)];
    const open = openRequest(baseUrl, stack.ca, 'POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/file`, {
      ...headers,
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
        tenant.workspaceId,
        headers,
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
});
