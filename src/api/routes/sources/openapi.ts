import { RoleMessages } from '../../../domain/roles';
import { SyncSourceMessages } from '../../../services/sources/syncSources';
import { uuid, withWorkspace, WorkspacePath, type ApiOperation } from '../../openapi/operation';
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
import { createSourceExamples, previewRulesExamples, sourceRulesExamples, updateSourceExamples } from './examples';

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
  {
    method: 'get',
    path: base,
    operationId: 'listSources',
    tag: 'Sources',
    summary: "The workspace's sources, oldest first (never their secrets)",
    request: { path: WorkspacePath },
    responses: { 200: { description: 'The sources', schema: SourceListSchema } },
  },
  {
    method: 'post',
    path: base,
    operationId: 'createSource',
    tag: 'Sources',
    summary: 'Add a source; its documents become the children of its root item at each sync',
    description:
      'Roles and attributes given here apply to every item the source brings, at read time; with rules, each ' +
      'document gets those of the first rule it matches (the roles and attributes given here being the default), ' +
      'at every sync. With a schedule, a Temporal schedule syncs it every intervalSeconds (a sync never overlaps ' +
      'another).',
    request: { path: WorkspacePath, body: CreateSourceSchema, examples: createSourceExamples.request },
    responses: {
      201: {
        description: 'The source',
        schema: SourceSchema,
        examples: createSourceExamples.response,
        links: sourceLinks('$response.body#/id'),
      },
    },
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
  },
  {
    method: 'get',
    path: `${base}/{sourceId}`,
    operationId: 'getSource',
    tag: 'Sources',
    summary: 'A source with its last sync (never its secrets)',
    request: { path: SourcePath },
    responses: { 200: { description: 'The source', schema: SourceSchema } },
    errors: notFound,
  },
  {
    method: 'patch',
    path: `${base}/{sourceId}`,
    operationId: 'updateSource',
    tag: 'Sources',
    summary:
      'Change a source: name, config, secrets, schedule (pause and resume), roles, attributes, rules, maxDeleteShare',
    description:
      'Fields not sent keep their value; roleIds replaces the set of roles, rules the list of rules. A change of ' +
      'the rules (or of roleIds while there are rules) is applied to every document by a rules job (rulesJobId): ' +
      'nothing is fetched or embedded again.',
    request: {
      path: SourcePath,
      body: UpdateSourceSchema,
      bodyRequired: false,
      examples: updateSourceExamples.request,
    },
    responses: { 200: { description: 'The source', schema: SourceSchema, examples: updateSourceExamples.response } },
    errors: {
      400: ['Invalid field value', SyncSourceMessages.badConfig, SyncSourceMessages.badSecrets],
      404: [SyncSourceMessages.notFound, RoleMessages.rolesNotFound],
    },
  },
  {
    method: 'delete',
    path: `${base}/{sourceId}`,
    operationId: 'deleteSource',
    tag: 'Sources',
    summary: 'Delete a source and its schedule; with deleteItems=true its items too (a cascade delete job)',
    request: { path: SourcePath, query: DeleteSourceQuerySchema },
    responses: { 200: { description: 'Deleted', schema: SourceDeletedSchema } },
    errors: { 400: ['Invalid field value'], ...notFound },
  },
  {
    method: 'post',
    path: `${base}/{sourceId}/sync`,
    operationId: 'syncSource',
    tag: 'Sources',
    summary: 'Sync now (or answer the sync running)',
    description:
      'Only new and changed documents are fetched and indexed; the items of documents the source no longer holds ' +
      "are deleted. A sync that would delete more than the source's maxDeleteShare of its items ends " +
      'NEEDS_CONFIRMATION and changes nothing, until synced with confirmDeletes=true. An unreachable source or ' +
      'refused credentials fail the sync with the reason and delete nothing.',
    request: { path: SourcePath, query: SyncNowQuerySchema },
    responses: { 202: { description: 'The sync', schema: SyncStartedSchema } },
    errors: { 400: ['Invalid field value'], ...notFound },
  },
  {
    method: 'get',
    path: `${base}/{sourceId}/rules`,
    operationId: 'getSourceRules',
    tag: 'Sources',
    summary: "A source's rules, the documents each gives roles to, and the items no role reaches",
    description:
      'Workspace credentials only (role-bound tokens see the effect of rules, never the rules). unreached lists ' +
      'the items that under ACTIVE RBAC no role-bound token reads; pending counts the documents the rules job has ' +
      'not reached yet.',
    request: { path: SourcePath },
    responses: {
      200: {
        description: 'The rules and their counts',
        schema: SourceRulesResponseSchema,
        examples: sourceRulesExamples.response,
      },
    },
    errors: notFound,
  },
  {
    method: 'post',
    path: `${base}/{sourceId}/rules:preview`,
    operationId: 'previewSourceRules',
    tag: 'Sources',
    summary: 'Dry-run a change of rules: which documents would change roles (nothing is written)',
    description:
      "Evaluates the rules given (absent: the source's own) with roleIds as the default on the facts the last sync " +
      'recorded of every document, and lists the documents whose roles would change: what the rules job does ' +
      'once the same rules are set with PATCH.',
    request: {
      path: SourcePath,
      body: PreviewRulesSchema,
      bodyRequired: false,
      examples: previewRulesExamples.request,
    },
    responses: {
      200: { description: 'What would change', schema: RulesPreviewSchema, examples: previewRulesExamples.response },
    },
    errors: { 400: ['Invalid field value'], ...notFound },
  },
  {
    method: 'get',
    path: `${base}/{sourceId}/syncs`,
    operationId: 'listSourceSyncs',
    tag: 'Sources',
    summary: "A source's syncs, newest first, with their counts and failures",
    request: { path: SourcePath, query: SyncsQuerySchema },
    responses: { 200: { description: 'The syncs', schema: SourceSyncListSchema } },
    errors: { 400: ['Invalid field value'], ...notFound },
  },
];
