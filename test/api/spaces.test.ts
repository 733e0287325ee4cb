// User spaces: activation, user space tokens, spaces, groups, messages, feedback and RAG.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import * as spacesRepo from '../../src/db/repositories/spaces';
import { MESSAGES_MAX_PAGE, MESSAGES_PAGE_BYTES } from '../../src/services/spaces/spaces';
import * as workspaces from '../../src/db/repositories/workspaces';
import { assertError, specFields } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, insertItem, seededVector, type Tenant } from '../helpers/factories';
import { followUpload, uploadRequest } from '../helpers/knowledge';
import { stackWithTenant, type TestStack } from '../helpers/stack';

describe('user spaces', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;

  const activateKey = (json: unknown, key = tenant.apiKey) =>
    stack.request('POST', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space-api-key`, {
      headers: { 'x-api-key': key },
      json,
    });
  const activate = (json: unknown, h = headers) =>
    stack.request('PUT', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space`, {
      headers: { authorization: h.authorization!, organizationId: tenant.organizationId },
      json,
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const sp = (spaceId: string, path = '') => `/v1/workspaces/${tenant.workspaceId}/spaces/${spaceId}${path}`;

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  describe('activation', () => {
    it('activates with the API key, mapping customerRoleId to user_metadata.roleId, idempotently', async () => {
      const role = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'members' });
      const res = await activateKey({ userId: 'user-42', email: 'ada@example.com', customerRoleId: 'members' });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.user, { id: 'user-42', email: 'ada@example.com' });
      assert.equal(res.body.space.workspaceId, tenant.workspaceId);
      const claims = decodeJwt(res.body.token);
      assert.deepEqual(claims.user_metadata, { roleId: role.id });
      assert.equal(claims.spaceId, res.body.space.id);
      const again = await activateKey({ userId: 'user-42', email: 'ada@example.com' });
      assert.equal(again.body.space.id, res.body.space.id, 'same user, same space');
      assert.deepEqual(decodeJwt(again.body.token).user_metadata, {});
      assertError(
        await activateKey({ userId: 'u', email: 'a@b.co', customerRoleId: 'nope' }),
        404,
        'role with the given customerRoleId not found',
      );
      assertError(await activateKey({ email: 'a@b.co' }), 400, 'Missing required field');
      assertError(await activateKey({ userId: 'u' }), 400, 'Missing required field');
      assertError(
        await activateKey({ userId: 'u', email: 'not-an-email' }),
        400,
        'email must be a valid email address',
      );
      assertError(
        await activateKey({ userId: 'u', email: 'a@b.co' }, 'sk-kws-wrongwrongwrongwrong'),
        401,
        'Invalid or missing API key',
      );
    });

    it('activates with an access token per the PUT rules, idempotently even under concurrent first calls', async () => {
      const userId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => activate({ workspaceId: tenant.workspaceId, userId })),
      );
      for (const r of results) assert.equal(r.status, 200, r.text);
      assert.equal(new Set(results.map((r) => r.body.spaceId)).size, 1, 'one space');
      assert.equal(results.filter((r) => r.body.isNew).length, 1, 'isNew exactly once');
      const again = await activate({ workspaceId: tenant.workspaceId, userId });
      assert.deepEqual(
        { ...again.body, token: undefined },
        { token: undefined, spaceId: results[0]!.body.spaceId, userId, workspaceId: tenant.workspaceId, isNew: false },
      );
      const byString = await activate({ workspaceId: tenant.workspaceId, customerIdString: 'crm-7781' });
      assert.equal(byString.body.userId, 'crm-7781');
      assert.equal(byString.body.isNew, true);

      assertError(
        await activate({ workspaceId: tenant.workspaceId }),
        400,
        'Provide exactly one of userId and customerIdString',
      );
      assertError(
        await activate({ workspaceId: tenant.workspaceId, userId, customerIdString: 'x' }),
        400,
        'Provide exactly one of userId and customerIdString',
      );
      assertError(
        await activate({ workspaceId: tenant.workspaceId, userId, roleId: randomUUID(), customerRoleId: 'x' }),
        400,
        'Provide at most one of roleId and customerRoleId',
      );
      assertError(await activate({ userId }), 400, 'Missing required field: workspaceId');
      assertError(
        await activate({ workspaceId: randomUUID(), userId }),
        400,
        'workspaceId must equal the workspace in the path',
      );
      assertError(
        await activate({ workspaceId: tenant.workspaceId, userId: 'not-a-uuid' }),
        400,
        'userId must be a valid UUID',
      );
      assertError(
        await activate({ workspaceId: tenant.workspaceId, userId, roleId: randomUUID() }),
        404,
        'Role not found',
      );
    });

    it('passes the calling token role on to the user space token; a role-bound caller cannot name another', async () => {
      const inherited = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'agents' });
      const named = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'leads' });
      const roleHeaders = (await accessHeaders(stack, tenant, { customerRoleId: 'agents' })).headers;
      const res = await activate(
        { workspaceId: tenant.workspaceId, customerIdString: 'u1' },
        roleHeaders as { authorization: string },
      );
      assert.deepEqual(decodeJwt(res.body.token).user_metadata, { roleId: inherited.id });
      const override = await activate(
        { workspaceId: tenant.workspaceId, customerIdString: 'u1', customerRoleId: 'leads' },
        roleHeaders as { authorization: string },
      );
      assertError(override, 403, 'Insufficient permissions');
      // A user whose space the workspace credential made under no role is outside a role-bound token's lane: the
      // refusal says why and what to use instead.
      assert.equal((await activate({ workspaceId: tenant.workspaceId, customerIdString: 'u-none' })).status, 200);
      const outside = await activate(
        { workspaceId: tenant.workspaceId, customerIdString: 'u-none' },
        roleHeaders as { authorization: string },
      );
      assertError(outside, 403, 'Insufficient permissions');
      assert.equal(outside.body.code, 'space_outside_lane');
      assert.match(outside.body.hint, /outside the token's role.*workspace credential/);
      // The workspace credential names any role.
      const named2 = await activate({
        workspaceId: tenant.workspaceId,
        customerIdString: 'u1',
        customerRoleId: 'leads',
      });
      assert.deepEqual(decodeJwt(named2.body.token).user_metadata, { roleId: named.id });
    });
  });

  describe('spaces, groups and messages', () => {
    it('shows the space to its members with only Authorization, and refuses others', async () => {
      const host = await activateKey({ userId: 'host-1', email: 'host@example.com' });
      const spaceId = host.body.space.id as string;
      const guest = await activateKey({ userId: 'guest-1', email: 'guest@example.com' });
      const space = await spacesRepo.findSpace(stack.deps.db, tenant.workspaceId, spaceId);
      const guestUser = await spacesRepo.findSpaceUserByExternalId(stack.deps.db, tenant.workspaceId, 'guest-1');
      const res = await stack.request('GET', sp(spaceId), { headers: bearer(host.body.token) });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers['x-api-version'], 'v1');
      assert.equal(res.body.id, spaceId);
      assert.equal(res.body.status, 'ACTIVE');
      assert.deepEqual(res.body.workspace, {
        id: tenant.workspaceId,
        name: res.body.workspace.name,
        organizationName: res.body.workspace.organizationName,
        organizationId: tenant.organizationId,
      });
      assert.deepEqual(res.body.hosts, [
        { host: { id: 'host-1', name: 'host@example.com', email: 'host@example.com' } },
      ]);
      assert.deepEqual(res.body.coHosts, []);
      assert.deepEqual(res.body.guests, []);
      assert.equal(res.body.spaceGroupConversation.length, 1);
      assert.equal(res.body.spaceGroupConversation[0].name, 'General');
      assert.equal(res.body.spaceGroupConversation[0].conversations.length, 1);

      const outsider = await stack.request('GET', sp(spaceId), { headers: bearer(guest.body.token) });
      assert.equal(outsider.status, 400);
      assert.deepEqual(specFields(outsider.body), { error: 'Error', message: 'The space is private' });
      await spacesRepo.addMember(stack.deps.db, space!.id, guestUser!.id, 'GUEST');
      const asGuest = await stack.request('GET', sp(spaceId), { headers: bearer(guest.body.token) });
      assert.equal(asGuest.status, 200);
      assert.deepEqual(
        asGuest.body.guests.map((g: { guest: { id: string } }) => g.guest.id),
        ['guest-1'],
      );

      assert.equal((await stack.request('GET', sp(spaceId), { headers })).status, 200, 'the two-step flow works too');
      const elsewhere = await stack.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge`, {
        headers: bearer(host.body.token),
      });
      assertError(elsewhere, 403, 'Insufficient permissions');
      const missing = await stack.request('GET', sp(randomUUID()), { headers: bearer(host.body.token) });
      assert.deepEqual(
        [missing.status, specFields(missing.body)],
        [404, { error: 'Error', message: 'Space not found' }],
      );
    });

    it('creates groups, stores USER and AI messages with sources, lists them in order, and records feedback', async () => {
      const host = await activateKey({ userId: 'writer', email: 'w@example.com' });
      const spaceId = host.body.space.id as string;
      const auth = bearer(host.body.token);
      const group = await stack.request('POST', sp(spaceId, '/group'), { headers: auth, json: {} });
      assert.equal(group.status, 200, group.text);
      assert.deepEqual(Object.keys(group.body).sort(), ['createdAt', 'id', 'name']);
      assert.equal(group.body.name, 'General');
      const named = await stack.request('POST', sp(spaceId, '/group'), { headers: auth, json: { name: 'Travel' } });
      assert.equal(named.body.name, 'Travel');

      const post = (json: unknown, h: Record<string, string> = auth) =>
        stack.request('POST', sp(spaceId, '/message'), { headers: h, json });
      const question = await post({
        newMessage: 'Where is the visa policy?',
        groupId: named.body.id,
        type: 'USER',
        languageId: 'en',
      });
      assert.equal(question.status, 200, question.text);
      assert.deepEqual(Object.keys(question.body).sort(), ['createdAt', 'id', 'message', 'type']);
      const answer = await post({
        newMessage: 'It is in the travel handbook.',
        groupId: named.body.id,
        type: 'AI',
        messageAIId: question.body.id,
        rag: {
          knowledge: [{ metadata: { text: 'Visa rules for staff travel', source: 'https://intranet.example/visa' } }],
        },
      });
      assert.equal(answer.status, 200, answer.text);

      const list = await stack.request('GET', sp(spaceId, `/message?groupId=${named.body.id}`), { headers: auth });
      assert.equal(list.status, 200, list.text);
      const [q, a] = list.body.messages;
      assert.equal(q.type, 'USER');
      assert.equal(q.message, 'Where is the visa policy?');
      assert.equal(q.workflowUserId, 'writer');
      assert.deepEqual(q.user, { id: 'writer', name: null, photo: null });
      assert.equal(q.sources, null);
      assert.equal(a.type, 'AI');
      assert.equal(a.content, 'It is in the travel handbook.');
      assert.equal(a.user, null);
      assert.deepEqual(a.sources, ['https://intranet.example/visa']);
      assert.deepEqual(a.sourcesMetadata, [
        { title: 'Visa rules for staff travel', url: 'https://intranet.example/visa' },
      ]);
      assert.equal(a.messageAIId, question.body.id);
      for (const field of ['thumbUp', 'thumbDown']) assert.equal(a[field], false);
      const general = await stack.request('GET', sp(spaceId, '/message'), { headers: auth });
      assert.deepEqual(general.body.messages, [], 'the default group is separate');
      assert.deepEqual(
        (await stack.request('GET', sp(spaceId, `/message?groupId=${named.body.id}`), { headers })).body.messages
          .length,
        2,
        'the two-step flow can read messages',
      );

      const up = await stack.request('PATCH', sp(spaceId, `/message/${a.id}`), {
        headers: auth,
        json: { thumbUp: true },
      });
      assert.deepEqual([up.body.thumbUp, up.body.thumbDown], [true, false]);
      const down = await stack.request('PATCH', sp(spaceId, `/message/${a.id}`), {
        headers: auth,
        json: { thumbDown: true },
      });
      assert.deepEqual([down.body.thumbUp, down.body.thumbDown], [false, true]);
      assertError(
        await stack.request('PATCH', sp(spaceId, `/message/${a.id}`), {
          headers: auth,
          json: { thumbUp: true, thumbDown: true },
        }),
        400,
      );

      assertError(
        await post({ newMessage: 'x', groupId: named.body.id, type: 'USER' }, headers),
        403,
        'A user space token is required',
      );
      // A groupId that is no UUID is a malformed request (400), not an unknown group (404).
      const garbled = await stack.request('GET', sp(spaceId, '/message?groupId=garbage'), { headers: auth });
      assertError(garbled, 400, 'groupId must be a valid UUID');
      assert.equal(garbled.body.param, 'groupId');
      const noGroup = await post({ newMessage: 'x', groupId: randomUUID(), type: 'USER' });
      assert.deepEqual(
        [noGroup.status, specFields(noGroup.body)],
        [404, { error: 'Error', message: 'Group not found' }],
      );
      assertError(await post({ newMessage: 'x', groupId: named.body.id, type: 'BOT' }), 400, 'type must be USER or AI');
      assertError(await post({ groupId: named.body.id, type: 'USER' }), 400, 'Missing required field');
      const other = await activateKey({ userId: 'other', email: 'o@example.com' });
      const priv = await post({ newMessage: 'x', groupId: named.body.id, type: 'USER' }, bearer(other.body.token));
      assert.deepEqual(
        [priv.status, specFields(priv.body)],
        [400, { error: 'Error', message: 'The space is private' }],
      );
    });
  });

  describe('RAG', () => {
    it('returns passages from workspace and space knowledge, topK each, with the four source formats', async () => {
      const host = await activateKey({ userId: 'rag-user', email: 'r@example.com' });
      const spaceId = host.body.space.id as string;
      const auth = bearer(host.body.token);
      const upload = (text: string, fields: Record<string, string>, filename = 'doc.txt') =>
        uploadRequest(
          stack.request,
          tenant.workspaceId,
          headers,
          { filename, contentType: 'text/plain', bytes: Buffer.from(text) },
          fields,
        );
      const none = await upload('Company cars must be returned with a full tank.', {
        title: 'Fleet rules',
        sourceVisibility: 'none',
      });
      const source = await upload('Company cars are serviced every six months.', {
        title: 'Fleet service',
        sourceVisibility: 'source',
      });
      const download = await upload('Company car keys are kept at reception.', {
        title: 'Fleet keys',
        sourceVisibility: 'download',
      });
      const link = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/link`, {
        headers,
        json: { type: 'LINK', url: 'https://fleet.example/booking', title: 'Book a company car' },
      });
      assert.equal(link.status, 201, link.text);
      const mine = await upload(
        'My own note: my company car is the blue van.',
        { title: 'My note', spaceId },
        'mine.txt',
      );
      assert.equal(mine.status, 200, mine.text);
      for (const r of [none, source, download]) assert.equal(r.body.status, 'COMPLETED', r.text);

      const rag = (json: unknown, h = auth) => stack.request('POST', sp(spaceId, '/rag'), { headers: h, json });
      const res = await rag({ text: 'company vehicle' });
      assert.equal(res.status, 200, res.text);
      const sources = new Map(
        res.body.knowledgeResults.map((r: { text: string; source: string }) => [r.text, r.source]),
      );
      assert.equal(sources.get('Company cars must be returned with a full tank.'), '');
      assert.equal(sources.get('Company cars are serviced every six months.'), '1:Fleet service');
      assert.equal(sources.get('Company car keys are kept at reception.'), `1:Fleet keys:${download.body.knowledgeId}`);
      assert.ok([...sources.values()].includes('https://fleet.example/booking'));
      assert.equal(res.body.knowledgeResults.length, 4, 'default topK 5, four passages exist');
      assert.ok(
        !sources.has('My own note: my company car is the blue van.'),
        'space knowledge stays out of workspace results',
      );
      assert.deepEqual(
        res.body.spaceKnowledgeResults.map((r: { text: string }) => r.text),
        ['My own note: my company car is the blue van.'],
      );
      assert.equal(res.body.spaceKnowledgeResults[0].source, '1:My note');
      const scores = res.body.knowledgeResults.map((r: { score: number }) => r.score);
      assert.deepEqual(
        [...scores].sort((x, y) => y - x),
        scores,
        'most relevant first',
      );

      const two = await rag({ text: 'company vehicle', topK: 2 });
      assert.equal(two.body.knowledgeResults.length, 2);
      assert.equal(two.body.spaceKnowledgeResults.length, 1, 'topK applies to each list independently');

      const meta = await stack.request(
        'GET',
        `/v1/workspaces/${tenant.workspaceId}/upload-file-metadata/${mine.body.uploadFileMetadataId}`,
        { headers },
      );
      assert.equal(meta.body.knowledge, null);
      assert.equal(meta.body.spaceKnowledge.id, mine.body.knowledgeId);
      assert.equal(meta.body.spaceKnowledge.spaceId, spaceId);
      const search = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query: 'blue van', limit: 50 },
      });
      assert.ok(
        !search.body.results.some((r: { id: string }) => r.id === mine.body.knowledgeId),
        'not in workspace search',
      );
      assert.equal(
        (
          await stack.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge/${mine.body.knowledgeId}`, {
            headers,
          })
        ).status,
        404,
      );

      const stranger = await activateKey({ userId: 'stranger', email: 's@example.com' });
      const theirs = await stack.request('POST', sp(stranger.body.space.id, '/rag'), {
        headers: bearer(stranger.body.token),
        json: { text: 'company vehicle' },
      });
      assert.deepEqual(theirs.body.spaceKnowledgeResults, [], 'space knowledge never leaks to another space');

      for (const topK of [0, 11, 2.5, 'five'])
        assertError(await rag({ text: 'x', topK }), 400, 'Invalid topK value, must be between 1 and 10');
      assertError(await rag({}), 400, 'Missing required field');
    });

    it("shows each passage's section headings, and search results the best passage's; none where the source is hidden", async () => {
      const host = await activateKey({ userId: 'heading-user', email: 'h@example.com' });
      const auth = bearer(host.body.token);
      const para = (s: string) => `${s} `.repeat(12).trim();
      const handbook = (title: string, visibility: string) =>
        uploadRequest(
          stack.request,
          tenant.workspaceId,
          headers,
          {
            filename: `${title.toLowerCase().replace(/ /g, '-')}.md`,
            contentType: 'text/markdown',
            bytes: Buffer.from(
              `# ${title}\n\n${para('Every driver signs the logbook before taking a vehicle out.')}\n\n` +
                `## Returning a car\n\n### After hours\n\n` +
                para(`${title}: company cars returned after hours go to the lower car park with a full tank.`),
            ),
          },
          { title, sourceVisibility: visibility },
        );
      const shown = await handbook('Fleet handbook', 'source');
      const hidden = await handbook('Depot handbook', 'none');
      for (const r of [shown, hidden]) assert.equal(r.body.status, 'COMPLETED', r.text);

      const res = await stack.request('POST', sp(host.body.space.id, '/rag'), {
        headers: auth,
        json: { text: 'where do I leave a company car after hours', topK: 5 },
      });
      assert.equal(res.status, 200, res.text);
      type P = { text: string; source: string; headings: string[] };
      const passage = (title: string) =>
        (res.body.knowledgeResults as P[]).find((p) => p.text.startsWith(`${title}: company cars returned`));
      assert.deepEqual(
        passage('Fleet handbook')?.headings,
        ['Fleet handbook', 'Returning a car', 'After hours'],
        res.text,
      );
      assert.equal(passage('Fleet handbook')?.source, '1:Fleet handbook');
      assert.deepEqual(
        [passage('Depot handbook')?.source, passage('Depot handbook')?.headings],
        ['', []],
        'a hidden source hides its section path too',
      );
      for (const p of res.body.knowledgeResults as P[]) assert.ok(Array.isArray(p.headings), res.text);

      // Search shows the best passage's path (search results name their item anyway).
      const search = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query: 'company cars returned after hours to the lower car park', limit: 5 },
      });
      assert.equal(search.status, 200, search.text);
      const results = search.body.results as Array<{ id: string; headings: string[] }>;
      for (const { knowledgeId, title } of [
        { knowledgeId: shown.body.knowledgeId, title: 'Fleet handbook' },
        { knowledgeId: hidden.body.knowledgeId, title: 'Depot handbook' },
      ]) {
        assert.deepEqual(
          results.find((r) => r.id === knowledgeId)?.headings,
          [title, 'Returning a car', 'After hours'],
          search.text,
        );
      }
    });

    it('applies the language filter to both lists and the role to workspace knowledge', async () => {
      await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);
      const role = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'hr' });
      const host = await activateKey({ userId: 'hr-user', email: 'h@example.com', customerRoleId: 'hr' });
      const spaceId = host.body.space.id as string;
      const upload = (text: string, fields: Record<string, string>) =>
        uploadRequest(
          stack.request,
          tenant.workspaceId,
          headers,
          { filename: 'x.txt', contentType: 'text/plain', bytes: Buffer.from(text) },
          fields,
        );
      const hrEn = await upload('Parental leave lasts sixteen weeks.', { language: 'en' });
      const hrDe = await upload('Elternzeit dauert sechzehn Wochen.', { language: 'de' });
      // No language given (and English prose: English is detected for keyword parsing, not stored as its language).
      const hrNone = await upload('Leave requests go to the HR portal.', {});
      const secret = await upload('Executive bonus pool details.', { language: 'en' });
      await upload('Space note about leave.', { language: 'de', spaceId });
      await upload('Space note about leave requests.', { spaceId });
      for (const r of [hrEn, hrDe, hrNone]) {
        await stack.deps
          .db('knowledge_roles')
          .insert({ knowledge_id: r.body.knowledgeId, role_id: role.id, workspace_id: tenant.workspaceId });
      }
      void secret;
      const rag = (json: unknown) =>
        stack.request('POST', sp(spaceId, '/rag'), { headers: bearer(host.body.token), json });
      const all = await rag({ text: 'leave and bonus', topK: 10 });
      assert.deepEqual(all.body.knowledgeResults.map((r: { text: string }) => r.text).sort(), [
        'Elternzeit dauert sechzehn Wochen.',
        'Leave requests go to the HR portal.',
        'Parental leave lasts sixteen weeks.',
      ]);
      assert.equal(all.body.spaceKnowledgeResults.length, 2);
      // An item without a language is left out whenever languageId is given (docs/concepts/spaces.md).
      const en = await rag({ text: 'leave', languageId: 'en' });
      assert.deepEqual(
        en.body.knowledgeResults.map((r: { text: string }) => r.text),
        ['Parental leave lasts sixteen weeks.'],
      );
      assert.deepEqual(en.body.spaceKnowledgeResults, [], 'the language filter applies to space knowledge too');
      const de = await rag({ text: 'leave', languageId: 'de' });
      assert.deepEqual(
        de.body.spaceKnowledgeResults.map((r: { text: string }) => r.text),
        ['Space note about leave.'],
      );

      await stack.deps.db('roles').where({ id: role.id }).delete();
      const gone = await rag({ text: 'leave' });
      assert.deepEqual([gone.status, specFields(gone.body)], [400, { error: 'Error', message: 'Role not found' }]);
    });

    it('answers 404 "Workspace ID does not match" for a token of another workspace', async () => {
      const host = await activateKey({ userId: 'u', email: 'u@example.com' });
      const other = await createTenant(stack.deps.db);
      const res = await stack.request('POST', `/v1/workspaces/${other.workspaceId}/spaces/${host.body.space.id}/rag`, {
        headers: bearer(host.body.token),
        json: { text: 'x' },
      });
      assert.deepEqual(
        [res.status, specFields(res.body)],
        [404, { error: 'Error', message: 'Workspace ID does not match' }],
      );
    });
  });

  describe('end users stay in their own lane', () => {
    const hidden = { error: 'Error', message: 'Space not found' };
    /** GET the space, GET its messages and POST RAG with these headers: the three statuses and bodies. */
    const reach = async (spaceId: string, h: Record<string, string>) => {
      const res = await Promise.all([
        stack.request('GET', sp(spaceId), { headers: h }),
        stack.request('GET', sp(spaceId, '/message'), { headers: h }),
        stack.request('POST', sp(spaceId, '/rag'), { headers: h, json: { text: 'anything' } }),
      ]);
      return res.map((r) => r.status);
    };

    it("a role-bound token neither takes over nor reads another role's space (BOLA)", async () => {
      await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'role-a' });
      await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'role-b' });
      const victim = await activateKey({ userId: 'victim', email: 'v@example.com', customerRoleId: 'role-b' });
      const victimSpace = victim.body.space.id as string;
      const roleA = (await accessHeaders(stack, tenant, { customerRoleId: 'role-a' })).headers;
      const roleB = (await accessHeaders(stack, tenant, { customerRoleId: 'role-b' })).headers;

      assertError(
        await activate({ workspaceId: tenant.workspaceId, customerIdString: 'victim' }, roleA),
        403,
        'Insufficient permissions',
      );
      assert.deepEqual(await reach(victimSpace, roleA), [404, 404, 404]);
      const read = await stack.request('GET', sp(victimSpace, '/message'), { headers: roleA });
      assert.deepEqual(specFields(read.body), hidden, 'answered as if the space did not exist');
      // Its own role's lane stays open: role B retrieves the space, role A activates and reads its own users.
      const retrieved = await activate({ workspaceId: tenant.workspaceId, customerIdString: 'victim' }, roleB);
      assert.deepEqual([retrieved.status, retrieved.body.spaceId], [200, victimSpace]);
      assert.deepEqual(await reach(victimSpace, roleB), [200, 200, 200]);
      const own = await activate({ workspaceId: tenant.workspaceId, customerIdString: 'colleague' }, roleA);
      assert.equal(own.status, 200, own.text);
      assert.deepEqual(await reach(own.body.spaceId, roleA), [200, 200, 200]);
      assert.deepEqual(await reach(own.body.spaceId, roleB), [404, 404, 404]);
      // A space activated without a role (as every space before roles were recorded) is no role's.
      const legacy = await activateKey({ userId: 'legacy', email: 'l@example.com' });
      assert.deepEqual(await reach(legacy.body.space.id, roleA), [404, 404, 404]);
      assertError(
        await activate({ workspaceId: tenant.workspaceId, customerIdString: 'legacy' }, roleA),
        403,
        'Insufficient permissions',
      );
      // The workspace credential opens every space, and its activation records the user's current role.
      assert.deepEqual(await reach(victimSpace, headers), [200, 200, 200]);
      const moved = await activateKey({ userId: 'victim', email: 'v@example.com', customerRoleId: 'role-a' });
      assert.equal(moved.body.space.id, victimSpace);
      assert.deepEqual(await reach(victimSpace, roleA), [200, 200, 200]);
      assert.deepEqual(await reach(victimSpace, roleB), [404, 404, 404]);
    });

    it("a subject-bound token reaches only its own user's space", async () => {
      await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'staff' });
      const alice = (await accessHeaders(stack, tenant, { customerRoleId: 'staff', subject: 'alice' })).headers;
      const bob = await activateKey({ userId: 'bob', email: 'b@example.com', customerRoleId: 'staff' });
      assertError(
        await activate({ workspaceId: tenant.workspaceId, customerIdString: 'bob' }, alice),
        403,
        'Insufficient permissions',
      );
      assertError(
        await activate({ workspaceId: tenant.workspaceId, customerIdString: 'carol' }, alice),
        403,
        'Insufficient permissions',
      );
      assert.equal(
        await spacesRepo.findSpaceUserByExternalId(stack.deps.db, tenant.workspaceId, 'carol'),
        undefined,
        'a refused activation creates nothing',
      );
      assert.deepEqual(await reach(bob.body.space.id, alice), [404, 404, 404], 'same role, other user');
      const mine = await activate({ workspaceId: tenant.workspaceId, customerIdString: 'alice' }, alice);
      assert.equal(mine.status, 200, mine.text);
      assert.deepEqual(await reach(mine.body.spaceId, alice), [200, 200, 200]);
      const claims = decodeJwt(mine.body.token);
      assert.equal(claims.spaceId, mine.body.spaceId, 'the user space token is for her space');
      const group = await spacesRepo.defaultGroup(stack.deps.db, mine.body.spaceId);
      const posted = await stack.request('POST', sp(mine.body.spaceId, '/message'), {
        headers: bearer(mine.body.token),
        json: { newMessage: 'hello', type: 'USER', groupId: group!.id },
      });
      assert.equal(posted.status, 200, posted.text);
      assert.equal(
        (await stack.request('GET', sp(bob.body.space.id), { headers: bearer(mine.body.token) })).status,
        400,
        "her user space token does not open bob's space",
      );

      // A subject without a role: an end user too, never the workspace credential.
      const dave = (await accessHeaders(stack, tenant, { subject: 'dave' })).headers;
      const daves = await activate({ workspaceId: tenant.workspaceId, customerIdString: 'dave' }, dave);
      assert.equal(daves.status, 200, daves.text);
      assert.deepEqual(await reach(daves.body.spaceId, dave), [200, 200, 200]);
      assertError(
        await activate({ workspaceId: tenant.workspaceId, customerIdString: 'dave', customerRoleId: 'staff' }, dave),
        403,
        'Insufficient permissions',
      );
      assertError(
        await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/text`, {
          headers: dave,
          json: { title: 't', content: 'c' },
        }),
        403,
        'Insufficient permissions',
      );
      const blank = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
        headers: { 'x-api-key': tenant.apiKey },
        json: { subject: '  ' },
      });
      assertError(blank, 400, 'subject must not be empty');
      for (const [subject, message] of [
        [5, 'subject must be a string'],
        ['x'.repeat(256), 'subject must be at most 255 characters'],
      ] as const) {
        const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
          headers: { 'x-api-key': tenant.apiKey },
          json: { subject },
        });
        assertError(res, 400, message);
      }
    });

    it('under ACTIVE RBAC a user space token without a role gets no role-restricted passages', async () => {
      await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);
      const roleA = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'a' });
      const roleB = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'b' });
      const dim = stack.deps.embeddings.dimension;
      await insertItem(stack.deps.db, tenant.workspaceId, {
        title: 'for a',
        roleIds: [roleA.id],
        vector: seededVector(dim, 1),
      });
      await insertItem(stack.deps.db, tenant.workspaceId, {
        title: 'for b',
        roleIds: [roleB.id],
        vector: seededVector(dim, 2),
      });
      await insertItem(stack.deps.db, tenant.workspaceId, { title: 'for none', vector: seededVector(dim, 3) });
      const rag = async (token: string, spaceId: string) => {
        const res = await stack.request('POST', sp(spaceId, '/rag'), {
          headers: bearer(token),
          json: { text: 'for', topK: 10 },
        });
        assert.equal(res.status, 200, res.text);
        return (res.body.knowledgeResults as Array<{ text: string }>).map((r) => r.text).sort();
      };
      const roleless = await activateKey({ userId: 'nobody', email: 'n@example.com' });
      assert.deepEqual(await rag(roleless.body.token, roleless.body.space.id), []);
      const withA = await activateKey({ userId: 'a-user', email: 'a@example.com', customerRoleId: 'a' });
      assert.deepEqual(await rag(withA.body.token, withA.body.space.id), ['for a']);
      // The workspace credential (the admin's) is not narrowed.
      const admin = await stack.request('POST', sp(roleless.body.space.id, '/rag'), {
        headers,
        json: { text: 'for', topK: 10 },
      });
      assert.deepEqual(admin.body.knowledgeResults.map((r: { text: string }) => r.text).sort(), [
        'for a',
        'for b',
        'for none',
      ]);
      await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, false);
      assert.equal((await rag(roleless.body.token, roleless.body.space.id)).length, 3, 'RBAC off: no role filter');
    });
  });

  it(`caps a message listing at ${MESSAGES_MAX_PAGE}: without paging, the latest ones, oldest first`, async () => {
    const host = await activateKey({ userId: 'chatty', email: 'c@example.com' });
    const spaceId = host.body.space.id as string;
    const group = await spacesRepo.defaultGroup(stack.deps.db, spaceId);
    const total = MESSAGES_MAX_PAGE + 5;
    const base = Date.parse('2026-01-01T00:00:00Z');
    await stack.deps.db('space_messages').insert(
      Array.from({ length: total }, (_, i) => ({
        id: randomUUID(),
        space_id: spaceId,
        group_id: group!.id,
        type: 'USER',
        message: `m${i}`,
        created_at: new Date(base + i * 1000),
      })),
    );
    const res = await stack.request('GET', sp(spaceId, '/message'), { headers: bearer(host.body.token) });
    assert.equal(res.status, 200, res.text);
    const texts = (res.body.messages as Array<{ message: string }>).map((m) => m.message);
    assert.equal(texts.length, MESSAGES_MAX_PAGE);
    assert.deepEqual([texts[0], texts.at(-1)], ['m5', `m${total - 1}`]);
    assert.equal(res.body.hasMore, true);
    const back = await stack.request('GET', sp(spaceId, `/message?before=${res.body.messages[0].id}`), {
      headers: bearer(host.body.token),
    });
    assert.deepEqual(
      back.body.messages.map((m: { message: string }) => m.message),
      ['m0', 'm1', 'm2', 'm3', 'm4'],
    );
    assert.equal(back.body.hasMore, false);
  });

  it(`holds a message listing to ${MESSAGES_PAGE_BYTES} bytes of messages (at least one), paging back the rest`, async () => {
    const host = await activateKey({ userId: 'verbose', email: 'v@example.com' });
    const spaceId = host.body.space.id as string;
    const group = await spacesRepo.defaultGroup(stack.deps.db, spaceId);
    const base = Date.parse('2026-01-01T00:00:00Z');
    // 25 messages of 100,000 characters (each its own letter, so none compresses away): 2.4 MiB.
    const ids = Array.from({ length: 25 }, () => randomUUID());
    await stack.deps.db('space_messages').insert(
      ids.map((id, i) => ({
        id,
        space_id: spaceId,
        group_id: group!.id,
        type: 'USER',
        message: `${i} `.padEnd(100_000, String.fromCharCode(97 + i)),
        created_at: new Date(base + i * 1000),
      })),
    );
    const read: string[] = [];
    let before: string | undefined;
    for (let pages = 1; ; pages++) {
      const res = await stack.request('GET', sp(spaceId, `/message?limit=200${before ? `&before=${before}` : ''}`), {
        headers: bearer(host.body.token),
      });
      assert.equal(res.status, 200, res.text);
      const page = res.body.messages as Array<{ id: string }>;
      assert.ok(page.length > 0 && Buffer.byteLength(res.text) < MESSAGES_PAGE_BYTES + 200_000, `page ${pages}`);
      read.unshift(...page.map((m) => m.id));
      if (!res.body.hasMore) {
        assert.equal(pages, 3);
        break;
      }
      before = page[0]!.id;
    }
    assert.deepEqual(read, ids, 'every message once, in order');
  });

  it("lists, gets and deletes a space's files through the space, for its user and the workspace credential only", async () => {
    const ws = tenant.workspaceId;
    const host = await activateKey({ userId: 'filer', email: 'f@example.com' });
    const other = await activateKey({ userId: 'other', email: 'o@example.com' });
    const spaceId = host.body.space.id as string;
    const upload = (spaceFor: string, name: string) =>
      uploadRequest(
        stack.request,
        ws,
        headers,
        { filename: name, contentType: 'text/plain', bytes: Buffer.from(`Notes in ${name}.`) },
        { spaceId: spaceFor },
      );
    const mine = (await upload(spaceId, 'mine.txt')).body.knowledgeId as string;
    const theirs = (await upload(other.body.space.id, 'theirs.txt')).body.knowledgeId as string;
    const own = bearer(host.body.token);
    const list = await stack.request('GET', sp(spaceId, '/knowledge'), { headers: own });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      [list.body.knowledge.map((k: { id: string }) => k.id), list.body.total, list.body.page],
      [[mine], 1, 1],
    );
    const one = await stack.request('GET', sp(spaceId, `/knowledge/${mine}`), { headers: own });
    assert.deepEqual([one.status, one.body.id], [200, mine]);
    assert.equal((await stack.request('GET', sp(spaceId, `/knowledge/${mine}`), { headers })).status, 200);
    // Another space's item through this space, another user's token, a role-bound token: all refused.
    assertError(
      await stack.request('GET', sp(spaceId, `/knowledge/${theirs}`), { headers: own }),
      404,
      'Knowledge item not found',
    );
    const stranger = await stack.request('GET', sp(spaceId, '/knowledge'), { headers: bearer(other.body.token) });
    assert.deepEqual([stranger.status, stranger.body.message], [400, 'The space is private']);
    assertError(
      await stack.request('DELETE', sp(spaceId, `/knowledge/${mine}`), { headers: bearer(other.body.token) }),
      400,
      'The space is private',
    );
    await createRole(stack.deps.db, ws, { customerRoleId: 'r' });
    const role = (await accessHeaders(stack, tenant, { customerRoleId: 'r' })).headers;
    assertError(
      await stack.request('GET', sp(spaceId, '/knowledge'), { headers: role }),
      403,
      'Insufficient permissions',
    );
    assertError(
      await stack.request('GET', `/v1/workspaces/${ws}/knowledge/${mine}`, { headers }),
      404,
      'Knowledge item not found',
    );

    const deleted = await stack.request('DELETE', sp(spaceId, `/knowledge/${mine}`), { headers: own });
    assert.deepEqual([deleted.status, deleted.body], [200, { success: true }]);
    const after = await stack.request('GET', sp(spaceId, '/knowledge'), { headers: own });
    assert.deepEqual(after.body.knowledge, []);
    assert.equal(await stack.deps.db('knowledge').where({ id: mine }).first(), undefined);
    assert.ok(await stack.deps.db('knowledge').where({ id: theirs }).first(), "the other space's item stays");
  });

  it("lets a space's HOST and CO_HOST delete its files, and a GUEST only read them", async () => {
    const ws = tenant.workspaceId;
    const host = await activateKey({ userId: 'owner', email: 'owner@example.com' });
    const spaceId = host.body.space.id as string;
    const files: string[] = [];
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      const res = await uploadRequest(
        stack.request,
        ws,
        headers,
        { filename: name, contentType: 'text/plain', bytes: Buffer.from(`Notes in ${name}.`) },
        { spaceId },
      );
      files.push(res.body.knowledgeId as string);
    }
    const member = async (userId: string, role: string) => {
      const res = await activateKey({ userId, email: `${userId}@example.com` });
      const user = await spacesRepo.findSpaceUserByExternalId(stack.deps.db, ws, userId);
      await spacesRepo.addMember(stack.deps.db, spaceId, user!.id, role);
      return bearer(res.body.token);
    };
    const guest = await member('guest', 'GUEST');
    const coHost = await member('cohost', 'CO_HOST');
    const del = (id: string, h: Record<string, string>) =>
      stack.request('DELETE', sp(spaceId, `/knowledge/${id}`), { headers: h });

    const read = await stack.request('GET', sp(spaceId, `/knowledge/${files[0]}`), { headers: guest });
    assert.deepEqual([read.status, read.body.id], [200, files[0]], 'a guest reads');
    assertError(await del(files[0]!, guest), 403, 'Insufficient permissions');
    assert.ok(await stack.deps.db('knowledge').where({ id: files[0] }).first(), 'the guest deleted nothing');
    assert.equal((await del(files[0]!, coHost)).status, 200);
    assert.equal((await del(files[1]!, bearer(host.body.token))).status, 200);
    assert.equal((await del(files[2]!, headers)).status, 200, 'the workspace credential');
  });

  it('closes a space to user space tokens of its former role when the integrator moves it to another', async () => {
    const ws = tenant.workspaceId;
    await createRole(stack.deps.db, ws, { customerRoleId: 'A' });
    await createRole(stack.deps.db, ws, { customerRoleId: 'B' });
    const roleA = (await accessHeaders(stack, tenant, { customerRoleId: 'A' })).headers;
    const first = await activate({ workspaceId: ws, customerIdString: 'newhire' }, roleA);
    assert.equal(first.status, 200, first.text);
    const spaceId = first.body.spaceId as string;
    const kept = bearer(first.body.token);
    const file = (
      await uploadRequest(
        stack.request,
        ws,
        headers,
        { filename: 'n.txt', contentType: 'text/plain', bytes: Buffer.from('Onboarding notes.') },
        { spaceId },
      )
    ).body.knowledgeId as string;
    assert.equal((await stack.request('GET', sp(spaceId, '/message'), { headers: kept })).status, 200);

    // The workspace credential records the user's new role on the space.
    const moved = await activate({ workspaceId: ws, customerIdString: 'newhire', customerRoleId: 'B' });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.spaceId, spaceId);
    const privateSpace = (res: { status: number; body: { message?: string } }) =>
      assert.deepEqual([res.status, res.body.message], [400, 'The space is private']);
    privateSpace(await stack.request('GET', sp(spaceId), { headers: kept }));
    privateSpace(await stack.request('GET', sp(spaceId, '/message'), { headers: kept }));
    privateSpace(
      await stack.request('POST', sp(spaceId, '/message'), {
        headers: kept,
        json: { type: 'USER', newMessage: 'still here?' },
      }),
    );
    privateSpace(await stack.request('GET', sp(spaceId, '/knowledge'), { headers: kept }));
    privateSpace(await stack.request('DELETE', sp(spaceId, `/knowledge/${file}`), { headers: kept }));
    assert.ok(await stack.deps.db('knowledge').where({ id: file }).first(), 'the file stays');
    // The token of the new activation opens it.
    const fresh = bearer(moved.body.token);
    assert.equal((await stack.request('GET', sp(spaceId, '/knowledge'), { headers: fresh })).status, 200);
  });

  it('erases a space for a data-subject request: nothing of it is left in PostgreSQL, S3 or search', async () => {
    const db = stack.deps.db;
    const ws = tenant.workspaceId;
    const host = await activateKey({ userId: 'leaving', email: 'leaving@example.com' });
    const spaceId = host.body.space.id as string;
    const upload = await uploadRequest(
      stack.request,
      ws,
      headers,
      { filename: 'diary.txt', contentType: 'text/plain', bytes: Buffer.from('My private diary about zebras.') },
      { spaceId },
    );
    assert.equal(upload.status, 200, upload.text);
    const knowledgeId = upload.body.knowledgeId as string;
    const group = await spacesRepo.defaultGroup(db, spaceId);
    const posted = await stack.request('POST', sp(spaceId, '/message'), {
      headers: bearer(host.body.token),
      json: { newMessage: 'please forget me', type: 'USER', groupId: group!.id },
    });
    assert.equal(posted.status, 200, posted.text);
    const keys = await spacesRepo.spaceStorageKeys(db, ws, spaceId);
    assert.ok(keys.length > 0, 'the space holds a stored file');
    for (const key of keys) assert.equal(await stack.deps.storage.exists(key), true);

    // Only the workspace credential erases.
    const roleHeaders = (await accessHeaders(stack, tenant, { subject: 'leaving' })).headers;
    for (const h of [bearer(host.body.token), roleHeaders]) {
      assertError(await stack.request('DELETE', sp(spaceId), { headers: h }), 403, 'Insufficient permissions');
    }
    const res = await stack.request('DELETE', sp(spaceId), { headers });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { success: true, message: 'Erasure started', jobId: `erase-space:${ws}:${spaceId}` });
    let status = '';
    for (let i = 0; i < 600 && status !== 'COMPLETED'; i++) {
      const jobs = await stack.request('POST', `/v1/workspaces/${ws}/background-jobs`, {
        headers,
        json: { jobIds: [res.body.jobId] },
      });
      status = jobs.body.jobs[0].status;
      assert.ok(status === 'RUNNING' || status === 'COMPLETED', jobs.text);
      if (status !== 'COMPLETED') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 'COMPLETED');

    const count = async (table: string, where: Record<string, string>) =>
      Number((await db(table).where(where).count<{ n: string }[]>('* as n'))[0]!.n);
    for (const table of ['space_members', 'space_groups', 'space_messages', 'knowledge', 'upload_file_metadata']) {
      assert.equal(await count(table, { space_id: spaceId }), 0, table);
    }
    assert.equal(await count('spaces', { id: spaceId }), 0, 'spaces');
    assert.equal(await count('knowledge_chunks', { knowledge_id: knowledgeId }), 0, 'passages and vectors');
    assert.equal(await count('space_users', { workspace_id: ws, external_id: 'leaving' }), 0, 'the user');
    assert.equal(await count('knowledge_search_counts', { scope: `space:${spaceId}` }), 0, 'search counts');
    for (const key of keys) assert.equal(await stack.deps.storage.exists(key), false, `blob ${key}`);
    const found = await stack.request('POST', `/workspaces/${ws}/knowledge/search`, {
      headers: { ...headers, 'x-api-key': tenant.apiKey },
      json: { query: 'private diary about zebras', limit: 50 },
    });
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(found.body.results, [], 'search finds nothing');
    assert.equal((await stack.request('GET', sp(spaceId), { headers: bearer(host.body.token) })).status, 404);
    assertError(await stack.request('DELETE', sp(spaceId), { headers }), 404, 'Space not found');
  });

  it('tracks a background space upload through upload-file-metadata spaceKnowledge', async () => {
    const host = await activateKey({ userId: 'bg', email: 'bg@example.com' });
    const res = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'n.txt', contentType: 'text/plain', bytes: Buffer.from('Background space note.') },
      { status: 'BACKGROUND_START', spaceId: host.body.space.id },
    );
    assert.equal(res.status, 200, res.text);
    await assert.rejects(followUpload(stack.request, tenant.workspaceId, headers, res.body.uploadFileMetadataId, 3000));
    for (let i = 0; i < 200; i++) {
      const meta = await stack.request(
        'GET',
        `/v1/workspaces/${tenant.workspaceId}/upload-file-metadata/${res.body.uploadFileMetadataId}`,
        { headers },
      );
      if (meta.body.spaceKnowledge?.status === 'COMPLETED') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail('space knowledge never completed');
  });

  it("hides a space upload's tracking from every credential but the workspace's own (404 as for an unknown id)", async () => {
    const ws = tenant.workspaceId;
    const host = await activateKey({ userId: 'tracked', email: 't@example.com' });
    const res = await uploadRequest(
      stack.request,
      ws,
      headers,
      { filename: 'private.txt', contentType: 'text/plain', bytes: Buffer.from('Private space note.') },
      { spaceId: host.body.space.id },
    );
    assert.equal(res.status, 200, res.text);
    const track = (h: Record<string, string>) =>
      stack.request('GET', `/v1/workspaces/${ws}/upload-file-metadata/${res.body.uploadFileMetadataId}`, {
        headers: h,
      });
    assert.equal((await track(headers)).status, 200, 'the workspace credential');
    await createRole(stack.deps.db, ws, { customerRoleId: 'r' });
    for (const body of [{ customerRoleId: 'r' }, { customerRoleId: 'r', subject: 'someone' }, { subject: 'tracked' }]) {
      const other = (await accessHeaders(stack, tenant, body)).headers;
      assertError(await track(other), 404, 'Upload file metadata not found');
    }
  });
});
