// Hand-written examples of the synced sources (requests and main responses): the support team's handbook in an
// S3 bucket, synced every hour and shown to the support agents; its internal notes (tagged so, or under internal/)
// are kept from them by a rule.
import { EXAMPLE_IDS, example } from '../../openapi/operation';

const { workspaceId, roleId, sourceId } = EXAMPLE_IDS;
const rootId = '6a8c0e2f-4b6d-4f8a-9c1e-3d5f7a9b1c2e';
const source = {
  id: sourceId,
  workspaceId,
  kind: 's3',
  name: 'Support handbook',
  config: { bucket: 'acme-support-handbook', prefix: 'published/', region: 'eu-central-1', forcePathStyle: true },
  hasSecrets: true,
  rootId,
  schedule: { intervalSeconds: 3600, paused: false },
  roleIds: [roleId],
  attributes: { team: 'support' },
  maxDeleteShare: 0.5,
  rules: [],
  rulesJobId: null,
  lastSync: null,
  createdAt: '2025-03-20T09:00:00.000Z',
  updatedAt: '2025-03-20T09:00:00.000Z',
};

export const createSourceExamples = {
  request: {
    s3: example('An S3 prefix, synced every hour, for the support agents', {
      kind: 's3',
      name: 'Support handbook',
      config: { bucket: 'acme-support-handbook', region: 'eu-central-1', prefix: 'published/' },
      secrets: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      schedule: { intervalSeconds: 3600 },
      roleIds: [roleId],
      attributes: { team: 'support' },
    }),
    git: example('The docs folder of a Git repository, synced on demand', {
      kind: 'git',
      name: 'Product docs',
      config: { url: 'https://git.example.com/acme/product-docs.git', branch: 'main', paths: ['docs/**'] },
      secrets: { username: 'kws-sync', token: 'glpat-EXAMPLE-0123456789' },
    }),
  },
  response: { created: example('The source (never its secrets)', source) },
};

/** Internal notes: under internal/ (any kind), or tagged audience=internal (an s3 source's object tags). */
const internalRule = { match: { paths: ['internal/**'] }, roleIds: [], attributes: { audience: 'internal' } };
const taggedRule = { match: { tags: { audience: 'internal' } }, roleIds: [] };

export const updateSourceExamples = {
  request: {
    pause: example('Pause the schedule', { schedule: { intervalSeconds: 3600, paused: true } }),
    rules: example(
      "Rules: notes under internal/ get no role and the attribute audience=internal; the rest keeps the source's roles",
      { rules: [internalRule] },
    ),
    rename: example('Rename it and set the roles that see its items', {
      name: 'Support and billing handbook',
      roleIds: [roleId],
      maxDeleteShare: 0.2,
    }),
  },
  response: {
    updated: example('The source', {
      ...source,
      schedule: { intervalSeconds: 3600, paused: true },
      updatedAt: '2025-03-22T17:40:12.000Z',
    }),
  },
};

const knowledgeId = '1e5a9c3f-7b2d-4e6a-8c4f-2a6e0c4b8d13';

export const previewRulesExamples = {
  request: {
    tagged: example(
      'An s3 source: would its object tag audience=internal also keep notes outside internal/ from the agents?',
      {
        rules: [internalRule, taggedRule],
        limit: 50,
      },
    ),
  },
  response: {
    preview: example('One document would lose the role', {
      documents: 412,
      changing: 1,
      rules: [
        { rule: 1, documents: 37 },
        { rule: 2, documents: 1 },
        { rule: 0, documents: 374 },
      ],
      changes: [
        {
          knowledgeId,
          key: 'published/escalations/draft-sla.md',
          path: 'escalations/draft-sla.md',
          from: { rule: 0, roleIds: [roleId] },
          to: { rule: 2, roleIds: [] },
        },
      ],
      truncated: false,
    }),
  },
};

