// Two vectors per chunk (EMBEDDING_TEXT_SCHEME=header-mix, the default): a prose query's semantic side reads the
// chunks' prose vectors once every chunk of the workspace has one, an identifier-shaped query the chunks' own,
// against the real pgvector. Each item's two vectors are placed so that the column read decides the winner.
import assert from 'node:assert/strict';
import * as search from '../../../src/db/repositories/search';
import {
  DEFAULT_RETRIEVAL,
  rankedPassages,
  rankedSearch,
  retrievalSettingsFor,
  searchKnowledge,
  type RetrievalSettings,
  type SearchMode,
} from '../../../src/services/search/search';
import { queryShape } from '../../../src/services/search/fusion';
import { createTenant, insertItem } from '../../helpers/factories';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

describe('prose vectors (header-mix): the vector a query reads', function () {
  this.timeout(60_000);
  let stack: MediumStack;
  let workspaceId: string;
  const PROSE = 'how do I change the keys that sign our tokens every quarter';
  const IDENTIFIER = 'rotate_signing_keys()';
  const ids: Record<'ownProse' | 'mixProse' | 'ownIdent' | 'mixIdent', string> = {
    ownProse: '',
    mixProse: '',
    ownIdent: '',
    mixIdent: '',
  };
  let far: number[];

  const halfvec = (v: number[]) => stack.deps.db.raw('?::halfvec', [search.toVectorLiteral(v)]);

  async function addItem(title: string, own: number[], prose: number[] | null): Promise<string> {
    const { db } = stack.deps;
    // Words of neither query, so the keyword side of hybrid matches nothing.
    const id = await insertItem(db, workspaceId, { title, content: `${title} lorem ipsum`, vector: own });
    if (prose)
      await db('knowledge_chunks')
        .where({ knowledge_id: id })
        .update({ embedding_prose: halfvec(prose), embedding_text_scheme: 'header-mix' });
    return id;
  }

  const top = async (query: string, mode: SearchMode, settings: RetrievalSettings) =>
    (
      await searchKnowledge(
        { db: stack.deps.db, embeddings: stack.deps.embeddings },
        workspaceId,
        { query, limit: 4, filter: {}, mode },
        settings,
      )
    ).map((r) => r.row.id);

  before(async () => {
    stack = await getMediumStack();
    workspaceId = (await createTenant(stack.deps.db)).workspaceId;
    const { embeddings } = stack.deps;
    assert.deepEqual([queryShape(PROSE), queryShape(IDENTIFIER)], ['prose', 'identifier']);
    const [prose, identifier] = await Promise.all([embeddings.embedQuery(PROSE), embeddings.embedQuery(IDENTIFIER)]);
    // A vector far from both queries: the opposite of their sum.
    const sum = prose.map((x, i) => -(x + identifier[i]!));
    const n = Math.hypot(...sum);
    far = sum.map((x) => x / n);
    // Each query's vector as one item's own vector and as another item's prose vector.
    ids.ownProse = await addItem('alpha', prose, far);
    ids.mixProse = await addItem('bravo', far, prose);
    ids.ownIdent = await addItem('charlie', identifier, far);
    ids.mixIdent = await addItem('delta', far, identifier);
  });

  const HEADER_MIX = retrievalSettingsFor('header-mix');

  for (const mode of ['semantic', 'hybrid'] as const) {
    it(`${mode}: a prose query reads the prose vectors, an identifier-shaped one the chunks' own`, async () => {
      assert.equal(await search.proseVectorsComplete(stack.deps.db, workspaceId), true);
      assert.equal((await top(PROSE, mode, HEADER_MIX))[0], ids.mixProse);
      assert.equal((await top(IDENTIFIER, mode, HEADER_MIX))[0], ids.ownIdent);
      // Under the other schemes every query reads the chunks' own vectors.
      assert.equal((await top(PROSE, mode, DEFAULT_RETRIEVAL))[0], ids.ownProse);
      assert.equal((await top(PROSE, mode, retrievalSettingsFor('title')))[0], ids.ownProse);
    });
  }

  it("RAG passages follow the same rule, and explain's semantic score is the vector read", async () => {
    const deps = { db: stack.deps.db, embeddings: stack.deps.embeddings, retrieval: HEADER_MIX };
    const vectorOf = (q: string) => stack.deps.embeddings.embedQuery(q);
    const passages = async (q: string) =>
      (await rankedPassages(deps, workspaceId, {}, { text: q, vector: await vectorOf(q) }, 2, { explain: true }))
        .ranked;
    const [best] = await passages(PROSE);
    assert.equal(best?.hit.knowledgeId, ids.mixProse);
    assert.ok((best?.explain.semantic ?? 0) > 0.99, `cosine to the prose vector: ${best?.explain.semantic}`);
    assert.equal(best?.explain.vector, 'prose');
    const [ident] = await passages(IDENTIFIER);
    assert.equal(ident?.hit.knowledgeId, ids.ownIdent);
    assert.deepEqual([ident?.explain.vector, ident?.explain.queryShape], ['chunk', 'identifier']);
  });

  it('reads the chunks own vectors while any chunk of the workspace lacks a prose vector', async () => {
    const { db } = stack.deps;
    // A chunk embedded before the scheme (or under another): the workspace's prose vectors are not complete.
    const older = await addItem('echo', far, null);
    try {
      assert.equal(await search.proseVectorsComplete(db, workspaceId), false);
      for (const mode of ['semantic', 'hybrid'] as const) {
        assert.equal((await top(PROSE, mode, HEADER_MIX))[0], ids.ownProse, mode);
      }
      // explain says which vector answered.
      const explained = await rankedSearch(
        { db, embeddings: stack.deps.embeddings },
        workspaceId,
        { query: PROSE, limit: 1, filter: {}, mode: 'hybrid' },
        HEADER_MIX,
        { explain: true },
      );
      assert.deepEqual(
        [explained.results[0]?.explain?.vector, explained.results[0]?.explain?.queryShape],
        ['chunk', 'prose'],
      );
      // A chunk whose prose vector was left behind by a process that does not keep them (it embedded the chunk
      // under another scheme: a rolling upgrade, a rollback) counts as missing one too.
      await db('knowledge_chunks')
        .where({ knowledge_id: older })
        .update({ embedding_prose: halfvec(far), embedding_text_scheme: 'chunk' });
      assert.equal(await search.proseVectorsComplete(db, workspaceId), false);
      // Another workspace's chunks do not count.
      const other = (await createTenant(db)).workspaceId;
      assert.equal(await search.proseVectorsComplete(db, other), true);
      // A chunk without any vector yet (being ingested) does not hold the workspace back either.
      await db('knowledge_chunks').where({ knowledge_id: older }).update({ embedding: null });
      assert.equal(await search.proseVectorsComplete(db, workspaceId), true);
      assert.equal((await top(PROSE, 'semantic', HEADER_MIX))[0], ids.mixProse);
    } finally {
      await db('knowledge').where({ id: older }).delete();
    }
  });

  it('probes the partial index of chunks missing a prose vector, not the table', async () => {
    const { db } = stack.deps;
    await db.raw('ANALYZE knowledge_chunks');
    const { rows } = await db.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(
      `EXPLAIN SELECT 1 FROM knowledge_chunks
        WHERE workspace_id = ? AND embedding IS NOT NULL AND embedding_prose IS NULL LIMIT 1`,
      [workspaceId],
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    // A small table may be read by a sequential scan whatever the index; force the choice the planner makes at size.
    await db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const forced = await trx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(
        `EXPLAIN SELECT 1 FROM knowledge_chunks
          WHERE workspace_id = ? AND embedding IS NOT NULL AND embedding_prose IS NULL LIMIT 1`,
        [workspaceId],
      );
      assert.match(forced.rows.map((r) => r['QUERY PLAN']).join('\n'), /knowledge_chunks_prose_missing/, plan);
    });
  });
});
