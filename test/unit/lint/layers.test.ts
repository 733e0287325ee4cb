// The layer rules of eslint.config.mjs (README "Layout"): each arrow that runs up, planted in a file that
// does not exist, is reported; the same import as a type, or an arrow that runs down, is not. So are the two
// doors (Security III): an outbound request outside src/web (fetch, node:http(s), net, undici), and a
// credential-kind check outside src/policies. Since issue 39 also the database's edges: knex below the services,
// a repository from a presenter or a policy, and db.table() or the connection under another name in a service.
// Lint only: no database or Temporal.
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { repoRoot } from '../../helpers/processes';

const LAYER_RULES = new Set([
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-syntax',
  'no-restricted-globals',
  'no-restricted-properties',
]);

interface Planted {
  name: string;
  filePath: string;
  code: string;
}

const violations: Planted[] = [
  {
    name: 'a router imports a repository',
    filePath: 'src/api/routes/x/router.ts',
    code: "import * as r from '../../../db/repositories/roles';\nexport const x = r;\n",
  },
  {
    name: 'a router imports the knex factory',
    filePath: 'src/api/routes/x/router.ts',
    code: "import { createDb } from '../../../db/knex';\nexport const x = createDb;\n",
  },
  {
    name: 'an activity imports the knex package',
    filePath: 'src/activities/x.ts',
    code: "import knex from 'knex';\nexport const x = knex;\n",
  },
  {
    name: 'a CLI command imports a repository',
    filePath: 'src/cli/index.ts',
    code: "import { findWorkspace } from '../db/repositories/workspaces';\nexport const x = findWorkspace;\n",
  },
  {
    name: 'the CLI connection wiring imports a repository',
    filePath: 'src/cli/connect.ts',
    code: "import { findWorkspace } from '../db/repositories/workspaces';\nexport const x = findWorkspace;\n",
  },
  {
    name: 'a service imports the API',
    filePath: 'src/services/knowledge/x.ts',
    code: "import { createApp } from '../../api/app';\nexport const x = createApp;\n",
  },
  {
    name: 'a service imports a type from the API',
    filePath: 'src/services/x.ts',
    code: "import type { RouteGuard } from '../api/middleware/authenticate';\nexport type X = RouteGuard;\n",
  },
  {
    name: 'a service imports an activity',
    filePath: 'src/services/search/x.ts',
    code: "import { createActivities } from '../../activities';\nexport const x = createActivities;\n",
  },
  {
    name: 'a service builds a query on db',
    filePath: 'src/services/x.ts',
    code: "export const x = (db: any) => db('knowledge').where({ id: 1 });\n",
  },
  {
    name: 'a service builds a query on deps.db',
    filePath: 'src/services/x.ts',
    code: "export const x = (deps: any) => deps.db('website_crawls').delete();\n",
  },
  {
    name: 'a service builds a query with deps.db.select',
    filePath: 'src/services/x.ts',
    code: "export const x = (deps: any) => deps.db.select('id').from('knowledge');\n",
  },
  {
    name: 'a service writes SQL with trx.raw',
    filePath: 'src/services/x.ts',
    code: "export const x = (trx: any) => trx.raw('LOCK TABLE embedding_space');\n",
  },
  {
    name: 'a policy imports a service',
    filePath: 'src/policies/x.ts',
    code: "import type { TokenClaims } from '../services/access/tokens';\nexport type X = TokenClaims;\n",
  },
  {
    name: 'a repository imports a service',
    filePath: 'src/db/repositories/x.ts',
    code: "import { createTokenService } from '../../services/access/tokens';\nexport const x = createTokenService;\n",
  },
  {
    name: 'a repository imports a policy',
    filePath: 'src/db/repositories/x.ts',
    code: "import { authorize } from '../../policies/authorize';\nexport const x = authorize;\n",
  },
  {
    name: 'the embeddings import a service',
    filePath: 'src/embeddings/x.ts',
    code: "import { ensureEmbeddingSpace } from '../services/search/embeddingSpace';\nexport const x = ensureEmbeddingSpace;\n",
  },
  {
    name: 'the Temporal client imports a service',
    filePath: 'src/temporal/x.ts',
    code: "import type { Deps } from '../services/x';\nexport type X = Deps;\n",
  },
  {
    name: 'the configuration imports the extractor',
    filePath: 'src/config.ts',
    code: "import { chunkPages } from './extract/chunk';\nexport const x = chunkPages;\n",
  },
  {
    name: 'the knex factory imports a repository',
    filePath: 'src/db/knex.ts',
    code: "import { findWorkspace } from './repositories/workspaces';\nexport const x = findWorkspace;\n",
  },
  {
    name: 'an entry layer imports src/main',
    filePath: 'src/api/app.ts',
    code: "import { startApi } from '../main/startApi';\nexport const x = startApi;\n",
  },
  {
    name: 'the CLI imports an API presenter (sideways between entry layers)',
    filePath: 'src/cli/commands/x.ts',
    code: "import { presentSearchResult } from '../../api/routes/knowledge/presenters';\nexport const x = presentSearchResult;\n",
  },
  {
    name: 'an activity imports the API (sideways)',
    filePath: 'src/activities/x.ts',
    code: "import type { RouteGuard } from '../api/middleware/authenticate';\nexport type X = RouteGuard;\n",
  },
  {
    name: 'the API imports an activity (sideways)',
    filePath: 'src/api/routes/x/router.ts',
    code: "import { createActivities } from '../../../activities';\nexport const x = createActivities;\n",
  },
  {
    name: 'a service imports a presenter',
    filePath: 'src/services/x.ts',
    code: "import { presentEndpoint } from '../presenters/webhooks';\nexport const x = presentEndpoint;\n",
  },
  {
    name: 'the worker factory imports the activities type',
    filePath: 'src/temporal/x.ts',
    code: "import type { ActivityDeps } from '../activities';\nexport type X = ActivityDeps;\n",
  },
  {
    name: 'a workflow imports the activities type (the contract is ./activityContract)',
    filePath: 'src/workflows/x.ts',
    code: "import type { ActivityDeps } from '../activities';\nexport type X = ActivityDeps;\n",
  },
  {
    name: 'a workflow imports a Node built-in',
    filePath: 'src/workflows/x.ts',
    code: "import { readFile } from 'node:fs';\nexport const x = readFile;\n",
  },
  // Below the services only repositories touch the database (issue 39: these passed lint before).
  {
    name: 'a connector imports knex',
    filePath: 'src/connectors/x.ts',
    code: "import knex from 'knex';\nexport const x = knex;\n",
  },
  {
    name: 'the door imports knex',
    filePath: 'src/web/x.ts',
    code: "import { knex } from 'knex';\nexport const x = knex;\n",
  },
  {
    name: 'a connector imports the knex factory',
    filePath: 'src/connectors/x.ts',
    code: "import { createDb } from '../db/knex';\nexport const x = createDb;\n",
  },
  {
    name: 'a presenter imports a repository',
    filePath: 'src/presenters/x.ts',
    code: "import { listEndpoints } from '../db/repositories/webhooks';\nexport const x = listEndpoints;\n",
  },
  {
    name: 'a policy imports a repository',
    filePath: 'src/policies/x.ts',
    code: "import { findRole } from '../db/repositories/roles';\nexport const x = findRole;\n",
  },
  {
    name: "a policy imports a repository's type (scopes speak src/domain's types)",
    filePath: 'src/policies/x.ts',
    code: "import type { ThreadScope } from '../db/repositories/agent';\nexport type X = ThreadScope;\n",
  },
  {
    name: 'a policy imports knex',
    filePath: 'src/policies/x.ts',
    code: "import knex from 'knex';\nexport const x = knex;\n",
  },
  {
    name: 'a service builds a query with db.table()',
    filePath: 'src/services/x.ts',
    code: "export const x = (db: any) => db.table('knowledge').where({ id: 1 });\n",
  },
  {
    name: 'a service builds a query on an alias of db',
    filePath: 'src/services/x.ts',
    code: "export const x = (db: any) => {\n  const q = db;\n  return q('knowledge');\n};\n",
  },
  {
    name: 'a service builds a query on an alias of deps.db',
    filePath: 'src/services/x.ts',
    code: "export const x = (deps: any) => {\n  const q = deps.db;\n  return q('knowledge');\n};\n",
  },
  {
    name: 'a service renames db while destructuring',
    filePath: 'src/services/x.ts',
    code: "export const x = ({ db: q }: any) => q('knowledge');\n",
  },
  {
    name: 'a service reassigns db to another name',
    filePath: 'src/services/x.ts',
    code: "let q: any;\nexport const x = (db: any) => {\n  q = db;\n  return q('knowledge');\n};\n",
  },
  {
    name: 'a service builds a query on trx',
    filePath: 'src/services/x.ts',
    code: "export const x = (trx: any) => trx('knowledge').update({ title: 't' });\n",
  },
  {
    name: 'a service names its transaction t',
    filePath: 'src/services/x.ts',
    code: "export const x = (db: any) => db.transaction(async (t: any) => t('knowledge').delete());\n",
  },
  // The one door out: outbound requests only through src/web.
  {
    name: 'a service calls the global fetch',
    filePath: 'src/services/x.ts',
    code: "export const x = () => fetch('http://127.0.0.1:8233/api/v1/namespaces');\n",
  },
  {
    name: 'the embeddings call globalThis.fetch',
    filePath: 'src/embeddings/x.ts',
    code: "export const x = () => globalThis.fetch('http://tei:8080/embed');\n",
  },
  {
    name: 'the observability code calls fetch',
    filePath: 'src/observability/x.ts',
    code: "export const x = () => fetch('http://127.0.0.1:9464/metrics');\n",
  },
  {
    name: 'a connector imports node:https',
    filePath: 'src/connectors/x.ts',
    code: "import https from 'node:https';\nexport const x = https.request;\n",
  },
  {
    name: 'a service imports node:http',
    filePath: 'src/services/x.ts',
    code: "import { request } from 'node:http';\nexport const x = request;\n",
  },
  {
    name: 'a connector imports net',
    filePath: 'src/connectors/x.ts',
    code: "import net from 'net';\nexport const x = net.connect;\n",
  },
  {
    name: 'an activity imports undici',
    filePath: 'src/activities/x.ts',
    code: "import { request } from 'undici';\nexport const x = request;\n",
  },
  {
    name: 'src/main imports node:http outside its listener',
    filePath: 'src/main/x.ts',
    code: "import http from 'node:http';\nexport const x = http.get;\n",
  },
  {
    name: 'a service requires node:http',
    filePath: 'src/services/x.ts',
    code: "export const x = () => require('node:http').get('http://example.com/');\n",
  },
  {
    name: 'a storage module imports node:https dynamically',
    filePath: 'src/storage/x.ts',
    code: "export const x = () => import('node:https');\n",
  },
  {
    name: 'a service turns the own-components rule off',
    filePath: 'src/services/x.ts',
    code: "import { NO_OWN_COMPONENTS } from '../web/ownComponents';\nexport const x = NO_OWN_COMPONENTS;\n",
  },
  // Who may do what: src/policies only.
  {
    name: 'a service reads auth.kind',
    filePath: 'src/services/x.ts',
    code: "export const x = (auth: { kind: string }) => auth.kind === 'workspace';\n",
  },
  {
    name: 'a router compares ctx.state.auth.kind',
    filePath: 'src/api/routes/x/router.ts',
    code: "export const x = (ctx: any) => ctx.state.auth.kind !== 'role';\n",
  },
  {
    name: 'a service compares a kind with a credential kind',
    filePath: 'src/services/x.ts',
    code: "export const x = (kind: string) => kind === 'userSpace';\n",
  },
  {
    name: "an activity reads a token's type to decide",
    filePath: 'src/activities/x.ts',
    code: "export const x = (claims: { tokenType: string }) => claims.tokenType === 'user_space';\n",
  },
];

