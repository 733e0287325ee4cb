// Pseudo-relevance feedback (RetrievalSettings.feedback, on under EMBEDDING_TEXT_SCHEME=header-mix): in hybrid search a
// prose query's candidates are scored again against the query moved towards the first result's best chunk, against
// the real pgvector. The items' prose vectors are placed by hand around the query's real embedding q:
//   A = 0.9 q + 0.436 u   (the first result)
//   B = 0.6 q + 0.8 u     (like A: cos(A, B) 0.889)
//   C = 0.65 q + 0.76 w   (a little nearer the query than B, unlike A: cos(A, C) 0.585)
// with u and w orthogonal to q and to each other. Without feedback C ranks before B; with it (beta 0.5) B, at
// (0.6 + 0.5 x 0.889) / sqrt(1.25 + 0.9) = 0.713 against C's 0.643.
import assert from 'node:assert/strict';
import * as search from '../../../src/db/repositories/search';
import {
  rankedPassages,
  rankedSearch,
  retrievalSettingsFor,
  searchKnowledge,
  type SearchMode,
} from '../../../src/services/search/search';
import { queryShape } from '../../../src/services/search/fusion';
import { createTenant, insertItem } from '../../helpers/factories';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
/** The basis vector e_i made orthogonal to the given unit vectors (Gram-Schmidt), of unit length. */
function orthogonal(i: number, to: number[][], dimension: number): number[] {
  let v: number[] = Array.from({ length: dimension }, (_, j) => (j === i ? 1 : 0));
  for (const t of to) {
    const d = dot(v, t);
    v = v.map((x, j) => x - d * (t[j] as number));
  }
  return unit(v);
}
const mix = (a: number, x: number[], b: number, y: number[]) => unit(x.map((xi, i) => a * xi + b * (y[i] as number)));

