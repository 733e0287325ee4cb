// A category listing's bounds (the spec gives it no pages): at most so many items, newest first, and only while
// the texts it shows (an item's URL, else its text's first 500 characters) add up to a byte budget; `admitted` counts every item the
// access filter lets through, so the caller learns that some were left out.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as catalog from '../../../src/db/repositories/catalog';
import { LISTED_CONTENT_MAX_CHARS } from '../../../src/domain/listing';
import { createRole, createTenant } from '../../helpers/factories';
import { getMediumStack } from '../../helpers/medium';

describe('category listing bounds', function () {
  this.timeout(60_000);

  it('stops at the item count and at the byte budget of what it shows, and counts what the filter admits', async () => {
    const { db } = (await getMediumStack()).deps;
    const { workspaceId } = await createTenant(db);
    const role = await createRole(db, workspaceId);
    const category = await catalog.insertCategory(db, workspaceId, { name: 'Handbook' });
    const base = Date.parse('2026-01-01T00:00:00Z');
    // Newest first: a link (its URL shown, 20 bytes), then texts of 100, 10 and 10 bytes (their content shown).
    const items = [
      { type: 'STRING', content: 'a'.repeat(10) },
      { type: 'STRING', content: 'b'.repeat(10) },
      { type: 'STRING', content: 'c'.repeat(100) },
      { type: 'LINK', content: 'https://x.example/dd', url: 'https://x.example/dd' },
    ].map((item, i) => ({
      id: randomUUID(),
      workspace_id: workspaceId,
      title: `item ${i}`,
      url: null,
      ...item,
      created_at: new Date(base + i * 1000),
    }));
    await db('knowledge').insert(items);
    await catalog.linkCategoryKnowledge(
      db,
      workspaceId,
      category.id,
      items.map((i) => i.id),
    );
    const list = async (max: { items: number; bytes: number }, access = {}) => {
      const { rows, admitted } = await catalog.categoryKnowledge(db, workspaceId, category.id, access, max);
      return { titles: rows.map((r) => r.title), admitted, categories: new Set(rows.map((r) => r.category_id)) };
    };

    const all = await list({ items: 10, bytes: 1_000 });
    assert.deepEqual(all.titles, ['item 3', 'item 2', 'item 1', 'item 0']);
    assert.deepEqual([...all.categories], [category.id]);
    assert.equal(all.admitted, 4);
    assert.deepEqual((await list({ items: 2, bytes: 1_000 })).titles, ['item 3', 'item 2']);
    // 20 + 100 bytes fit in 125; the next 10 would not.
    const byBytes = await list({ items: 10, bytes: 125 });
    assert.deepEqual(byBytes.titles, ['item 3', 'item 2']);
    assert.equal(byBytes.admitted, 4);
    // Nothing fits: none shown, and the count still says there were some.
    assert.deepEqual(await list({ items: 10, bytes: 5 }), { titles: [], admitted: 4, categories: new Set() });
    // The access filter applies before the bounds: a role that holds one item sees it alone.
    await db('knowledge_roles').insert({ knowledge_id: items[0]!.id, role_id: role.id, workspace_id: workspaceId });
    const scoped = await list({ items: 10, bytes: 1_000 }, { roleIds: [role.id] });
    assert.deepEqual([scoped.titles, scoped.admitted], [['item 0'], 1]);
  });

  it("counts a long text as the 500 characters it shows, and reads no more than a listing's share of it", async () => {
    const { db } = (await getMediumStack()).deps;
    const { workspaceId } = await createTenant(db);
    const category = await catalog.insertCategory(db, workspaceId, { name: 'Manuals' });
    const long = {
      id: randomUUID(),
      workspace_id: workspaceId,
      type: 'STRING',
      title: 'long',
      content: 'x'.repeat(50_000),
    };
    await db('knowledge').insert(long);
    await catalog.linkCategoryKnowledge(db, workspaceId, category.id, [long.id]);
    // 500 bytes shown fit in a budget of 600: the 50,000 bytes it holds are not what the listing shows.
    const { rows } = await catalog.categoryKnowledge(db, workspaceId, category.id, {}, { items: 10, bytes: 600 });
    assert.deepEqual(
      rows.map((r) => [r.title, r.content.length, r.content_truncated]),
      [['long', LISTED_CONTENT_MAX_CHARS, true]],
    );
  });
});
