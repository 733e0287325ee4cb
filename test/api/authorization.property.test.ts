// Property: for generated workspaces, roles, items and credentials of every kind, every mounted route answers
// exactly what the policy table says (401 for a credential the route does not take, 403 when the policy denies
// it, past the guard otherwise), and no sequence of calls by credentials other than the workspace credential
// changes what any role can see. Denied credentials send requests that WOULD change knowledge if allowed;
// the workspace credential sends inert ones (past the guard, no effect), so the world stays fixed per case.
// Past the guard, the Agent API's role binding is checked too: under ACTIVE RBAC a thread created by one role's
// token is absent (404 "Thread not found") for another role's token when read, listed, posted to or run, and
// agent RAG, the tools and MCP return only the role's knowledge.
// A role-bound token finds a space of no role (or another role) absent: 404 "Space not found".
// Runs: KWS_POLICY_PROPERTY_RUNS (default 100; the documented long run is 10000), seeded. Each run builds a world
// (what costs) and then makes up to 24 calls in it: the outcomes depend on the credential kind, the route, RBAC
// and which roles hold items, and 100 worlds meet each of the 6 RBAC x role-count combinations about 16 times,
// while the calls per world (about 1,200 in all) give longer sequences in which an effect a call leaked would show
// in a later call or in the closing snapshot (size 'max': fast-check's default size would stop the sequences
// near 10 calls). Every (credential kind, route) pair is also called in two fixed worlds, RBAC on and off (the
// test before the property). 250 worlds of up to 18 calls took 108 s of CI's 20 minutes at its load.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { apiRouter } from '../../src/api/app';
import { routeAnswer, routeEntries, type RouteEntry } from '../../src/api/routes/table';
import * as agentRepo from '../../src/db/repositories/agent';
import * as apiKeysRepo from '../../src/db/repositories/apiKeys';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import * as syncedSources from '../../src/db/repositories/syncedSources';
import * as spacesRepo from '../../src/db/repositories/spaces';
import * as workspaces from '../../src/db/repositories/workspaces';
import type { Db } from '../../src/db/knex';
import { allows, POLICY, type ActionPolicy } from '../../src/policies/actions';
import { FORBIDDEN } from '../../src/policies/authorize';
import type { CredentialKind } from '../../src/policies/credentials';
import { activateUserSpace } from '../../src/services/spaces/spaces';
import { createRole, createTenant, insertItem, seededVector, type Tenant } from '../helpers/factories';
import type { TestResponse } from '../helpers/http';
import { multipartBody } from '../helpers/knowledge';
import { getStack, type TestStack } from '../helpers/stack';

const RUNS = Number(process.env.KWS_POLICY_PROPERTY_RUNS ?? 100);
const SEED = Number(process.env.KWS_POLICY_PROPERTY_SEED ?? 20261123);

/** One credential of a generated world; 'foreign' is a credential of another workspace. */
interface Credential {
  kind: CredentialKind | 'foreign';
  label: string;
  /** Bearer token, or undefined for the API key credential. */
  token?: string;
  apiKey: string;
  organizationId: string;
  /** The role a role-bound or user space credential carries. */
  roleId?: string;
  spaceId?: string;
  groupId?: string;
}

interface World {
  tenant: Tenant;
  rbac: boolean;
  roleIds: string[];
  customerRoleIds: string[];
  itemIds: string[];
  /** A crawled WEBSITE item (what a recrawl would start again). */
  siteId: string;
  /** Each item's chunk (by index of itemIds). */
  chunkIds: string[];
  /** The roles each item (by index of itemIds) is assigned to. */
  itemRoles: string[][];
  /** Agent threads created by the access tokens: the workspace one (roleId null) and each role's. */
  threads: Array<{ id: string; roleId: string | null }>;
  /** A registered agent server. */
  serverId: string;
  spaceId: string;
  groupId: string;
  credentials: Credential[];
}

interface Call {
  method: string;
  path: string;
  json?: unknown;
  raw?: { body: Buffer; contentType: string };
  /** Semantic search takes x-api-key beside the bearer token. */
  withApiKey?: boolean;
  /** An Accept header (MCP's Streamable HTTP asks for JSON or an event stream). */
  accept?: string;
  /** What the answer must be once past the guard (resource rules: the role binding of threads, role-scoped reads). */
  check?(res: TestResponse): void;
}

/** How to call each route: `potent` would change the workspace if the guard let it through; `inert` passes it harmlessly. */
interface RouteCalls {
  potent(w: World, c: Credential, variant: number): Call;
  inert?(w: World, c: Credential): Call;
}

/** The console's built script (its name carries its content hash). */
const consoleScript = () => readdirSync(path.resolve(__dirname, '../../console/assets')).find((f) => f.endsWith('.js'));
const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length]!;
/** The world's space was activated without a role: a role-bound token finds it absent (its lane is its role's). */
const outOfLane = (c: Credential): Call['check'] =>
  c.kind === 'role' ? (res) => assert.deepEqual([res.status, res.body?.message], [404, 'Space not found']) : undefined;
const tinyFile = () =>
  multipartBody(
    { title: 'planted' },
    { filename: 'planted.txt', contentType: 'text/plain', bytes: Buffer.from('planted') },
  );

/** Every route the service serves must be listed here, so the property covers it (a test below checks). */
const TOOL_NAMES = ['knowledge_search', 'title_search', 'rag', 'get_knowledge'] as const;
type ToolName = (typeof TOOL_NAMES)[number];

/** A call of one first-party tool (each has a route of its own), or of one drawn when none is named. */
const toolCall = (fixed?: ToolName): RouteCalls => ({
  potent: (w, c, v) => {
    const tool = fixed ?? pick(TOOL_NAMES, v);
    const item = pick(w.itemIds, v);
    const input = {
      knowledge_search: { query: 'doc', limit: 50 },
      title_search: { title: 'doc', limit: 50 },
      rag: { text: 'doc', topK: 10 },
      get_knowledge: { knowledgeId: item },
    }[tool];
    return {
      method: 'POST',
      path: v1(w, `/agent/tools/${tool}/execute`),
      json: { input },
      check: (res) => {
        if (tool === 'get_knowledge') {
          const visible = visibleItems(w, c).includes(item);
          assert.equal(res.status, visible ? 200 : 404, res.text);
          return;
        }
        assert.equal(res.status, 200, res.text);
        assertOnlyVisible(w, c, toolItemIds(w, res.body.output));
      },
    };
  },
});

