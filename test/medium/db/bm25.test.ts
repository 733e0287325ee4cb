// The keyword side's BM25 against the formula: on a small crafted corpus (items in language `und`, BCP 47's
// "undetermined", which PostgreSQL has no configuration for, so the `simple` configuration: lower-cased words, no
// stop words, no stemming; an item without a language may be indexed as English, keywordLanguage.test.ts), every matching chunk's score is the
// Okapi BM25 (k1 1.2, b 0.75) computed here from the texts, with the statistics of the chunks the access filter
// (a role, an attribute filter) admits; names split at punctuation and dotted or underscored names count whole
// too; the per-item statistics follow inserts, deletes, re-ingestion, a re-index, a move, a version switch and a
// disable (they count the enabled chunks of each item's current version); the access filter
// holds with exactly `limit` results; hybrid mode lets an identifier-shaped query match any lexeme, and explain
// says which shape it read; a candidate can rank by the query lexemes it holds (rankHeld), as the default RAG
// passages of an identifier-shaped query do where some chunk holds them all.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as search from '../../../src/db/repositories/search';
import { parseFilter } from '../../../src/domain/filter';
import {
  DEFAULT_RETRIEVAL,
  rankedSearch,
  retrievePassages,
  searchKnowledge,
  type RetrievalSettings,
} from '../../../src/services/search/search';
import { createRole, createTenant } from '../../helpers/factories';
import { kept, truth } from '../../helpers/searchCounts';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

/** The words between punctuation, then every name holding a dot or an underscore whole (as the index does). */
const words = (text: string) => {
  const lower = text.toLowerCase();
  const names = (lower.match(/[a-z0-9_]+(?:\.[a-z0-9_]+)*/g) ?? []).filter((n) => /[._]/.test(n) && /[a-z0-9]/.test(n));
  return [...lower.split(/[^a-z0-9]+/).filter(Boolean), ...names];
};

/** Okapi BM25 of every document that holds a query word, by id, from the documents' texts. */
function okapi(docs: ReadonlyArray<{ id: string; text: string }>, query: string): Map<string, number> {
  const { k1, b } = search.BM25;
  const tokens = docs.map((d) => words(d.text));
  const avgdl = tokens.reduce((a, t) => a + t.length, 0) / docs.length;
  const scores = new Map<string, number>();
  for (const term of new Set(words(query))) {
    const df = tokens.filter((t) => t.includes(term)).length;
    if (df === 0) continue;
    const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
    docs.forEach((d, i) => {
      const t = tokens[i] as string[];
      const tf = t.filter((w) => w === term).length;
      if (tf === 0) return;
      const s = (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * t.length) / avgdl));
      scores.set(d.id, (scores.get(d.id) ?? 0) + s);
    });
  }
  return scores;
}

/** Undetermined (BCP 47): no configuration of its own, so `simple`, which the expected scores assume. */
const UNDETERMINED = 'und';

const CORPUS = [
  'the parser reads tokens and the parser builds trees',
  'asyncio event loop runs coroutines',
  'the event loop of asyncio schedules callbacks and coroutines and tasks',
  'tokens tokens tokens',
  'a tree of tokens is a parse tree',
  'coroutines await futures',
  'callbacks run in the loop',
  'the quick brown fox jumps over the lazy dog again and again and again',
  'join paths with os.path.join(a, b) and dump json with sort_keys=True',
  'the path module: join, split; keys sort',
];

