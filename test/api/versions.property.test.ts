// Property: over random sequences of upload, replace, restore, chunk edit, disable/enable and manual chunk add,
// search and RAG answer from exactly the enabled chunks of the item's current version, under every credential
// kind (workspace token, role token, user space tokens with and without the role). Every chunk holds a marker
// word of its own, so which chunks answer is which markers come back.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as workspaces from '../../src/db/repositories/workspaces';
import { accessHeaders, createRole, createTenant, createUserSpace } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const step = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const) }),
  fc.record({ kind: fc.constant('restore' as const), n: fc.nat() }),
  fc.record({ kind: fc.constant('edit' as const), n: fc.nat() }),
  fc.record({ kind: fc.constant('toggle' as const), n: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), position: fc.option(fc.nat(4), { nil: undefined }) }),
);

interface Chunk {
  marker: string;
  enabled: boolean;
}

const text = (marker: string) => `Harbour note ${marker} about the quay.`;

describe('versions and chunks (property-based)', function () {
  this.timeout(600_000);
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  it('search and RAG answer from exactly the current version’s enabled chunks, for every credential', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        run += 1;
        let made = 0;
        const marker = () => `zq${run}x${(made += 1)}m`;
        const tenant = await createTenant(stack.deps.db);
        const ws = tenant.workspaceId;
        const role = await createRole(stack.deps.db, ws, { customerRoleId: 'crew' });
        const v1 = (p: string) => `/v1/workspaces/${ws}${p}`;
        const workspace = (await accessHeaders(stack, tenant)).headers;
        const roleToken = (await accessHeaders(stack, tenant, { customerRoleId: 'crew' })).headers;
        const users: Array<{ who: string; space: string; headers: Record<string, string>; sees: boolean }> = [];
        for (const withRole of [true, false]) {
          const user = `user-${withRole ? 'crew' : 'none'}`;
          const { spaceId, headers } = await createUserSpace(
            stack,
            tenant,
            user,
            withRole ? { customerRoleId: 'crew' } : {},
          );
          users.push({ who: user, space: spaceId, headers, sees: withRole });
        }

        const waitForJob = async (jobId: string) => {
          for (;;) {
            const res = await stack.request('POST', v1('/background-jobs'), {
              headers: workspace,
              json: { jobIds: [jobId] },
            });
            assert.equal(res.status, 200, res.text);
            if (res.body.jobs[0].status !== 'RUNNING') return res.body.jobs[0].status as string;
            await sleep(50);
          }
        };

        // Upload: the item, version 1, assigned to the role; RBAC on.
        const first = marker();
        const created = await stack.request('POST', v1('/knowledge/text'), {
          headers: workspace,
          json: { title: 'Harbour', content: text(first) },
        });
        assert.equal(created.status, 201, created.text);
        const id = created.body.id as string;
        assert.equal(await waitForJob(created.body.jobId as string), 'COMPLETED');
        await stack.deps.db('knowledge_roles').insert({ knowledge_id: id, role_id: role.id, workspace_id: ws });
        await workspaces.setRbacEnabled(stack.deps.db, ws, true);

        const versions = new Map<number, Chunk[]>([[1, [{ marker: first, enabled: true }]]]);
        let current = 1;
        const markers = [first];
        const chunkIds = async () => {
          const res = await stack.request('GET', v1(`/knowledge/${id}/chunks?limit=100`), { headers: workspace });
          assert.equal(res.status, 200, res.text);
          return (res.body.chunks as Array<{ id: string; text: string; enabled: boolean }>).map((c) => c.id);
        };

        const check = async (at: string) => {
          const chunks = versions.get(current)!;
          const expected = chunks
            .filter((c) => c.enabled)
            .map((c) => c.marker)
            .sort();
          const held = (texts: string[]) => markers.filter((m) => texts.some((t) => t.includes(m))).sort();
          // Keyword search for each marker ever written: found exactly when its chunk serves.
          for (const [who, headers] of [
            ['workspace token', workspace],
            ['role token', roleToken],
          ] as const) {
            const found: string[] = [];
            for (const m of markers) {
              const res = await stack.request('POST', `/workspaces/${ws}/knowledge/search`, {
                headers: { ...headers, 'x-api-key': tenant.apiKey },
                json: { query: m, mode: 'keyword', limit: 10 },
              });
              assert.equal(res.status, 200, res.text);
              const texts = (res.body.results as Array<{ content: string }>).map((r) => r.content);
              if (texts.some((t) => t.includes(m))) found.push(m);
              assert.deepEqual(held(texts), held(texts).includes(m) ? [m] : [], `${at}, ${who}: one chunk per hit`);
            }
            assert.deepEqual(found.sort(), expected, `${at}: keyword search, ${who}`);
          }
          const rag = await stack.request('POST', v1('/agent/rag'), {
            headers: roleToken,
            json: { text: 'harbour note quay', topK: 10 },
          });
          assert.equal(rag.status, 200, rag.text);
          const ragTexts = (rag.body.knowledgeResults as Array<{ text: string }>).map((p) => p.text);
          assert.deepEqual(held(ragTexts), expected, `${at}: agent RAG, role token`);
          for (const u of users) {
            const res = await stack.request('POST', v1(`/spaces/${u.space}/rag`), {
              headers: u.headers,
              json: { text: 'harbour note quay', topK: 10 },
            });
            assert.equal(res.status, 200, res.text);
            const texts = (res.body.knowledgeResults as Array<{ text: string }>).map((p) => p.text);
            assert.deepEqual(held(texts), u.sees ? expected : [], `${at}: space RAG, ${u.who}`);
          }
        };

        await check('after the upload');
        for (const [i, s] of steps.entries()) {
          const at = `step ${i} ${JSON.stringify(s)}`;
          const chunks = versions.get(current)!;
          if (s.kind === 'replace') {
            const m = marker();
            markers.push(m);
            const res = await stack.request('PATCH', v1(`/knowledge/${id}`), {
              headers: workspace,
              json: { text: text(m) },
            });
            assert.equal(res.status, 200, res.text);
            const number = Math.max(...versions.keys()) + 1;
            assert.equal(await waitForJob(`ingest-version:${ws}:${id}:${number}`), 'COMPLETED');
            versions.set(number, [{ marker: m, enabled: true }]);
            current = number;
          } else if (s.kind === 'restore') {
            const numbers = [...versions.keys()];
            const number = numbers[s.n % numbers.length]!;
            const res = await stack.request('POST', v1(`/knowledge/${id}/versions/${number}/restore`), {
              headers: workspace,
            });
            assert.equal(res.status, 200, `${at}: ${res.text}`);
            current = number;
          } else if (s.kind === 'add') {
            const m = marker();
            markers.push(m);
            const res = await stack.request('POST', v1(`/knowledge/${id}/chunks`), {
              headers: workspace,
              json: { text: text(m), ...(s.position === undefined ? {} : { position: s.position }) },
            });
            assert.equal(res.status, 201, `${at}: ${res.text}`);
            chunks.splice(Math.min(s.position ?? chunks.length, chunks.length), 0, { marker: m, enabled: true });
          } else {
            const index = s.n % chunks.length;
            const chunkId = (await chunkIds())[index]!;
            const chunk = chunks[index]!;
            let change: Record<string, unknown>;
            if (s.kind === 'edit') {
              chunk.marker = marker();
              markers.push(chunk.marker);
              change = { text: text(chunk.marker) };
            } else {
              chunk.enabled = !chunk.enabled;
              change = { enabled: chunk.enabled };
            }
            const res = await stack.request('PATCH', v1(`/knowledge/${id}/chunks/${chunkId}`), {
              headers: workspace,
              json: change,
            });
            assert.equal(res.status, 200, `${at}: ${res.text}`);
          }
          await check(at);
        }
      }),
      { numRuns: 20, seed: 20261127, endOnFailure: true },
    );
  });
});
