// Who sees which knowledge through the search services: under ACTIVE RBAC a role-bound credential finds only
// its role's items, an end user's credential without a role finds none, the workspace credential finds all;
// without RBAC no role filter applies; another workspace's items are never found.
import assert from 'node:assert/strict';
import * as rolesRepo from '../../../src/db/repositories/roles';
import type { AuthState } from '../../../src/policies/credentials';
import { accessFilter } from '../../../src/services/access/accessFilter';
import { KnowledgeMessages, loadKnowledge } from '../../../src/services/knowledge/knowledge';
import { knowledgeRag } from '../../../src/services/search/rag';
import { searchKnowledge, titleSearch, type SearchMode } from '../../../src/services/search/search';
import { accessAuth, apiKeyAuth, createWorkspace, rejectsWithAppError, type Workspace } from '../../helpers/actors';
import { insertItem, seededVector } from '../../helpers/factories';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

describe('search scope by credential', function () {
  this.timeout(60_000);
  let stack: MediumStack;
  let rbac: Workspace;
  let open: Workspace;
  let foreign: Workspace;
  const items = { a: '', b: '', none: '', openA: '', openNone: '', foreign: '' };
  let roleA: string;
  let roleB: string;

  /** Titles of every item the credential's search finds, sorted. */
  async function found(auth: AuthState, mode: SearchMode): Promise<string[]> {
    const filter = await accessFilter(stack.deps, auth);
    const results = await searchKnowledge(stack.deps, auth.workspace.id, {
      query: 'quarterly harbour report',
      limit: 20,
      filter,
      mode,
    });
    return results.map((r) => r.row.title).sort();
  }

  before(async () => {
    stack = await getMediumStack();
    const db = stack.deps.db;
    const dim = stack.deps.embeddings.dimension;
    rbac = await createWorkspace(db, { rbac: true });
    open = await createWorkspace(db);
    foreign = await createWorkspace(db);
    roleA = (await rolesRepo.insertRole(db, rbac.workspace.id, { name: 'A' })).id;
    roleB = (await rolesRepo.insertRole(db, rbac.workspace.id, { name: 'B' })).id;
    const openRole = (await rolesRepo.insertRole(db, open.workspace.id, { name: 'A' })).id;
    const item = (w: Workspace, title: string, roleIds: string[], seed: number) =>
      insertItem(db, w.workspace.id, {
        title: `quarterly harbour report ${title}`,
        roleIds,
        vector: seededVector(dim, seed),
      });
    items.a = await item(rbac, 'for A', [roleA], 1);
    items.b = await item(rbac, 'for B', [roleB], 2);
    items.none = await item(rbac, 'for nobody', [], 3);
    items.openA = await item(open, 'open for A', [openRole], 4);
    items.openNone = await item(open, 'open for nobody', [], 5);
    items.foreign = await item(foreign, 'foreign', [], 6);
  });

  const title = (suffix: string) => `quarterly harbour report ${suffix}`;

  for (const mode of ['semantic', 'hybrid', 'keyword'] as const) {
    it(`${mode}: a role-bound credential finds its role's items only; a roleless end user finds none`, async () => {
      assert.deepEqual(await found(accessAuth(rbac, { roleId: roleA }), mode), [title('for A')]);
      assert.deepEqual(await found(accessAuth(rbac, { roleId: roleB, subject: 'bob' }), mode), [title('for B')]);
      assert.deepEqual(await found(accessAuth(rbac, { subject: 'carol' }), mode), []);
      assert.deepEqual(
        await found(apiKeyAuth(rbac), mode),
        [title('for A'), title('for B'), title('for nobody')].sort(),
      );
      assert.deepEqual(await found(accessAuth(rbac), mode), await found(apiKeyAuth(rbac), mode));
    });
  }

  it('applies no role filter without ACTIVE RBAC, and never crosses workspaces', async () => {
    const all = [title('open for A'), title('open for nobody')].sort();
    assert.deepEqual(await found(accessAuth(open, { subject: 'carol' }), 'semantic'), all);
    assert.deepEqual(await found(accessAuth(open, { roleId: roleA }), 'hybrid'), all);
    assert.deepEqual(await found(apiKeyAuth(foreign), 'semantic'), [title('foreign')]);
  });

  it('narrows title search, item reads and RAG passages the same way', async () => {
    const db = stack.deps.db;
    const roleAAuth = accessAuth(rbac, { roleId: roleA });
    const titles = await titleSearch({ db: db }, rbac.workspace.id, {
      title: 'harbour',
      limit: 20,
      filter: await accessFilter({ db: db }, roleAAuth),
    });
    assert.deepEqual(
      titles.map((r) => r.row.id),
      [items.a],
    );

    assert.equal(
      (await loadKnowledge({ db: db }, rbac.workspace.id, items.a, await accessFilter({ db: db }, roleAAuth))).id,
      items.a,
    );
    for (const [auth, id] of [
      [roleAAuth, items.b],
      [roleAAuth, items.none],
      [accessAuth(rbac, { subject: 'carol' }), items.a],
      [apiKeyAuth(rbac), items.foreign],
    ] as const) {
      await rejectsWithAppError(
        loadKnowledge({ db: db }, rbac.workspace.id, id, await accessFilter({ db: db }, auth)),
        {
          status: 404,
          message: KnowledgeMessages.notFound,
        },
      );
    }

    const rag = async (auth: AuthState) =>
      (await knowledgeRag(stack.deps, auth, { text: 'harbour report', topK: 10 })).knowledgeResults.map((p) => p.text);
    assert.deepEqual(await rag(roleAAuth), [title('for A')]);
    assert.deepEqual(await rag(accessAuth(rbac, { subject: 'carol' })), []);
    assert.equal((await rag(apiKeyAuth(rbac))).length, 3);
  });

  it('refuses an audience of another workspace (404)', async () => {
    await rejectsWithAppError(
      accessFilter(stack.deps, apiKeyAuth(rbac), { audienceId: '00000000-0000-4000-8000-000000000000' }),
      { status: 404, message: 'Audience not found' },
    );
  });
});
