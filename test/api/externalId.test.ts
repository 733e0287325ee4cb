// Upsert by external id: a creation naming the client's id of an existing item replaces its content as a new
// version (same id, roles, attributes), unchanged content changes nothing, the id is unique per workspace even
// under concurrent posts, and GET …/knowledge?externalId= finds the item (role-scoped). URL items are
// refetched as new versions. Against the real stack: PostgreSQL, Temporal and its worker, S3, a test website.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createActivities } from '../../src/activities';
import { activityDeps } from '../../src/main/deps';
import * as workspaces from '../../src/db/repositories/workspaces';
import { decide } from '../../src/policies/authorize';
import type { AuthState } from '../../src/policies/credentials';
import { EXTERNAL_ID_MESSAGE } from '../../src/api/routes/knowledge/schema';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createRole, createUserSpace, type Tenant } from '../helpers/factories';
import { uploadRequest, waitForJob as waitJob } from '../helpers/knowledge';
import { page, startSite, type TestSite } from '../helpers/site';
import { getStack, stackWithTenant, type TestStack } from '../helpers/stack';

const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

const OLD = 'The heron lighthouse keeps its lamp burning over the granite harbour every winter night.';
const NEW = 'Quarterly payroll reconciliation closes on the fifth business day after each quarter.';

