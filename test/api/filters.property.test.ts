// Property: a request's `filter` (attributes and built-in keys) runs inside SQL beside the access filter: on
// every retrieval path, for every credential kind, the filtered results are exactly a brute-force filter in JS
// over the items that credential may see, and a search asking for fewer returns exactly `limit` of them.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as catalog from '../../src/db/repositories/catalog';
import * as workspaces from '../../src/db/repositories/workspaces';
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

type Value = string | number | boolean;
type Filter =
  | { type: 'and' | 'or'; filters: Filter[] }
  | { type: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'nin'; key: string; value: Value | Value[] };

const COLORS = ['red', 'blue', 'green'];
const DATES = ['2024-01-01T00:00:00.000Z', '2024-06-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'];
const LANGUAGES = ['en', 'de'];

const absent = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const attributes = fc.record({
  color: absent(fc.constantFrom(...COLORS)),
  // A string among the numbers: numeric comparisons must pass it over.
  size: absent(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant('3'))),
  due: absent(fc.constantFrom(...DATES)),
  flag: absent(fc.boolean()),
});

const item = fc.record({
  roles: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
  attributes,
  language: absent(fc.constantFrom(...LANGUAGES)),
  createdAt: fc.constantFrom(...DATES),
  inCategory: fc.boolean(),
  /** The index of its parent when it names an earlier item. */
  parent: fc.integer({ min: -1, max: 9 }),
});

const comparison: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({ type: fc.constantFrom('eq', 'ne'), key: fc.constant('color'), value: fc.constantFrom(...COLORS) }),
  fc.record({
    type: fc.constantFrom('in', 'nin'),
    key: fc.constant('color'),
    value: fc.subarray(COLORS, { minLength: 1 }),
  }),
  fc.record({
    type: fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'),
    key: fc.constant('size'),
    value: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    type: fc.constantFrom('gt', 'gte', 'lt', 'lte'),
    key: fc.constant('due'),
    value: fc.constantFrom(...DATES),
  }),
  fc.record({ type: fc.constantFrom('eq', 'ne'), key: fc.constant('flag'), value: fc.boolean() }),
  fc.record({ type: fc.constantFrom('eq', 'ne'), key: fc.constant('language'), value: fc.constantFrom(...LANGUAGES) }),
  fc.record({ type: fc.constantFrom('gt', 'lte'), key: fc.constant('createdAt'), value: fc.constantFrom(...DATES) }),
  fc.record({ type: fc.constantFrom('eq', 'ne'), key: fc.constant('categoryId'), value: fc.constant('CATEGORY') }),
  // An item by its index (often one the credential cannot see): probing by parent must reveal nothing more.
  fc.record({
    type: fc.constantFrom('eq', 'ne', 'in', 'nin'),
    key: fc.constant('parentId'),
    value: fc.integer({ min: 0, max: 9 }),
  }),
);
const { filter } = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'filter' },
    comparison,
    fc.record({ type: fc.constantFrom('and', 'or'), filters: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }) }),
  ) as fc.Arbitrary<Filter>,
}));

