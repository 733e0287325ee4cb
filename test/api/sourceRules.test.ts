// Permission-aware sync on an s3 source, end to end against a served bucket, real Temporal and PostgreSQL, under
// ACTIVE RBAC: each document gets the roles and attributes of the first rule it matches (path, tags, metadata), the
// source's own being the default; a move keeps the item and changes its roles with the move; a tag change changes
// them at the next sync; knowledge.roles_changed tells; a change of the rules is dry-run, then applied by a rules
// job without fetching or embedding anything, and the dry run is what the job then did; the bounds are clear 400s;
// only the workspace credential sees or manages rules.
import assert from 'node:assert/strict';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import * as rolesRepo from '../../src/db/repositories/roles';
import { proseCarriesTitle } from '../helpers/knowledge';
import { startTestBucket, type TestBucket } from '../helpers/bucket';
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
  PAY: 'Payroll bands for the lighthouse keepers are reviewed every spring by the harbour board.',
  WELCOME: 'Welcome aboard: the ferry timetable and the canteen menu are pinned by the gangway.',
  NOTES: 'Engineering notes: the crane gearbox needs the blue grease, never the red one.',
  BROCHURE: 'The brochure shows the island trail, the puffin cliffs and the old semaphore tower.',
} as const;

describe('source rules (s3)', function () {
  this.timeout(600_000);
  let stack: TestStack;
  let bucket: TestBucket;
  let s3: S3Client;
  let world: RulesWorld;
  let seq = 0;
  const nextPrefix = () => `rules${++seq}-${Date.now()}/`;

  before(async () => {
    stack = await getStack();
    bucket = await startTestBucket('rules-docs');
    s3 = new S3Client({
      endpoint: bucket.s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: bucket.s3.accessKeyId, secretAccessKey: bucket.s3.secretAccessKey },
    });
  });
  after(async () => {
    s3?.destroy();
    await bucket?.close();
  });
  beforeEach(async () => {
    world = await rulesWorld(stack);
  });

  const put = (key: string, text: string, extra: { metadata?: Record<string, string>; tagging?: string } = {}) =>
    s3.send(
      new PutObjectCommand({
        Bucket: bucket.bucket,
        Key: key,
        Body: text,
        ContentType: 'text/plain',
        ...(extra.metadata ? { Metadata: extra.metadata } : {}),
      }),
    );
  const tag = (key: string, tags: Record<string, string>) =>
    s3.send(
      new PutObjectTaggingCommand({
        Bucket: bucket.bucket,
        Key: key,
        Tagging: { TagSet: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })) },
      }),
    );
  const move = async (from: string, to: string) => {
    await s3.send(new CopyObjectCommand({ Bucket: bucket.bucket, Key: to, CopySource: `${bucket.bucket}/${from}` }));
    await s3.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: from }));
  };
  const sync = (sourceId: string) => syncToEnd(stack, world.tenant.workspaceId, world.headers, sourceId);

  async function createSource(prefix: string, body: Record<string, unknown>) {
    const res = await stack.request('POST', world.v1('/sources'), {
      headers: world.headers,
      json: { kind: 's3', name: 'Harbour bucket', ...bucket.source(prefix), ...body },
    });
    assert.equal(res.status, 201, res.text);
    return res.body as { id: string; rootId: string; rules: unknown[]; roleIds: string[]; rulesJobId: string | null };
  }

  /** Four documents: by path (hr/), by tag (team=eng), by metadata (classification=public), and one for the default. */
  async function harbour(prefix: string) {
    await put(`${prefix}hr/pay.txt`, TEXTS.PAY);
    await put(`${prefix}public/welcome.txt`, TEXTS.WELCOME);
    await put(`${prefix}misc/notes.txt`, TEXTS.NOTES);
    await tag(`${prefix}misc/notes.txt`, { team: 'eng' });
    await put(`${prefix}misc/brochure.txt`, TEXTS.BROCHURE, { metadata: { classification: 'public' } });
    const { roles } = world;
    return createSource(prefix, {
      roleIds: [roles.all],
      rules: [
        { match: { paths: ['hr/**'] }, roleIds: [roles.hr], attributes: { audience: 'hr' } },
        { match: { tags: { team: 'eng' } }, roleIds: [roles.eng] },
        { match: { metadata: { classification: 'public' } }, roleIds: [roles.all, roles.hr, roles.eng] },
      ],
    });
  }

  it('gives each document the roles of the first rule it matches; a move and a tag change change them, and say so', async () => {
    const prefix = nextPrefix();
    const hooks = await rolesChangedReceiver(stack, world);
    try {
      const source = await harbour(prefix);
      assert.deepEqual(namesOf(world, source.roleIds), ['all']);
      // The rules given at creation have their job too, and it ran: rulesJobId names no job that never started.
      assert.equal(source.rulesJobId, `source-rules:${world.tenant.workspaceId}:${source.id}:1`);
      assert.equal((await rulesJobToEnd(stack, world, source.rulesJobId!)).status, 'COMPLETED');
      const first = await sync(source.id);
      assert.equal(first.status, 'COMPLETED', JSON.stringify(first));
      assert.equal(first.added, 4);

      let roles = await documentRoles(stack, world, source.id);
      assert.deepEqual(roles.get(`${prefix}hr/pay.txt`)?.roles, ['hr']);
      assert.deepEqual(roles.get(`${prefix}hr/pay.txt`)?.via, ['source rule 1']);
      assert.deepEqual(roles.get(`${prefix}misc/notes.txt`)?.roles, ['eng']);
      assert.deepEqual(roles.get(`${prefix}misc/notes.txt`)?.via, ['source rule 2']);
      assert.deepEqual(roles.get(`${prefix}misc/brochure.txt`)?.roles, ['all', 'eng', 'hr']);
      assert.deepEqual(roles.get(`${prefix}public/welcome.txt`)?.roles, ['all']);
      assert.deepEqual(roles.get(`${prefix}public/welcome.txt`)?.via, ['source default']);
      // The root holds no role: it would reach every document.
      assert.deepEqual(await rolesRepo.knowledgeRoles(stack.deps.db, world.tenant.workspaceId, source.rootId), []);
      const pay = roles.get(`${prefix}hr/pay.txt`)!.knowledgeId;
      const item = await stack.request('GET', world.v1(`/knowledge/${pay}`), { headers: world.headers });
      assert.equal(item.body.attributes.audience, 'hr', "the rule's attributes");

      // What each role reads.
      assert.ok(await roleFinds(stack, world, 'hr', TEXTS.PAY));
      assert.ok(!(await roleFinds(stack, world, 'all', TEXTS.PAY)));
      assert.ok(!(await roleFinds(stack, world, 'eng', TEXTS.PAY)));
      assert.ok(await roleFinds(stack, world, 'all', TEXTS.WELCOME));
      assert.ok(await roleFinds(stack, world, 'eng', TEXTS.NOTES));
      assert.ok(!(await roleFinds(stack, world, 'hr', TEXTS.NOTES)));

      // "Why not?" names the rule; explain's roles say which rule gave each.
      const why = await stack.request('GET', world.v1(`/knowledge/${pay}/access?roleId=${world.roles.all}`), {
        headers: world.headers,
      });
      assert.equal(why.status, 200, why.text);
      assert.equal(why.body.hiddenBy, 'NOT_ASSIGNED');
      assert.match(why.body.reasons[0].message, /source rule 1 of the source "Harbour bucket" does not give/);
      assert.deepEqual(why.body.sourceRule, {
        sourceId: source.id,
        sourceName: 'Harbour bucket',
        rule: 1,
        label: 'source rule 1',
        roleIds: [world.roles.hr],
      });
      const seen = await stack.request('GET', world.v1(`/knowledge/${pay}/access?roleId=${world.roles.hr}`), {
        headers: world.headers,
      });
      assert.equal(seen.body.via, 'source rule 1');
      const explained = await stack.request('POST', `/workspaces/${world.tenant.workspaceId}/knowledge/search`, {
        headers: { ...world.headers, 'x-api-key': world.tenant.apiKey },
        json: { query: TEXTS.PAY, limit: 5, mode: 'keyword', explain: true },
      });
      const hit = (explained.body.results as Array<{ id: string; explain: { roles: Array<{ via: string }> } }>).find(
        (r) => r.id === pay,
      );
      assert.deepEqual(
        hit?.explain.roles.map((r) => r.via),
        ['source rule 1'],
      );

      // A move: same content under another path keeps its item, and gets the rule of its new place (the default).
      await move(`${prefix}hr/pay.txt`, `${prefix}public/pay.txt`);
      const moved = await sync(source.id);
      assert.equal(moved.status, 'COMPLETED', JSON.stringify(moved));
      assert.deepEqual(
        [moved.seen, moved.added, moved.updated, moved.unchanged, moved.deleted, moved.chunksEmbedded],
        [4, 0, 0, 4, 0, 0],
        JSON.stringify(moved),
      );
      roles = await documentRoles(stack, world, source.id);
      assert.equal(roles.has(`${prefix}hr/pay.txt`), false);
      assert.equal(roles.get(`${prefix}public/pay.txt`)?.knowledgeId, pay, 'the moved document keeps its item');
      assert.deepEqual(roles.get(`${prefix}public/pay.txt`)?.roles, ['all']);
      const after = await stack.request('GET', world.v1(`/knowledge/${pay}`), { headers: world.headers });
      assert.equal(after.body.attributes.audience, undefined, "the old rule's attributes went with it");
      assert.ok(await roleFinds(stack, world, 'all', TEXTS.PAY));
      assert.ok(!(await roleFinds(stack, world, 'hr', TEXTS.PAY)));
      const [told] = await hooks.documents(1);
      assert.deepEqual(
        { ...told, cause: undefined },
        {
          knowledgeId: pay,
          key: `${prefix}public/pay.txt`,
          rule: 0,
          roleIds: [world.roles.all],
          previousRoleIds: [world.roles.hr],
          cause: undefined,
        },
      );
      assert.equal(told!.cause.syncId, moved.id);

      // A tag change: the content (and its ETag) is the same; the next sync gives the document its new rule.
      await tag(`${prefix}misc/notes.txt`, { team: 'sales' });
      const retagged = await sync(source.id);
      assert.deepEqual([retagged.unchanged, retagged.updated, retagged.chunksEmbedded], [4, 0, 0]);
      roles = await documentRoles(stack, world, source.id);
      assert.deepEqual(roles.get(`${prefix}misc/notes.txt`)?.roles, ['all']);
      assert.ok(!(await roleFinds(stack, world, 'eng', TEXTS.NOTES)));
      const all = await hooks.documents(2);
      const notes = all.find((d) => d.key === `${prefix}misc/notes.txt`);
      assert.deepEqual([namesOf(world, notes!.previousRoleIds), namesOf(world, notes!.roleIds)], [['eng'], ['all']]);
      // Nothing changed: no event.
      await sync(source.id);
      await new Promise((r) => setTimeout(r, 1000));
      assert.equal(hooks.events.length, 2);

      // A move that renames the file: the item takes the new name, and the vectors that carry its title follow
      // (the title-vectors job, as after PUT …/reservedField).
      await move(`${prefix}public/pay.txt`, `${prefix}public/salaries.txt`);
      assert.equal((await sync(source.id)).status, 'COMPLETED');
      const renamed = await stack.request('GET', world.v1(`/knowledge/${pay}`), { headers: world.headers });
      assert.equal(renamed.body.metadata.title, 'salaries.txt');
      const carries = (title: string) => proseCarriesTitle(stack, { knowledge_id: pay, chunk_index: 0 }, title);
      const deadline = Date.now() + 30_000;
      while (!(await carries('salaries.txt')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      assert.equal(await carries('salaries.txt'), true, 'the prose vectors carry the new name');
    } finally {
      await hooks.close();
    }
  });

  it('reads role ids sent in capitals as the same roles: stored, shown and given in lower case', async () => {
    const prefix = nextPrefix();
    await put(`${prefix}hr/pay.txt`, TEXTS.PAY);
    await put(`${prefix}public/welcome.txt`, TEXTS.WELCOME);
    const { roles } = world;
    const source = await createSource(prefix, {
      roleIds: [roles.all.toUpperCase()],
      rules: [{ match: { paths: ['hr/**'] }, roleIds: [roles.hr.toUpperCase()] }],
    });
    assert.deepEqual(source.roleIds, [roles.all], 'the canonical id, as GET /role gives it');
    assert.deepEqual(source.rules, [{ match: { paths: ['hr/**'] }, roleIds: [roles.hr] }]);
    await rulesJobToEnd(stack, world, source.rulesJobId!);
    const synced = await sync(source.id);
    assert.equal(synced.status, 'COMPLETED', JSON.stringify(synced));
    const given = await documentRoles(stack, world, source.id);
    assert.deepEqual(given.get(`${prefix}hr/pay.txt`)?.roles, ['hr'], 'the rule gave its role');
    assert.deepEqual(given.get(`${prefix}public/welcome.txt`)?.roles, ['all'], 'the default gave its role');
    assert.ok(await roleFinds(stack, world, 'hr', TEXTS.PAY));

    // A change naming the same roles in capitals changes nothing; a dry run in capitals finds no change.
    const preview = await stack.request('POST', world.v1(`/sources/${source.id}/rules:preview`), {
      headers: world.headers,
      json: { rules: [{ match: { paths: ['hr/**'] }, roleIds: [roles.hr.toUpperCase()] }] },
    });
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.body.changing, 0, preview.text);
    const same = await stack.request('PATCH', world.v1(`/sources/${source.id}`), {
      headers: world.headers,
      json: { roleIds: [roles.all.toUpperCase()] },
    });
    assert.equal(same.status, 200, same.text);
    assert.deepEqual(same.body.roleIds, [roles.all]);
  });

  it('dry-runs a change of rules, then a job applies it to every document without fetching or embedding: the dry run was what it did', async () => {
    const prefix = nextPrefix();
    const source = await harbour(prefix);
    assert.equal((await sync(source.id)).status, 'COMPLETED');
    const hooks = await rolesChangedReceiver(stack, world);
    try {
      const before = await documentRoles(stack, world, source.id);
      const chunksBefore = await stack.deps
        .db('knowledge_chunks')
        .where({ workspace_id: world.tenant.workspaceId })
        .count('* as n');
      const { roles } = world;
      // New rules: hr/ goes to hr and eng; everything tagged (whatever the team) to eng; the default becomes hr.
      const change = {
        rules: [
          { match: { paths: ['hr/**'] }, roleIds: [roles.hr, roles.eng] },
          { match: { tags: { team: ['eng', 'sales'] } }, roleIds: [roles.eng] },
        ],
        roleIds: [roles.hr],
      };
      const preview = await stack.request('POST', world.v1(`/sources/${source.id}/rules:preview`), {
        headers: world.headers,
        json: change,
      });
      assert.equal(preview.status, 200, preview.text);
      assert.equal(preview.body.documents, 4);
      // pay: hr -> hr+eng; notes: eng -> eng (same); brochure (metadata rule gone): all+hr+eng -> hr; welcome: all -> hr.
      assert.equal(preview.body.changing, 3);
      assert.deepEqual(preview.body.rules, [
        { rule: 0, documents: 2 },
        { rule: 1, documents: 1 },
        { rule: 2, documents: 1 },
      ]);
      const nothingYet = await documentRoles(stack, world, source.id);
      assert.deepEqual([...nothingYet.values()], [...before.values()], 'a dry run writes nothing');

      const patched = await stack.request('PATCH', world.v1(`/sources/${source.id}`), {
        headers: world.headers,
        json: change,
      });
      assert.equal(patched.status, 200, patched.text);
      assert.equal(patched.body.rulesJobId, `source-rules:${world.tenant.workspaceId}:${source.id}:2`);
      const job = await rulesJobToEnd(stack, world, patched.body.rulesJobId);
      assert.equal(job.status, 'COMPLETED');
      assert.deepEqual(job.progress, { documentsDone: 4, documentsTotal: 4 });

      const after = await documentRoles(stack, world, source.id);
      const did = [...after.entries()]
        .filter(([key, v]) => v.roles.join() !== before.get(key)!.roles.join())
        .map(([key, v]) => ({ key, from: before.get(key)!.roles, to: v.roles }))
        .sort((a, b) => a.key.localeCompare(b.key));
      const previewed = (
        preview.body.changes as Array<{ key: string; from: { roleIds: string[] }; to: { roleIds: string[] } }>
      )
        .map((c) => ({ key: c.key, from: namesOf(world, c.from.roleIds), to: namesOf(world, c.to.roleIds) }))
        .sort((a, b) => a.key.localeCompare(b.key));
      assert.deepEqual(did, previewed, 'the dry run is what the job did');
      const told = await hooks.documents(3);
      assert.deepEqual(
        told.map((d) => d.key).sort(),
        previewed.map((p) => p.key),
      );
      assert.ok(told.every((d) => d.cause.rulesVersion === 2));

      // Under RBAC no document keeps a role its rule no longer grants.
      assert.ok(!(await roleFinds(stack, world, 'all', TEXTS.WELCOME)));
      assert.ok(!(await roleFinds(stack, world, 'all', TEXTS.BROCHURE)));
      assert.ok(await roleFinds(stack, world, 'eng', TEXTS.PAY));
      // Nothing was fetched, extracted or embedded: no sync ran, the chunks are those of before.
      const syncs = await stack.request('GET', world.v1(`/sources/${source.id}/syncs`), { headers: world.headers });
      assert.equal(syncs.body.syncs.length, 1);
      const chunksAfter = await stack.deps
        .db('knowledge_chunks')
        .where({ workspace_id: world.tenant.workspaceId })
        .count('* as n');
      assert.deepEqual(chunksAfter, chunksBefore);

      // The rules with their counts, as the console shows them.
      const view = await stack.request('GET', world.v1(`/sources/${source.id}/rules`), { headers: world.headers });
      assert.equal(view.status, 200, view.text);
      assert.deepEqual(
        (view.body.rules as Array<{ rule: number; documents: number }>).map((r) => [r.rule, r.documents]),
        [
          [1, 1],
          [2, 1],
        ],
      );
      assert.deepEqual([view.body.default.documents, view.body.pending, view.body.unreached.count], [2, 0, 0]);

      // Rules removed: the source's roles go back on its root and reach every document.
      const removed = await stack.request('PATCH', world.v1(`/sources/${source.id}`), {
        headers: world.headers,
        json: { rules: [] },
      });
      assert.equal(removed.status, 200, removed.text);
      assert.deepEqual(namesOf(world, removed.body.roleIds), ['hr']);
      await rulesJobToEnd(stack, world, removed.body.rulesJobId);
      const plain = await documentRoles(stack, world, source.id);
      for (const [key, v] of plain) {
        assert.deepEqual(v.roles, ['hr'], key);
        assert.deepEqual(v.via, ['parent'], key);
      }
    } finally {
      await hooks.close();
    }
  });

  it('removes the rules of a source whose stored default role is being deleted: that role is skipped, the rest go on the root', async () => {
    const prefix = nextPrefix();
    await put(`${prefix}a.txt`, TEXTS.WELCOME);
    const dying = await rolesRepo.insertRole(stack.deps.db, world.tenant.workspaceId, { name: `Dying ${prefix}` });
    const source = await createSource(prefix, {
      roleIds: [world.roles.all, dying.id],
      rules: [{ match: { paths: ['hr/**'] }, roleIds: [world.roles.hr] }],
    });
    await rulesJobToEnd(stack, world, source.rulesJobId!);
    // Its delete was asked for (the job has not run): it counts as gone, though the source still names it.
    await rolesRepo.tombstoneRole(stack.deps.db, world.tenant.workspaceId, dying.id);
    const removed = await stack.request('PATCH', world.v1(`/sources/${source.id}`), {
      headers: world.headers,
      json: { rules: [] },
    });
    assert.equal(removed.status, 200, removed.text);
    const onRoot = (await rolesRepo.knowledgeRoles(stack.deps.db, world.tenant.workspaceId, source.rootId)).map(
      (r) => r.id,
    );
    assert.deepEqual(onRoot, [world.roles.all]);
    await rulesJobToEnd(stack, world, removed.body.rulesJobId);
  });

  it('flags the documents no role reaches, and refuses a role on the root of a source with rules', async () => {
    const prefix = nextPrefix();
    await put(`${prefix}orphans/a.txt`, TEXTS.WELCOME);
    const source = await createSource(prefix, {
      rules: [{ match: { paths: ['orphans/**'] }, roleIds: [] }],
    });
    assert.equal((await sync(source.id)).status, 'COMPLETED');
    const view = await stack.request('GET', world.v1(`/sources/${source.id}/rules`), { headers: world.headers });
    assert.equal(view.body.rbacStatus, 'ACTIVE');
    assert.equal(view.body.unreached.count, 1);
    assert.equal(view.body.unreached.documents[0].key, `${prefix}orphans/a.txt`);
    const onRoot = await stack.request('POST', world.v1(`/knowledge/${source.rootId}/role`), {
      headers: world.headers,
      json: { roleIds: [world.roles.all] },
    });
    assert.equal(onRoot.status, 409, onRoot.text);
    assert.match(onRoot.body.message, /root of a source with rules/);
  });

  it('answers each bound as a 400 naming it, and lets only the workspace credential see or change rules', async () => {
    const prefix = nextPrefix();
    const create = (rules: unknown, extra: Record<string, unknown> = {}) =>
      stack.request('POST', world.v1('/sources'), {
        headers: world.headers,
        json: { kind: 's3', ...bucket.source(prefix), rules, ...extra },
      });
    const cases: Array<[unknown, RegExp]> = [
      [Array.from({ length: 51 }, () => ({ match: { paths: ['a'] } })), /rules may hold at most 50 rules/],
      [[{ match: { paths: Array.from({ length: 33 }, (_, i) => `p${i}`) } }], /may hold at most 32 patterns/],
      [[{ match: { paths: ['x'.repeat(257)] } }], /may be at most 256 characters/],
      [
        [
          {
            match: {
              paths: Array.from({ length: 20 }, (_, i) => `p${i}`),
              tags: { a: Array.from({ length: 13 }, (_, i) => `v${i}`) },
            },
          },
        ],
        /rules\[0\]\.match holds 33 patterns, more than the 32/,
      ],
      [[{ match: { owners: ['@acme/hr'] } }], /rules\[0\]\.match\.owners is not available on a s3 source/],
      [[{ match: {} }], /rules\[0\]\.match must hold at least one condition/],
      [[{ match: { paths: ['/abs'] } }], /rules\[0\]\.match\.paths\[0\] starts with "\/"/],
      [[{ match: { path: ['a'] } }], /./],
    ];
    for (const [rules, message] of cases) {
      const res = await create(rules);
      assert.equal(res.status, 400, `${JSON.stringify(rules).slice(0, 80)}: ${res.text}`);
      assert.match(res.body.message, message);
    }
    const unknownRole = await create([{ match: { paths: ['a'] }, roleIds: ['00000000-0000-4000-8000-000000000000'] }]);
    assert.equal(unknownRole.status, 404);

    const source = await createSource(prefix, {});
    const patch = await stack.request('PATCH', world.v1(`/sources/${source.id}`), {
      headers: world.headers,
      json: { rules: [{ match: { owners: ['@acme'] } }] },
    });
    assert.equal(patch.status, 400, patch.text);
    assert.match(patch.body.message, /owners is not available on a s3 source/);
    const previewBad = await stack.request('POST', world.v1(`/sources/${source.id}/rules:preview`), {
      headers: world.headers,
      json: { rules: [{ match: { paths: ['ok'] } }], limit: 0 },
    });
    assert.equal(previewBad.status, 400, previewBad.text);
    // An unknown role is refused by the dry run as by the change, naming where it was sent.
    const ghost = '00000000-0000-4000-8000-000000000000';
    const ruled = { rules: [{ match: { paths: ['ok'] } }, { match: { paths: ['b/**'] }, roleIds: [ghost] }] };
    for (const [method, path, json] of [
      ['POST', `/sources/${source.id}/rules:preview`, ruled],
      ['PATCH', `/sources/${source.id}`, ruled],
    ] as const) {
      const res = await stack.request(method, world.v1(path), { headers: world.headers, json });
      assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.message, 'One or more roles not found');
      assert.equal(res.body.param, 'rules[1].roleIds[0]');
      assert.match(res.body.hint, new RegExp(`^No role of this workspace has the id ${ghost}: `));
    }
    const ownRoles = await stack.request('PATCH', world.v1(`/sources/${source.id}`), {
      headers: world.headers,
      json: { roleIds: [ghost] },
    });
    assert.deepEqual([ownRoles.status, ownRoles.body.param], [404, 'roleIds[0]']);

    // A role-bound token sees the effect of rules, never the rules.
    for (const [method, path] of [
      ['GET', `/sources/${source.id}/rules`],
      ['POST', `/sources/${source.id}/rules:preview`],
      ['PATCH', `/sources/${source.id}`],
      ['GET', `/sources/${source.id}`],
    ] as const) {
      const res = await stack.request(method, world.v1(path), {
        headers: world.as.hr,
        ...(method === 'GET' ? {} : { json: { rules: [] } }),
      });
      assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
    }
  });
});