describe('pseudo-relevance feedback (header-mix, hybrid, prose queries)', function () {
  this.timeout(60_000);
  let stack: MediumStack;
  let workspaceId: string;
  const QUERY = 'how do we keep the warehouse stock counts right after a busy weekend';
  const ids = { a: '', b: '', c: '' };
  const HEADER_MIX = retrievalSettingsFor('header-mix');
  const WITHOUT = { ...HEADER_MIX, feedback: undefined };

  before(async () => {
    stack = await getMediumStack();
    const { db, embeddings } = stack.deps;
    workspaceId = (await createTenant(db)).workspaceId;
    assert.equal(queryShape(QUERY), 'prose');
    assert.deepEqual(HEADER_MIX.feedback, { beta: 0.5 });
    const q = await embeddings.embedQuery(QUERY);
    const u = orthogonal(0, [q], q.length);
    const w = orthogonal(1, [q, u], q.length);
    // The chunks' own vectors: far from the query (a prose query reads the prose vectors here).
    const far = q.map((x) => -x);
    const add = async (title: string, prose: number[]) => {
      // Words of no query, so the keyword side matches nothing.
      const id = await insertItem(db, workspaceId, { title, content: `${title} lorem ipsum`, vector: far });
      await db('knowledge_chunks')
        .where({ knowledge_id: id })
        .update({
          embedding_prose: db.raw('?::halfvec', [search.toVectorLiteral(prose)]),
          embedding_text_scheme: 'header-mix',
        });
      return id;
    };
    ids.a = await add('alpha', mix(0.9, q, 0.436, u));
    ids.b = await add('bravo', mix(0.6, q, 0.8, u));
    ids.c = await add('charlie', mix(0.65, q, 0.76, w));
  });

  const order = async (mode: SearchMode, settings = HEADER_MIX, query = QUERY) =>
    (
      await searchKnowledge(
        { db: stack.deps.db, embeddings: stack.deps.embeddings },
        workspaceId,
        { query, limit: 3, filter: {}, mode },
        settings,
      )
    ).map((r) => r.row.id);

  const explained = async (mode: SearchMode, query = QUERY) =>
    (
      await rankedSearch(
        { db: stack.deps.db, embeddings: stack.deps.embeddings },
        workspaceId,
        { query, limit: 3, filter: {}, mode },
        HEADER_MIX,
        { explain: true },
      )
    ).results;

  it('lifts the page like the first result above one a little nearer the query', async () => {
    assert.deepEqual(await order('hybrid', WITHOUT), [ids.a, ids.c, ids.b]);
    assert.deepEqual(await order('hybrid'), [ids.a, ids.b, ids.c]);
  });

  it('explains it: semantic stays the cosine to the query, feedback is the cosine to the first result', async () => {
    const results = await explained('hybrid');
    const [a, b, c] = results.map((r) => r.explain!);
    assert.deepEqual(
      results.map((r) => r.row.id),
      [ids.a, ids.b, ids.c],
    );
    const near = (x: number | null | undefined, want: number, what: string) =>
      assert.ok(Math.abs((x ?? NaN) - want) < 0.005, `${what}: ${x}, expected ${want}`);
    near(a?.semantic, 0.9, 'A semantic');
    near(a?.feedback, 1, 'A feedback');
    near(b?.semantic, 0.6, 'B semantic');
    near(b?.feedback, 0.889, 'B feedback');
    near(c?.semantic, 0.65, 'C semantic');
    near(c?.feedback, 0.585, 'C feedback');
    // fused = 0.8 x (semantic + 0.5 feedback) / sqrt(1.25 + cos(q, f)), no keyword match, one chunk each.
    const moved = (s: number, f: number) => (s + 0.5 * f) / Math.sqrt(1.25 + 0.9);
    near(b?.fused, 0.8 * moved(0.6, 0.889), 'B fused');
    near(c?.fused, 0.8 * moved(0.65, 0.585), 'C fused');
    assert.equal(b?.queryShape, 'prose');
    assert.equal(b?.vector, 'prose');
  });

  it('takes none for a request that says feedback: false', async () => {
    const off = await rankedSearch(
      { db: stack.deps.db, embeddings: stack.deps.embeddings },
      workspaceId,
      { query: QUERY, limit: 3, filter: {}, mode: 'hybrid' },
      HEADER_MIX,
      { explain: true, feedback: false },
    );
    assert.deepEqual(
      off.results.map((r) => r.row.id),
      [ids.a, ids.c, ids.b],
    );
    assert.ok(off.results.every((r) => r.explain?.feedback === undefined));
  });

  it('leaves semantic mode, RAG passages and identifier-shaped queries as they were', async () => {
    assert.deepEqual(await order('semantic'), [ids.a, ids.c, ids.b]);
    assert.ok((await explained('semantic')).every((r) => r.explain?.feedback === undefined));
    const passages = await rankedPassages(
      { db: stack.deps.db, embeddings: stack.deps.embeddings, retrieval: HEADER_MIX },
      workspaceId,
      {},
      { text: QUERY, vector: await stack.deps.embeddings.embedQuery(QUERY) },
      3,
      { explain: true },
    );
    assert.deepEqual(
      passages.ranked.map((p) => p.hit.knowledgeId),
      [ids.a, ids.c, ids.b],
    );
    assert.ok(passages.ranked.every((p) => p.explain.feedback === undefined));
    const identifier = await explained('hybrid', 'stock_count_fix()');
    assert.equal(queryShape('stock_count_fix()'), 'identifier');
    assert.ok(identifier.length > 0);
    assert.ok(identifier.every((r) => r.explain?.feedback === undefined && r.explain?.queryShape === 'identifier'));
  });

  it("takes none while the workspace reads the chunks' own vectors (a chunk without a prose vector)", async () => {
    const { db } = stack.deps;
    const e0 = Array.from({ length: stack.deps.embeddings.dimension }, (_, i) => (i === 0 ? 1 : 0));
    const older = await insertItem(db, workspaceId, { title: 'echo', content: 'echo lorem ipsum', vector: e0 });
    try {
      assert.equal(await search.proseVectorsComplete(db, workspaceId), false);
      const results = await explained('hybrid');
      assert.ok(results.length > 0);
      assert.ok(results.every((r) => r.explain?.vector === 'chunk' && r.explain.feedback === undefined));
    } finally {
      await db('knowledge').where({ id: older }).delete();
    }
    assert.ok(((await explained('hybrid'))[0]?.explain?.feedback ?? 0) > 0.999, 'feedback again once complete');
  });

  it("reads distances to a chunk of the caller's workspace only", async () => {
    const { db } = stack.deps;
    const chunkOf = async (id: string) =>
      (await db('knowledge_chunks').where({ knowledge_id: id }).first('id')).id as string;
    const [a, b] = [await chunkOf(ids.a), await chunkOf(ids.b)];
    const own = await search.distancesToChunk(db, workspaceId, a, [a, b], 'embedding_prose');
    assert.ok(Math.abs((own.get(a) as number) - 0) < 0.005);
    assert.ok(Math.abs(1 - (own.get(b) as number) - 0.889) < 0.005);
    const other = (await createTenant(db)).workspaceId;
    assert.equal((await search.distancesToChunk(db, other, a, [a, b], 'embedding_prose')).size, 0);
  });
});
