// A listing reads every column of an item but its content by name (repositories/listedItems.ts): a column a
// migration adds must join the list, or listed rows would silently lack it.
import assert from 'node:assert/strict';
import { ITEM_COLUMNS_BUT_CONTENT } from '../../../src/db/repositories/listedItems';
import { getMediumStack } from '../../helpers/medium';

describe('listed item columns', () => {
  it("are the knowledge table's columns but content", async () => {
    const { db } = (await getMediumStack()).deps;
    const rows = await db('information_schema.columns')
      .where({ table_schema: db.raw('current_schema()'), table_name: 'knowledge' })
      .select<{ column_name: string }[]>('column_name');
    const columns = rows.map((r) => r.column_name).filter((c) => c !== 'content');
    assert.deepEqual([...ITEM_COLUMNS_BUT_CONTENT].sort(), columns.sort());
  });
});