const CALLS: Record<string, RouteCalls> = {
  'GET /health': { potent: () => ({ method: 'GET', path: '/health' }) },
  'GET /health/ready': { potent: () => ({ method: 'GET', path: '/health/ready' }) },
  'GET /openapi.json': { potent: () => ({ method: 'GET', path: '/openapi.json' }) },
  'GET /docs': { potent: () => ({ method: 'GET', path: '/docs' }) },
  'GET /docs/errors': { potent: () => ({ method: 'GET', path: '/docs/errors' }) },
  'GET /docs/assets/{file}': { potent: () => ({ method: 'GET', path: '/docs/assets/init.js' }) },
  'GET /console': { potent: () => ({ method: 'GET', path: '/console' }) },
  'GET /console/assets/{file}': { potent: () => ({ method: 'GET', path: `/console/assets/${consoleScript()}` }) },
  'GET /metrics': { potent: () => ({ method: 'GET', path: '/metrics' }) },
  'GET /v1/workspaces/{workspaceId}/webhooks': { potent: (w) => ({ method: 'GET', path: v1(w, '/webhooks') }) },
  'POST /v1/workspaces/{workspaceId}/webhooks': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/webhooks'), json: { url: 'https://planted.example/hook' } }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/webhooks'), json: {} }),
  },
  'GET /v1/workspaces/{workspaceId}/webhooks/{webhookId}': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/webhooks/${randomUUID()}`) }),
  },
  'PATCH /v1/workspaces/{workspaceId}/webhooks/{webhookId}': {
    potent: (w) => ({ method: 'PATCH', path: v1(w, `/webhooks/${randomUUID()}`), json: { enabled: false } }),
    inert: (w) => ({ method: 'PATCH', path: v1(w, `/webhooks/${randomUUID()}`), json: { enabled: false } }),
  },
  'DELETE /v1/workspaces/{workspaceId}/webhooks/{webhookId}': {
    potent: (w) => ({ method: 'DELETE', path: v1(w, `/webhooks/${randomUUID()}`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/webhooks/${randomUUID()}`) }),
  },
  'POST /v1/workspaces/{workspaceId}/webhooks/{webhookId}/test': {
    potent: (w) => ({ method: 'POST', path: v1(w, `/webhooks/${randomUUID()}/test`) }),
    inert: (w) => ({ method: 'POST', path: v1(w, `/webhooks/${randomUUID()}/test`) }),
  },
  'GET /v1/workspaces/{workspaceId}/webhooks/{webhookId}/deliveries': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/webhooks/${randomUUID()}/deliveries`) }),
  },
  'GET /v1/workspaces/{workspaceId}/api-keys': { potent: (w) => ({ method: 'GET', path: v1(w, '/api-keys') }) },
  'POST /v1/workspaces/{workspaceId}/api-keys': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/api-keys'), json: { name: 'planted' } }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/api-keys'), json: {} }),
  },
  'DELETE /v1/workspaces/{workspaceId}/api-keys/{keyId}': {
    potent: (w) => ({ method: 'DELETE', path: v1(w, `/api-keys/${randomUUID()}`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/api-keys/${randomUUID()}`) }),
  },
  'GET /v1/workspaces/{workspaceId}/storage': { potent: (w) => ({ method: 'GET', path: v1(w, '/storage') }) },
  'GET /v1/workspaces/{workspaceId}/sources': { potent: (w) => ({ method: 'GET', path: v1(w, '/sources') }) },
  'POST /v1/workspaces/{workspaceId}/sources': {
    potent: (w) => ({
      method: 'POST',
      path: v1(w, '/sources'),
      json: { kind: 's3', config: { endpoint: 'https://planted.example', bucket: 'planted' } },
    }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/sources'), json: {} }),
  },
  'GET /v1/workspaces/{workspaceId}/sources/{sourceId}': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/sources/${randomUUID()}`) }),
  },
  // Rules that would give every page of the world's site no role (a change of what roles read, were it let through).
  'PATCH /v1/workspaces/{workspaceId}/sources/{sourceId}': {
    potent: (w) => ({
      method: 'PATCH',
      path: v1(w, `/sources/${w.siteId}`),
      json: { rules: [{ match: { paths: ['**'] }, roleIds: [] }] },
    }),
    inert: (w) => ({ method: 'PATCH', path: v1(w, `/sources/${randomUUID()}`), json: { name: 'planted' } }),
  },
  'GET /v1/workspaces/{workspaceId}/sources/{sourceId}/rules': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/sources/${w.siteId}/rules`) }),
  },
  // A dry run writes nothing, whoever sends it.
  'POST /v1/workspaces/{workspaceId}/sources/{sourceId}/rules:preview': {
    potent: (w) => ({
      method: 'POST',
      path: v1(w, `/sources/${w.siteId}/rules:preview`),
      json: { rules: [{ match: { paths: ['**'] }, roleIds: [] }] },
    }),
  },
  'DELETE /v1/workspaces/{workspaceId}/sources/{sourceId}': {
    potent: (w) => ({ method: 'DELETE', path: v1(w, `/sources/${randomUUID()}?deleteItems=true`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/sources/${randomUUID()}`) }),
  },
  'POST /v1/workspaces/{workspaceId}/sources/{sourceId}/sync': {
    potent: (w) => ({ method: 'POST', path: v1(w, `/sources/${randomUUID()}/sync`) }),
    inert: (w) => ({ method: 'POST', path: v1(w, `/sources/${randomUUID()}/sync`) }),
  },
  'GET /v1/workspaces/{workspaceId}/sources/{sourceId}/syncs': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/sources/${randomUUID()}/syncs`) }),
  },
  'POST /workspaces/{workspaceId}/generate-access-key-token': {
    potent: (w, _c, v) => ({
      method: 'POST',
      path: `/workspaces/${w.tenant.workspaceId}/generate-access-key-token`,
      json: { customerRoleId: pick(w.customerRoleIds, v) },
    }),
  },
  // The key names its own workspace: another workspace's key is answered its own (the organization it carries).
  'GET /api-keys/current': {
    potent: (w, c) => ({
      method: 'GET',
      path: '/api-keys/current',
      check: (res) => {
        assert.equal(res.body?.organizationId, c.organizationId);
        if (c.kind === 'apiKey') assert.equal(res.body?.workspaceId, w.tenant.workspaceId);
      },
    }),
  },
  'POST /workspaces/{workspaceId}/activate-or-retrieve-user-space-api-key': {
    potent: (w, _c, v) => ({
      method: 'POST',
      path: `/workspaces/${w.tenant.workspaceId}/activate-or-retrieve-user-space-api-key`,
      json: { userId: `prop-${v}`, email: `prop${v}@example.com`, customerRoleId: pick(w.customerRoleIds, v) },
    }),
  },
  'PUT /workspaces/{workspaceId}/activate-or-retrieve-user-space': {
    potent: (w, _c, v) => ({
      method: 'PUT',
      path: `/workspaces/${w.tenant.workspaceId}/activate-or-retrieve-user-space`,
      json: { workspaceId: w.tenant.workspaceId, customerIdString: `prop-${v}`, roleId: pick(w.roleIds, v) },
    }),
  },
  'GET /v1/workspaces/{workspaceId}/knowledge': { potent: (w) => ({ method: 'GET', path: v1(w, '/knowledge') }) },
  'POST /v1/workspaces/{workspaceId}/knowledge/link': {
    potent: (w) => ({
      method: 'POST',
      path: v1(w, '/knowledge/link'),
      json: { type: 'LINK', url: 'https://planted.example' },
    }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/knowledge/link'), json: { type: 'LINK' } }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/text': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/knowledge/text'), json: { title: 'planted', content: 'planted' } }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/knowledge/text'), json: { title: 'no content' } }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/url': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/knowledge/url'), json: { url: 'http://127.0.0.1:9/planted' } }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/knowledge/url'), json: { url: 'not a url' } }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/website': {
    potent: (w) => ({
      method: 'POST',
      path: v1(w, '/knowledge/website'),
      json: { url: 'http://127.0.0.1:9/', maxDepth: 0 },
    }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/knowledge/website'), json: { url: '' } }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/recrawl': {
    potent: (w) => ({ method: 'POST', path: v1(w, `/knowledge/${w.siteId}/recrawl`) }),
    inert: (w) => ({ method: 'POST', path: v1(w, `/knowledge/${randomUUID()}/recrawl`) }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/file': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/knowledge/file'), raw: tinyFile() }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/knowledge/file'), raw: multipartBody({ title: 'no file' }) }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/search': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/knowledge/search'), json: { metadata: { type: 'STRING' } } }),
  },
  'GET /v1/workspaces/{workspaceId}/upload-file-metadata/{uploadFileMetadataId}': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/upload-file-metadata/${randomUUID()}`) }),
  },
  'GET /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}': {
    potent: (w, _c, v) => ({ method: 'GET', path: v1(w, `/knowledge/${pick(w.itemIds, v)}`) }),
  },
  'PUT /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/reservedField': {
    potent: (w, _c, v) => ({
      method: 'PUT',
      path: v1(w, `/knowledge/${pick(w.itemIds, v)}/reservedField`),
      json: { type: 'STRING', title: 'hijacked', language: 'xx' },
    }),
    inert: (w) => ({
      method: 'PUT',
      path: v1(w, `/knowledge/${randomUUID()}/reservedField`),
      json: { type: 'STRING', title: 'hijacked' },
    }),
  },
  'PATCH /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}': {
    potent: (w, _c, v) => ({
      method: 'PATCH',
      path: v1(w, `/knowledge/${pick(w.itemIds, v)}`),
      json: { attributes: { planted: true } },
    }),
    inert: (w) => ({ method: 'PATCH', path: v1(w, `/knowledge/${randomUUID()}`), json: { attributes: 'x' } }),
  },
  'DELETE /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}': {
    potent: (w, _c, v) => ({ method: 'DELETE', path: v1(w, `/knowledge/${pick(w.itemIds, v)}`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/knowledge/${randomUUID()}`) }),
  },
  'DELETE /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/children': {
    potent: (w, _c, v) => ({ method: 'DELETE', path: v1(w, `/knowledge/${pick(w.itemIds, v)}/children`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/knowledge/${randomUUID()}/children`) }),
  },
  'GET /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/chunks': {
    potent: (w, c, v) => {
      const item = pick(w.itemIds, v);
      return {
        method: 'GET',
        path: v1(w, `/knowledge/${item}/chunks`),
        // Scoped exactly as reading the item.
        check: (res) => assert.equal(res.status, visibleItems(w, c).includes(item) ? 200 : 404, res.text),
      };
    },
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/chunks': {
    potent: (w, _c, v) => ({
      method: 'POST',
      path: v1(w, `/knowledge/${pick(w.itemIds, v)}/chunks`),
      json: { text: 'planted' },
    }),
    inert: (w) => ({ method: 'POST', path: v1(w, `/knowledge/${randomUUID()}/chunks`), json: { text: 'planted' } }),
  },
  'PATCH /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/chunks/{chunkId}': {
    potent: (w, _c, v) => ({
      method: 'PATCH',
      path: v1(w, `/knowledge/${pick(w.itemIds, v)}/chunks/${pick(w.chunkIds, v)}`),
      json: { enabled: false },
    }),
    inert: (w) => ({
      method: 'PATCH',
      path: v1(w, `/knowledge/${w.itemIds[0]!}/chunks/${randomUUID()}`),
      json: { enabled: false },
    }),
  },
  'GET /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/versions': {
    potent: (w, c, v) => {
      const item = pick(w.itemIds, v);
      return {
        method: 'GET',
        path: v1(w, `/knowledge/${item}/versions`),
        // Scoped exactly as reading the item.
        check: (res) => assert.equal(res.status, visibleItems(w, c).includes(item) ? 200 : 404, res.text),
      };
    },
  },
  'PUT /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/file': {
    potent: (w, _c, v) => ({ method: 'PUT', path: v1(w, `/knowledge/${pick(w.itemIds, v)}/file`), raw: tinyFile() }),
    inert: (w) => ({ method: 'PUT', path: v1(w, `/knowledge/${randomUUID()}/file`), raw: tinyFile() }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/versions/{version}/restore': {
    potent: (w, _c, v) => ({ method: 'POST', path: v1(w, `/knowledge/${pick(w.itemIds, v)}/versions/1/restore`) }),
    inert: (w) => ({ method: 'POST', path: v1(w, `/knowledge/${randomUUID()}/versions/1/restore`) }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/refetch': {
    potent: (w, _c, v) => ({ method: 'POST', path: v1(w, `/knowledge/${pick(w.itemIds, v)}/refetch`) }),
    inert: (w) => ({ method: 'POST', path: v1(w, `/knowledge/${randomUUID()}/refetch`) }),
  },
  'POST /workspaces/{workspaceId}/knowledge/search': {
    potent: (w) => ({
      method: 'POST',
      path: `/workspaces/${w.tenant.workspaceId}/knowledge/search`,
      json: { query: 'doc', limit: 5 },
      withApiKey: true,
    }),
  },
  'POST /workspaces/{workspaceId}/knowledge/search-title': {
    potent: (w) => ({
      method: 'POST',
      path: `/workspaces/${w.tenant.workspaceId}/knowledge/search-title`,
      json: { title: 'doc' },
    }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/search-title': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/knowledge/search-title'), json: { title: 'doc' } }),
  },
  'GET /v1/workspaces/{workspaceId}/rbac-status': { potent: (w) => ({ method: 'GET', path: v1(w, '/rbac-status') }) },
  'PUT /v1/workspaces/{workspaceId}/rbac-status': {
    potent: (w) => ({ method: 'PUT', path: v1(w, '/rbac-status'), json: { rbacEnabled: !w.rbac } }),
    inert: (w) => ({ method: 'PUT', path: v1(w, '/rbac-status'), json: { rbacEnabled: w.rbac } }),
  },
  'GET /v1/workspaces/{workspaceId}/retrieval-evaluations': {
    potent: (w) => ({ method: 'GET', path: v1(w, '/retrieval-evaluations') }),
  },
  'POST /v1/workspaces/{workspaceId}/retrieval-evaluations': {
    potent: (w) => ({
      method: 'POST',
      path: v1(w, '/retrieval-evaluations'),
      json: { questions: [{ query: 'planted', relevant: [{ knowledgeId: w.itemIds[0] }] }], runs: [{}] },
    }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/retrieval-evaluations'), json: {} }),
  },
  'GET /v1/workspaces/{workspaceId}/retrieval-evaluations/{evaluationId}': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/retrieval-evaluations/${randomUUID()}`) }),
  },
  'GET /v1/workspaces/{workspaceId}/retrieval-evaluations/{evaluationId}/compare/{baselineId}': {
    potent: (w) => ({
      method: 'GET',
      path: v1(w, `/retrieval-evaluations/${randomUUID()}/compare/${randomUUID()}`),
    }),
  },
  'DELETE /v1/workspaces/{workspaceId}/retrieval-evaluations/{evaluationId}': {
    potent: (w) => ({ method: 'DELETE', path: v1(w, `/retrieval-evaluations/${randomUUID()}`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/retrieval-evaluations/${randomUUID()}`) }),
  },
  'GET /v1/workspaces/{workspaceId}/retrieval-settings': {
    potent: (w) => ({ method: 'GET', path: v1(w, '/retrieval-settings') }),
  },
  'PUT /v1/workspaces/{workspaceId}/retrieval-settings': {
    potent: (w) => ({ method: 'PUT', path: v1(w, '/retrieval-settings'), json: { rerank: true } }),
    inert: (w) => ({ method: 'PUT', path: v1(w, '/retrieval-settings'), json: { rerank: 'yes' } }),
  },
  'GET /v1/workspaces/{workspaceId}/role': { potent: (w) => ({ method: 'GET', path: v1(w, '/role') }) },
  'POST /v1/workspaces/{workspaceId}/role': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/role'), json: { name: 'Planted', customerRoleId: 'planted' } }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/role'), json: {} }),
  },
  'POST /v1/workspaces/{workspaceId}/role/find': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/role/find'), json: { name: 'role' } }),
  },
  'GET /v1/workspaces/{workspaceId}/role/by-customer-role-id/{customerRoleId}': {
    potent: (w, _c, v) => ({ method: 'GET', path: v1(w, `/role/by-customer-role-id/${pick(w.customerRoleIds, v)}`) }),
  },
  'GET /v1/workspaces/{workspaceId}/role/{roleId}': {
    potent: (w, _c, v) => ({ method: 'GET', path: v1(w, `/role/${pick(w.roleIds, v)}`) }),
  },
  'PUT /v1/workspaces/{workspaceId}/role/{roleId}': {
    potent: (w, _c, v) => ({
      method: 'PUT',
      path: v1(w, `/role/${pick(w.roleIds, v)}`),
      json: { customerRoleId: 'taken-over' },
    }),
    inert: (w) => ({ method: 'PUT', path: v1(w, `/role/${randomUUID()}`), json: { name: 'x' } }),
  },
  'DELETE /v1/workspaces/{workspaceId}/role/{roleId}': {
    potent: (w, _c, v) => ({ method: 'DELETE', path: v1(w, `/role/${pick(w.roleIds, v)}`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/role/${randomUUID()}`) }),
  },
  'GET /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/role': {
    potent: (w, _c, v) => ({ method: 'GET', path: v1(w, `/knowledge/${pick(w.itemIds, v)}/role`) }),
  },
  'GET /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/access': {
    potent: (w, _c, v) => ({
      method: 'GET',
      path: v1(w, `/knowledge/${pick(w.itemIds, v)}/access?roleId=${pick(w.roleIds, v)}`),
    }),
  },
  'POST /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/role': {
    potent: (w, c, v) => ({
      method: 'POST',
      path: v1(w, `/knowledge/${pick(w.itemIds, v)}/role`),
      json: { roleIds: [c.roleId ?? pick(w.roleIds, v)] },
    }),
    inert: (w, _c) => ({ method: 'POST', path: v1(w, `/knowledge/${randomUUID()}/role`), json: { roleIds: 'x' } }),
  },
  'DELETE /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/role': {
    potent: (w, _c, v) => ({
      method: 'DELETE',
      path: v1(w, `/knowledge/${pick(w.itemIds, v)}/role`),
      json: { roleIds: w.roleIds },
    }),
    inert: (w, _c) => ({ method: 'DELETE', path: v1(w, `/knowledge/${randomUUID()}/role`), json: { roleIds: 'x' } }),
  },
  'POST /v1/workspaces/{workspaceId}/background-jobs': {
    potent: (w) => ({ method: 'POST', path: v1(w, '/background-jobs'), json: { jobIds: ['no-such-job'] } }),
  },
  'GET /v1/workspaces/{workspaceId}/background-jobs': {
    potent: (w) => ({ method: 'GET', path: v1(w, '/background-jobs?limit=1') }),
  },
  'GET /v1/workspaces/{workspaceId}/categories': { potent: (w) => ({ method: 'GET', path: v1(w, '/categories') }) },
  'GET /v1/workspaces/{workspaceId}/categories/{categoryId}/knowledge': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/categories/${randomUUID()}/knowledge`) }),
  },
  'GET /v1/workspaces/{workspaceId}/taxonomy': { potent: (w) => ({ method: 'GET', path: v1(w, '/taxonomy') }) },
  'GET /v1/workspaces/{workspaceId}/spaces/{spaceId}': {
    potent: (w, c) => ({ method: 'GET', path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}`), check: outOfLane(c) }),
  },
  'DELETE /v1/workspaces/{workspaceId}/spaces/{spaceId}': {
    potent: (w, c) => ({ method: 'DELETE', path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/spaces/${randomUUID()}`) }),
  },
  'POST /v1/workspaces/{workspaceId}/spaces/{spaceId}/group': {
    potent: (w, c) => ({
      method: 'POST',
      path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}/group`),
      json: { name: 'prop' },
    }),
  },
  'GET /v1/workspaces/{workspaceId}/spaces/{spaceId}/message': {
    potent: (w, c) => ({
      method: 'GET',
      path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}/message`),
      check: outOfLane(c),
    }),
  },
  'POST /v1/workspaces/{workspaceId}/spaces/{spaceId}/message': {
    potent: (w, c) => ({
      method: 'POST',
      path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}/message`),
      json: { newMessage: 'hello', groupId: c.groupId ?? w.groupId, type: 'USER' },
    }),
  },
  'PATCH /v1/workspaces/{workspaceId}/spaces/{spaceId}/message/{messageId}': {
    potent: (w, c) => ({
      method: 'PATCH',
      path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}/message/${randomUUID()}`),
      json: { thumbUp: true },
    }),
  },
  'GET /v1/workspaces/{workspaceId}/spaces/{spaceId}/knowledge': {
    potent: (w, c) => ({ method: 'GET', path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}/knowledge`) }),
  },
  'GET /v1/workspaces/{workspaceId}/spaces/{spaceId}/knowledge/{knowledgeId}': {
    potent: (w, c) => ({ method: 'GET', path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}/knowledge/${randomUUID()}`) }),
  },
  'DELETE /v1/workspaces/{workspaceId}/spaces/{spaceId}/knowledge/{knowledgeId}': {
    potent: (w, c) => ({
      method: 'DELETE',
      path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}/knowledge/${randomUUID()}`),
    }),
  },
  'POST /v1/workspaces/{workspaceId}/spaces/{spaceId}/rag': {
    potent: (w, c) => ({
      method: 'POST',
      path: v1(w, `/spaces/${c.spaceId ?? w.spaceId}/rag`),
      json: { text: 'doc', topK: 3 },
      check: outOfLane(c),
    }),
  },
  'POST /v1/workspaces/{workspaceId}/agent/threads': {
    potent: (w, c) => ({
      method: 'POST',
      path: v1(w, '/agent/threads'),
      json: { title: 'prop thread' },
      check: (res) => {
        assert.equal(res.status, 201, res.text);
        assert.equal(res.body.roleId, c.roleId ?? null, 'bound to the creating token’s role');
      },
    }),
  },
  'GET /v1/workspaces/{workspaceId}/agent/threads': {
    potent: (w, c) => ({
      method: 'GET',
      path: v1(w, '/agent/threads?limit=100'),
      check: (res) => {
        assert.equal(res.status, 200, res.text);
        const listed = res.body.threads as Array<{ id: string; roleId: string | null }>;
        for (const t of listed) assert.ok(threadVisible(w, c, t), `listed another role's thread ${t.id}`);
        const ids = new Set(listed.map((t) => t.id));
        for (const t of w.threads.filter((x) => threadVisible(w, c, x))) assert.ok(ids.has(t.id), `missing ${t.id}`);
      },
    }),
  },
  'GET /v1/workspaces/{workspaceId}/agent/threads/{threadId}': {
    potent: (w, c, v) => {
      const thread = pick(w.threads, v);
      return { method: 'GET', path: v1(w, `/agent/threads/${thread.id}`), check: threadAnswer(w, c, thread, 200) };
    },
  },
  'POST /v1/workspaces/{workspaceId}/agent/threads/{threadId}/messages': {
    potent: (w, c, v) => {
      const thread = pick(w.threads, v);
      return {
        method: 'POST',
        path: v1(w, `/agent/threads/${thread.id}/messages`),
        json: { id: randomUUID(), role: 'user', content: 'prop message' },
        check: threadAnswer(w, c, thread, 201),
      };
    },
  },
  'POST /v1/workspaces/{workspaceId}/agent/threads/{threadId}/runs': {
    potent: (w, c, v) => {
      const thread = pick(w.threads, v);
      // The world's threads are bound to no server: a visible one answers 409, an invisible one 404.
      return {
        method: 'POST',
        path: v1(w, `/agent/threads/${thread.id}/runs`),
        json: {},
        check: threadAnswer(w, c, thread, 409),
      };
    },
  },
  'POST /v1/workspaces/{workspaceId}/agent/rag': {
    potent: (w, c) => ({
      method: 'POST',
      path: v1(w, '/agent/rag'),
      json: { text: 'doc', topK: 10 },
      check: (res) => {
        assert.equal(res.status, 200, res.text);
        const texts = (res.body.knowledgeResults as Array<{ text: string }>).map((p) => p.text);
        assertOnlyVisible(
          w,
          c,
          texts.map((t) => w.itemIds[Number(t.replace('doc ', ''))]!),
        );
      },
    }),
  },
  'GET /v1/workspaces/{workspaceId}/agent/tools': { potent: (w) => ({ method: 'GET', path: v1(w, '/agent/tools') }) },
  // Each tool has its own route (and input schema); the parameter route answers any other name 404 past the guard.
  ...Object.fromEntries(
    TOOL_NAMES.map((t) => [`POST /v1/workspaces/{workspaceId}/agent/tools/${t}/execute`, toolCall(t)]),
  ),
  'POST /v1/workspaces/{workspaceId}/agent/tools/{name}/execute': {
    potent: (w) => ({
      method: 'POST',
      path: v1(w, '/agent/tools/no_such_tool/execute'),
      json: { input: {} },
      check: (res) => assert.equal(res.status, 404, res.text),
    }),
  },
  'POST /v1/workspaces/{workspaceId}/agent/servers': {
    potent: (w) => ({
      method: 'POST',
      path: v1(w, '/agent/servers'),
      json: { name: `planted ${randomUUID()}`, url: 'https://planted.example' },
    }),
    inert: (w) => ({ method: 'POST', path: v1(w, '/agent/servers'), json: { name: 'no url' } }),
  },
  'GET /v1/workspaces/{workspaceId}/agent/servers': {
    potent: (w) => ({ method: 'GET', path: v1(w, '/agent/servers') }),
  },
  'GET /v1/workspaces/{workspaceId}/agent/servers/{id}': {
    potent: (w) => ({ method: 'GET', path: v1(w, `/agent/servers/${w.serverId}`) }),
  },
  'PATCH /v1/workspaces/{workspaceId}/agent/servers/{id}': {
    potent: (w) => ({
      method: 'PATCH',
      path: v1(w, `/agent/servers/${w.serverId}`),
      json: { url: 'https://hijacked.example' },
    }),
    inert: (w) => ({ method: 'PATCH', path: v1(w, `/agent/servers/${randomUUID()}`), json: { name: 'x' } }),
  },
  'DELETE /v1/workspaces/{workspaceId}/agent/servers/{id}': {
    potent: (w) => ({ method: 'DELETE', path: v1(w, `/agent/servers/${w.serverId}`) }),
    inert: (w) => ({ method: 'DELETE', path: v1(w, `/agent/servers/${randomUUID()}`) }),
  },
  'POST /v1/workspaces/{workspaceId}/mcp': {
    potent: (w, c) => ({
      method: 'POST',
      path: v1(w, '/mcp'),
      accept: 'application/json, text/event-stream',
      json: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'knowledge_search', arguments: { query: 'doc', limit: 50 } },
      },
      check: (res) => {
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.result?.isError, undefined, res.text);
        assertOnlyVisible(w, c, toolItemIds(w, res.body.result.structuredContent));
      },
    }),
  },
};

