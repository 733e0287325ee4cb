// Keyword search for items without a language (migration 0036_keyword_english_detection): a chunk that reads as
// English is indexed under `english` (stemmed, stop words dropped), any other under `simple`; decided per chunk
// when it is written, when its text changes and when its item's language changes. A query over items without a
// language is parsed under `english` and under `simple` without English stop words, so a question in prose finds
// the page that answers it in other forms of its words, as it does for items that say `en`.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as search from '../../../src/db/repositories/search';
import { searchKnowledge } from '../../../src/services/search/search';
import { createTenant } from '../../helpers/factories';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

const PROSE = 'You can open a file with the built-in open function and then read it line by line in a loop.';
const CODE = 'with open(path) as f:\n    data = json.load(f)\n    json.dumps(data, sort_keys=True)';
const GERMAN = 'Die Datei wird mit der eingebauten Funktion geöffnet und dann Zeile für Zeile gelesen.';

describe('keyword search for items without a language', function () {
  this.timeout(120_000);
  let stack: MediumStack;
  let workspaceId: string;

  async function insertItem(chunks: string[], language: string | null = null): Promise<string> {
    const db = stack.deps.db;
    const id = randomUUID();
    await db('knowledge').insert({
      id,
      workspace_id: workspaceId,
      type: 'STRING',
      title: chunks[0]!.slice(0, 40),
      content: chunks.join('\n\n'),
      status: 'COMPLETED',
      language,
    });
    const unit = search.toVectorLiteral(Array.from({ length: stack.deps.embeddings.dimension }, (_, i) => (i ? 0 : 1)));
    await db('knowledge_chunks').insert(
      chunks.map((content, i) => ({
        id: randomUUID(),
        workspace_id: workspaceId,
        knowledge_id: id,
        chunk_index: i,
        page_number: 1,
        content,
        embedding: db.raw('?::vector', [unit]),
      })),
    );
    return id;
  }

  const configs = async (knowledgeId: string) =>
    (
      await stack.deps
        .db('knowledge_chunks')
        .where({ knowledge_id: knowledgeId })
        .orderBy('chunk_index')
        .select(stack.deps.db.raw('text_search_config::text as config'))
    ).map((r: { config: string }) => r.config);

  const keyword = async (query: string, match: 'any' | 'all') =>
    (
      await search.hybridCandidates(
        stack.deps.db,
        workspaceId,
        {},
        { keyword: { text: query, languages: [''], match } },
        { vectorK: 0, plan: 'exact', keywordK: 50, maxRanked: 5000 },
      )
    ).map((h) => h.content);

  before(async () => {
    stack = await getMediumStack();
  });
  beforeEach(async () => {
    workspaceId = (await createTenant(stack.deps.db)).workspaceId;
  });

  it('indexes a chunk that reads as English as English, and code or other languages as simple', async () => {
    const mixed = await insertItem([PROSE, CODE, GERMAN, 'See the guide.']);
    // A short chunk (fewer than three stop words) is not judged: simple.
    assert.deepEqual(await configs(mixed), ['english', 'simple', 'simple', 'simple']);
    // A language the item names wins over the text; an unknown one is simple, as before.
    assert.deepEqual(await configs(await insertItem([PROSE, GERMAN], 'de')), ['german', 'german']);
    assert.deepEqual(await configs(await insertItem([PROSE], 'und')), ['simple']);
  });

  it("follows the item's language when it changes, and a chunk's text when it is edited", async () => {
    const db = stack.deps.db;
    const id = await insertItem([PROSE, CODE]);
    await db('knowledge').where({ id }).update({ language: 'fr' });
    assert.deepEqual(await configs(id), ['french', 'french']);
    await db('knowledge').where({ id }).update({ language: null });
    assert.deepEqual(await configs(id), ['english', 'simple']);
    await db('knowledge_chunks').where({ knowledge_id: id, chunk_index: 1 }).update({ content: PROSE });
    assert.deepEqual(await configs(id), ['english', 'english']);
    // The BM25 statistics follow the re-index (the chunk's length in lexemes changed with its configuration).
    const [stats] = await db('knowledge_keyword_stats').where({ knowledge_id: id }).select('lexemes');
    const [sum] = await db('knowledge_chunks').where({ knowledge_id: id }).sum({ n: 'content_lexemes' });
    assert.equal(Number(stats?.lexemes), Number(sum?.n));
  });

  it('finds prose by other forms of its words, without asking a chunk for stop words', async () => {
    await insertItem([PROSE, CODE, GERMAN]);
    // Every lexeme (hybrid's match for prose): "reading", "files" and "lines" stem to the page's words, and "how",
    // "do", "I", "a" are not asked for. Under `simple` alone this matched nothing.
    assert.deepEqual(await keyword('How do I read files line by line?', 'all'), [PROSE]);
    // Code and other languages are still matched word for word (unstemmed), stop words left out of the query.
    assert.deepEqual(await keyword('the json.dumps sort_keys', 'all'), [CODE]);
    assert.deepEqual(await keyword('Datei Zeile gelesen', 'all'), [GERMAN]);
    // A query of stop words alone asks for nothing.
    assert.deepEqual(await keyword('how do I', 'any'), []);
  });

  it('ranks the English page first through the service for a question in prose', async () => {
    const answer = await insertItem([PROSE]);
    await insertItem([CODE]);
    await insertItem(['A loop runs its body once for every item of a sequence, and a break statement ends it early.']);
    const results = await searchKnowledge({ db: stack.deps.db, embeddings: stack.deps.embeddings }, workspaceId, {
      query: 'how to read a text file one line after another',
      limit: 5,
      filter: {},
      mode: 'keyword',
    });
    assert.equal(results[0]?.row.id, answer);
  });
});
