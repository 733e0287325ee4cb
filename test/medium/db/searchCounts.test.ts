// The searchable-chunk counts the search plan is chosen from (migration 0009_hybrid_search triggers,
// src/db/repositories/searchCounts.ts) against the real PostgreSQL: after any sequence of the changes the
// service makes (chunks added and removed, disabled and enabled, versions switched, items completed, failed,
// moved, relabelled, deleted, roles and audiences assigned and removed, a role deleted, counts folded) every
// scope's count equals a count of the rows themselves (the enabled chunks of current versions).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { FOLD_ABOVE_ROWS, foldScopeCounts, scopeCounts } from '../../../src/db/repositories/searchCounts';
import { createRole, createTenant } from '../../helpers/factories';
import { kept, truth } from '../../helpers/searchCounts';
import { getMediumStack } from '../../helpers/medium';

const op = fc.oneof(
  fc.record({ kind: fc.constant('addItem' as const), status: fc.constantFrom('COMPLETED', 'BACKGROUND_START') }),
  fc.record({
    kind: fc.constant('addChunks' as const),
    item: fc.nat(),
    n: fc.integer({ min: 1, max: 4 }),
    version: fc.constantFrom(1, 2),
  }),
  fc.record({ kind: fc.constant('deleteChunk' as const), item: fc.nat(), version: fc.constantFrom(1, 2) }),
  fc.record({ kind: fc.constant('switchVersion' as const), item: fc.nat(), version: fc.constantFrom(1, 2) }),
  fc.record({ kind: fc.constant('toggleChunk' as const), item: fc.nat(), nth: fc.nat(5) }),
  fc.record({
    kind: fc.constant('setStatus' as const),
    item: fc.nat(),
    status: fc.constantFrom('COMPLETED', 'BACKGROUND_ERROR', 'BACKGROUND_START'),
  }),
  fc.record({ kind: fc.constant('setLanguage' as const), item: fc.nat(), language: fc.constantFrom(null, 'en', 'fr') }),
  fc.record({ kind: fc.constant('moveSpace' as const), item: fc.nat(), toSpace: fc.boolean() }),
  fc.record({ kind: fc.constant('assignRole' as const), item: fc.nat(), role: fc.nat(2) }),
  fc.record({ kind: fc.constant('unassignRole' as const), item: fc.nat(), role: fc.nat(2) }),
  fc.record({ kind: fc.constant('assignAudience' as const), item: fc.nat() }),
  fc.record({ kind: fc.constant('unassignAudience' as const), item: fc.nat() }),
  fc.record({ kind: fc.constant('deleteItem' as const), item: fc.nat() }),
  fc.record({ kind: fc.constant('deleteRole' as const), role: fc.nat(2) }),
  fc.record({ kind: fc.constant('fold' as const) }),
);

