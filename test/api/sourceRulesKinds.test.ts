// Permission-aware sync on a git repository (served by git http-backend on loopback) and on a website (a real HTTP
// server in the test), under ACTIVE RBAC: a git source maps CODEOWNERS owners and paths to roles, a file moved with
// `git mv` keeps its item and gets the roles of its new place, an edit of CODEOWNERS changes the owners' roles at the
// next sync; a website maps URL paths to roles, a page moved to another path comes back under its new rule; on
// both, a dry run of a change of rules is what the rules job then does.
import assert from 'node:assert/strict';
import { GitWorld, type GitServer } from '../helpers/gitServer';
import { page, startSite, type TestSite } from '../helpers/site';
import { getStack, type TestStack } from '../helpers/stack';
import { syncToEnd } from '../helpers/sources';
import {
  documentRoles,
  namesOf,
  roleFinds,
  rolesChangedReceiver,
  rulesJobToEnd,
  rulesWorld,
  type RulesWorld,
} from '../helpers/sourceRules';

const TEXTS = {
  POLICY: 'The leave policy grants twenty-six days a year, carried over until the end of March.',
  DESIGN: 'The design review approved the new queue partitioning by tenant and by region.',
  GUIDE: 'The contributor guide asks for one change per pull request and a short description.',
  BENEFITS: 'Benefits enrolment opens in November and closes on the last Friday of the month.',
  ROADMAP: 'The public roadmap lists the ferry app, the trail map and the puffin camera.',
} as const;