export const sourceRulesExamples = {
  response: {
    rules: example('One rule and the default, with the documents each gives roles to', {
      sourceId,
      rulesVersion: 1,
      rbacStatus: 'ACTIVE',
      rules: [{ rule: 1, ...internalRule, documents: 37 }],
      default: { rule: 0, roleIds: [roleId], documents: 375 },
      documents: 412,
      pending: 0,
      jobId: `source-rules:${workspaceId}:${sourceId}:1`,
      unreached: {
        count: 37,
        documents: [{ knowledgeId, title: 'Escalation runbook', key: 'published/internal/escalations.md' }],
      },
    }),
  },
};

/** A sync as GET …/syncs and lastSync show it: what it saw, changed and could not index. */
const syncOf = (id: string, trigger: 'manual' | 'schedule', jobId: string, startedAt: string) => ({
  id,
  sourceId,
  jobId,
  trigger,
  status: 'COMPLETED',
  error: null,
  seen: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  deleted: 0,
  failed: 0,
  chunksEmbedded: 0,
  failures: [],
  skipped: 0,
  skips: [],
  startedAt,
  finishedAt: null,
});
const manualSyncId = '2f6b0d4a-8c3e-4a5f-b1d7-9e3a5c7f1b26';
const scheduledSyncId = '5c9e3a7f-1d5b-4c8e-a2f6-0b4d8f2a6c91';
/** The first sync, started by hand: every document of the bucket is new. */
const firstSync = {
  ...syncOf(
    manualSyncId,
    'manual',
    `source-sync:${workspaceId}:${sourceId}:${manualSyncId}`,
    '2025-03-20T09:00:04.217Z',
  ),
  seen: 412,
  added: 409,
  failed: 1,
  chunksEmbedded: 2871,
  failures: [{ key: 'published/billing/old-price-list.pdf', reason: 'PDF is password-protected' }],
  skipped: 2,
  skips: [
    { key: 'published/images/escalation-flow.png', reason: 'unsupported file type (.png)' },
    { key: 'published/Makefile', reason: 'unsupported file type (no extension)' },
  ],
  finishedAt: '2025-03-20T09:03:41.655Z',
};
/** An hourly sync: three documents changed, one was removed from the bucket. */
const hourlySync = {
  ...syncOf(
    scheduledSyncId,
    'schedule',
    `source-sync:${workspaceId}:${sourceId}-2025-03-22T09:00:00Z`,
    '2025-03-22T09:00:00.482Z',
  ),
  seen: 412,
  added: 1,
  updated: 2,
  unchanged: 408,
  deleted: 1,
  chunksEmbedded: 19,
  skipped: 2,
  skips: firstSync.skips,
  finishedAt: '2025-03-22T09:00:12.930Z',
};
const syncedSource = { ...source, lastSync: hourlySync };

export const listSourcesExamples = { response: { sources: example('One source', { sources: [syncedSource] }) } };
export const getSourceExamples = {
  response: { source: example('The source and its last sync (never its secrets)', syncedSource) },
};
export const deleteSourceExamples = {
  response: {
    deleted: example('Deleted; its items stay', { success: true }),
    withItems: example('With deleteItems=true: the items go too, in a cascade delete job', {
      success: true,
      jobId: `cascade-delete:${workspaceId}:${rootId}`,
    }),
  },
};

const runningSyncId = '8e2a6c0f-4b9d-4e1a-8c3f-6a0e4c8b2d57';
export const syncSourceExamples = {
  response: {
    started: example('A sync started now', {
      started: true,
      sync: {
        ...syncOf(
          runningSyncId,
          'manual',
          `source-sync:${workspaceId}:${sourceId}:${runningSyncId}`,
          '2025-03-22T10:17:45.108Z',
        ),
        status: 'RUNNING',
      },
    }),
  },
};

export const listSyncsExamples = {
  response: { syncs: example('The hourly sync and the first one, newest first', { syncs: [hourlySync, firstSync] }) },
};
