import { RoleMessages } from '../../../domain/roles';
import { SyncSourceMessages } from '../../../services/sources/syncSources';
import { uuid, withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import {
  CreateSourceSchema,
  DeleteSourceQuerySchema,
  PreviewRulesSchema,
  RulesPreviewSchema,
  SourceDeletedSchema,
  SourceRulesResponseSchema,
  SourceListSchema,
  SourceSchema,
  SourceSyncListSchema,
  SyncNowQuerySchema,
  SyncsQuerySchema,
  SyncStartedSchema,
  UpdateSourceSchema,
} from './schema';
import { boundMessage } from '../../../services/operations/bounds';
import {
  createSourceExamples,
  deleteSourceExamples,
  getSourceExamples,
  listSourcesExamples,
  listSyncsExamples,
  previewRulesExamples,
  sourceRulesExamples,
  syncSourceExamples,
  updateSourceExamples,
} from './examples';

const sourcesOps = operations('Sources');

const base = '/v1/workspaces/{workspaceId}/sources';
const SourcePath = withWorkspace({
  sourceId: uuid(`The source (anything else: 404 "${SyncSourceMessages.notFound}")`),
});
const notFound = { 404: [SyncSourceMessages.notFound] } as const;
const sourceLinks = (from: string) =>
  Object.fromEntries(
    [
      'getSource',
      'updateSource',
      'deleteSource',
      'syncSource',
      'listSourceSyncs',
      'getSourceRules',
      'previewSourceRules',
    ].map((operationId) => [operationId, { operationId, parameters: { sourceId: from } }]),
  );

export const sourcesOperations: ApiOperation[] = [
  sourcesOps.get(base, 'listSources', {
    summary: "The workspace's sources, oldest first (never their secrets)",
    examples: listSourcesExamples,
    ok: [200, 'The sources', SourceListSchema],
  }),
  sourcesOps.post(base, 'createSource', {
    summary: 'Add a source; its documents become the children of its root item at each sync',
    description:
      'Roles and attributes given here apply to every item the source brings, at read time; with rules, each ' +
      'document gets those of the first rule it matches (the roles and attributes given here being the default), ' +
      'at every sync. With a schedule, a Temporal schedule syncs it every intervalSeconds (a sync never overlaps ' +
      'another).',
    body: CreateSourceSchema,
    examples: createSourceExamples,
    ok: [201, 'The source', SourceSchema, { links: sourceLinks('$response.body#/id') }],
    errors: {
      400: [
        'Missing required field',
        'Invalid field value',
        SyncSourceMessages.badConfig,
        SyncSourceMessages.badSecrets,
      ],
      404: [RoleMessages.rolesNotFound],
      409: [boundMessage('workspaceSources')],
    },
  }),
  sourcesOps.get(`${base}/{sourceId}`, 'getSource', {
    summary: 'A source with its last sync (never its secrets)',
    params: SourcePath,
    examples: getSourceExamples,
    ok: [200, 'The source', SourceSchema],
    errors: notFound,
  }),
  sourcesOps.patch(`${base}/{sourceId}`, 'updateSource', {
    summary:
      'Change a source: name, config, secrets, schedule (pause and resume), roles, attributes, rules, maxDeleteShare',
    description:
      'Fields not sent keep their value; roleIds replaces the set of roles, rules the list of rules. A change of ' +
      'the rules (or of roleIds while there are rules) is applied to every document by a rules job (rulesJobId): ' +
      'nothing is fetched or embedded again.',
    params: SourcePath,
    body: UpdateSourceSchema,
    bodyRequired: false,
    examples: updateSourceExamples,
    ok: [200, 'The source', SourceSchema],
    errors: {
      400: ['Invalid field value', SyncSourceMessages.badConfig, SyncSourceMessages.badSecrets],
      404: [SyncSourceMessages.notFound, RoleMessages.rolesNotFound],
    },
  }),
  sourcesOps.delete(`${base}/{sourceId}`, 'deleteSource', {
    summary: 'Delete a source and its schedule; with deleteItems=true its items too (a cascade delete job)',
    params: SourcePath,
    query: DeleteSourceQuerySchema,
    examples: deleteSourceExamples,
    ok: [200, 'Deleted', SourceDeletedSchema],
    errors: { 400: ['Invalid field value', 'deleteItems must be true or false'], ...notFound },
  }),
  sourcesOps.post(`${base}/{sourceId}/sync`, 'syncSource', {
    summary: 'Sync now (or answer the sync running)',
    description:
      'Only new and changed documents are fetched and indexed; the items of documents the source no longer holds ' +
      "are deleted. A sync that would delete more than the source's maxDeleteShare of its items ends " +
      'NEEDS_CONFIRMATION and changes nothing, until synced with confirmDeletes=true. An unreachable source or ' +
      'refused credentials fail the sync with the reason and delete nothing.',
    params: SourcePath,
    query: SyncNowQuerySchema,
    examples: syncSourceExamples,
    ok: [202, 'The sync', SyncStartedSchema],
    errors: { 400: ['Invalid field value', 'confirmDeletes must be true or false'], ...notFound },
  }),
  sourcesOps.get(`${base}/{sourceId}/rules`, 'getSourceRules', {
    summary: "A source's rules, the documents each gives roles to, and the items no role reaches",
    description:
      'Workspace credentials only (role-bound tokens see the effect of rules, never the rules). unreached lists ' +
      'the items that under ACTIVE RBAC no role-bound token reads; pending counts the documents the rules job has ' +
      'not reached yet.',
    params: SourcePath,
    examples: { response: sourceRulesExamples.response },
    ok: [200, 'The rules and their counts', SourceRulesResponseSchema],
    errors: notFound,
  }),
  sourcesOps.post(`${base}/{sourceId}/rules:preview`, 'previewSourceRules', {
    summary: 'Dry-run a change of rules: which documents would change roles (nothing is written)',
    description:
      "Evaluates the rules given (absent: the source's own) with roleIds as the default on the facts the last sync " +
      'recorded of every document, and lists the documents whose roles would change: what the rules job does ' +
      'once the same rules are set with PATCH.',
    params: SourcePath,
    body: PreviewRulesSchema,
    bodyRequired: false,
    examples: previewRulesExamples,
    ok: [200, 'What would change', RulesPreviewSchema],
    errors: { 400: ['Invalid field value'], ...notFound },
  }),
  sourcesOps.get(`${base}/{sourceId}/syncs`, 'listSourceSyncs', {
    summary: "A source's syncs, newest first, with their counts and failures",
    params: SourcePath,
    query: SyncsQuerySchema,
    examples: listSyncsExamples,
    ok: [200, 'The syncs', SourceSyncListSchema],
    errors: { 400: ['Invalid field value'], ...notFound },
  }),
];