/** Items a credential may read: under ACTIVE RBAC a role-bound one sees its role's items; otherwise all. */
function visibleItems(w: World, c: Credential): string[] {
  if (!w.rbac || !c.roleId) return [...w.itemIds, w.siteId];
  return w.itemIds.filter((_, i) => w.itemRoles[i]!.includes(c.roleId!));
}

function assertOnlyVisible(w: World, c: Credential, ids: string[]): void {
  const visible = new Set(visibleItems(w, c));
  for (const id of ids) assert.ok(visible.has(id), `${c.label} was shown item ${id} outside its role`);
}

/** The item ids in a search or RAG tool output (RAG passages carry the item's title "doc <index>" as their text). */
function toolItemIds(
  w: World,
  output: { results?: Array<{ id: string }>; knowledgeResults?: Array<{ text: string }> },
) {
  if (output.results) return output.results.map((r) => r.id);
  return (output.knowledgeResults ?? []).map((p) => w.itemIds[Number(p.text.replace('doc ', ''))]!);
}

/** Under ACTIVE RBAC a thread belongs to its role's tokens only; otherwise every access token sees it. */
function threadVisible(w: World, c: Credential, thread: { roleId: string | null }): boolean {
  return !w.rbac || thread.roleId === (c.roleId ?? null);
}

