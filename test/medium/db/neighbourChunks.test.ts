// The chunks a RAG passage returns as its context (contextWindow; repositories/search.ts neighbourChunks) against
// the real PostgreSQL: neighbours of the same item version and page only, disabled chunks left out, in order.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { neighbourChunks } from '../../../src/db/repositories/search';
import { createTenant } from '../../helpers/factories';
import { getMediumStack } from '../../helpers/medium';

describe('neighbourChunks', () => {
  it('returns the enabled chunks around each chunk on its item version and page, in order', async () => {
    const { db } = (await getMediumStack()).deps;
    const { workspaceId } = await createTenant(db);
    const other = await createTenant(db);
    const item = randomUUID();
    await db('knowledge').insert({ id: item, workspace_id: workspaceId, type: 'FILE', title: 't', content: 'c' });
    // Version 1: chunks 0-5; 0-4 on page 1, 5 on page 2; chunk 1 disabled. Version 2: a chunk at index 2 too.
    const ids: string[] = [];
    const chunk = async (index: number, o: { page?: number; enabled?: boolean; version?: number } = {}) => {
      const id = randomUUID();
      await db('knowledge_chunks').insert({
        id,
        workspace_id: workspaceId,
        knowledge_id: item,
        version: o.version ?? 1,
        chunk_index: index,
        page_number: o.page ?? 1,
        content: `v${o.version ?? 1} c${index}`,
        enabled: o.enabled ?? true,
      });
      return id;
    };
    for (let i = 0; i < 6; i++) ids.push(await chunk(i, { page: i === 5 ? 2 : 1, enabled: i !== 1 }));
    await chunk(3, { version: 2 });

    const around = await neighbourChunks(db, workspaceId, [ids[2]!, ids[4]!, ids[0]!], 2);
    const texts = (id: string) => around.get(id)?.map((n) => `${n.offset}:${n.content}`);
    assert.deepEqual(texts(ids[2]!), ['-2:v1 c0', '1:v1 c3', '2:v1 c4'], 'c1 disabled, version 2 not mixed in');
    assert.deepEqual(texts(ids[4]!), ['-2:v1 c2', '-1:v1 c3'], 'c5 is on the next page');
    assert.deepEqual(texts(ids[0]!), ['2:v1 c2']);
    assert.equal((await neighbourChunks(db, workspaceId, [ids[2]!], 0)).size, 0);
    assert.equal((await neighbourChunks(db, other.workspaceId, [ids[2]!], 1)).size, 0, 'another workspace sees none');
  });
});