const scenario = fc.record({
  items: fc.array(item, { minLength: 1, maxLength: 10 }),
  filters: fc.array(filter, { minLength: 2, maxLength: 2 }),
  limit: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

interface Stored {
  id: string;
  attributes: Record<string, Value>;
  language: string | undefined;
  createdAt: string;
  inCategory: boolean;
  parentId: string | null;
  /** Roles that see it (its own and its parent's). */
  roles: Set<number>;
}

/** The brute-force filter: the rules README "Attributes and filters" states, over the stored items. */
function matches(f: Filter, it: Stored): boolean {
  if ('filters' in f)
    return f.type === 'and' ? f.filters.every((g) => matches(g, it)) : f.filters.some((g) => matches(g, it));
  const { key, value } = f;
  if (key === 'categoryId') return f.type === 'eq' ? it.inCategory : !it.inCategory;
  if (key === 'parentId') {
    const named = Array.isArray(value) ? (value as string[]) : [value as string];
    const hit = it.parentId !== null && named.includes(it.parentId);
    return f.type === 'eq' || f.type === 'in' ? hit : !hit;
  }
  const actual: Value | undefined =
    key === 'language' ? it.language : key === 'createdAt' ? it.createdAt : it.attributes[key];
  const equal = (v: Value) => actual === v;
  switch (f.type) {
    case 'eq':
      return equal(value as Value);
    case 'ne':
      return !equal(value as Value);
    case 'in':
      return (value as Value[]).some(equal);
    case 'nin':
      return !(value as Value[]).some(equal);
  }
  let a: number, b: number;
  if (typeof value === 'number') {
    if (typeof actual !== 'number') return false;
    [a, b] = [actual, value];
  } else {
    if (typeof actual !== 'string') return false;
    [a, b] = [Date.parse(actual), Date.parse(value as string)];
  }
  return f.type === 'gt' ? a > b : f.type === 'gte' ? a >= b : f.type === 'lt' ? a < b : a <= b;
}

/** The filter with its placeholders made real: the category's id, and an item index as that item's id. */
const withIds = (f: Filter, category: string, items: Stored[]): Filter => {
  if ('filters' in f) return { ...f, filters: f.filters.map((g) => withIds(g, category, items)) };
  if (f.key === 'categoryId') return { ...f, value: category };
  if (f.key !== 'parentId') return f;
  const id = (i: number) => items[i % items.length]!.id;
  return { ...f, value: f.type === 'in' || f.type === 'nin' ? [id(f.value as number)] : id(f.value as number) };
};

const sorted = (ids: Iterable<string>) => [...ids].sort();

describe('retrieval filters (property-based)', function () {
  this.timeout(900_000);
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  async function buildWorld(s: Scenario): Promise<{ tenant: Tenant; ws: string; items: Stored[]; category: string }> {
    const db = stack.deps.db;
    const tenant = await createTenant(db);
    const ws = tenant.workspaceId;
    await workspaces.setRbacEnabled(db, ws, true);
    const roles: string[] = [];
    for (let r = 0; r < 3; r++) roles.push((await createRole(db, ws, { customerRoleId: `role-${r}` })).id);
    const category = await catalog.insertCategory(db, ws, { name: 'Some' });
    const items: Stored[] = [];
    for (const [i, spec] of s.items.entries()) {
      const own = Object.fromEntries(Object.entries(spec.attributes).filter(([, v]) => v !== undefined)) as Record<
        string,
        Value
      >;
      const parent = spec.parent >= 0 && spec.parent < i ? items[spec.parent] : undefined;
      const stored: Stored = {
        id: await insertItem(db, ws, {
          title: `doc ${i}`,
          roleIds: [...new Set(spec.roles)].map((r) => roles[r]!),
          vector: seededVector(stack.deps.embeddings.dimension, s.seed + i),
        }),
        // A child carries its parent's attributes under its own (copied when the child is made).
        attributes: { ...(parent?.attributes ?? {}), ...own },
        language: spec.language,
        createdAt: spec.createdAt,
        inCategory: spec.inCategory,
        parentId: parent?.id ?? null,
        roles: new Set([...spec.roles, ...(parent ? await directRoles(db, parent.id, roles) : [])]),
      };
      await db('knowledge')
        .where({ id: stored.id })
        .update({
          attributes: JSON.stringify(stored.attributes),
          language: spec.language ?? null,
          created_at: spec.createdAt,
          parent_id: parent?.id ?? null,
        });
      if (spec.inCategory) await catalog.linkCategoryKnowledge(db, ws, category.id, [stored.id]);
      items.push(stored);
    }
    return { tenant, ws, items, category: category.id };
  }

  /** The role indexes assigned to an item itself. */
  async function directRoles(db: TestStack['deps']['db'], id: string, roles: string[]): Promise<number[]> {
    const rows: Array<{ role_id: string }> = await db('knowledge_roles').where({ knowledge_id: id }).select('role_id');
    return rows.map((r) => roles.indexOf(r.role_id));
  }

  it('every path answers the brute-force filter over what each credential may see', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { tenant, ws, items, category } = await buildWorld(s);
        const v1 = (p: string) => `/v1/workspaces/${ws}${p}`;
        const ids = (list: Array<{ id: string }>) => sorted(list.map((x) => x.id));
        const ragIds = (passages: Array<{ text: string }>) =>
          sorted(passages.map((p) => items[Number(p.text.replace('doc ', ''))]!.id));

        const credentials: Array<{ who: string; role?: number; headers?: Record<string, string> }> = [
          { who: 'workspace token', headers: (await accessHeaders(stack, tenant)).headers },
        ];
        for (let r = 0; r < 3; r++) {
          const { headers } = await accessHeaders(stack, tenant, { customerRoleId: `role-${r}` });
          credentials.push({ who: `role ${r} token`, role: r, headers });
        }

        for (const raw of s.filters) {
          const f = withIds(raw, category, items);
          const visible = (role: number | undefined) =>
            items.filter((it) => (role === undefined || it.roles.has(role)) && matches(f, it));
          for (const { who, role, headers } of credentials) {
            const expected = sorted(visible(role).map((it) => it.id));
            const at = `${who}, filter ${JSON.stringify(f)}`;
            const list = await stack.request(
              'GET',
              v1(`/knowledge?limit=100&filter=${encodeURIComponent(JSON.stringify(f))}`),
              {
                headers,
              },
            );
            assert.equal(list.status, 200, list.text);
            assert.deepEqual(ids(list.body.knowledge), expected, `list: ${at}`);
            assert.equal(list.body.total, expected.length, `list total: ${at}`);
            for (const mode of ['semantic', 'keyword', 'hybrid']) {
              const all = await stack.request('POST', `/workspaces/${ws}/knowledge/search`, {
                headers: { ...headers, 'x-api-key': tenant.apiKey },
                json: { query: 'doc', limit: 50, mode, filter: f },
              });
              assert.equal(all.status, 200, all.text);
              assert.deepEqual(ids(all.body.results), expected, `${mode} search: ${at}`);
              const few = await stack.request('POST', `/workspaces/${ws}/knowledge/search`, {
                headers: { ...headers, 'x-api-key': tenant.apiKey },
                json: { query: 'doc', limit: s.limit, mode, filter: f },
              });
              assert.equal(few.body.results.length, Math.min(s.limit, expected.length), `${mode} limit: ${at}`);
              for (const r of few.body.results) assert.ok(expected.includes(r.id), `${mode} limit: ${at}`);
            }
            const title = await stack.request('POST', v1('/knowledge/search-title'), {
              headers,
              json: { title: 'DOC', limit: 50, filter: f },
            });
            assert.deepEqual(ids(title.body.results), expected, `title search: ${at}`);
            if (role === undefined) continue;
            // The agent API under ACTIVE RBAC: role-bound tokens only.
            const rag = await stack.request('POST', v1('/agent/rag'), {
              headers,
              json: { text: 'doc', topK: 10, filter: f },
            });
            assert.equal(rag.status, 200, rag.text);
            assert.deepEqual(ragIds(rag.body.knowledgeResults), expected, `agent RAG: ${at}`);
            const tool = await stack.request('POST', v1('/agent/tools/knowledge_search/execute'), {
              headers,
              json: { input: { query: 'doc', limit: 50, filter: f } },
            });
            assert.equal(tool.status, 200, tool.text);
            assert.deepEqual(ids(tool.body.output.results), expected, `knowledge_search tool: ${at}`);
          }
          // User space tokens, with a role and without one, through space RAG.
          for (const role of [0, undefined]) {
            const user = `user-${role ?? 'none'}`;
            const activated = await createUserSpace(
              stack,
              tenant,
              user,
              role === undefined ? {} : { customerRoleId: `role-${role}` },
            );
            const rag = await stack.request('POST', v1(`/spaces/${activated.spaceId}/rag`), {
              headers: activated.headers,
              json: { text: 'doc', topK: 10, filter: f },
            });
            assert.equal(rag.status, 200, rag.text);
            const expected = role === undefined ? [] : sorted(visible(role).map((it) => it.id));
            assert.deepEqual(ragIds(rag.body.knowledgeResults), expected, `space RAG, ${user}: ${JSON.stringify(f)}`);
          }
        }
      }),
      { numRuns: 25, seed: 20261126, endOnFailure: true },
    );
  });
});