/** The dry run's changes as role names by key, and the roles each document changed from and to. */
function previewedChanges(
  world: RulesWorld,
  changes: Array<{ key: string; from: { roleIds: string[] }; to: { roleIds: string[] } }>,
) {
  return changes
    .map((c) => ({ key: c.key, from: namesOf(world, c.from.roleIds), to: namesOf(world, c.to.roleIds) }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

function changedBetween(
  before: Map<string, { roles: string[] }>,
  after: Map<string, { roles: string[] }>,
): Array<{ key: string; from: string[]; to: string[] }> {
  return [...after.entries()]
    .filter(([key, v]) => before.has(key) && v.roles.join() !== before.get(key)!.roles.join())
    .map(([key, v]) => ({ key, from: before.get(key)!.roles, to: v.roles }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** Dry-runs `change`, applies it with PATCH, follows the rules job, and checks the dry run was what it did. */
async function previewThenApply(
  stack: TestStack,
  world: RulesWorld,
  sourceId: string,
  change: Record<string, unknown>,
) {
  const before = await documentRoles(stack, world, sourceId);
  const preview = await stack.request('POST', world.v1(`/sources/${sourceId}/rules:preview`), {
    headers: world.headers,
    json: change,
  });
  assert.equal(preview.status, 200, preview.text);
  const patched = await stack.request('PATCH', world.v1(`/sources/${sourceId}`), {
    headers: world.headers,
    json: change,
  });
  assert.equal(patched.status, 200, patched.text);
  const job = await rulesJobToEnd(stack, world, patched.body.rulesJobId);
  assert.equal(job.status, 'COMPLETED');
  const after = await documentRoles(stack, world, sourceId);
  const did = changedBetween(before, after);
  assert.deepEqual(did, previewedChanges(world, preview.body.changes), 'the dry run is what the job did');
  assert.equal(preview.body.changing, did.length);
  return { did, after };
}

describe('source rules (git)', function () {
  this.timeout(600_000);
  let stack: TestStack;
  let git: GitWorld;
  let server: GitServer;
  let world: RulesWorld;
  let seq = 0;

  before(async () => {
    stack = await getStack();
    git = new GitWorld();
    server = await git.serve();
  });
  after(async () => {
    await server?.close();
    git?.dispose();
  });
  beforeEach(async () => {
    world = await rulesWorld(stack);
  });

  const sync = (sourceId: string) => syncToEnd(stack, world.tenant.workspaceId, world.headers, sourceId);

  it('maps CODEOWNERS owners and paths to roles; a moved file and an edited CODEOWNERS change roles; a dry run is what the job does', async () => {
    const name = `team-${++seq}-${Date.now()}`;
    const repo = git.createRepository(name);
    repo.write('.github/CODEOWNERS', '*  @acme/everyone\nhr/  @Acme/HR\n');
    repo.write('hr/policy.md', TEXTS.POLICY);
    repo.write('eng/design.md', TEXTS.DESIGN);
    repo.write('guide.md', TEXTS.GUIDE);
    repo.commit('first');
    const hooks = await rolesChangedReceiver(stack, world);
    try {
      const { roles } = world;
      const created = await stack.request('POST', world.v1('/sources'), {
        headers: world.headers,
        json: {
          kind: 'git',
          name: 'Team repository',
          config: { url: server.url(name), paths: ['**/*.md'], codeowners: '.github/CODEOWNERS' },
          roleIds: [roles.all],
          rules: [
            { match: { owners: ['@acme/hr'] }, roleIds: [roles.hr] },
            { match: { paths: ['eng/**'] }, roleIds: [roles.eng] },
          ],
        },
      });
      assert.equal(created.status, 201, created.text);
      const sourceId = created.body.id as string;
      assert.equal((await sync(sourceId)).status, 'COMPLETED');
      let roles1 = await documentRoles(stack, world, sourceId);
      assert.deepEqual(roles1.get('hr/policy.md')?.roles, ['hr']);
      assert.deepEqual(roles1.get('hr/policy.md')?.via, ['source rule 1']);
      assert.deepEqual(roles1.get('eng/design.md')?.roles, ['eng']);
      assert.deepEqual(roles1.get('guide.md')?.roles, ['all']);
      assert.ok(await roleFinds(stack, world, 'hr', TEXTS.POLICY));
      assert.ok(!(await roleFinds(stack, world, 'eng', TEXTS.POLICY)));

      // git mv: the same blob under hr/: the item stays, its owners are now @acme/hr.
      const design = roles1.get('eng/design.md')!.knowledgeId;
      repo.git('mv', 'eng/design.md', 'hr/design.md');
      repo.commit('move the design to hr');
      const moved = await sync(sourceId);
      assert.deepEqual([moved.added, moved.deleted, moved.unchanged, moved.chunksEmbedded], [0, 0, 3, 0]);
      roles1 = await documentRoles(stack, world, sourceId);
      assert.equal(roles1.get('hr/design.md')?.knowledgeId, design);
      assert.deepEqual(roles1.get('hr/design.md')?.roles, ['hr']);
      assert.ok(await roleFinds(stack, world, 'hr', TEXTS.DESIGN));
      assert.ok(!(await roleFinds(stack, world, 'eng', TEXTS.DESIGN)));

      // CODEOWNERS edited: guide.md now belongs to @acme/hr; its content is the same, its roles change.
      repo.write('.github/CODEOWNERS', '*  @acme/everyone\nhr/  @Acme/HR\n/guide.md @acme/hr\n');
      repo.commit('hr owns the guide');
      const owned = await sync(sourceId);
      assert.deepEqual([owned.unchanged, owned.updated, owned.chunksEmbedded], [3, 0, 0]);
      roles1 = await documentRoles(stack, world, sourceId);
      assert.deepEqual(roles1.get('guide.md')?.roles, ['hr']);
      const told = await hooks.documents(2);
      assert.deepEqual(told.map((d) => d.key).sort(), ['guide.md', 'hr/design.md']);

      // A change of rules: hr documents are shared with eng.
      await previewThenApply(stack, world, sourceId, {
        rules: [
          { match: { owners: ['@acme/hr'] }, roleIds: [roles.hr, roles.eng] },
          { match: { paths: ['eng/**'] }, roleIds: [roles.eng] },
        ],
      });
      assert.ok(await roleFinds(stack, world, 'eng', TEXTS.POLICY));
    } finally {
      await hooks.close();
    }
  });
});

describe('source rules (website)', function () {
  this.timeout(600_000);
  let stack: TestStack;
  let site: TestSite;
  let world: RulesWorld;

  before(async () => {
    stack = await getStack();
  });
  beforeEach(async () => {
    world = await rulesWorld(stack);
    site = await startSite();
  });
  afterEach(() => site?.close());

  const sync = (sourceId: string) => syncToEnd(stack, world.tenant.workspaceId, world.headers, sourceId);

  it("maps URL paths to roles; a page moved to another path comes back under its new place's rule; a dry run is what the job does", async () => {
    site.routes.set(
      '/',
      page('Harbour intranet', ['The intranet front page lists what is new.'], ['/hr/benefits', '/public/roadmap']),
    );
    site.routes.set('/hr/benefits', page('Benefits', [TEXTS.BENEFITS]));
    site.routes.set('/public/roadmap', page('Roadmap', [TEXTS.ROADMAP]));
    const { roles } = world;
    const created = await stack.request('POST', world.v1('/sources'), {
      headers: world.headers,
      json: {
        kind: 'website',
        name: 'Intranet',
        config: { url: `${site.origin}/`, maxPages: 20 },
        roleIds: [roles.all, roles.hr, roles.eng],
        rules: [{ match: { paths: ['hr/**'] }, roleIds: [roles.hr] }],
      },
    });
    assert.equal(created.status, 201, created.text);
    const sourceId = created.body.id as string;
    assert.equal((await sync(sourceId)).status, 'COMPLETED');
    let roles1 = await documentRoles(stack, world, sourceId);
    assert.deepEqual(roles1.get(`${site.origin}/hr/benefits`)?.roles, ['hr']);
    assert.deepEqual(roles1.get(`${site.origin}/public/roadmap`)?.roles, ['all', 'eng', 'hr']);
    assert.ok(!(await roleFinds(stack, world, 'all', TEXTS.BENEFITS)));
    assert.ok(await roleFinds(stack, world, 'hr', TEXTS.BENEFITS));

    // The page moves to /public/: its old URL is gone, its new one is a new page under the default.
    site.routes.delete('/hr/benefits');
    site.routes.set('/public/benefits', page('Benefits', [TEXTS.BENEFITS]));
    site.routes.set(
      '/',
      page('Harbour intranet', ['The intranet front page lists what is new.'], ['/public/benefits', '/public/roadmap']),
    );
    const moved = await sync(sourceId);
    assert.equal(moved.status, 'COMPLETED', JSON.stringify(moved));
    roles1 = await documentRoles(stack, world, sourceId);
    assert.equal(roles1.has(`${site.origin}/hr/benefits`), false);
    assert.deepEqual(roles1.get(`${site.origin}/public/benefits`)?.roles, ['all', 'eng', 'hr']);
    assert.ok(await roleFinds(stack, world, 'all', TEXTS.BENEFITS));

    // A change of rules: public pages only for eng.
    await previewThenApply(stack, world, sourceId, {
      rules: [
        { match: { paths: ['hr/**'] }, roleIds: [roles.hr] },
        { match: { paths: ['public/**'] }, roleIds: [roles.eng] },
      ],
    });
    assert.ok(!(await roleFinds(stack, world, 'all', TEXTS.ROADMAP)));
    assert.ok(await roleFinds(stack, world, 'eng', TEXTS.ROADMAP));
  });
});
