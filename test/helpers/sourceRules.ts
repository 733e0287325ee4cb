// What the tests of source rules share: a workspace under ACTIVE RBAC with three roles and their tokens, a webhook
// receiver of knowledge.roles_changed, the roles each document of a source has (and how), and a rules job followed
// to its end through background-jobs.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/knex';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import * as sourcesRepo from '../../src/db/repositories/syncedSources';
import * as workspaces from '../../src/db/repositories/workspaces';
import type { SourceRule } from '../../src/domain/sourceRules';
import { visibilityRoles } from '../../src/db/repositories/roles';
import { accessHeaders, createRole, createTenant, type Tenant } from './factories';
import { foundText } from './sources';
import type { TestStack } from './stack';

export type RoleName = 'hr' | 'eng' | 'all';

export interface RulesWorld {
  tenant: Tenant;
  /** The workspace credential's headers. */
  headers: Record<string, string>;
  roles: Record<RoleName, string>;
  /** A role-bound token's headers per role. */
  as: Record<RoleName, Record<string, string>>;
  v1(path: string): string;
}

export async function rulesWorld(stack: TestStack): Promise<RulesWorld> {
  const tenant = await createTenant(stack.deps.db);
  await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);
  const roles = {} as Record<RoleName, string>;
  const as = {} as Record<RoleName, Record<string, string>>;
  for (const name of ['hr', 'eng', 'all'] as const) {
    roles[name] = (await createRole(stack.deps.db, tenant.workspaceId, { name, customerRoleId: name })).id;
    as[name] = (await accessHeaders(stack, tenant, { customerRoleId: name })).headers;
  }
  const { headers } = await accessHeaders(stack, tenant);
  return { tenant, headers, roles, as, v1: (p) => `/v1/workspaces/${tenant.workspaceId}${p}` };
}

/** The role names of ids (sorted), for readable assertions. */
export const namesOf = (world: RulesWorld, ids: string[]) =>
  ids.map((id) => (Object.entries(world.roles).find(([, r]) => r === id)?.[0] ?? id) as RoleName).sort();

/** For each document key of the source: its item, the names of the roles that reach it, and how each does. */
export async function documentRoles(
  stack: TestStack,
  world: RulesWorld,
  sourceId: string,
): Promise<Map<string, { knowledgeId: string; roles: RoleName[]; via: string[] }>> {
  const docs: Array<{ key: string; knowledge_id: string }> = await stack.deps
    .db('source_documents')
    .where({ source_id: sourceId })
    .whereNotNull('knowledge_id')
    .select('key', 'knowledge_id');
  const byItem = await visibilityRoles(
    stack.deps.db,
    world.tenant.workspaceId,
    docs.map((d) => d.knowledge_id),
  );
  return new Map(
    docs.map((d) => {
      const roles = byItem.get(d.knowledge_id) ?? [];
      return [
        d.key,
        {
          knowledgeId: d.knowledge_id,
          roles: namesOf(
            world,
            roles.map((r) => r.id),
          ),
          via: [...new Set(roles.map((r) => r.via))].sort(),
        },
      ];
    }),
  );
}

/** Whether a keyword search with the role's token finds the text. */
export const roleFinds = (stack: TestStack, world: RulesWorld, role: RoleName, text: string) =>
  foundText(stack, world.tenant, world.as[role], text);

export interface RolesChangedEvent {
  type: string;
  data: {
    workspaceId: string;
    sourceId: string;
    cause: { syncId?: string; rulesVersion?: number };
    documents: Array<{
      knowledgeId: string;
      key: string;
      rule: number | null;
      roleIds: string[];
      previousRoleIds: string[];
    }>;
  };
}

/** A webhook endpoint of the workspace for knowledge.roles_changed, with the events it received. */
export async function rolesChangedReceiver(stack: TestStack, world: RulesWorld) {
  const events: RolesChangedEvent[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as RolesChangedEvent);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const created = await stack.request('POST', world.v1('/webhooks'), {
    headers: world.headers,
    json: { url, events: ['knowledge.roles_changed'] },
  });
  assert.equal(created.status, 201, created.text);
  return {
    events,
    /** The documents the events told of so far (each event up to 100), waiting until at least `n` arrived. */
    async documents(n: number, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      const all = () => events.flatMap((e) => e.data.documents.map((d) => ({ ...d, cause: e.data.cause })));
      while (all().length < n) {
        if (Date.now() > deadline) throw new Error(`only ${all().length} of ${n} documents were told of`);
        await new Promise((r) => setTimeout(r, 200));
      }
      return all();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Follows a rules job through background-jobs until it ends; returns its last state. */
export async function rulesJobToEnd(stack: TestStack, world: Pick<RulesWorld, 'tenant' | 'headers'>, jobId: string) {
  for (let i = 0; i < 3000; i++) {
    const res = await stack.request('POST', `/v1/workspaces/${world.tenant.workspaceId}/background-jobs`, {
      headers: world.headers,
      json: { jobIds: [jobId] },
    });
    assert.equal(res.status, 200, res.text);
    const job = res.body.jobs[0] as { status: string; progress?: { documentsDone: number; documentsTotal: number } };
    if (job.status !== 'RUNNING' && job.status !== 'NOT_FOUND') return job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`rules job ${jobId} still running`);
}

/**
 * An s3 source's rows written straight to the database (its root folder and the source), for tests that drive the
 * rules job or the rules service without a bucket; the version is 1 with rules, 0 without (as the API keeps it).
 */
export async function insertRuledS3Source(
  db: Db,
  workspaceId: string,
  opts: { name: string; rules: SourceRule[]; roleIds: string[] },
): Promise<{ sourceId: string; rootId: string }> {
  const root = await knowledgeRepo.insertKnowledge(db, workspaceId, {
    createdBy: null,
    id: randomUUID(),
    type: 'FOLDER',
    title: opts.name,
    content: opts.name,
    status: 'COMPLETED',
    metadata: {},
  });
  const sourceId = randomUUID();
  await sourcesRepo.insertSource(db, workspaceId, {
    id: sourceId,
    kind: 's3',
    name: opts.name,
    config: { bucket: 'docs', prefix: '', region: 'us-east-1', forcePathStyle: true },
    secrets_sealed: null,
    root_id: root.id,
    schedule_interval_seconds: null,
    paused: false,
    max_delete_share: 0.5,
    rules: opts.rules,
    rules_version: opts.rules.length > 0 ? 1 : 0,
    role_ids: opts.roleIds,
  });
  return { sourceId, rootId: root.id };
}
