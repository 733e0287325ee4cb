// A change of rules over 1,000 documents: the documents a sync of an s3 source would have left (items under the
// source's root, one searchable chunk each, and what the listing recorded of each) are written directly, since the
// rules job reads only those: it fetches and embeds nothing. The change is dry-run, applied through the API by the
// rules job on the real Temporal worker, timed, and the worker's process memory sampled while it runs; the dry run
// is what the job did, knowledge.roles_changed tells of each document in events of at most 100, and each role
// reads exactly the documents its rule grants.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { toVectorLiteral } from '../../src/db/repositories/search';
import { seededVector } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';
import {
  documentRoles,
  namesOf,
  rolesChangedReceiver,
  rulesJobToEnd,
  rulesWorld,
  type RoleName,
  type RulesWorld,
} from '../helpers/sourceRules';

const DOCUMENTS = 1000;
const FOLDERS = ['hr', 'eng', 'public', 'public'] as const;

describe('source rules over 1,000 documents', function () {
  this.timeout(900_000);
  let stack: TestStack;
  let world: RulesWorld;

  before(async () => {
    stack = await getStack();
    world = await rulesWorld(stack);
  });

  /** The source's documents as a sync leaves them (items under the root, one chunk, the listing's facts). */
  async function seed(rootId: string, sourceId: string) {
    const { db } = stack.deps;
    const ws = world.tenant.workspaceId;
    const dim = stack.deps.embeddings.dimension;
    for (let start = 0; start < DOCUMENTS; start += 250) {
      const batch = Array.from({ length: Math.min(250, DOCUMENTS - start) }, (_, j) => {
        const i = start + j;
        const folder = FOLDERS[i % FOLDERS.length]!;
        return { i, id: randomUUID(), key: `${folder}/doc-${i}.txt`, folder };
      });
      await db('knowledge').insert(
        batch.map((d) => ({
          id: d.id,
          workspace_id: ws,
          parent_id: rootId,
          type: 'FILE',
          title: `doc-${d.i}.txt`,
          content: `doc-${d.i}.txt`,
          status: 'COMPLETED',
        })),
      );
      await db('knowledge_chunks').insert(
        batch.map((d) => ({
          id: randomUUID(),
          workspace_id: ws,
          knowledge_id: d.id,
          chunk_index: 0,
          page_number: 1,
          content: `scalefolder${d.folder} document number ${d.i}`,
          embedding: db.raw('?::vector', [toVectorLiteral(seededVector(dim, d.i + 1))]),
        })),
      );
      await db('source_documents').insert(
        batch.map((d) => ({
          workspace_id: ws,
          source_id: sourceId,
          key: d.key,
          fingerprint: `etag-${d.i}`,
          knowledge_id: d.id,
          listed_fingerprint: `etag-${d.i}`,
          listed_filename: `doc-${d.i}.txt`,
          listed_facts: JSON.stringify({ path: d.key }),
        })),
      );
    }
  }

  /** How many documents of the folder a role-bound keyword search finds (each chunk names its folder). */
  async function readable(role: RoleName, folder: string): Promise<number> {
    const res = await stack.request('POST', `/workspaces/${world.tenant.workspaceId}/knowledge/search`, {
      headers: { ...world.as[role], 'x-api-key': world.tenant.apiKey },
      json: { query: `scalefolder${folder}`, limit: 50, mode: 'keyword' },
    });
    assert.equal(res.status, 200, res.text);
    return res.body.results.length as number;
  }

  it('dry-runs, applies and tells a change of rules over 1,000 documents, in bounded time and memory', async () => {
    const { roles } = world;
    const created = await stack.request('POST', world.v1('/sources'), {
      headers: world.headers,
      json: {
        kind: 's3',
        name: 'Archive',
        config: { endpoint: 'https://s3.example.com', bucket: 'archive-docs' },
        roleIds: [roles.all],
        rules: [{ match: { paths: ['hr/**'] }, roleIds: [roles.hr] }],
      },
    });
    assert.equal(created.status, 201, created.text);
    const source = created.body as { id: string; rootId: string };
    await seed(source.rootId, source.id);

    // The state a sync leaves: the rules applied to every document (itself a job over the 1,000).
    const initial = await stack.request('PATCH', world.v1(`/sources/${source.id}`), {
      headers: world.headers,
      json: { roleIds: [roles.all] },
    });
    assert.equal(initial.status, 200, initial.text);
    assert.equal((await rulesJobToEnd(stack, world, initial.body.rulesJobId)).status, 'COMPLETED');
    const before = await documentRoles(stack, world, source.id);
    assert.equal(before.size, DOCUMENTS);
    assert.deepEqual(before.get('hr/doc-0.txt')?.roles, ['hr']);
    assert.deepEqual(before.get('eng/doc-1.txt')?.roles, ['all']);

    const hooks = await rolesChangedReceiver(stack, world);
    try {
      // The change: eng/ gets its own rule, public/ goes to everyone and eng, hr/ stays.
      const change = {
        rules: [
          { match: { paths: ['hr/**'] }, roleIds: [roles.hr] },
          { match: { paths: ['eng/**'] }, roleIds: [roles.eng] },
          { match: { paths: ['public/**'] }, roleIds: [roles.all, roles.eng] },
        ],
      };
      const previewStarted = performance.now();
      const preview = await stack.request('POST', world.v1(`/sources/${source.id}/rules:preview`), {
        headers: world.headers,
        json: { ...change, limit: 1000 },
      });
      const previewMs = performance.now() - previewStarted;
      assert.equal(preview.status, 200, preview.text);
      assert.deepEqual([preview.body.documents, preview.body.changing, preview.body.truncated], [1000, 750, false]);

      // The job runs on the stack's worker, in this process: its memory is this process's.
      const base = process.memoryUsage();
      const peak = { rss: base.rss, heapUsed: base.heapUsed };
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peak.rss = Math.max(peak.rss, m.rss);
        peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
      }, 25);
      const started = performance.now();
      const patched = await stack.request('PATCH', world.v1(`/sources/${source.id}`), {
        headers: world.headers,
        json: change,
      });
      assert.equal(patched.status, 200, patched.text);
      const job = await rulesJobToEnd(stack, world, patched.body.rulesJobId);
      const jobMs = performance.now() - started;
      clearInterval(sampler);
      assert.equal(job.status, 'COMPLETED');
      assert.deepEqual(job.progress, { documentsDone: 1000, documentsTotal: 1000 });
      const mib = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
      console.log(
        `      [figures] rules change over ${DOCUMENTS} documents (750 changed): dry run ${Math.round(previewMs)} ms; ` +
          `PATCH to job COMPLETED ${Math.round(jobMs)} ms; process memory while it ran: RSS +${mib(peak.rss - base.rss)} MiB ` +
          `(peak ${mib(peak.rss)} MiB), heap +${mib(peak.heapUsed - base.heapUsed)} MiB (peak ${mib(peak.heapUsed)} MiB)`,
      );

      const after = await documentRoles(stack, world, source.id);
      const did = [...after.entries()]
        .filter(([key, v]) => v.roles.join() !== before.get(key)!.roles.join())
        .map(([key, v]) => `${key}:${before.get(key)!.roles.join('+')}>${v.roles.join('+')}`)
        .sort();
      const previewed = (
        preview.body.changes as Array<{ key: string; from: { roleIds: string[] }; to: { roleIds: string[] } }>
      )
        .map((c) => `${c.key}:${namesOf(world, c.from.roleIds).join('+')}>${namesOf(world, c.to.roleIds).join('+')}`)
        .sort();
      assert.equal(did.length, 750);
      assert.deepEqual(did, previewed, 'the dry run is what the job did');

      // Told in batches of at most 100 documents, each document once.
      const told = await hooks.documents(750, 120_000);
      assert.equal(new Set(told.map((d) => d.knowledgeId)).size, 750);
      assert.ok(hooks.events.every((e) => e.data.documents.length <= 100));
      assert.equal(hooks.events.length, 8);

      // Each role reads exactly what its rule grants (a search page holds at most 50).
      assert.equal(await readable('hr', 'hr'), 50);
      assert.equal(await readable('all', 'hr'), 0);
      assert.equal(await readable('eng', 'hr'), 0);
      assert.equal(await readable('all', 'eng'), 0);
      assert.equal(await readable('eng', 'eng'), 50);
      assert.equal(await readable('hr', 'public'), 0);
      const rulesView = await stack.request('GET', world.v1(`/sources/${source.id}/rules`), { headers: world.headers });
      assert.deepEqual(
        (rulesView.body.rules as Array<{ documents: number }>).map((r) => r.documents),
        [250, 250, 500],
      );
    } finally {
      await hooks.close();
    }
  });
});