describe('upsert by external id', function () {
  this.timeout(180_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let site: TestSite;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;
  const k = (path = '') => v1(`/knowledge${path}`);
  const post = (path: string, json: unknown, h = headers) => stack.request('POST', k(path), { headers: h, json });
  const file = (name: string, text: string) => ({
    filename: name,
    contentType: 'text/plain',
    bytes: Buffer.from(text),
  });

  before(async () => {
    stack = await getStack();
    site = await startSite('127.0.0.1');
  });
  after(() => site.close());

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  const waitForJob = (jobId: string) => waitJob(stack.request, tenant.workspaceId, headers, jobId);

  async function getItem(id: string) {
    const res = await stack.request('GET', k(`/${id}`), { headers });
    assert.equal(res.status, 200, res.text);
    return res.body;
  }

  async function versionsOf(id: string) {
    const res = await stack.request('GET', k(`/${id}/versions`), { headers });
    assert.equal(res.status, 200, res.text);
    return res.body.versions as Array<{ number: number; hash: string | null; status: string; current: boolean }>;
  }

  const byExternalId = (externalId: string, h = headers, extra = '') =>
    stack.request('GET', `${k()}?externalId=${encodeURIComponent(externalId)}${extra}`, { headers: h });

  it('text: a repost replaces the content as a new version, keeping id, roles and attributes; unchanged content does nothing', async () => {
    const created = await post('/text', { title: 'Harbour notes', content: OLD, externalId: 'doc-1' });
    assert.equal(created.status, 201, created.text);
    assert.equal((await waitForJob(created.body.jobId)).status, 'COMPLETED');
    const id = created.body.id as string;
    // The first version records its hash.
    assert.deepEqual(
      (await versionsOf(id)).map((v) => v.hash),
      [sha256(OLD)],
    );
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    await stack.deps
      .db('knowledge_roles')
      .insert({ knowledge_id: id, role_id: role.id, workspace_id: tenant.workspaceId });
    const patched = await stack.request('PATCH', k(`/${id}`), { headers, json: { attributes: { team: 'ops' } } });
    assert.equal(patched.status, 200, patched.text);

    const same = await post('/text', { title: 'Harbour notes', content: OLD, externalId: 'doc-1' });
    assert.equal(same.status, 200, same.text);
    assert.deepEqual(same.body, {
      id,
      knowledgeId: id,
      externalId: 'doc-1',
      unchanged: true,
      version: 1,
      status: 'COMPLETED',
    });
    assert.equal((await versionsOf(id)).length, 1, 'no version was made');

    const replaced = await post('/text', { title: 'Harbour notes', content: NEW, externalId: 'doc-1' });
    assert.equal(replaced.status, 202, replaced.text);
    assert.equal(replaced.body.id, id);
    assert.equal(replaced.body.unchanged, false);
    assert.equal(replaced.body.version, 2);
    assert.equal(replaced.body.status, 'PROCESSING');
    assert.equal((await waitForJob(replaced.body.jobId)).status, 'COMPLETED');

    const item = await getItem(id);
    assert.equal(item.version, 2);
    assert.equal(item.content, NEW);
    assert.equal(item.externalId, 'doc-1');
    assert.deepEqual(item.attributes, { team: 'ops' });
    const roles = await stack.deps.db('knowledge_roles').where({ knowledge_id: id }).pluck('role_id');
    assert.deepEqual(roles, [role.id]);
    const list = await byExternalId('doc-1');
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 1);
    assert.equal(list.body.knowledge[0].id, id);
    // Still one item in the workspace.
    assert.equal((await stack.request('GET', k(), { headers })).body.total, 1);
    assert.deepEqual(
      (await versionsOf(id)).map((v) => [v.number, v.hash]),
      [
        [2, sha256(NEW)],
        [1, sha256(OLD)],
      ],
    );
  });

  it('file: a repost of other bytes is a new version, the same bytes change nothing; the first version records its hash', async () => {
    const first = await uploadRequest(stack.request, tenant.workspaceId, headers, file('a.txt', OLD), {
      externalId: 'files/a',
    });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.status, 'COMPLETED', first.text);
    const id = first.body.id as string;
    assert.deepEqual(
      (await versionsOf(id)).map((v) => v.hash),
      [sha256(OLD)],
    );
    // The id is claimed by the item as soon as the upload is accepted.
    assert.equal((await getItem(id)).externalId, 'files/a');

    const same = await uploadRequest(stack.request, tenant.workspaceId, headers, file('a-copy.txt', OLD), {
      externalId: 'files/a',
    });
    assert.equal(same.status, 200, same.text);
    assert.equal(same.body.unchanged, true);
    assert.equal(same.body.id, id);

    const replaced = await uploadRequest(stack.request, tenant.workspaceId, headers, file('b.txt', NEW), {
      externalId: 'files/a',
    });
    assert.equal(replaced.status, 202, replaced.text);
    assert.equal(replaced.body.id, id);
    assert.equal(replaced.body.version, 2);
    assert.equal((await waitForJob(replaced.body.jobId)).status, 'COMPLETED');
    assert.equal((await getItem(id)).version, 2);
    assert.equal((await stack.request('GET', k(), { headers })).body.total, 1);
    // The metadata search names the current file, not the one it replaced.
    const meta = await post('/search', { metadata: { type: 'FILE' } });
    assert.equal(meta.status, 200, meta.text);
    assert.deepEqual(meta.body[0].uploadFileMetadata, { filename: 'b.txt', mimetype: 'text/plain' });
  });

  it('shows the current file in the metadata search after a PUT replace (not the old upload)', async () => {
    const first = await uploadRequest(stack.request, tenant.workspaceId, headers, file('old-name.txt', OLD));
    assert.equal(first.status, 200, first.text);
    const id = first.body.id as string;
    for (let i = 0; i < 3; i++) {
      const { body, contentType } = (await import('../helpers/knowledge')).multipartBody(
        {},
        file(`new-name-${i}.txt`, `${NEW} ${i}`),
      );
      const put = await stack.request('PUT', k(`/${id}/file`), {
        headers: { ...headers, 'content-type': contentType },
        raw: body,
      });
      assert.equal(put.status, 202, put.text);
      assert.equal((await waitForJob(put.body.jobId)).status, 'COMPLETED');
      const meta = await post('/search', { metadata: { type: 'FILE' } });
      assert.equal(meta.status, 200, meta.text);
      assert.deepEqual(meta.body[0].uploadFileMetadata, { filename: `new-name-${i}.txt`, mimetype: 'text/plain' });
    }
  });

  it('refuses another kind (409), unpack (400) and malformed ids (400), in bodies, forms and the list query', async () => {
    const text = await post('/text', { title: 'T', content: OLD, externalId: 'shared' });
    assert.equal(text.status, 201, text.text);
    assertError(
      await uploadRequest(stack.request, tenant.workspaceId, headers, file('x.txt', NEW), { externalId: 'shared' }),
      409,
      'externalId belongs to a STRING item: only a text can replace it',
    );
    assertError(
      await post('/url', { url: `${site.origin}/x`, externalId: 'shared' }),
      409,
      'externalId belongs to a STRING item: only a text can replace it',
    );
    assertError(
      await uploadRequest(stack.request, tenant.workspaceId, headers, file('x.txt', NEW), {
        externalId: 'z',
        unpack: 'true',
      }),
      400,
    );
    for (const bad of ['', ' lead', 'trail ', 'é', 'line\nbreak', 'x'.repeat(256)]) {
      assertError(await post('/text', { title: 'T', content: OLD, externalId: bad }), 400, EXTERNAL_ID_MESSAGE);
      assertError(await byExternalId(bad), 400, EXTERNAL_ID_MESSAGE);
    }
    // NUL and a lone surrogate: refused (by the body's own text check or the field's).
    for (const bad of ['nul\u0000', '\ud800']) {
      assertError(await post('/text', { title: 'T', content: OLD, externalId: bad }), 400);
    }
    assertError(await stack.request('GET', `${k()}?externalId=a%00b`, { headers }), 400);
    assertError(await stack.request('GET', `${k()}?externalId=%ED%A0%80`, { headers }), 400);
    assertError(await post('/text', { title: 'T', content: OLD, externalId: 7 }), 400, EXTERNAL_ID_MESSAGE);
    assertError(
      await uploadRequest(stack.request, tenant.workspaceId, headers, file('x.txt', NEW), {
        externalId: 'x'.repeat(256),
      }),
      400,
      EXTERNAL_ID_MESSAGE,
    );
    // The longest and widest accepted id.
    const widest = `!${' ~'.repeat(126)}a`;
    assert.equal(widest.length, 254);
    assert.equal((await post('/text', { title: 'T', content: OLD, externalId: widest })).status, 201);
    assert.equal((await byExternalId(widest)).body.total, 1);
    assert.equal((await stack.request('GET', k(), { headers })).body.total, 2, 'nothing else was created');
  });

  it('concurrent first posts of one externalId make exactly one item; the others answer 409 or unchanged', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post('/text', { title: 'Race', content: i % 2 ? OLD : NEW, externalId: 'race' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses));
    for (const a of answers) {
      assert.ok([200, 201, 202, 409].includes(a.status), a.text);
      if (a.status === 409) assert.equal(typeof a.body.message, 'string');
    }
    const list = await byExternalId('race');
    assert.equal(list.body.total, 1);
    assert.equal((await stack.request('GET', k(), { headers })).body.total, 1);
    const uploads = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        uploadRequest(stack.request, tenant.workspaceId, headers, file(`r${i}.txt`, `${OLD} ${i}`), {
          externalId: 'race-file',
          status: 'BACKGROUND_START',
        }),
      ),
    );
    for (const u of uploads) assert.ok([200, 202, 409].includes(u.status), u.text);
    assert.equal((await byExternalId('race-file')).body.total, 1, uploads.map((u) => u.text).join('\n'));
  });

  it('a deleted item frees its externalId; the list finds by externalId only what the caller may see', async () => {
    const created = await post('/text', { title: 'T', content: OLD, externalId: 'reuse' });
    assert.equal((await waitForJob(created.body.jobId)).status, 'COMPLETED');
    assert.equal((await stack.request('DELETE', k(`/${created.body.id}`), { headers })).status, 200);
    const again = await post('/text', { title: 'T', content: OLD, externalId: 'reuse' });
    assert.equal(again.status, 201, again.text);
    assert.notEqual(again.body.id, created.body.id);
    assert.equal((await waitForJob(again.body.jobId)).status, 'COMPLETED');

    const role = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'reader' });
    const roleHeaders = (await accessHeaders(stack, tenant, { customerRoleId: 'reader' })).headers;
    await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);
    assert.equal((await byExternalId('reuse', roleHeaders)).body.total, 0, 'not assigned to the role');
    await stack.deps.db('knowledge_roles').insert({
      knowledge_id: again.body.id,
      role_id: role.id,
      workspace_id: tenant.workspaceId,
    });
    const seen = await byExternalId('reuse', roleHeaders, '&limit=5&page=1');
    assert.equal(seen.body.total, 1);
    assert.equal(seen.body.knowledge[0].externalId, 'reuse');
    // Combined with the attribute filter: nothing matches.
    const filtered = await byExternalId(
      'reuse',
      headers,
      `&filter=${encodeURIComponent(JSON.stringify({ type: 'eq', key: 'team', value: 'none' }))}`,
    );
    assert.equal(filtered.status, 200, filtered.text);
    assert.equal(filtered.body.total, 0);
    // An end user's token cannot upsert over the item (knowledge.write is the workspace's).
    assertError(await post('/text', { title: 'T', content: NEW, externalId: 'reuse' }, roleHeaders), 403);
    assert.equal((await getItem(again.body.id)).version, 1);
  });

  it('policy: only the workspace credential reaches an item by externalId, and only in the space it posts to', () => {
    const workspace = { rbac_enabled: false } as AuthState['workspace'];
    const as = (kind: AuthState['kind'], roleId?: string): AuthState => ({
      kind,
      workspace,
      ...(kind === 'apiKey' ? {} : { token: { roleId } as AuthState['token'] }),
    });
    const reach = (auth: AuthState, item: string | null, posted: string | null) => {
      const decision = decide(auth, 'knowledge.upsert', { item: { spaceId: item }, posted: { spaceId: posted } });
      return decision.allowed ? 'open' : decision.refusal.status === 409 ? 'otherSpace' : 'forbidden';
    };
    assert.equal(reach(as('workspace'), null, null), 'open');
    assert.equal(reach(as('workspace'), 's1', 's1'), 'open');
    assert.equal(reach(as('workspace'), 's1', null), 'otherSpace');
    assert.equal(reach(as('workspace'), null, 's2'), 'otherSpace');
    assert.equal(reach(as('workspace'), 's1', 's2'), 'otherSpace');
    assert.equal(reach(as('role', 'r'), null, null), 'forbidden');
    assert.equal(reach(as('userSpace', 'r'), 's1', 's1'), 'forbidden');
  });

  it("an upload into a space never replaces workspace knowledge or another user's file by naming its externalId", async () => {
    const activate = async (userId: string) => (await createUserSpace(stack, tenant, userId)).spaceId;
    const [alice, bob] = [await activate('alice'), await activate('bob')];
    const upload = (name: string, text: string, fields: Record<string, string>) =>
      uploadRequest(stack.request, tenant.workspaceId, headers, file(name, text), fields);
    const shared = await upload('w.txt', OLD, { externalId: 'w-doc' });
    assert.equal(shared.status, 200, shared.text);
    const alices = await upload('a.txt', OLD, { externalId: 'a-doc', spaceId: alice });
    assert.equal(alices.status, 200, alices.text);
    assertError(
      await upload('x.txt', NEW, { externalId: 'w-doc', spaceId: bob }),
      409,
      'externalId belongs to an item in another space',
    );
    assertError(
      await upload('x.txt', NEW, { externalId: 'a-doc', spaceId: bob }),
      409,
      'externalId belongs to an item in another space',
    );
    assertError(
      await upload('x.txt', NEW, { externalId: 'a-doc' }),
      409,
      'externalId belongs to an item in another space',
    );
    // Alice's own space: her file's next version.
    const own = await upload('a2.txt', NEW, { externalId: 'a-doc', spaceId: alice });
    assert.equal(own.status, 202, own.text);
    assert.equal(own.body.id, alices.body.id);
    assert.equal((await getItem(shared.body.id)).version, 1);
  });

  it('website: a repost with its externalId and url recrawls the same site; another url is 409', async () => {
    site.routes.set('/', page('Home', [OLD]));
    const created = await post('/website', { url: `${site.origin}/`, maxDepth: 0, externalId: 'site-1' });
    assert.equal(created.status, 200, created.text);
    assert.equal((await waitForJob(created.body.jobId)).status, 'COMPLETED');
    const again = await post('/website', { url: `${site.origin}/`, maxDepth: 0, externalId: 'site-1' });
    assert.equal(again.status, 202, again.text);
    assert.equal(again.body.id, created.body.id);
    assert.equal(again.body.status, 'BACKGROUND_START');
    assert.notEqual(again.body.jobId, created.body.jobId);
    assert.equal((await waitForJob(again.body.jobId)).status, 'COMPLETED');
    assertError(await post('/website', { url: `${site.origin}/other`, externalId: 'site-1' }), 409);
    assert.equal((await byExternalId('site-1')).body.total, 1);
  });

  describe('URL items', () => {
    it("a page's chunks carry the section headings they start under (h2, h3), shown by the chunks API", async () => {
      const para = (s: string) => `<p>${`${s} `.repeat(14)}</p>`;
      site.routes.set('/guide', {
        html: `<!doctype html><html lang="en"><head><title>Agent guide</title></head><body><main><article>
          <h1>Agent guide</h1>${para('The agent ships metrics from every host to the collector.')}
          <h2>Installing the agent</h2>${para('Download the package and install it with the system package manager.')}
          <h3>On Debian</h3>${para('Add the repository key first, then run apt-get install with the pinned version.')}
          <h2>Configuring alerts</h2>${para('Alerts fire when a host stops reporting for five minutes in a row.')}
          </article></main></body></html>`,
      });
      const created = await post('/url', { url: `${site.origin}/guide` });
      assert.equal(created.status, 200, created.text);
      assert.equal((await waitForJob(created.body.jobId)).status, 'COMPLETED');
      const res = await stack.request('GET', k(`/${created.body.id}/chunks`), { headers });
      assert.equal(res.status, 200, res.text);
      const chunks = res.body.chunks as Array<{ text: string; headings: string[] }>;
      const under = (start: string) => chunks.find((c) => c.text.startsWith(start))?.headings.slice(-2);
      assert.deepEqual(under('Add the repository key'), ['Installing the agent', 'On Debian'], JSON.stringify(chunks));
      assert.deepEqual(under('Alerts fire')?.at(-1), 'Configuring alerts', JSON.stringify(chunks));
    });

    it('refetch: an unchanged page makes no version, a changed one is the next version; other kinds 409', async () => {
      site.routes.set('/notes', page('Harbour', [OLD]));
      const url = `${site.origin}/notes`;
      const created = await post('/url', { url, externalId: 'page-1' });
      assert.equal(created.status, 200, created.text);
      assert.equal((await waitForJob(created.body.jobId)).status, 'COMPLETED');
      const id = created.body.id as string;
      const [first] = await versionsOf(id);
      assert.match(first!.hash ?? '', /^[0-9a-f]{64}$/, 'the first fetch records its hash');

      const same = await stack.request('POST', k(`/${id}/refetch`), { headers });
      assert.equal(same.status, 200, same.text);
      assert.equal(same.body.unchanged, true);
      assert.equal(same.body.version, 1);
      assert.equal((await versionsOf(id)).length, 1);

      site.routes.set('/notes', page('Harbour', [NEW]));
      const changed = await stack.request('POST', k(`/${id}/refetch`), { headers });
      assert.equal(changed.status, 202, changed.text);
      assert.equal(changed.body.version, 2);
      assert.equal((await waitForJob(changed.body.jobId)).status, 'COMPLETED');
      const item = await getItem(id);
      assert.equal(item.version, 2);
      const chunks = await stack.request('GET', k(`/${id}/chunks`), { headers });
      assert.equal(chunks.status, 200, chunks.text);
      const text = JSON.stringify(chunks.body);
      assert.ok(text.includes('payroll') && !text.includes('heron'), text);

      // Posting the URL again with its externalId is a refetch: unchanged now.
      const repost = await post('/url', { url, externalId: 'page-1' });
      assert.equal(repost.status, 200, repost.text);
      assert.equal(repost.body.unchanged, true);
      assert.equal(repost.body.version, 2);
      assertError(await post('/url', { url: `${site.origin}/other`, externalId: 'page-1' }), 409);

      // A retried fetch after the unchanged page's version was dropped: still unchanged, never a failure.
      const workerDeps = activityDeps(stack.deps);
      try {
        const acts = createActivities(workerDeps);
        const retried = await new MockActivityEnvironment().run(acts.fetchAndStoreChunks, {
          workspaceId: tenant.workspaceId,
          organizationId: tenant.organizationId,
          knowledgeId: id,
          version: 3,
          source: 'url' as const,
        });
        assert.deepEqual(retried, { chunkCount: 0, unchanged: true });
      } finally {
        await workerDeps.close();
      }

      const text2 = await post('/text', { title: 'T', content: OLD });
      assertError(
        await stack.request('POST', k(`/${text2.body.id}/refetch`), { headers }),
        409,
        'Only URL items can be refetched',
      );
      assertError(await stack.request('POST', k('/not-a-uuid/refetch'), { headers }), 400);
    });
  });
});