describe('searchable-chunk counts', function () {
  this.timeout(180_000);

  it('equal the rows after any sequence of changes', async () => {
    const { db } = (await getMediumStack()).deps;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const { workspaceId } = await createTenant(db);
        const roles = [
          (await createRole(db, workspaceId)).id,
          (await createRole(db, workspaceId)).id,
          (await createRole(db, workspaceId)).id,
        ];
        const audience = randomUUID();
        await db('audiences').insert({ id: audience, workspace_id: workspaceId, name: 'a' });
        const owner = randomUUID();
        await db('space_users').insert({ id: owner, workspace_id: workspaceId, external_id: owner });
        const space = randomUUID();
        await db('spaces').insert({ id: space, workspace_id: workspaceId, owner_id: owner, name: 's' });
        const items: string[] = [];
        const chunks = new Map<string, number>();
        const deletedRoles = new Set<number>();
        const pick = (n: number) => items[n % items.length] as string;
        for (const o of ops) {
          if (o.kind === 'addItem') {
            const id = randomUUID();
            await db('knowledge').insert({
              id,
              workspace_id: workspaceId,
              type: 'STRING',
              title: 't',
              status: o.status,
            });
            items.push(id);
            continue;
          }
          if (o.kind === 'fold') {
            await foldScopeCounts(
              db,
              workspaceId,
              Object.keys(await truth(db, workspaceId)).concat(roles.map((r) => `role:${r}`)),
            );
            continue;
          }
          if (o.kind === 'deleteRole') {
            await db('roles').where({ id: roles[o.role] }).delete();
            deletedRoles.add(o.role);
            continue;
          }
          if (items.length === 0) continue;
          const item = pick(o.item);
          const where = { knowledge_id: item };
          const key = 'version' in o ? `${item}:${o.version}` : item;
          switch (o.kind) {
            case 'addChunks': {
              const from = chunks.get(key) ?? 0;
              await db('knowledge_chunks').insert(
                Array.from({ length: o.n }, (_, i) => ({
                  id: randomUUID(),
                  workspace_id: workspaceId,
                  knowledge_id: item,
                  version: o.version,
                  chunk_index: from + i,
                  page_number: 1,
                  content: `chunk ${from + i}`,
                })),
              );
              chunks.set(key, from + o.n);
              break;
            }
            case 'deleteChunk':
              await db('knowledge_chunks')
                .where({ ...where, version: o.version })
                .andWhere('chunk_index', (chunks.get(key) ?? 0) - 1)
                .delete();
              chunks.set(key, Math.max(0, (chunks.get(key) ?? 0) - 1));
              break;
            case 'switchVersion':
              await db('knowledge').where({ id: item }).update({ current_version: o.version });
              break;
            case 'toggleChunk':
              await db('knowledge_chunks')
                .whereIn(
                  'id',
                  db('knowledge_chunks')
                    .select('id')
                    .where(where)
                    .orderBy(['version', 'chunk_index'])
                    .offset(o.nth)
                    .limit(1),
                )
                .update({ enabled: db.raw('NOT enabled') });
              break;
            case 'setStatus':
              await db('knowledge').where({ id: item }).update({ status: o.status });
              break;
            case 'setLanguage':
              await db('knowledge').where({ id: item }).update({ language: o.language });
              break;
            case 'moveSpace':
              await db('knowledge')
                .where({ id: item })
                .update({ space_id: o.toSpace ? space : null });
              break;
            case 'assignRole':
              if (deletedRoles.has(o.role)) break;
              await db('knowledge_roles')
                .insert({ ...where, role_id: roles[o.role], workspace_id: workspaceId })
                .onConflict(['knowledge_id', 'role_id'])
                .ignore();
              break;
            case 'unassignRole':
              await db('knowledge_roles')
                .where({ ...where, role_id: roles[o.role] })
                .delete();
              break;
            case 'assignAudience':
              await db('knowledge_audiences')
                .insert({ ...where, audience_id: audience, workspace_id: workspaceId })
                .onConflict(['knowledge_id', 'audience_id'])
                .ignore();
              break;
            case 'unassignAudience':
              await db('knowledge_audiences')
                .where({ ...where, audience_id: audience })
                .delete();
              break;
            case 'deleteItem':
              await db('knowledge').where({ id: item }).delete();
              items.splice(items.indexOf(item), 1);
              break;
          }
        }
        assert.deepEqual(await kept(db, workspaceId), await truth(db, workspaceId));
      }),
      { numRuns: 25 },
    );
  });

  it('follow many changes in few rows once a reader folds them, and leave with their workspace', async () => {
    const { db } = (await getMediumStack()).deps;
    const { workspaceId } = await createTenant(db);
    for (let i = 0; i < FOLD_ABOVE_ROWS + 4; i++) {
      const id = randomUUID();
      await db('knowledge').insert({ id, workspace_id: workspaceId, type: 'STRING', title: 't', status: 'COMPLETED' });
      await db('knowledge_chunks').insert({
        id: randomUUID(),
        workspace_id: workspaceId,
        knowledge_id: id,
        chunk_index: 0,
        page_number: 1,
        content: 'x',
      });
    }
    const first = await scopeCounts(db, workspaceId, ['workspace', 'role:none'], { languages: true });
    assert.equal(first.chunks.get('workspace'), FOLD_ABOVE_ROWS + 4);
    assert.equal(first.chunks.get('role:none'), 0);
    assert.deepEqual(first.languages, ['']);
    assert.deepEqual(first.fragmented.sort(), ['language:', 'workspace']);
    await foldScopeCounts(db, workspaceId, first.fragmented);
    const rows = await db('knowledge_search_counts').where({ workspace_id: workspaceId }).count({ n: '*' });
    assert.equal(Number(rows[0]?.n), 2);
    const again = await scopeCounts(db, workspaceId, ['workspace']);
    assert.equal(again.chunks.get('workspace'), FOLD_ABOVE_ROWS + 4);
    assert.deepEqual(again.fragmented, []);

    // A workspace removed for good takes its items and counts along (the item trigger adds nothing then).
    await db('workspaces').where({ id: workspaceId }).delete();
    assert.deepEqual(await kept(db, workspaceId), {});
  });
});