function threadAnswer(w: World, c: Credential, thread: { roleId: string | null }, status: number) {
  return (res: TestResponse) => {
    if (threadVisible(w, c, thread)) assert.equal(res.status, status, res.text);
    else assert.deepEqual([res.status, res.body?.message], [404, 'Thread not found'], res.text);
  };
}
function v1(w: World, path: string): string {
  return `/v1/workspaces/${w.tenant.workspaceId}${path}`;
}

/** What the policy says a credential gets on a route: a status and message, or 'allowed' (past the guard). */
function expected(
  route: RouteEntry,
  c: Credential,
  call: Call,
  w: World,
): { status: number; message?: string } | 'allowed' {
  if (route.credential === 'none') return 'allowed';
  // A route whose API key names the workspace addresses none: another workspace's key is just a key.
  if (c.kind === 'foreign' && route.options.keyNamesWorkspace) return 'allowed';
  if (c.kind === 'foreign') {
    if (route.action === 'spaces.rag') return { status: 404, message: 'Workspace ID does not match' };
    return { status: 403, message: FORBIDDEN };
  }
  const answer = routeAnswer(route, c.kind, w.rbac);
  if (answer === 401) {
    return {
      status: 401,
      message: route.credential === 'apiKey' ? 'Invalid or missing API key' : 'Invalid or expired access token',
    };
  }
  const action = route.action!;
  if (answer === 403) {
    const policy: ActionPolicy = POLICY[action];
    // Allowed to the kind, denied under ACTIVE RBAC: the context rule's message.
    if (allows(action, c.kind)) return { status: 403, message: policy.whenRbacActive!.deniedMessage };
    return { status: 403, message: policy.deniedMessage ?? FORBIDDEN };
  }
  // Resource rule: a role-bound caller may hand on only its own role.
  const named = (call.json as { roleId?: string } | undefined)?.roleId;
  if (action === 'spaces.activate' && c.kind === 'role' && named !== undefined && named !== c.roleId) {
    return { status: 403, message: FORBIDDEN };
  }
  return 'allowed';
}

