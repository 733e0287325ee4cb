// Property: under ACTIVE RBAC, a role-bound token sees exactly the knowledge assigned to its role on every
// read path (list, get, semantic, keyword, hybrid, title and metadata search, category listings and
// counts); an item is assigned a role when it or its parent is (a site's pages inherit the site's roles).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as catalog from '../../src/db/repositories/catalog';
import * as workspaces from '../../src/db/repositories/workspaces';
import { accessHeaders, createRole, createTenant, insertItem, seededVector } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

const scenario = fc.record({
  roles: fc.integer({ min: 1, max: 4 }),
  items: fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }), { minLength: 1, maxLength: 10 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  /** parents[i]: the index of item i's parent when it names an earlier item, else none. */
  parents: fc.array(fc.integer({ min: -1, max: 9 }), { maxLength: 10 }),
});

const sorted = (ids: Iterable<string>) => [...ids].sort();

describe('RBAC isolation (property-based)', function () {
  this.timeout(600_000);
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  it('a role-bound token never sees an unassigned item and sees every assigned one, on every read path', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ roles: roleCount, items, seed, parents }) => {
        const db = stack.deps.db;
        const tenant = await createTenant(db);
        const ws = tenant.workspaceId;
        await workspaces.setRbacEnabled(db, ws, true);
        const roles: Array<{ id: string }> = [];
        for (let r = 0; r < roleCount; r++) roles.push(await createRole(db, ws, { customerRoleId: `role-${r}` }));
        const category = await catalog.insertCategory(db, ws, { name: 'All' });
        const assigned = new Map<string, Set<string>>(roles.map((r) => [r.id, new Set<string>()]));
        const directly = new Map<string, Set<string>>(roles.map((r) => [r.id, new Set<string>()]));
        const itemIds: string[] = [];
        for (const [i, roleIdx] of items.entries()) {
          const roleIds = [...new Set(roleIdx.filter((x) => x < roleCount))].map((r) => roles[r]!.id);
          const id = await insertItem(db, ws, {
            title: `doc ${i}`,
            roleIds,
            vector: seededVector(stack.deps.embeddings.dimension, seed + i),
          });
          const parent = parents[i] ?? -1;
          if (parent >= 0 && parent < i) {
            await db('knowledge').where({ id }).update({ parent_id: itemIds[parent] });
            // Inherited: visible to every role its parent is assigned.
            for (const [roleId, ids] of assigned) if (directly.get(roleId)!.has(itemIds[parent]!)) ids.add(id);
          }
          itemIds.push(id);
          for (const roleId of roleIds) {
            assigned.get(roleId)!.add(id);
            directly.get(roleId)!.add(id);
          }
        }
        await catalog.linkCategoryKnowledge(db, ws, category.id, itemIds);

        for (const [r, role] of roles.entries()) {
          const expected = sorted(assigned.get(role.id)!);
          const { headers } = await accessHeaders(stack, tenant, { customerRoleId: `role-${r}` });
          const v1 = (p: string) => `/v1/workspaces/${ws}${p}`;
          const ids = (list: Array<{ id: string }>) => sorted(list.map((x) => x.id));

          const list = await stack.request('GET', v1('/knowledge?limit=100'), { headers });
          assert.deepEqual(ids(list.body.knowledge), expected, 'list');
          assert.equal(list.body.total, expected.length, 'list total');
          for (const id of itemIds) {
            const one = await stack.request('GET', v1(`/knowledge/${id}`), { headers });
            assert.equal(one.status, expected.includes(id) ? 200 : 404, 'get');
          }
          const semantic = await stack.request('POST', `/workspaces/${ws}/knowledge/search`, {
            headers: { ...headers, 'x-api-key': tenant.apiKey },
            json: { query: 'text', limit: 50 },
          });
          assert.deepEqual(ids(semantic.body.results), expected, 'semantic search');
          // Every chunk says "doc", so keyword and hybrid search find every item the token may see.
          for (const mode of ['keyword', 'hybrid']) {
            const found = await stack.request('POST', `/workspaces/${ws}/knowledge/search`, {
              headers: { ...headers, 'x-api-key': tenant.apiKey },
              json: { query: 'doc', limit: 50, mode },
            });
            assert.deepEqual(ids(found.body.results), expected, `${mode} search`);
          }
          for (const path of [`/workspaces/${ws}/knowledge/search-title`, v1('/knowledge/search-title')]) {
            const title = await stack.request('POST', path, { headers, json: { title: 'DOC', limit: 50 } });
            assert.deepEqual(ids(title.body.results), expected, 'title search');
          }
          const meta = await stack.request('POST', v1('/knowledge/search'), {
            headers,
            json: { metadata: { type: 'STRING' }, limit: 100 },
          });
          assert.deepEqual(ids(meta.body), expected, 'metadata search');
          const cats = await stack.request('GET', v1('/categories'), { headers });
          assert.equal(cats.body.categories[0].knowledgeCount, expected.length, 'category count');
          const catItems = await stack.request('GET', v1(`/categories/${category.id}/knowledge`), { headers });
          assert.deepEqual(ids(catItems.body.knowledge), expected, 'category knowledge');
        }
      }),
      { numRuns: 50, seed: 20261122, endOnFailure: true },
    );
  });
});
