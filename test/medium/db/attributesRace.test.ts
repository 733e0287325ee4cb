// A child made while its parent's attributes are being replaced copies the new ones: the child's insert waits
// for the parent's PATCH (the row it holds FOR UPDATE) instead of copying the old values the PATCH's update of
// the children, which cannot see the uncommitted child, would then leave behind.
import assert from 'node:assert/strict';
import * as knowledge from '../../../src/db/repositories/knowledge';
import { createTenant } from '../../helpers/factories';
import { getMediumStack } from '../../helpers/medium';

describe('attributes copied to a child during its parent PATCH', () => {
  it('the new child carries the attributes the PATCH commits', async () => {
    const { db } = (await getMediumStack()).deps;
    const ws = (await createTenant(db)).workspaceId;
    const parent = await knowledge.insertKnowledge(db, ws, {
      createdBy: null,
      type: 'WEBSITE',
      title: 'Site',
      attributes: { source: 'old' },
    });
    const patch = await db.transaction();
    try {
      const locked = await knowledge.findKnowledge(patch, ws, parent.id, { forUpdate: true });
      await knowledge.replaceAttributes(patch, ws, parent.id, locked!.attributes, { source: 'new' }, 16);
      const child = knowledge.insertKnowledge(db, ws, {
        createdBy: null,
        type: 'URL',
        title: 'Page',
        parentId: parent.id,
      });
      // The insert is waiting on the parent's row lock (polled, not slept: it is seen waiting, then released).
      for (let i = 0; ; i++) {
        const { rows } = await db.raw(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'insert into "knowledge"%'`,
        );
        if (rows[0].n > 0) break;
        assert.ok(i < 200, 'the child insert never waited for the PATCH');
        await new Promise((r) => setTimeout(r, 25));
      }
      await patch.commit();
      assert.deepEqual((await child).attributes, { source: 'new' });
    } finally {
      if (!patch.isCompleted()) await patch.rollback();
    }
  });
});
