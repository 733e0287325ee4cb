import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as spaces from '../../src/db/repositories/spaces';
import { accessHeaders } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';
import { childEnv, kwsBin, runNode } from '../helpers/processes';

async function waitForRow(find: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await find()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the row never appeared');
}

describe('kws admin CLI', () => {
  let stack: TestStack;
  let env: NodeJS.ProcessEnv;
  let dataDir: string;
  const kws = async (...args: string[]) => {
    const res = await runNode([kwsBin, ...args, '--json'], env);
    if (res.code !== 0) throw new Error(`kws ${args.join(' ')} exited ${res.code}: ${res.stderr}`);
    const lines = res.stdout.trim().split('\n');
    assert.equal(lines.length, 1, `exactly one JSON value: ${res.stdout}`);
    return JSON.parse(lines[0]!);
  };
  before(async () => {
    stack = await getStack();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-cli-'));
    env = childEnv({ DATABASE_URL: stack.testDb.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('bootstrap --json prints exactly {organizationId, workspaceId, apiKey}, and the key works', async () => {
    const out = await kws('bootstrap');
    assert.deepEqual(Object.keys(out).sort(), ['apiKey', 'organizationId', 'workspaceId']);
    const res = await stack.request('POST', `/workspaces/${out.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': out.apiKey },
    });
    assert.equal(res.status, 200, res.text);
  });

  it('bootstrap --org-name/--workspace-name/--key-name name what it creates', async () => {
    const out = await kws(
      'bootstrap',
      '--org-name',
      'Acme Support',
      '--workspace-name',
      'Help centre',
      '--key-name',
      'backend',
    );
    const ws = (await kws('workspace', 'list', '--org', out.organizationId)) as Array<{ id: string; name: string }>;
    assert.deepEqual(
      ws.map((w) => [w.id, w.name]),
      [[out.workspaceId, 'Help centre']],
    );
    const orgs = (await kws('org', 'list')) as Array<{ id: string; name: string }>;
    assert.equal(orgs.find((o) => o.id === out.organizationId)?.name, 'Acme Support');
    const keys = (await kws('apikey', 'list', '--workspace', out.workspaceId)) as Array<{ name: string }>;
    assert.deepEqual(
      keys.map((k) => k.name),
      ['backend'],
    );
  });

  it('without DATABASE_URL or a running service, refuses to bootstrap into a data directory with no database', async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'kws-cli-none-'));
    try {
      // A runtime.json whose process is gone is no running service.
      await writeFile(
        path.join(elsewhere, 'runtime.json'),
        JSON.stringify({
          pid: 2 ** 22 + 1, // above Linux's highest pid: no such process
          databaseUrl: 'postgres://127.0.0.1:1/kws',
          s3: { endpoint: 'http://127.0.0.1:1', accessKeyId: 'a', secretAccessKey: 'b', bucket: 'kws' },
          temporalAddress: '127.0.0.1:1',
          baseUrl: 'https://127.0.0.1:1',
        }),
      );
      const res = await runNode(
        [kwsBin, 'bootstrap', '--json'],
        childEnv({ DATA_DIR: elsewhere, LOG_LEVEL: 'silent' }),
      );
      assert.equal(res.code, 1, res.stdout);
      assert.equal(res.stdout, '');
      const { error } = JSON.parse(res.stderr.trim()) as { error: string };
      assert.match(error, new RegExp(`^no running service uses DATA_DIR=${elsewhere} `));
      assert.match(error, /--init/);
      assert.deepEqual(await readdir(elsewhere), ['runtime.json'], 'no database was created');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('creates and revokes keys, soft-deletes workspaces (410 from then on)', async () => {
    const org = await kws('org', 'create', '--name', 'Acme');
    const ws = await kws('workspace', 'create', '--org', org.id, '--name', 'Support');
    const key = await kws('apikey', 'create', '--workspace', ws.id, '--name', 'ci');
    assert.match(key.apiKey, /^sk-kws-/);
    const tokenPath = `/workspaces/${ws.id}/generate-access-key-token`;
    assert.equal((await stack.request('POST', tokenPath, { headers: { 'x-api-key': key.apiKey } })).status, 200);
    const listed = await kws('apikey', 'list', '--workspace', ws.id);
    assert.equal(listed.length, 1);
    assert.equal(listed[0].apiKey, undefined, 'the key is never shown again');
    assert.equal(key.apiKey.startsWith(listed[0].prefix), true);
    await kws('apikey', 'revoke', '--workspace', ws.id, '--id', key.id);
    assert.equal((await stack.request('POST', tokenPath, { headers: { 'x-api-key': key.apiKey } })).status, 401);

    const key2 = await kws('apikey', 'create', '--workspace', ws.id);
    await kws('workspace', 'delete', '--workspace', ws.id);
    const gone = await stack.request('POST', tokenPath, { headers: { 'x-api-key': key2.apiKey } });
    assert.equal(gone.status, 410);
    assert.equal(gone.body.message, 'Workspace is deleted');
  });

  it('manages users, categories (with knowledge links) and taxonomies (roles, languages, categories, published)', async () => {
    const boot = await kws('bootstrap');
    const user = await kws(
      'user',
      'create',
      '--org',
      boot.organizationId,
      '--name',
      'Ada',
      '--email',
      'ada@example.com',
    );
    assert.equal(user.email, 'ada@example.com');
    const cat = await kws(
      'category',
      'create',
      '--workspace',
      boot.workspaceId,
      '--name',
      'Billing',
      '--description',
      'Invoices',
    );
    const item = await kws(
      'knowledge',
      'create',
      '--workspace',
      boot.workspaceId,
      '--type',
      'LINK',
      '--title',
      'FAQ',
      '--content',
      'https://example.com/faq',
    );
    assert.deepEqual(
      await kws('category', 'link', '--workspace', boot.workspaceId, '--id', cat.id, '--knowledge', item.id),
      {
        categoryId: cat.id,
        linked: 1,
      },
    );
    const updated = await kws(
      'category',
      'update',
      '--workspace',
      boot.workspaceId,
      '--id',
      cat.id,
      '--name',
      'Billing & payments',
    );
    assert.equal(updated.name, 'Billing & payments');
    const aud = await kws('audience', 'create', '--workspace', boot.workspaceId, '--name', 'Partners');
    const linked = await kws(
      'audience',
      'link',
      '--workspace',
      boot.workspaceId,
      '--id',
      aud.id,
      '--knowledge',
      item.id,
    );
    assert.deepEqual(linked, { audienceId: aud.id, linked: 1 });
    assert.equal((await stack.deps.db('knowledge_audiences').where({ audience_id: aud.id })).length, 1);
    // Roles come from the API (its workflow checks and records them); the CLI has no role command.
    const { headers } = await accessHeaders(stack, boot);
    const created = await stack.request('POST', `/v1/workspaces/${boot.workspaceId}/role`, {
      headers,
      json: { name: 'Agents', customerRoleId: 'agents' },
    });
    assert.equal(created.status, 200, created.text);
    const role = { id: created.body.roleId as string };
    await waitForRow(() => stack.deps.db('roles').where({ id: role.id }).first());
    const tax = await kws(
      'taxonomy',
      'create',
      '--workspace',
      boot.workspaceId,
      '--name',
      'Main',
      '--published',
      '--role',
      role.id,
      '--language',
      'en,fr',
      '--category',
      cat.id,
    );
    assert.equal(tax.published, true);
    const db = stack.deps.db;
    assert.deepEqual(
      (await db('taxonomy_roles').where({ taxonomy_id: tax.id })).map((r) => r.role_id),
      [role.id],
    );
    assert.deepEqual(
      (await db('taxonomy_languages').where({ taxonomy_id: tax.id }).orderBy('language_id')).map((r) => r.language_id),
      ['en', 'fr'],
    );
    assert.deepEqual(
      (await db('taxonomy_categories').where({ taxonomy_id: tax.id })).map((r) => r.category_id),
      [cat.id],
    );
    const unpublished = await kws(
      'taxonomy',
      'update',
      '--workspace',
      boot.workspaceId,
      '--id',
      tax.id,
      '--published',
      'false',
    );
    assert.equal(unpublished.published, false);
    await kws('taxonomy', 'delete', '--workspace', boot.workspaceId, '--id', tax.id);
    await kws('category', 'delete', '--workspace', boot.workspaceId, '--id', cat.id);
    assert.equal((await db('categories').where({ id: cat.id })).length, 0);
  });

  it('adds space members and sets what RAG may show of an item', async () => {
    const boot = await kws('bootstrap');
    const owner = await spaces.upsertSpaceUser(stack.deps.db, boot.workspaceId, { externalId: 'owner' });
    const { space } = await spaces.ensureSpace(stack.deps.db, boot.workspaceId, owner);
    const added = await kws(
      'space',
      'add-member',
      '--workspace',
      boot.workspaceId,
      '--space',
      space.id,
      '--user',
      'helper',
      '--role',
      'CO_HOST',
    );
    assert.deepEqual(added, { spaceId: space.id, userId: 'helper', role: 'CO_HOST' });
    const members = await spaces.members(stack.deps.db, space.id);
    assert.deepEqual(
      members.map((m) => [m.external_id, m.role]),
      [
        ['owner', 'HOST'],
        ['helper', 'CO_HOST'],
      ],
    );
    const item = await kws(
      'knowledge',
      'create',
      '--workspace',
      boot.workspaceId,
      '--type',
      'FILE',
      '--title',
      'Deck',
      '--visibility',
      'none',
    );
    assert.equal((await stack.deps.db('knowledge').where({ id: item.id }).first()).source_visibility, 'none');
    await kws('knowledge-visibility', '--workspace', boot.workspaceId, '--id', item.id, '--visibility', 'download');
    assert.equal((await stack.deps.db('knowledge').where({ id: item.id }).first()).source_visibility, 'download');
  });

  it('has no role command: roles are created through the API only', async () => {
    const boot = await kws('bootstrap');
    const res = await runNode([kwsBin, 'role', 'create', '--workspace', boot.workspaceId, '--name', 'X'], env);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /unknown command 'role'/);
    assert.equal((await stack.deps.db('roles').where({ workspace_id: boot.workspaceId })).length, 0);
  });

  it("answers with the services' messages: unknown records, deleted workspaces, unknown taxonomy links", async () => {
    const boot = await kws('bootstrap');
    const fail = async (...args: string[]) => {
      const res = await runNode([kwsBin, ...args, '--json'], env);
      assert.equal(res.code, 1, res.stdout);
      return JSON.parse(res.stderr.trim()).error as string;
    };
    const missing = '00000000-0000-4000-8000-000000000000';
    const w = ['--workspace', boot.workspaceId];
    assert.equal(
      await fail('category', 'update', ...w, '--id', missing, '--name', 'x'),
      `category ${missing} not found`,
    );
    assert.equal(await fail('taxonomy', 'delete', ...w, '--id', missing), `taxonomy ${missing} not found`);
    assert.equal(
      await fail('workspace', 'create', '--org', missing, '--name', 'x'),
      `organization ${missing} not found`,
    );
    assert.equal(
      await fail('apikey', 'revoke', ...w, '--id', missing),
      `API key ${missing} not found or already revoked`,
    );
    // Listing the keys of a workspace that does not exist is an error too, not an empty list.
    for (const command of [['list'], ['revoke', '--id', missing]]) {
      assert.equal(
        await fail('apikey', ...command, '--workspace', missing),
        `workspace ${missing} not found`,
        command.join(' '),
      );
    }
    assert.equal(
      await fail('knowledge-visibility', ...w, '--id', missing, '--visibility', 'none'),
      `knowledge ${missing} not found`,
    );
    // An unknown role undoes the whole create: no taxonomy is left behind.
    assert.equal(
      await fail('taxonomy', 'create', ...w, '--name', 'T', '--role', missing),
      `not found in this workspace: ${missing}`,
    );
    assert.equal((await stack.deps.db('taxonomies').where({ workspace_id: boot.workspaceId })).length, 0);
    await kws('workspace', 'delete', ...w);
    assert.equal(await fail('category', 'create', ...w, '--name', 'x'), `workspace ${boot.workspaceId} is deleted`);
  });

  it('fails with a JSON error and exit code 1 on bad input, and links nothing across workspaces', async () => {
    const bad = await runNode([kwsBin, 'workspace', 'create', '--org', 'not-a-uuid', '--name', 'x', '--json'], env);
    assert.equal(bad.code, 1);
    assert.match(JSON.parse(bad.stderr.trim()).error, /--org must be a UUID/);
    // An argument error is one JSON value too (not commander's text and usage).
    const missing = await runNode([kwsBin, 'category', 'create', '--name', 'x', '--json'], env);
    assert.equal(missing.code, 1);
    assert.deepEqual(JSON.parse(missing.stderr.trim()), {
      error: "required option '--workspace <workspaceId>' not specified",
      code: 'commander.missingMandatoryOptionValue',
    });
    const a = await kws('bootstrap');
    const b = await kws('bootstrap');
    const cat = await kws('category', 'create', '--workspace', a.workspaceId, '--name', 'A');
    const foreign = await kws('knowledge', 'create', '--workspace', b.workspaceId, '--type', 'STRING', '--title', 'B');
    const res = await runNode(
      [kwsBin, 'category', 'link', '--workspace', a.workspaceId, '--id', cat.id, '--knowledge', foreign.id, '--json'],
      env,
    );
    assert.equal(res.code, 1);
    assert.match(res.stderr, /not found in this workspace/);
  });
});
