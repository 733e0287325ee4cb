// Hand-written examples of the synced sources (requests and main responses): the support team's handbook in an
// S3 bucket, synced every hour and shown to the support agents.
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
      config: { url: 'https://git.example.com/acme/product-docs.git', branch: 'main', paths: ['docs'] },
      secrets: { username: 'kws-sync', token: 'glpat-EXAMPLE-0123456789' },
    }),
  },
  response: { created: example('The source (never its secrets)', source) },
};

export const updateSourceExamples = {
  request: {
    pause: example('Pause the schedule', { schedule: { intervalSeconds: 3600, paused: true } }),
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
