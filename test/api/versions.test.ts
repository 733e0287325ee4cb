// Versions: a replaced file or text is the item's next version, indexed beside the current one; every read and
// search answers from the current version's chunks until the switch, then only from the new one's. The switch
// is driven stepwise here by running the indexing activities one by one (no timing involved), and end to end
// through the API and the worker.
import assert from 'node:assert/strict';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createActivities } from '../../src/activities';
import * as versionsRepo from '../../src/db/repositories/versions';
import { activityDeps } from '../../src/main/deps';
import { deleteSingleKnowledge } from '../../src/services/knowledge/knowledge';
import { knowledgeIdForUpload } from '../../src/temporal/constants';
import type { Activities } from '../../src/workflows/activityContract';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, type Tenant } from '../helpers/factories';
import { multipartBody, uploadRequest } from '../helpers/knowledge';
import { getStack, stackWithTenant, type TestStack } from '../helpers/stack';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const OLD = 'The heron lighthouse keeps its lamp burning over the granite harbour every winter night.';
const NEW = 'Quarterly payroll reconciliation closes on the fifth business day after each quarter.';

describe('knowledge versions', function () {
  this.timeout(180_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let workerDeps: ReturnType<typeof activityDeps>;
  let acts: Activities;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;
  const k = (path = '') => v1(`/knowledge${path}`);

  before(async () => {
    stack = await getStack();
    workerDeps = activityDeps(stack.deps);
    acts = createActivities(workerDeps);
  });
  after(() => workerDeps.close());

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  async function getItem(id: string, h = headers) {
    const res = await stack.request('GET', k(`/${id}`), { headers: h });
    assert.equal(res.status, 200, res.text);
    return res.body;
  }

  async function waitForJob(jobId: string) {
    for (let i = 0; i < 1200; i++) {
      const res = await stack.request('POST', v1('/background-jobs'), { headers, json: { jobIds: [jobId] } });
      assert.equal(res.status, 200, res.text);
      if (res.body.jobs[0].status !== 'RUNNING') return res.body.jobs[0];
      await sleep(100);
    }
    throw new Error(`job ${jobId} still running`);
  }

  async function createText(content: string): Promise<string> {
    const res = await stack.request('POST', k('/text'), { headers, json: { title: 'Harbour notes', content } });
    assert.equal(res.status, 201, res.text);
    assert.equal((await waitForJob(res.body.jobId)).status, 'COMPLETED');
    return res.body.id as string;
  }

  /** What every retrieval path answers for `query`: the item's excerpts it shows, by path. */
  async function retrieve(query: string, h = headers) {
    const out: Record<string, string[]> = {};
    for (const mode of ['semantic', 'hybrid', 'keyword']) {
      const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...h, 'x-api-key': tenant.apiKey },
        json: { query, limit: 10, mode },
      });
      assert.equal(res.status, 200, res.text);
      out[mode] = (res.body.results as Array<{ content: string }>).map((r) => r.content);
    }
    const titled = await stack.request('POST', k('/search-title'), { headers: h, json: { title: 'Harbour' } });
    assert.equal(titled.status, 200, titled.text);
    out.title = (titled.body.results as Array<{ content: string }>).map((r) => r.content);
    const meta = await stack.request('POST', k('/search'), {
      headers: h,
      json: { metadata: { title: 'Harbour notes' } },
    });
    assert.equal(meta.status, 200, meta.text);
    out.metadata = (meta.body as Array<{ coreKnowledgeItems: Array<{ content: string }> }>).flatMap((r) =>
      r.coreKnowledgeItems.map((c) => c.content),
    );
    return out;
  }

  /** Every path answers from exactly one of the two texts: `serving`, never the other. */
  function assertServes(answers: Record<string, string[]>, serving: string, other: string) {
    for (const [path, excerpts] of Object.entries(answers)) {
      const text = excerpts.join('\n');
      if (path !== 'keyword') assert.ok(text.includes(serving), `${path} answers from the serving version: ${text}`);
      assert.ok(!text.includes(other), `${path} never answers from the other version: ${text}`);
    }
  }

  it('serves the old text until the new version completes, then only the new one; a repeated switch is harmless', async () => {
    const id = await createText(OLD);
    const ws = tenant.workspaceId;
    // The replacement's first step (what PATCH records), then its indexing, one activity at a time.
    await versionsRepo.insertVersion(stack.deps.db, ws, id, { number: 2, status: 'PROCESSING', text: NEW });
    const env = new MockActivityEnvironment();
    const { chunkCount } = (await env.run(acts.chunkStoredText, {
      workspaceId: ws,
      organizationId: tenant.organizationId,
      knowledgeId: id,
      version: 2,
      source: 'text' as const,
    })) as { chunkCount: number };
    await env.run(acts.embedChunks, { workspaceId: ws, knowledgeId: id, from: 0, to: chunkCount, version: 2 });

    for (const query of [OLD, NEW]) assertServes(await retrieve(query), 'heron lighthouse', 'payroll');
    const before = await getItem(id);
    assert.equal(before.version, 1);
    assert.equal(before.content, OLD);
    assert.deepEqual(before.pendingVersion, { number: 2, status: 'PROCESSING' });

    await env.run(acts.completeKnowledge, { workspaceId: ws, knowledgeId: id, version: 2 });
    for (const query of [OLD, NEW]) assertServes(await retrieve(query), 'payroll', 'heron lighthouse');
    await env.run(acts.completeKnowledge, { workspaceId: ws, knowledgeId: id, version: 2 });
    const after = await getItem(id);
    assert.equal(after.version, 2);
    assert.equal(after.content, NEW);
    assert.equal(after.status, 'COMPLETED');
    assert.equal(after.pendingVersion, undefined);
    assertServes(await retrieve(NEW), 'payroll', 'heron lighthouse');
    // An older version's completion arriving late (its start was unsure) never takes the item back.
    await env.run(acts.completeKnowledge, { workspaceId: ws, knowledgeId: id, version: 1 });
    assert.equal((await getItem(id)).version, 2);
    assertServes(await retrieve(NEW), 'payroll', 'heron lighthouse');
  });

  it('replaces a FILE item through PUT …/file, keeping its id, roles and attributes; lists its versions', async () => {
    const role = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'harbour-crew' });
    const other = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'payroll-team' });
    const up = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'harbour.txt', contentType: 'text/plain', bytes: Buffer.from(OLD) },
      { title: 'Harbour notes', attributes: JSON.stringify({ team: 'ops' }) },
    );
    assert.equal(up.status, 200, up.text);
    assert.equal(up.body.status, 'COMPLETED');
    const id = up.body.knowledgeId as string;
    await stack.deps
      .db('knowledge_roles')
      .insert({ knowledge_id: id, role_id: role.id, workspace_id: tenant.workspaceId });
    const rbac = await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } });
    assert.equal(rbac.status, 200, rbac.text);

    const { body, contentType } = multipartBody(
      {},
      { filename: 'payroll.md', contentType: 'text/markdown', bytes: Buffer.from(`# Payroll\n\n${NEW}`) },
    );
    const put = await stack.request('PUT', k(`/${id}/file`), {
      headers: { ...headers, 'content-type': contentType },
      raw: body,
    });
    assert.equal(put.status, 202, put.text);
    assert.equal(put.body.knowledgeId, id);
    assert.equal(put.body.version, 2);
    assert.equal(put.body.status, 'PROCESSING');
    assert.equal((await waitForJob(put.body.jobId)).status, 'COMPLETED');

    const asCrew = (await accessHeaders(stack, tenant, { customerRoleId: 'harbour-crew' })).headers;
    const item = await getItem(id, asCrew);
    assert.equal(item.version, 2);
    assert.equal(item.status, 'COMPLETED');
    assert.equal(item.metadata.title, 'Harbour notes');
    assert.deepEqual(item.attributes, { team: 'ops' });
    assertServes(await retrieve(NEW, asCrew), 'payroll', 'heron lighthouse');

    const list = await stack.request('GET', k(`/${id}/versions`), { headers: asCrew });
    assert.equal(list.status, 200, list.text);
    const versions = list.body.versions as Array<Record<string, unknown>>;
    assert.deepEqual(
      versions.map((v) => [v.number, v.current, v.status]),
      [
        [2, true, 'COMPLETED'],
        [1, false, 'COMPLETED'],
      ],
    );
    assert.equal(versions[0]!.createdBy, 'workspace');
    assert.equal(versions[0]!.size, Buffer.byteLength(`# Payroll\n\n${NEW}`));
    // Version 1 is what the upload made: the uploading credential's kind and the file's size.
    assert.equal(versions[1]!.createdBy, 'workspace');
    assert.equal(versions[1]!.size, Buffer.byteLength(OLD));
    // A content hash reverses to a short text by trying texts: only the workspace credential sees them
    // (Security III).
    assert.ok(
      versions.every((v) => !('hash' in v)),
      'a role-bound reader gets no content hash',
    );
    const asWorkspace = await stack.request('GET', k(`/${id}/versions`), { headers });
    assert.match(String(asWorkspace.body.versions[0].hash), /^[0-9a-f]{64}$/);

    // Another role's token sees neither the item nor its versions; a user space token has no knowledge.read.
    const asPayroll = (await accessHeaders(stack, tenant, { customerRoleId: 'payroll-team' })).headers;
    void other;
    assertError(
      await stack.request('GET', k(`/${id}/versions`), { headers: asPayroll }),
      404,
      'Knowledge item not found',
    );
    const space = await stack.request('PUT', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space`, {
      headers: { authorization: headers.authorization!, organizationId: tenant.organizationId },
      json: { workspaceId: tenant.workspaceId, customerIdString: 'sailor-1' },
    });
    assert.equal(space.status, 200, space.text);
    const asUserSpace = { authorization: `Bearer ${space.body.token}`, organizationid: tenant.organizationId };
    assertError(await stack.request('GET', k(`/${id}/versions`), { headers: asUserSpace }), 403);
    // Deleting the item purges every version's file, the replaced one's included.
    const stored = (await stack.deps
      .db('knowledge_versions')
      .where({ knowledge_id: id })
      .whereNotNull('storage_key')
      .pluck('storage_key')) as string[];
    assert.equal(new Set(stored).size, 2, JSON.stringify(stored));
    const purged = await deleteSingleKnowledge(stack.deps, tenant.workspaceId, id);
    assert.deepEqual([...purged].sort(), [...new Set(stored)].sort());
    assertError(await stack.request('GET', k(`/${id}/versions`), { headers: { 'x-api-key': tenant.apiKey } }), 401);
  });

  it("records who made every item's version 1 and its size: a text, a background upload, a link", async () => {
    const versionOne = async (id: string) => {
      const list = await stack.request('GET', k(`/${id}/versions`), { headers });
      assert.equal(list.status, 200, list.text);
      assert.equal(list.body.versions.length, 1, list.text);
      return list.body.versions[0] as { number: number; createdBy: string | null; size: number; hash?: string };
    };
    const text = await versionOne(await createText(OLD));
    assert.equal(text.createdBy, 'workspace');
    assert.equal(text.size, Buffer.byteLength(OLD), "the text's size, as its hash is the text's");
    const bytes = Buffer.from(`# Payroll\n\n${NEW}`);
    const up = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'payroll.md', contentType: 'text/markdown', bytes },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(up.status, 200, up.text);
    assert.equal(up.body.status, 'BACKGROUND_START');
    assert.equal((await waitForJob(up.body.jobId)).status, 'COMPLETED');
    const file = await versionOne(knowledgeIdForUpload(up.body.uploadFileMetadataId));
    assert.equal(file.createdBy, 'workspace');
    assert.equal(file.size, bytes.length);
    const link = await stack.request('POST', k('/link'), {
      headers,
      json: { type: 'LINK', url: 'https://harbour.example/tides', title: 'Tide tables' },
    });
    assert.equal(link.status, 201, link.text);
    // A link has no content of its own (its one chunk is its title and URL): no hash, size 0.
    const linkVersion = await versionOne(link.body.id);
    assert.equal(linkVersion.createdBy, 'workspace');
    assert.equal(linkVersion.size, 0);
  });

  it('keeps the old version serving when the new one fails, and reports the failure', async () => {
    const up = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      {
        filename: 'harbour.txt',
        contentType: 'text/plain',
        bytes: Buffer.from(OLD),
      },
      { title: 'Harbour notes' },
    );
    assert.equal(up.status, 200, up.text);
    const id = up.body.knowledgeId as string;
    // A PDF by its first bytes that no extractor can read.
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41)]);
    const { body, contentType } = multipartBody(
      {},
      { filename: 'broken.pdf', contentType: 'application/pdf', bytes: broken },
    );
    const put = await stack.request('PUT', k(`/${id}/file`), {
      headers: { ...headers, 'content-type': contentType },
      raw: body,
    });
    assert.equal(put.status, 202, put.text);
    const job = await waitForJob(put.body.jobId);
    assert.equal(job.status, 'FAILED');
    assert.equal(typeof job.error, 'string');

    const item = await getItem(id);
    assert.equal(item.version, 1);
    assert.equal(item.status, 'COMPLETED');
    assert.equal(item.pendingVersion.number, 2);
    assert.equal(item.pendingVersion.status, 'FAILED');
    assert.equal(typeof item.pendingVersion.messageError, 'string');
    assertServes(await retrieve(OLD), 'heron lighthouse', 'payroll');
    const list = await stack.request('GET', k(`/${id}/versions`), { headers });
    assert.deepEqual(
      (list.body.versions as Array<{ number: number; status: string }>).map((v) => [v.number, v.status]),
      [
        [2, 'FAILED'],
        [1, 'COMPLETED'],
      ],
    );

    // A failed version does not block the next replacement.
    const { body: next, contentType: nextType } = multipartBody(
      {},
      { filename: 'payroll.txt', contentType: 'text/plain', bytes: Buffer.from(NEW) },
    );
    const again = await stack.request('PUT', k(`/${id}/file`), {
      headers: { ...headers, 'content-type': nextType },
      raw: next,
    });
    assert.equal(again.status, 202, again.text);
    assert.equal(again.body.version, 3);
    assert.equal((await waitForJob(again.body.jobId)).status, 'COMPLETED');
    const replaced = await getItem(id);
    assert.equal(replaced.version, 3);
    assert.equal(replaced.pendingVersion, undefined);
    assertServes(await retrieve(NEW), 'payroll', 'heron lighthouse');

    // Restores: a COMPLETED version's kept chunks serve again at once; others are refused clearly.
    const restore = (n: string) => stack.request('POST', k(`/${id}/versions/${n}/restore`), { headers });
    assertError(await restore('2'), 409, 'Only a COMPLETED version can be restored');
    assertError(await restore('9'), 404, 'Version not found');
    for (const bad of ['0', 'x', '1.5', '-1', '99999999999']) {
      const res = await restore(bad);
      assertError(res, 400, 'Invalid version number');
      // The spec's message names no format: the hint does.
      assert.equal(res.body.param, 'version');
      assert.match(res.body.hint, /a positive integer \(1, 2, …\)/);
    }
    const back = await restore('1');
    assert.equal(back.status, 200, back.text);
    assert.equal(back.body.version, 1);
    assertServes(await retrieve(OLD), 'heron lighthouse', 'payroll');
    assert.equal((await restore('1')).body.version, 1, 'restoring the current version changes nothing');
    const list2 = await stack.request('GET', k(`/${id}/versions`), { headers });
    assert.deepEqual(
      (list2.body.versions as Array<{ number: number; current: boolean }>).map((v) => [v.number, v.current]),
      [
        [3, false],
        [2, false],
        [1, true],
      ],
    );
  });

  it('replaces a STRING item through PATCH text, keeping its attributes, end to end', async () => {
    const id = await createText(OLD);
    const set = await stack.request('PATCH', k(`/${id}`), { headers, json: { attributes: { team: 'ops' } } });
    assert.equal(set.status, 200, set.text);
    const res = await stack.request('PATCH', k(`/${id}`), { headers, json: { text: NEW } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.pendingVersion?.number ?? 2, 2);
    assert.deepEqual(res.body.attributes, { team: 'ops' });
    const jobId = `ingest-version:${tenant.workspaceId}:${id}:2`;
    assert.equal((await waitForJob(jobId)).status, 'COMPLETED');
    const item = await getItem(id);
    assert.equal(item.version, 2);
    assert.equal(item.content, NEW);
    assert.deepEqual(item.attributes, { team: 'ops' });
    assertServes(await retrieve(NEW), 'payroll', 'heron lighthouse');

    // The first text was kept with its version: restoring it brings back its content and its chunks.
    const back = await stack.request('POST', k(`/${id}/versions/1/restore`), { headers });
    assert.equal(back.status, 200, back.text);
    assert.equal(back.body.content, OLD);
    assertServes(await retrieve(OLD), 'heron lighthouse', 'payroll');
  });

  it("lets the chunks API change only the current version's chunks; a replacement starts clean, a restore brings its edits back", async () => {
    const id = await createText(OLD);
    const chunks = async () => {
      const res = await stack.request('GET', k(`/${id}/chunks?limit=100`), { headers });
      assert.equal(res.status, 200, res.text);
      return res.body.chunks as Array<{
        id: string;
        text: string;
        position: number;
        enabled: boolean;
        origin: string;
        editedAt: string | null;
      }>;
    };
    const keyword = async (query: string) => {
      const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query, limit: 10, mode: 'keyword' },
      });
      assert.equal(res.status, 200, res.text);
      return (res.body.results as Array<{ id: string; content: string }>).map((r) => r.content);
    };
    const EDITED = 'The zeppelin hangar at the harbour opens at dawn for the mooring crew.';
    const [first] = await chunks();
    const edit = await stack.request('PATCH', k(`/${id}/chunks/${first!.id}`), { headers, json: { text: EDITED } });
    assert.equal(edit.status, 200, edit.text);
    assert.deepEqual(await keyword('zeppelin hangar'), [EDITED], 'the edit of the current version is searched');
    const off = await stack.request('PATCH', k(`/${id}/chunks/${first!.id}`), { headers, json: { enabled: false } });
    assert.equal(off.status, 200, off.text);
    assert.deepEqual(await keyword('zeppelin hangar'), [], 'a disabled chunk of the current version is not');

    // A replacement: the new version's chunks, extracted afresh; version 1's edit and disable do not come along.
    const res = await stack.request('PATCH', k(`/${id}`), { headers, json: { text: NEW } });
    assert.equal(res.status, 200, res.text);
    assert.equal((await waitForJob(`ingest-version:${tenant.workspaceId}:${id}:2`)).status, 'COMPLETED');
    const v2 = await chunks();
    assert.deepEqual(
      v2.map((c) => [c.text, c.position, c.enabled, c.origin, c.editedAt]),
      [[NEW, 0, true, 'extracted', null]],
    );
    assert.ok(!v2.some((c) => c.id === first!.id), "version 1's chunk is not listed");
    assert.deepEqual(await keyword('payroll reconciliation'), [NEW]);
    const gone = await stack.request('PATCH', k(`/${id}/chunks/${first!.id}`), { headers, json: { enabled: true } });
    assertError(gone, 404, 'Chunk not found');

    // A manual chunk goes into the current version, moving only its chunks.
    const added = await stack.request('POST', k(`/${id}/chunks`), {
      headers,
      json: { text: 'Manual note about the payroll calendar.', position: 0 },
    });
    assert.equal(added.status, 201, added.text);
    assert.deepEqual(
      (await chunks()).map((c) => [c.position, c.origin]),
      [
        [0, 'manual'],
        [1, 'extracted'],
      ],
    );

    // Restoring version 1 brings back its chunk as it was left: edited and disabled; version 2's manual chunk is not listed.
    const back = await stack.request('POST', k(`/${id}/versions/1/restore`), { headers });
    assert.equal(back.status, 200, back.text);
    assert.deepEqual(
      (await chunks()).map((c) => [c.id, c.text, c.position, c.enabled]),
      [[first!.id, EDITED, 0, false]],
    );
    assert.deepEqual(await keyword('zeppelin hangar'), []);
    assert.deepEqual(await keyword('payroll reconciliation'), []);
  });

  it('answers clear 4xx for bad replacements', async () => {
    const text = await createText(OLD);
    const up = await uploadRequest(stack.request, tenant.workspaceId, headers, {
      filename: 'a.txt',
      contentType: 'text/plain',
      bytes: Buffer.from(OLD),
    });
    const file = up.body.knowledgeId as string;
    const putFile = (id: string, bytes = Buffer.from(NEW)) => {
      const { body, contentType } = multipartBody({}, { filename: 'b.txt', contentType: 'text/plain', bytes });
      return stack.request('PUT', k(`/${id}/file`), {
        headers: { ...headers, 'content-type': contentType },
        raw: body,
      });
    };
    // The answer names the route the item's own type takes.
    const wrongFile = await putFile(text);
    assertError(wrongFile, 409, 'Only FILE items can have their file replaced');
    assert.equal(wrongFile.body.code, 'item_wrong_type');
    assert.match(wrongFile.body.hint as string, /^This is a STRING item: replace its text with PATCH /);
    const wrongText = await stack.request('PATCH', k(`/${file}`), { headers, json: { text: NEW } });
    assertError(wrongText, 409, 'Only STRING items can have their text replaced');
    assert.match(
      wrongText.body.hint as string,
      new RegExp(
        `^This is a FILE item: replace its file with PUT /v1/workspaces/${tenant.workspaceId}/knowledge/${file}/file\\.$`,
      ),
    );
    const wrongUrl = await stack.request('POST', k(`/${file}/refetch`), { headers });
    assertError(wrongUrl, 409, 'Only URL items can be refetched');
    assert.match(wrongUrl.body.hint as string, /^This is a FILE item: /);
    assertError(
      await stack.request('PATCH', k(`/${text}`), { headers, json: {} }),
      400,
      'Send at least one of attributes, text',
    );
    assertError(await stack.request('PATCH', k(`/${text}`), { headers, json: { text: 42 } }), 400);
    assertError(await stack.request('PATCH', k(`/${text}`), { headers, json: { text: '   ' } }), 400);
    assertError(await stack.request('PATCH', k(`/${text}`), { headers, json: { text: 'a\u0000b' } }), 400);
    assertError(await putFile('not-a-uuid'), 400, 'Invalid knowledge ID format');
    assertError(await stack.request('GET', k('/not-a-uuid/versions'), { headers }), 400, 'Invalid knowledge ID format');
    const fileless = multipartBody({ title: 'x' });
    assertError(
      await stack.request('PUT', k(`/${file}/file`), {
        headers: { ...headers, 'content-type': fileless.contentType },
        raw: fileless.body,
      }),
      400,
      'Missing required field',
    );
    assertError(await stack.request('POST', k(`/${file}/versions`), { headers, json: {} }), 405);

    // Another workspace's item is not found.
    const foreign = await createTenant(stack.deps.db);
    const foreignHeaders = (await accessHeaders(stack, foreign)).headers;
    assertError(
      await stack.request('GET', `/v1/workspaces/${foreign.workspaceId}/knowledge/${file}/versions`, {
        headers: foreignHeaders,
      }),
      404,
      'Knowledge item not found',
    );

    // One replacement at a time.
    await versionsRepo.insertVersion(stack.deps.db, tenant.workspaceId, text, {
      number: 2,
      status: 'PROCESSING',
      text: NEW,
    });
    const busy = await stack.request('PATCH', k(`/${text}`), { headers, json: { text: NEW } });
    assertError(busy, 409, 'A new version of this item is still being processed');
    assert.equal(busy.body.code, 'item_not_ready');
    assert.match(busy.body.hint as string, /no pendingVersion/);
    assert.equal((await getItem(text)).version, 1);
  });
});