const allowed: Planted[] = [
  {
    name: 'a router imports a repository row type',
    filePath: 'src/api/routes/x/router.ts',
    code: "import type * as r from '../../../db/repositories/roles';\nexport type X = typeof r;\n",
  },
  {
    name: 'a router imports Db and Tx as types',
    filePath: 'src/api/routes/x/router.ts',
    code: "import type { Db, Tx } from '../../../db/knex';\nexport type X = Db | Tx;\n",
  },
  {
    name: 'a router calls a service and a policy',
    filePath: 'src/api/routes/x/router.ts',
    code:
      "import { changeKnowledgeRoles } from '../../../services/access/roles';\n" +
      "import { authorize } from '../../../policies/authorize';\n" +
      'export const x = [changeKnowledgeRoles, authorize];\n',
  },
  {
    name: 'the CLI connection wiring opens the database',
    filePath: 'src/cli/connect.ts',
    code: "import { createDb } from '../db/knex';\nexport const x = createDb;\n",
  },
  {
    name: 'src/main imports every layer',
    filePath: 'src/main/x.ts',
    code:
      "import { createApp } from '../api/app';\nimport { createDb } from '../db/knex';\n" +
      "import { findWorkspace } from '../db/repositories/workspaces';\nexport const x = [createApp, createDb, findWorkspace];\n",
  },
  {
    name: 'a service opens a transaction and hands it to a repository',
    filePath: 'src/services/x.ts',
    code:
      "import { findWorkspace } from '../db/repositories/workspaces';\n" +
      'export const x = (db: any) => db.transaction((trx: any) => findWorkspace(trx, "w"));\n',
  },
  {
    name: 'a repository builds a query',
    filePath: 'src/db/repositories/x.ts',
    code: "export const x = (db: any) => db('knowledge').where({ id: 1 }).select(db.raw('1'));\n",
  },
  {
    name: 'the CLI and the API present through src/presenters',
    filePath: 'src/cli/commands/x.ts',
    code: "import { presentEndpoint } from '../../presenters/webhooks';\nexport const x = presentEndpoint;\n",
  },
  {
    name: 'a service takes db from deps under its own name and hands it on',
    filePath: 'src/services/x.ts',
    code:
      "import { findWorkspace } from '../db/repositories/workspaces';\n" +
      'export const x = (deps: any) => {\n  const db = deps.db;\n  const { db: trx } = deps;\n' +
      '  return [findWorkspace(db, "w"), findWorkspace(trx, "w")];\n};\n',
  },
  {
    name: 'a policy imports row types and domain types',
    filePath: 'src/policies/x.ts',
    code:
      "import type { WorkspaceRow } from '../db/rows';\nimport type { AccessFilter } from '../domain/access';\n" +
      'export type X = [WorkspaceRow, AccessFilter];\n',
  },
  {
    name: 'a presenter imports a row type',
    filePath: 'src/presenters/x.ts',
    code: "import type { ApiKeyRow } from '../db/rows';\nexport type X = ApiKeyRow;\n",
  },
  {
    name: 'a workflow names its activities through the contract',
    filePath: 'src/workflows/x.ts',
    code: "import type { Activities } from './activityContract';\nexport type X = Activities;\n",
  },
  {
    name: 'a workflow imports a contract',
    filePath: 'src/workflows/x.ts',
    code: "import type { RoleAssignmentInput } from './contracts';\nexport type X = RoleAssignmentInput;\n",
  },
  {
    name: 'the door itself opens connections',
    filePath: 'src/web/x.ts',
    code: "import http from 'node:http';\nimport { isIP } from 'node:net';\nexport const x = [http.request, isIP];\n",
  },
  {
    name: 'the API listener imports node:https and net',
    filePath: 'src/main/httpServer.ts',
    code: "import https from 'node:https';\nimport net from 'node:net';\nexport const x = [https.createServer, net.createServer];\n",
  },
  {
    name: "the errors module reads node:http's STATUS_CODES",
    filePath: 'src/errors.ts',
    code: "import { STATUS_CODES } from 'node:http';\nexport const x = STATUS_CODES;\n",
  },
  {
    name: 'a service imports a node:http type',
    filePath: 'src/services/x.ts',
    code: "import type { IncomingMessage } from 'node:http';\nexport type X = IncomingMessage;\n",
  },
  {
    name: 'a service asks the door',
    filePath: 'src/services/x.ts',
    code: "import { openRequest } from '../web/fetch';\nexport const x = openRequest;\n",
  },
  {
    name: "a policy reads the credential's kind",
    filePath: 'src/policies/x.ts',
    code: "export const x = (auth: { kind: string }) => auth.kind === 'userSpace';\n",
  },
  {
    name: "the token service reads a token's type to sign it",
    filePath: 'src/services/access/tokens.ts',
    code: "export const x = (claims: { tokenType: string }) => claims.tokenType === 'user_space';\n",
  },
  {
    name: "a source's kind is no credential's",
    filePath: 'src/services/x.ts',
    code: "export const x = (row: { kind: string }) => row.kind === 'website';\n",
  },
];

describe('layer lint rules', function () {
  this.timeout(120_000);
  const eslint = new ESLint({ cwd: repoRoot });

  async function layerMessages({ filePath, code }: Planted): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    assert.ok(result, `no lint result for ${filePath}`);
    return result.messages.filter((m) => m.ruleId && LAYER_RULES.has(m.ruleId)).map((m) => m.message);
  }

  for (const planted of violations) {
    it(`reports: ${planted.name} (${planted.filePath})`, async () => {
      const messages = await layerMessages(planted);
      assert.ok(messages.length > 0, `expected a layer violation in ${planted.filePath}:\n${planted.code}`);
    });
  }

  for (const planted of allowed) {
    it(`allows: ${planted.name} (${planted.filePath})`, async () => {
      assert.deepEqual(await layerMessages(planted), []);
    });
  }
});
