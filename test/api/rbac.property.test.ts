// Property: under ACTIVE RBAC, a role-bound token sees exactly the knowledge assigned to its role on every
// read path (list, get, semantic, keyword, hybrid, title and metadata search, category listings and
// counts, RAG); an item is assigned a role when it or its parent is (a site's pages inherit the site's roles).
// A subject-bound token sees what its role sees; an end user's credential without a role (a user space token
// activated without one, a subject-bound token without one) sees no workspace knowledge at all. A source's rules
// decide what its documents' roles are: after the rules are applied, and again after any change of them (applied by
// the rules job), a role reads exactly the documents whose first matching rule (or the source's default) grants it,
// so no document is left readable by a role its rule no longer grants.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as catalog from '../../src/db/repositories/catalog';
import * as workspaces from '../../src/db/repositories/workspaces';
import { applySourceRulesBatch, finishSourceRules } from '../../src/services/sources/sourceRules';
import { insertRuledS3Source, rulesJobToEnd } from '../helpers/sourceRules';
import {
  accessHeaders,
  createRole,
  createTenant,
  createUserSpace,
  insertItem,
  seededVector,
  type Tenant,
} from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

const scenario = fc.record({
  roles: fc.integer({ min: 1, max: 4 }),
  items: fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }), { minLength: 1, maxLength: 10 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  /** parents[i]: the index of item i's parent when it names an earlier item, else none. */
  parents: fc.array(fc.integer({ min: -1, max: 9 }), { maxLength: 10 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** A source's documents (by folder) and two lists of rules: those a sync applied, and a change of them. */
const GLOBS = ['hr/**', 'eng/**', '**/private/**', 'public/*', '**'] as const;
const FOLDERS = ['hr', 'eng', 'public', 'hr/private', 'public/private', 'misc'] as const;
const roleIndexes = fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 });
const rulesOf = fc.array(
  fc.record({ glob: fc.constantFrom(...GLOBS), roles: fc.option(roleIndexes, { nil: undefined }) }),
  { maxLength: 4 },
);
const ruleScenario = fc.record({
  roles: fc.integer({ min: 1, max: 3 }),
  folders: fc.array(fc.constantFrom(...FOLDERS), { minLength: 1, maxLength: 8 }),
  before: rulesOf,
  after: rulesOf,
  defaultBefore: roleIndexes,
  defaultAfter: roleIndexes,
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

/** The glob semantics the rules promise, written out for these globs (an oracle independent of the matcher). */
function globMatches(glob: (typeof GLOBS)[number], path: string): boolean {
  const dirs = path.split('/').slice(0, -1);
  switch (glob) {
    case 'hr/**':
      return dirs[0] === 'hr';
    case 'eng/**':
      return dirs[0] === 'eng';
    case '**/private/**':
      return dirs.includes('private');
    case 'public/*':
      return dirs.length === 1 && dirs[0] === 'public';
    case '**':
      return true;
  }
}

const sorted = (ids: Iterable<string>) => [...ids].sort();

interface World {
  tenant: Tenant;
  ws: string;
  category: string;
  itemIds: string[];
  /** role index -> the ids of the items it may see. */
  expected: string[][];
  /** An item the listing may show beside them (a source's root folder, which holds its roles but no text). */
  folder?: string;
}

describe('RBAC isolation (property-based)', function () {
  this.timeout(600_000);
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  /** A workspace under ACTIVE RBAC with the scenario's roles (customerRoleId role-<r>) and items. */
  async function buildWorld({ roles: roleCount, items, seed, parents }: Scenario): Promise<World> {
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
    return { tenant, ws, category: category.id, itemIds, expected: roles.map((r) => sorted(assigned.get(r.id)!)) };
  }

  /** Every read path an access token has, each answering exactly `expected`. */
  async function assertSeesExactly(world: World, headers: Record<string, string>, expected: string[], who: string) {
    const { ws, tenant, itemIds, category } = world;
    const v1 = (p: string) => `/v1/workspaces/${ws}${p}`;
    const ids = (list: Array<{ id: string }>) => sorted(list.map((x) => x.id));
    const list = await stack.request('GET', v1('/knowledge?limit=100'), { headers });
    const listed = ids(list.body.knowledge).filter((id) => id !== world.folder);
    assert.deepEqual(listed, expected, `${who}: list`);
    assert.equal(
      list.body.total,
      listed.length + (listed.length < list.body.knowledge.length ? 1 : 0),
      `${who}: list total`,
    );
    for (const id of itemIds) {
      const one = await stack.request('GET', v1(`/knowledge/${id}`), { headers });
      assert.equal(one.status, expected.includes(id) ? 200 : 404, `${who}: get`);
    }
    const semantic = await stack.request('POST', `/workspaces/${ws}/knowledge/search`, {
      headers: { ...headers, 'x-api-key': tenant.apiKey },
      json: { query: 'text', limit: 50 },
    });
    assert.deepEqual(ids(semantic.body.results), expected, `${who}: semantic search`);
    // Every chunk says "doc", so keyword and hybrid search find every item the token may see.
    for (const mode of ['keyword', 'hybrid']) {
      const found = await stack.request('POST', `/workspaces/${ws}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query: 'doc', limit: 50, mode },
      });
      assert.deepEqual(ids(found.body.results), expected, `${who}: ${mode} search`);
    }
    for (const path of [`/workspaces/${ws}/knowledge/search-title`, v1('/knowledge/search-title')]) {
      const title = await stack.request('POST', path, { headers, json: { title: 'DOC', limit: 50 } });
      assert.deepEqual(ids(title.body.results), expected, `${who}: title search`);
    }
    const meta = await stack.request('POST', v1('/knowledge/search'), {
      headers,
      json: { metadata: { type: 'STRING' }, limit: 100 },
    });
    assert.deepEqual(ids(meta.body), expected, `${who}: metadata search`);
    const cats = await stack.request('GET', v1('/categories'), { headers });
    assert.equal(cats.body.categories[0].knowledgeCount, expected.length, `${who}: category count`);
    const catItems = await stack.request('GET', v1(`/categories/${category}/knowledge`), { headers });
    assert.deepEqual(ids(catItems.body.knowledge), expected, `${who}: category knowledge`);
  }

  /** The items behind RAG passages (each item's one chunk says "doc <index>"). */
  const ragItems = (world: World, passages: Array<{ text: string }>) =>
    sorted(passages.map((p) => world.itemIds[Number(p.text.replace('doc ', ''))]!));

  /** Space RAG with a user space token activated through the API key (with the role, when given). */
  async function spaceRagItems(world: World, user: string, customerRoleId?: string): Promise<string[]> {
    const { ws, tenant } = world;
    const activated = await createUserSpace(stack, tenant, user, customerRoleId ? { customerRoleId } : {});
    const rag = await stack.request('POST', `/v1/workspaces/${ws}/spaces/${activated.spaceId}/rag`, {
      headers: activated.headers,
      json: { text: 'doc', topK: 10 },
    });
    assert.equal(rag.status, 200, rag.text);
    return ragItems(world, rag.body.knowledgeResults);
  }

  it('a role-bound token never sees an unassigned item and sees every assigned one, on every read path', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const world = await buildWorld(s);
        for (const [r, expected] of world.expected.entries()) {
          const { headers } = await accessHeaders(stack, world.tenant, { customerRoleId: `role-${r}` });
          await assertSeesExactly(world, headers, expected, `role ${r}`);
        }
      }),
      { numRuns: 50, seed: 20261122, endOnFailure: true },
    );
  });

  it("a source's rules: each role reads exactly the documents its rule grants, after the rules and after a change of them", async () => {
    await fc.assert(
      fc.asyncProperty(ruleScenario, async (s) => {
        const db = stack.deps.db;
        const tenant = await createTenant(db);
        const ws = tenant.workspaceId;
        await workspaces.setRbacEnabled(db, ws, true);
        const roles: string[] = [];
        for (let r = 0; r < s.roles; r++) roles.push((await createRole(db, ws, { customerRoleId: `role-${r}` })).id);
        const ids = (idx: number[]) => [...new Set(idx.filter((i) => i < s.roles))].map((i) => roles[i]!);
        const rulesFor = (list: typeof s.before) =>
          list.map((r) => ({ match: { paths: [r.glob] }, ...(r.roles ? { roleIds: ids(r.roles) } : {}) }));
        // The expected readers: the first rule whose glob matches, else the default (no rules: the default on the root).
        const expect = (list: typeof s.before, defaults: number[], paths: string[]) =>
          roles.map((roleId) =>
            paths.flatMap((path, i) => {
              const rule = list.find((r) => globMatches(r.glob, path));
              const granted = rule?.roles ? ids(rule.roles) : ids(defaults);
              return granted.includes(roleId) ? [i] : [];
            }),
          );

        const before = rulesFor(s.before);
        const { sourceId, rootId } = await insertRuledS3Source(db, ws, {
          name: 'bucket',
          rules: before,
          roleIds: ids(s.defaultBefore),
        });
        // Without rules, the source's roles are on its root (as the API keeps them).
        if (before.length === 0) {
          for (const roleId of ids(s.defaultBefore)) {
            await db('knowledge_roles').insert({ knowledge_id: rootId, role_id: roleId, workspace_id: ws });
          }
        }
        const paths = s.folders.map((f, i) => `${f}/doc-${i}.txt`);
        const category = await catalog.insertCategory(db, ws, { name: 'All' });
        const itemIds: string[] = [];
        for (const [i, path] of paths.entries()) {
          const id = await insertItem(db, ws, {
            title: `doc ${i}`,
            vector: seededVector(stack.deps.embeddings.dimension, s.seed + i),
          });
          await db('knowledge').where({ id }).update({ parent_id: rootId });
          await db('source_documents').insert({
            workspace_id: ws,
            source_id: sourceId,
            key: path,
            fingerprint: `f${i}`,
            knowledge_id: id,
            listed_fingerprint: `f${i}`,
            listed_facts: JSON.stringify({ path }),
          });
          itemIds.push(id);
        }
        await catalog.linkCategoryKnowledge(db, ws, category.id, itemIds);
        const check = async (expected: number[][], when: string) => {
          const world: World = {
            tenant,
            ws,
            category: category.id,
            itemIds,
            expected: expected.map((idx) => sorted(idx.map((i) => itemIds[i]!))),
            folder: rootId,
          };
          for (const [r, seen] of world.expected.entries()) {
            const { headers } = await accessHeaders(stack, tenant, { customerRoleId: `role-${r}` });
            await assertSeesExactly(world, headers, seen, `${when}: role ${r}`);
          }
        };

        // The rules as a sync applies them (the steps the sync and the rules job share).
        if (before.length > 0) {
          while ((await applySourceRulesBatch({ db }, { workspaceId: ws, sourceId, rulesVersion: 1, limit: 3 })).more);
          await finishSourceRules({ db }, { workspaceId: ws, sourceId, rulesVersion: 1 });
        }
        await check(expect(s.before, s.defaultBefore, paths), 'rules applied');

        // A change of the rules and of the default, through the API and the rules job.
        const { headers } = await accessHeaders(stack, tenant);
        const patched = await stack.request('PATCH', `/v1/workspaces/${ws}/sources/${sourceId}`, {
          headers,
          json: { rules: rulesFor(s.after), roleIds: ids(s.defaultAfter) },
        });
        assert.equal(patched.status, 200, patched.text);
        if (patched.body.rulesJobId) {
          const job = await rulesJobToEnd(stack, { tenant, headers }, patched.body.rulesJobId);
          assert.equal(job.status, 'COMPLETED');
        }
        await check(expect(s.after, s.defaultAfter, paths), 'rules changed');
      }),
      { numRuns: 15, seed: 20261128, endOnFailure: true },
    );
  });

  it('subject-bound tokens see their role, and end-user credentials without a role see nothing', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const world = await buildWorld(s);
        for (const [r, expected] of world.expected.entries()) {
          const customerRoleId = `role-${r}`;
          const subject = `user-${r}`;
          const { headers } = await accessHeaders(stack, world.tenant, { customerRoleId, subject });
          await assertSeesExactly(world, headers, expected, `subject with role ${r}`);
          const agentRag = await stack.request('POST', `/v1/workspaces/${world.ws}/agent/rag`, {
            headers,
            json: { text: 'doc', topK: 10 },
          });
          assert.equal(agentRag.status, 200, agentRag.text);
          assert.deepEqual(ragItems(world, agentRag.body.knowledgeResults), expected, 'agent RAG');
          assert.deepEqual(await spaceRagItems(world, subject, customerRoleId), expected, 'space RAG with a role');
        }
        const { headers: roleless } = await accessHeaders(stack, world.tenant, { subject: 'no-role' });
        await assertSeesExactly(world, roleless, [], 'subject without a role');
        const agentUse = await stack.request('GET', `/v1/workspaces/${world.ws}/agent/tools`, { headers: roleless });
        assert.equal(agentUse.status, 403, 'the agent API refuses it, as any token without a role');
        assert.deepEqual(await spaceRagItems(world, 'no-role'), [], 'space RAG without a role');
      }),
      { numRuns: 20, seed: 20261126, endOnFailure: true },
    );
  });
});
