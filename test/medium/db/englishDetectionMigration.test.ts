// Migration 0036 (keyword English detection) on a database that already holds chunks of items without a language:
// the ones that read as English are re-indexed under `english`, the BM25 statistics follow, and down restores
// `simple` and the query parsing it replaced.
import assert from 'node:assert/strict';
import { migrationSource } from '../../../src/db/migrations';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { createTenant, insertItem } from '../../helpers/factories';

const NAME = '0036_keyword_english_detection';
const PROSE = 'You can open a file with the built-in open function and then read it line by line in a loop.';
const CODE = 'json.dumps(data, sort_keys=True)';

describe(`migration ${NAME}`, () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  it('re-indexes the chunks of items without a language that read as English, and down restores simple', async () => {
    const { db } = t;
    const { workspaceId } = await createTenant(db);
    const configs = async () =>
      new Map(
        (
          await db('knowledge_chunks')
            .where({ workspace_id: workspaceId })
            .select('knowledge_id', db.raw('text_search_config::text as config'))
        ).map((r: { knowledge_id: string; config: string }) => [r.knowledge_id, r.config]),
      );
    const statsHold = async () => {
      const rows = await db('knowledge_keyword_stats as s')
        .where('s.workspace_id', workspaceId)
        .select(
          's.lexemes',
          db.raw(
            '(select sum(c.content_lexemes) from knowledge_chunks c where c.knowledge_id = s.knowledge_id) as sum',
          ),
        );
      for (const r of rows) assert.equal(Number(r.lexemes), Number(r.sum));
    };
    const parsed = async () =>
      String(
        (
          await db.raw("select kws_keyword_tsquery(?, array['']::text[], '&')::text as q", [
            'How do I read files, line by line?',
          ])
        ).rows[0].q,
      );
    const SIMPLE = "'by' & 'do' & 'files' & 'how' & 'i' & 'line' & 'read'";

    await db.migrate.down({ migrationSource, name: NAME });
    const prose = await insertItem(db, workspaceId, { title: 'Files', content: PROSE, vector: [1, 0, 0] });
    const code = await insertItem(db, workspaceId, { title: 'JSON', content: CODE, vector: [0, 1, 0] });
    assert.deepEqual(
      await configs(),
      new Map([
        [prose, 'simple'],
        [code, 'simple'],
      ]),
    );
    assert.equal(await parsed(), SIMPLE);

    await db.migrate.up({ migrationSource, name: NAME });
    assert.deepEqual(
      await configs(),
      new Map([
        [prose, 'english'],
        [code, 'simple'],
      ]),
    );
    await statsHold();
    // Under english and under simple without English stop words, either group matching.
    const both = await parsed();
    assert.equal(both, "'file' & 'line' & 'read' | 'files' & 'line' & 'read'");

    await db.migrate.down({ migrationSource, name: NAME });
    assert.equal((await configs()).get(prose), 'simple');
    await statsHold();
    assert.equal(await parsed(), SIMPLE);
    await db.migrate.up({ migrationSource, name: NAME });
  });
});