describe('keyword search ranks by Okapi BM25', function () {
  this.timeout(180_000);
  let stack: MediumStack;
  let workspaceId: string;
  let roleId: string;
  let dim: number;
  const docs: Array<{ id: string; chunkId: string; text: string; role: boolean; half: boolean }> = [];
  /** The unit vector along dimension k: every chunk and query vector of these tests. */
  const axis = (k: number) => Array.from({ length: dim }, (_, i) => (i === k ? 1 : 0));

  async function insertItem(text: string, role: boolean, half: boolean) {
    const db = stack.deps.db;
    const id = randomUUID();
    const chunkId = randomUUID();
    await db('knowledge').insert({
      id,
      workspace_id: workspaceId,
      type: 'STRING',
      title: text,
      status: 'COMPLETED',
      language: UNDETERMINED,
      attributes: { half },
    });
    await db('knowledge_chunks').insert({
      id: chunkId,
      workspace_id: workspaceId,
      knowledge_id: id,
      chunk_index: 0,
      page_number: 1,
      content: text,
      embedding: db.raw('?::vector', [search.toVectorLiteral(axis(0))]),
    });
    if (role) await db('knowledge_roles').insert({ knowledge_id: id, role_id: roleId, workspace_id: workspaceId });
    docs.push({ id, chunkId, text, role, half });
  }

  async function keywordRanks(query: string, filter: search.AccessFilter, match: 'any' | 'all' = 'any') {
    const hits = await search.hybridCandidates(
      stack.deps.db,
      workspaceId,
      filter,
      { keyword: { text: query, languages: [UNDETERMINED], match } },
      { vectorK: 0, plan: 'exact', keywordK: 50, maxRanked: 5000 },
    );
    return new Map(hits.map((h) => [h.chunkId, h.keywordRank]));
  }

  function assertOkapi(got: Map<string, number>, expected: Map<string, number>, ids: (chunkId: string) => string) {
    assert.equal(got.size, expected.size, 'the chunks holding a query word');
    for (const [chunkId, score] of got) {
      const want = expected.get(ids(chunkId));
      assert.ok(want !== undefined, `chunk ${chunkId} holds no query word`);
      assert.ok(Math.abs(score - want) < 1e-9, `BM25 ${score} != ${want}`);
    }
  }

  const idOfChunk = (chunkId: string) => docs.find((d) => d.chunkId === chunkId)?.id as string;

  before(async () => {
    stack = await getMediumStack();
    dim = stack.deps.embeddings.dimension;
    workspaceId = (await createTenant(stack.deps.db)).workspaceId;
    roleId = (await createRole(stack.deps.db, workspaceId)).id;
    for (const [i, text] of CORPUS.entries()) await insertItem(text, i % 2 === 0, i < 5);
  });

  it('stores each chunk length in lexemes', async () => {
    const rows: Array<{ id: string; content_lexemes: number }> = await stack.deps
      .db('knowledge_chunks')
      .where({ workspace_id: workspaceId })
      .select('id', 'content_lexemes');
    for (const r of rows) {
      assert.equal(r.content_lexemes, words(docs.find((d) => d.chunkId === r.id)?.text as string).length);
    }
  });

  it('scores every matching chunk as Okapi BM25 over the workspace', async () => {
    const queries = ['tokens parser', 'asyncio loop coroutines', 'tree', 'again fox', 'nothing matches this'];
    for (const query of [...queries, 'os.path.join', 'json.dumps sort_keys', 'path.join']) {
      assertOkapi(await keywordRanks(query, {}), okapi(docs, query), idOfChunk);
    }
  });

  it('matches a dotted or underscored name whole and in its parts', async () => {
    const [named, parts] = docs.slice(-2) as [(typeof docs)[number], (typeof docs)[number]];
    for (const query of ['os.path.join', 'sort_keys']) {
      const ranks = await keywordRanks(query, {});
      assert.ok((ranks.get(named.chunkId) ?? 0) > (ranks.get(parts.chunkId) ?? 0), `${query}: the name outranks parts`);
      assert.ok((ranks.get(parts.chunkId) ?? 0) > 0, `${query}: the parts match`);
    }
    const all = await keywordRanks('os.path.join', {}, 'all');
    assert.deepEqual([...all.keys()], [named.chunkId], 'every lexeme: only the chunk naming it');
  });

  it("lets hybrid follow the query's shape: an identifier-shaped query matches any lexeme, prose every one", async () => {
    const [named, parts] = docs.slice(-2) as [(typeof docs)[number], (typeof docs)[number]];
    const hybrid = async (query: string, settings: RetrievalSettings) => {
      const { results } = await rankedSearch(
        { db: stack.deps.db, embeddings: stack.deps.embeddings },
        workspaceId,
        { query, limit: 10, filter: {}, mode: 'hybrid' },
        settings,
        { explain: true },
      );
      return new Map(results.map((r) => [r.row.id, r.explain]));
    };
    const shaped: RetrievalSettings = {
      ...DEFAULT_RETRIEVAL,
      hybridKeywordMatch: 'all',
      identifierHybrid: { keywordMatch: 'any', fusion: { kind: 'convex', alpha: 0.8 } },
    };
    const identifier = await hybrid('os.path.join', shaped);
    assert.equal(identifier.get(named.id)?.queryShape, 'identifier');
    assert.ok((identifier.get(named.id)?.keyword ?? 0) > (identifier.get(parts.id)?.keyword ?? 0));
    assert.ok((identifier.get(parts.id)?.keyword ?? 0) > 0, 'any lexeme: the parts match too');
    const everyLexeme = await hybrid('os.path.join', { ...shaped, identifierHybrid: undefined });
    assert.equal(everyLexeme.get(parts.id)?.keyword, null, 'without the shape: every lexeme, the parts do not match');
    const prose = await hybrid('the path module split', shaped);
    assert.equal(prose.get(parts.id)?.queryShape, 'prose');
    assert.ok((prose.get(parts.id)?.keyword ?? 0) > 0);
    assert.equal(prose.get(named.id)?.keyword, null, 'prose: every lexeme, and the named chunk lacks "module"');
  });

  it('ranks every hybrid candidate by the query lexemes it holds (rankHeld), the keyword side still taking every one', async () => {
    const [named] = docs.slice(-2) as [(typeof docs)[number]];
    const held = async (query: string, vectorK: number, rankHeld?: search.HeldRanking) => {
      const hits = await search.hybridCandidates(
        stack.deps.db,
        workspaceId,
        {},
        {
          vector: axis(0),
          keyword: { text: query, languages: [UNDETERMINED], match: 'all', rankHeld },
        },
        { vectorK, plan: 'exact', keywordK: 50, maxRanked: 5000 },
      );
      return new Map(hits.map((h) => [h.chunkId, h.keywordRank]));
    };
    const query = 'os.path.join';
    // No vector candidates: the keyword side's own are the chunks holding every lexeme (the named chunk alone).
    assert.deepEqual([...(await held(query, 0, 'always')).keys()], [named.chunkId]);
    // Every chunk a candidate (all vectors alike): each ranked by Okapi BM25 over the lexemes it holds.
    const all = await held(query, 50, 'always');
    assert.equal(all.size, docs.length, 'every chunk is a vector candidate');
    const expected = okapi(docs, query);
    for (const [chunkId, rank] of all) {
      const want = expected.get(idOfChunk(chunkId)) ?? 0;
      assert.ok(Math.abs(rank - want) < 1e-9, `${chunkId}: BM25 ${rank} != ${want}`);
    }
    assert.ok([...all.values()].filter((r) => r > 0).length > 1, 'a partial holder ranks above 0');
    // Without rankHeld a candidate that lacks a lexeme ranks 0, as before.
    const matched = await held(query, 50);
    assert.deepEqual(
      [...matched].filter(([, r]) => r > 0).map(([id]) => id),
      [named.chunkId],
    );
  });

  it('ranks RAG passages of an identifier-shaped query by the lexemes they hold where some chunk holds them all (the default), search by matches', async () => {
    const [named, parts] = docs.slice(-2) as [(typeof docs)[number], (typeof docs)[number]];
    const passages = async (query: string) =>
      new Map(
        (await retrievePassages({ db: stack.deps.db }, workspaceId, {}, { text: query, vector: axis(0) }, 10)).map(
          (f) => [f.hit.chunkId, f.hit.keywordRank],
        ),
      );
    const found = await passages('os.path.join');
    const expected = okapi(docs, 'os.path.join');
    assert.ok(Math.abs((found.get(parts.chunkId) ?? 0) - (expected.get(parts.id) as number)) < 1e-9, 'the parts rank');
    assert.ok(
      (found.get(named.chunkId) ?? 0) > (found.get(parts.chunkId) ?? 0),
      'the whole name ranks above its parts',
    );
    // No chunk holds path.split whole: the keyword side ranks nothing, as without the setting.
    assert.deepEqual(
      [...(await passages('path.split')).values()].filter((r) => r > 0),
      [],
    );
    // "Some chunk holds every lexeme" means one the caller may see: under a role that sees the parts' item alone,
    // the named chunk (hidden) does not switch the ranking on, so nothing tells the caller a hidden chunk holds it.
    const partsOnly = (await createRole(stack.deps.db, workspaceId)).id;
    await stack.deps
      .db('knowledge_roles')
      .insert({ knowledge_id: parts.id, role_id: partsOnly, workspace_id: workspaceId });
    const visible = await retrievePassages(
      { db: stack.deps.db },
      workspaceId,
      { roleIds: [partsOnly] },
      { text: 'os.path.join', vector: axis(0) },
      10,
    );
    assert.deepEqual(
      visible.map((f) => [f.hit.chunkId, f.hit.keywordRank]),
      [[parts.chunkId, 0]],
    );
    // Search (items) ranks by matches only: the parts' chunk has no keyword score.
    const { results } = await rankedSearch(
      { db: stack.deps.db, embeddings: stack.deps.embeddings },
      workspaceId,
      { query: 'os.path.join', limit: 10, filter: {}, mode: 'hybrid' },
      DEFAULT_RETRIEVAL,
      { explain: true },
    );
    const explained = new Map(results.map((r) => [r.row.id, r.explain]));
    assert.equal(explained.get(parts.id)?.keyword, null);
    assert.ok((explained.get(named.id)?.keyword ?? 0) > 0);
  });

  it('orders keyword results by BM25, and an every-word match by the same scores', async () => {
    const query = 'loop coroutines callbacks';
    const expected = [...okapi(docs, query).entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    const results = await searchKnowledge({ db: stack.deps.db, embeddings: stack.deps.embeddings }, workspaceId, {
      query,
      limit: 10,
      filter: {},
      mode: 'keyword',
    });
    assert.deepEqual(
      results.map((r) => r.row.id),
      expected,
    );
    const all = await keywordRanks(query, {}, 'all');
    const third = docs[2] as (typeof docs)[number];
    assert.deepEqual([...all.keys()], [third.chunkId], 'only the chunk with every word');
    assert.ok(Math.abs((all.get(third.chunkId) as number) - (okapi(docs, query).get(third.id) as number)) < 1e-9);
  });

  it('computes the statistics over the chunks the access filter admits, and returns exactly `limit`', async () => {
    const visible = docs.filter((d) => d.role);
    for (const query of ['tokens parser', 'asyncio loop coroutines', 'the again']) {
      const got = await keywordRanks(query, { requiredRoleId: roleId });
      assertOkapi(got, okapi(visible, query), idOfChunk);
    }
    const results = await searchKnowledge({ db: stack.deps.db, embeddings: stack.deps.embeddings }, workspaceId, {
      query: 'the tokens loop tree',
      limit: 2,
      filter: { requiredRoleId: roleId },
      mode: 'keyword',
    });
    assert.equal(results.length, 2);
    const visibleIds = new Set(visible.map((d) => d.id));
    assert.ok(results.every((r) => visibleIds.has(r.row.id)));
  });

  it('computes the statistics over the chunks an attribute filter admits', async () => {
    const where = parseFilter({ type: 'eq', key: 'half', value: true });
    const admitted = docs.filter((d) => d.half);
    for (const query of ['tokens parser', 'asyncio loop coroutines', 'the again']) {
      assertOkapi(await keywordRanks(query, { where }), okapi(admitted, query), idOfChunk);
    }
    const both = docs.filter((d) => d.half && d.role);
    assertOkapi(
      await keywordRanks('tokens tree', { where, requiredRoleId: roleId }),
      okapi(both, 'tokens tree'),
      idOfChunk,
    );
  });

  it('follows deletes and re-ingestion', async () => {
    const db = stack.deps.db;
    const gone = docs.splice(3, 1)[0] as (typeof docs)[number];
    await db('knowledge').where({ id: gone.id }).delete();
    assertOkapi(await keywordRanks('tokens parser', {}), okapi(docs, 'tokens parser'), idOfChunk);
    // Re-ingestion: the chunks of an item replaced by longer ones.
    const again = docs[0] as (typeof docs)[number];
    await db('knowledge_chunks').where({ knowledge_id: again.id }).delete();
    again.text = 'tokens of the parser in a much longer chunk with many more words than before';
    again.chunkId = randomUUID();
    await db('knowledge_chunks').insert({
      id: again.chunkId,
      workspace_id: workspaceId,
      knowledge_id: again.id,
      chunk_index: 0,
      page_number: 1,
      content: again.text,
      embedding: db.raw('?::vector', [search.toVectorLiteral(axis(1))]),
    });
    assertOkapi(await keywordRanks('tokens parser', {}), okapi(docs, 'tokens parser'), idOfChunk);
  });

  it("counts only the enabled chunks of each item's current version: after a replace, a restore and a disable", async () => {
    const db = stack.deps.db;
    const queries = ['coroutines futures', 'asyncio loop tasks', 'callbacks loop'];
    const assertFormula = async (at: string) => {
      for (const query of queries) {
        assertOkapi(await keywordRanks(query, {}), okapi(docs, query), idOfChunk);
        assertOkapi(
          await keywordRanks(query, { requiredRoleId: roleId }),
          okapi(
            docs.filter((d) => d.role),
            query,
          ),
          idOfChunk,
        );
      }
      assert.deepEqual(await kept(db, workspaceId), await truth(db, workspaceId), `search counts ${at}`);
    };
    const replaced = docs.find((d) => d.text === 'coroutines await futures') as (typeof docs)[number];
    const old = { text: replaced.text, chunkId: replaced.chunkId };
    // The next version, indexed beside the current one: longer, with words of its own.
    const next = {
      text: 'coroutines await futures and tasks of the asyncio loop, gathered and awaited in order',
      chunkId: randomUUID(),
    };
    await db('knowledge_chunks').insert({
      id: next.chunkId,
      workspace_id: workspaceId,
      knowledge_id: replaced.id,
      version: 2,
      chunk_index: 0,
      page_number: 1,
      content: next.text,
      embedding: db.raw('?::vector', [search.toVectorLiteral(axis(0))]),
    });
    await assertFormula('with a version not yet current');
    await db('knowledge').where({ id: replaced.id }).update({ current_version: 2 });
    Object.assign(replaced, next);
    await assertFormula('after the switch');
    await db('knowledge').where({ id: replaced.id }).update({ current_version: 1 });
    Object.assign(replaced, old);
    await assertFormula('after a restore');

    const disabled = docs.find((d) => d.text.startsWith('callbacks run')) as (typeof docs)[number];
    await db('knowledge_chunks').where({ id: disabled.chunkId }).update({ enabled: false });
    docs.splice(docs.indexOf(disabled), 1);
    await assertFormula('after a disable');
    await db('knowledge_chunks').where({ id: disabled.chunkId }).update({ enabled: true });
    docs.push(disabled);
    await assertFormula('after an enable');
  });

  it("keeps every item's chunk count and length sum equal to its chunks", async () => {
    const db = stack.deps.db;
    const mismatched = async () =>
      db
        .select('k.id')
        .from('knowledge as k')
        .leftJoin('knowledge_keyword_stats as s', 's.knowledge_id', 'k.id')
        .where('k.workspace_id', workspaceId)
        .whereRaw(
          `coalesce(s.chunks, 0) <> (select count(*) from knowledge_chunks c
                                      where c.knowledge_id = k.id and c.version = k.current_version and c.enabled)
            or coalesce(s.lexemes, 0) <> (select coalesce(sum(c.content_lexemes), 0) from knowledge_chunks c
                                           where c.knowledge_id = k.id and c.version = k.current_version
                                             and c.enabled)`,
        );
    assert.deepEqual(await mismatched(), []);
    const [first, second] = docs as [(typeof docs)[number], (typeof docs)[number]];
    // A re-index (a language change rewrites the chunks' configuration: English drops stop words) and a move.
    await db('knowledge').where({ id: first.id }).update({ language: 'en' });
    await db('knowledge_chunks')
      .where({ knowledge_id: first.id })
      .update({ text_search_config: db.raw("'english'") });
    await db('knowledge_chunks').where({ knowledge_id: second.id }).update({ knowledge_id: first.id, chunk_index: 1 });
    assert.deepEqual(await mismatched(), []);
    const [row] = await db('knowledge_keyword_stats').where({ knowledge_id: first.id }).select('chunks');
    assert.equal(Number(row?.chunks), 2);
  });
});