function headersFor(c: Credential, call: Call, route: RouteEntry): Record<string, string> {
  const headers: Record<string, string> = {};
  // Another workspace's credential comes in the form the route takes (its API key, or its token).
  const useKey = c.kind === 'apiKey' || (c.kind === 'foreign' && route.credential === 'apiKey');
  if (useKey) {
    if (route.credential !== 'none') headers['x-api-key'] = c.apiKey;
  } else {
    headers.authorization = `Bearer ${c.token}`;
    if (c.kind !== 'userSpace') headers.organizationid = c.organizationId;
    if (call.withApiKey) headers['x-api-key'] = c.apiKey;
  }
  if (call.accept) headers.accept = call.accept;
  if (call.raw) headers['content-type'] = call.raw.contentType;
  return headers;
}

/** Everything that decides what a role can see: items, their roles, the roles, RBAC, chunks. */
async function knowledgeSnapshot(db: Db, workspaceId: string): Promise<string> {
  const [items, assignments, roles, ws, chunks, crawls] = await Promise.all([
    db('knowledge')
      .where({ workspace_id: workspaceId })
      .orderBy('id')
      .select('id', 'title', 'type', 'language', 'status', 'attributes'),
    db('knowledge_roles')
      .where({ workspace_id: workspaceId })
      .orderBy(['knowledge_id', 'role_id'])
      .select('knowledge_id', 'role_id'),
    db('roles')
      .where({ workspace_id: workspaceId })
      .orderBy('id')
      .select('id', 'name', 'description', 'customer_role_id'),
    db('workspaces').where({ id: workspaceId }).first('rbac_enabled', 'deleted_at'),
    db('knowledge_chunks').where({ workspace_id: workspaceId }).orderBy('id').select('id', 'content', 'enabled'),
    db('source_syncs').where({ workspace_id: workspaceId }).orderBy('job_id').select('job_id', 'status'),
  ]);
  return JSON.stringify({ items, assignments, roles, ws, chunks, crawls });
}

const worldShape = fc.record({
  rbac: fc.boolean(),
  roles: fc.integer({ min: 1, max: 3 }),
  items: fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }), { minLength: 1, maxLength: 5 }),
});
type WorldShape = { rbac: boolean; roles: number; items: number[][] };
const callShape = fc.record({ credential: fc.nat(), route: fc.nat(), variant: fc.nat({ max: 7 }) });

describe('authorization policy (property-based, every route and credential kind)', function () {
  this.timeout(Math.max(1_800_000, RUNS * 1_000));
  let stack: TestStack;
  let routes: RouteEntry[];
  let foreign: { tenant: Tenant; token: string; apiKeyId: string };
  let calls = 0;
  const denied = new Set<string>();
  const covered = new Set<string>();

  before(async () => {
    stack = await getStack();
    routes = routeEntries(apiRouter(stack.deps));
    const tenant = await createTenant(stack.deps.db);
    const [key] = await apiKeysRepo.listApiKeys(stack.deps.db, tenant.workspaceId);
    const token = await stack.deps.tokens.sign({
      tokenType: 'access',
      organizationId: tenant.organizationId,
      workspaceId: tenant.workspaceId,
      apiKeyId: key!.id,
    });
    foreign = { tenant, token, apiKeyId: key!.id };
  });

  it('lists a call for every mounted route', () => {
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((k) => !CALLS[k]);
    assert.deepEqual(missing, [], 'routes the property does not call: add them to CALLS');
  });

  async function buildWorld(shape: WorldShape): Promise<World> {
    const db = stack.deps.db;
    const tenant = await createTenant(db);
    const ws = tenant.workspaceId;
    if (shape.rbac) await workspaces.setRbacEnabled(db, ws, true);
    const roleRows = [];
    for (let r = 0; r < shape.roles; r++) roleRows.push(await createRole(db, ws, { customerRoleId: `role-${r}` }));
    const roleIds = roleRows.map((r) => r.id);
    const itemIds: string[] = [];
    const itemRoles: string[][] = [];
    for (const [i, roleIdx] of shape.items.entries()) {
      const assigned = [...new Set(roleIdx.filter((x) => x < shape.roles))].map((x) => roleIds[x]!);
      itemRoles.push(assigned);
      itemIds.push(
        await insertItem(db, ws, {
          title: `doc ${i}`,
          roleIds: assigned,
          vector: seededVector(stack.deps.embeddings.dimension, i + 1),
        }),
      );
    }
    const chunkRows: Array<{ id: string; knowledge_id: string }> = await db('knowledge_chunks')
      .where({ workspace_id: ws })
      .select('id', 'knowledge_id');
    const chunkIds = itemIds.map((id) => chunkRows.find((r) => r.knowledge_id === id)!.id);
    const site = await knowledgeRepo.insertKnowledge(db, ws, {
      createdBy: null,
      type: 'WEBSITE',
      title: 'site',
      content: 'http://127.0.0.1:9/',
    });
    // A WEBSITE item is its website source's root (same id), last synced once.
    await syncedSources.insertSource(db, ws, {
      id: site.id,
      kind: 'website',
      name: 'site',
      config: { url: 'http://127.0.0.1:9/', maxPages: 1, maxDepth: 0, includePaths: [], excludePaths: [] },
      secrets_sealed: null,
      root_id: site.id,
      schedule_interval_seconds: null,
      paused: false,
      max_delete_share: 0.5,
    });
    await syncedSources.insertSyncIfAbsent(db, {
      id: randomUUID(),
      workspace_id: ws,
      source_id: site.id,
      job_id: `source-sync:${ws}:${site.id}:first`,
      trigger: 'manual',
      confirm_deletes: false,
      status: 'COMPLETED',
    });
    const threads: World['threads'] = [];
    for (const roleId of [null, ...roleIds]) {
      const row = await agentRepo.insertThread(db, {
        id: randomUUID(),
        workspace_id: ws,
        role_id: roleId,
        subject: null,
        agent_server_id: null,
        title: `thread of ${roleId ?? 'the workspace'}`,
      });
      threads.push({ id: row.id, roleId });
    }
    const server = await agentRepo.insertServer(db, {
      id: randomUUID(),
      workspace_id: ws,
      name: 'agent',
      url: 'https://agent.example/v1',
      description: null,
      model: null,
      auth_token_sealed: null,
    });
    const [keyRow] = await apiKeysRepo.listApiKeys(db, ws);
    const workspace = (await workspaces.findWorkspace(db, ws))!;
    const sign = (roleId?: string) =>
      stack.deps.tokens.sign({
        tokenType: 'access',
        organizationId: tenant.organizationId,
        workspaceId: ws,
        roleId,
        apiKeyId: keyRow!.id,
      });
    const base = { apiKey: tenant.apiKey, organizationId: tenant.organizationId };
    const credentials: Credential[] = [
      { kind: 'apiKey', label: 'API key', ...base },
      { kind: 'workspace', label: 'workspace token', token: await sign(), ...base },
    ];
    for (const [r, roleId] of roleIds.entries()) {
      credentials.push({ kind: 'role', label: `role-${r} token`, token: await sign(roleId), roleId, ...base });
    }
    const apiKeyCaller = { kind: 'apiKey' as const, workspace, apiKey: keyRow! };
    let firstSpace: { spaceId: string; groupId: string } | undefined;
    for (const roleId of [undefined, roleIds[0]]) {
      const a = await activateUserSpace(stack.deps, apiKeyCaller, { externalId: `user-${roleId ?? 'none'}`, roleId });
      const groupId = (await spacesRepo.defaultGroup(db, a.spaceId))!.id;
      firstSpace ??= { spaceId: a.spaceId, groupId };
      credentials.push({
        kind: 'userSpace',
        label: `user space token (${roleId ? 'role' : 'no role'})`,
        token: a.token,
        roleId,
        spaceId: a.spaceId,
        groupId,
        ...base,
      });
    }
    credentials.push({
      kind: 'foreign',
      label: 'token of another workspace',
      token: foreign.token,
      apiKey: foreign.tenant.apiKey,
      organizationId: foreign.tenant.organizationId,
    });
    return {
      tenant,
      rbac: shape.rbac,
      roleIds,
      customerRoleIds: roleIds.map((_, r) => `role-${r}`),
      itemIds,
      chunkIds,
      siteId: site.id,
      itemRoles,
      threads,
      serverId: server.id,
      ...firstSpace!,
      credentials,
    };
  }

  /** One call of a credential on a route, checked against the policy; returns nothing, asserts everything. */
  async function call(world: World, route: RouteEntry, credential: Credential, variant: number): Promise<void> {
    const builder = CALLS[`${route.method} ${route.path}`]!;
    const request =
      credential.kind === 'workspace' && builder.inert
        ? builder.inert(world, credential)
        : builder.potent(world, credential, variant);
    const res: TestResponse = await stack.request(request.method, request.path, {
      headers: headersFor(credential, request, route),
      ...(request.raw ? { raw: request.raw.body } : request.json !== undefined ? { json: request.json } : {}),
    });
    calls += 1;
    const want = expected(route, credential, request, world);
    const where = `${credential.label}: ${request.method} ${request.path} -> ${res.status} ${res.text.slice(0, 200)}`;
    assert.ok(res.status < 500, where);
    // The rule, independent of the policy table: only the workspace credential may reach a route
    // that changes knowledge, roles or RBAC (the routes with an inert call).
    if (builder.inert && credential.kind !== 'workspace') {
      assert.ok(res.status === 401 || res.status === 403, `mutation reached: ${where}`);
    }
    if (want === 'allowed') {
      assert.notEqual(res.status, 401, where);
      assert.ok(!(res.status === 403 && res.body?.message === FORBIDDEN), where);
      request.check?.(res);
    } else {
      assert.equal(res.status, want.status, where);
      assert.equal(res.body?.message, want.message, where);
      denied.add(`${credential.kind} ${route.method} ${route.path}`);
    }
    covered.add(`${credential.kind} ${route.method} ${route.path}`);
  }

  it('answers every (credential kind, route) pair as the policy says, in a world with RBAC on and off', async () => {
    for (const rbac of [true, false]) {
      const world = await buildWorld({ rbac, roles: 2, items: [[0], [1], [0, 1], []] });
      const before = await knowledgeSnapshot(stack.deps.db, world.tenant.workspaceId);
      for (const route of routes) {
        for (const [i, credential] of world.credentials.entries()) await call(world, route, credential, i);
      }
      assert.equal(await knowledgeSnapshot(stack.deps.db, world.tenant.workspaceId), before, 'knowledge changed');
    }
    assert.equal(covered.size, routes.length * 5, 'each of the five kinds (with another workspace) met every route');
  });

  it(`answers every route as the policy says and never lets a non-workspace credential change knowledge (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        worldShape,
        fc.array(callShape, { minLength: 1, maxLength: 24, size: 'max' }),
        async (shape, sequence) => {
          const world = await buildWorld(shape);
          const before = await knowledgeSnapshot(stack.deps.db, world.tenant.workspaceId);
          for (const step of sequence) {
            await call(world, pick(routes, step.route), pick(world.credentials, step.credential), step.variant);
          }
          assert.equal(await knowledgeSnapshot(stack.deps.db, world.tenant.workspaceId), before, 'knowledge changed');
        },
      ),
      // Unbiased: fast-check otherwise favours small indexes, and so the first routes and credentials.
      { numRuns: RUNS, seed: SEED, endOnFailure: true, unbiased: true },
    );
    console.log(
      `      ${RUNS} cases, ${calls} calls, ${covered.size} distinct (kind, route) pairs covered, ${denied.size} of them denied`,
    );
  });
});
