import { z } from 'zod';
import { KnowledgeMessages } from '../../../services/knowledge/knowledge';
import { RoleMessages } from '../../../services/access/roles';
import { JOBS_CURSOR_INVALID, JOBS_UNAVAILABLE } from '../../../services/operations/workspaceJobs';
import { withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import { KnowledgeIdPath } from '../knowledge/items/openapi';
import {
  BackgroundJobListQuerySchema,
  BackgroundJobListSchema,
  BackgroundJobsResponseSchema,
  BackgroundJobsSchema,
  CreateRoleSchema,
  CUSTOMER_ROLE_ID,
  FindRolesSchema,
  JobListMessages,
  KnowledgeAccessQuerySchema,
  KnowledgeAccessSchema,
  KnowledgeRoleSchema,
  RbacStatusResponseSchema,
  RbacStatusSchema,
  RoleAssignmentSchema,
  RoleCreatedSchema,
  RoleDeletedSchema,
  RoleIdsSchema,
  RoleListSchema,
  RoleSchema,
  RoleUpdatedSchema,
  UpdateRoleSchema,
  ROLE_UPDATE_EMPTY,
} from './schema';
import {
  assignRolesExamples,
  backgroundJobsExamples,
  createRoleExamples,
  deleteRoleExamples,
  findRolesExamples,
  getRbacStatusExamples,
  getRoleExamples,
  knowledgeAccessExamples,
  knowledgeRolesExamples,
  listBackgroundJobsExamples,
  listRolesExamples,
  setRbacStatusExamples,
  unassignRolesExamples,
  updateRoleExamples,
} from './examples';

const rbacOps = operations('RBAC');
const jobsOps = operations('Jobs');

const base = '/v1/workspaces/{workspaceId}';
const RoleIdPath = withWorkspace({
  roleId: z.uuid().meta({ description: 'The role (malformed: 400 "Invalid role ID format"; unknown: 404)' }),
});
const roleLinks = Object.fromEntries(
  ['getRole', 'updateRole', 'deleteRole'].map((operationId) => [
    operationId,
    { operationId, parameters: { roleId: '$response.body#/roleId' } },
  ]),
);
const knowledgeErrors = ['Invalid knowledge ID format'] as const;

export const rolesOperations: ApiOperation[] = [
  rbacOps.get(`${base}/rbac-status`, 'getRbacStatus', {
    summary: "The workspace's RBAC status",
    examples: getRbacStatusExamples,
    ok: [200, 'RBAC status', RbacStatusResponseSchema],
  }),
  rbacOps.put(`${base}/rbac-status`, 'setRbacStatus', {
    summary: 'Turn RBAC on or off',
    description: 'When ACTIVE, role-bound tokens see only knowledge assigned to their role, on every read path.',
    body: RbacStatusSchema,
    examples: setRbacStatusExamples,
    ok: [200, 'The new RBAC status', RbacStatusResponseSchema],
    errors: { 400: ['rbacEnabled must be a boolean'] },
  }),
  rbacOps.get(`${base}/role`, 'listRoles', {
    summary: 'List every role of the workspace (no pagination)',
    examples: listRolesExamples,
    ok: [200, 'All roles', RoleListSchema],
  }),
  rbacOps.post(`${base}/role`, 'createRole', {
    summary: 'Create a role (asynchronous)',
    description:
      'Starts the role-create workflow and answers its id and the id the role will have. A customerRoleId another ' +
      "role holds, or another role's create or update job that has not ended is setting, answers 409 at once, the " +
      'hint naming that role or job (the same create repeated is the same role: 200).',
    body: CreateRoleSchema,
    examples: createRoleExamples,
    ok: [200, 'The workflow and the role id', RoleCreatedSchema, { links: roleLinks }],
    errors: { 400: ['Missing required field', 'Invalid field value'], 409: [RoleMessages.duplicate] },
  }),
  rbacOps.post(`${base}/role/find`, 'findRoles', {
    summary: 'Find roles by customerRoleId (exact) and name (partial, case-insensitive)',
    body: FindRolesSchema,
    examples: findRolesExamples,
    ok: [200, 'The matching roles (empty: total 0)', RoleListSchema],
    errors: { 400: ['At least one search criterion required', 'Invalid field value'] },
  }),
  rbacOps.get(`${base}/role/by-customer-role-id/{customerRoleId}`, 'getRoleByCustomerRoleId', {
    summary: 'Get a role by its customerRoleId (URL-encoded, case-sensitive)',
    params: withWorkspace({ customerRoleId: z.string().regex(CUSTOMER_ROLE_ID) }),
    examples: getRoleExamples,
    ok: [200, 'The role', RoleSchema],
    errors: { 404: [RoleMessages.notFound] },
  }),
  rbacOps.get(`${base}/role/{roleId}`, 'getRole', {
    summary: 'Get a role',
    params: RoleIdPath,
    examples: getRoleExamples,
    ok: [200, 'The role', RoleSchema],
    errors: { 400: [RoleMessages.invalidId], 404: [RoleMessages.notFound] },
  }),
  rbacOps.put(`${base}/role/{roleId}`, 'updateRole', {
    summary: 'Update a role (asynchronous; omitted fields stay unchanged)',
    description:
      'Starts a job of its own and answers the role as it will be. Updates sent back to back end as the last one ' +
      'asked, field by field, whatever order their jobs run in. A customerRoleId another role holds or is being ' +
      'given answers 409 at once; a role whose delete was asked for answers 404 with a hint saying so.',
    params: RoleIdPath,
    body: UpdateRoleSchema,
    examples: updateRoleExamples,
    ok: [200, 'The workflow and the role as it will be', RoleUpdatedSchema],
    errors: {
      400: ['Invalid field value', ROLE_UPDATE_EMPTY, RoleMessages.invalidId],
      404: [RoleMessages.notFound],
      409: [RoleMessages.duplicate],
    },
  }),
  rbacOps.delete(`${base}/role/{roleId}`, 'deleteRole', {
    summary: 'Delete a role (asynchronous); its knowledge and taxonomy assignments go with it',
    description:
      'Starts the deletion and answers with its job: the role is not yet deleted when this answers. A GET of the role ' +
      'right after may still find it until the job has run; poll POST …/background-jobs with the workflowId until it ' +
      'is COMPLETED. From this request on, the role counts as gone: tokens bound to it are refused, none is minted ' +
      'for it, it is not assigned and cannot be updated (404 with a hint).',
    params: RoleIdPath,
    examples: deleteRoleExamples,
    ok: [200, 'The deletion workflow', RoleDeletedSchema],
    errors: { 400: [RoleMessages.invalidId], 404: [RoleMessages.notFound] },
  }),
  rbacOps.get(`${base}/knowledge/{knowledgeId}/role`, 'listKnowledgeRoles', {
    summary: 'The roles assigned to a knowledge item',
    params: KnowledgeIdPath,
    examples: knowledgeRolesExamples,
    ok: [200, "The item's roles", z.array(KnowledgeRoleSchema)],
    errors: { 400: knowledgeErrors, 404: [KnowledgeMessages.notFound] },
  }),
  rbacOps.get(`${base}/knowledge/{knowledgeId}/access`, 'explainKnowledgeAccess', {
    summary: "Why a role's search does or does not find an item",
    description:
      'The roles that see the item (assigned to it or to its parent), its chunks, and every rule that keeps it ' +
      "out of a search made with the role's token (without roleId: the workspace's), given the search's filter.",
    params: KnowledgeIdPath,
    query: KnowledgeAccessQuerySchema,
    examples: knowledgeAccessExamples,
    ok: [200, 'The rules that apply', KnowledgeAccessSchema],
    errors: {
      400: [...knowledgeErrors, 'roleId must be a valid UUID', 'filter must be a JSON-encoded filter object'],
      404: [KnowledgeMessages.notFound, RoleMessages.notFound],
    },
  }),
  ...(['post', 'delete'] as const).map((method): ApiOperation => {
    const examples = method === 'post' ? assignRolesExamples : unassignRolesExamples;
    return {
      method,
      path: `${base}/knowledge/{knowledgeId}/role`,
      operationId: method === 'post' ? 'assignKnowledgeRoles' : 'unassignKnowledgeRoles',
      tag: 'RBAC',
      summary:
        method === 'post'
          ? 'Assign roles to a knowledge item (asynchronous)'
          : 'Remove roles from a knowledge item (asynchronous)',
      description: "Requires RBAC ACTIVE and role ids of this workspace; completion shows in the item's role list.",
      request: { path: KnowledgeIdPath, body: RoleIdsSchema, examples: examples.request },
      responses: {
        200: { description: 'The assignment workflow', schema: RoleAssignmentSchema, examples: examples.response },
      },
      errors: {
        400: ['roleIds must be an array of valid UUIDs', 'roleIds may hold at most 100 ids', ...knowledgeErrors],
        403: [RoleMessages.rbacDisabled],
        404: [KnowledgeMessages.notFound, RoleMessages.rolesNotFound],
        ...(method === 'post' ? { 409: [RoleMessages.ruledSourceRoot] } : {}),
      },
    };
  }),
  jobsOps.post(`${base}/background-jobs`, 'getBackgroundJobs', {
    summary: "Background jobs' status",
    description:
      "Status of each job id: RUNNING, COMPLETED, FAILED, CANCELED, TERMINATED, TIMED_OUT, or NOT_FOUND (unknown, or another workspace's job). " +
      "An end user's token (role- or subject-bound) spends one request of its rate budgets per 10 distinct ids (100 ids: 10 requests); the integrator's credential spends one however many it names.",
    body: BackgroundJobsSchema,
    examples: backgroundJobsExamples,
    ok: [200, "Each job's state, in the order asked", BackgroundJobsResponseSchema],
    errors: {
      400: [
        'jobIds must be an array of strings',
        'jobIds must be a non-empty array of strings',
        'jobIds may hold at most 100 ids',
      ],
    },
  }),
  jobsOps.get(`${base}/background-jobs`, 'listBackgroundJobs', {
    summary: "The workspace's recent background jobs",
    description:
      "The workspace's jobs as Temporal lists them: running ones first, then the most recently closed, a page at a " +
      "time (follow nextCursor). Workspace credentials only: the list names every user's jobs. Answers 503 when " +
      'Temporal does not answer within a few seconds.',
    query: BackgroundJobListQuerySchema,
    examples: listBackgroundJobsExamples,
    ok: [200, 'A page of jobs', BackgroundJobListSchema],
    errors: {
      400: [
        JobListMessages.status,
        JobListMessages.kind,
        JobListMessages.limit,
        JobListMessages.cursor,
        JOBS_CURSOR_INVALID,
      ],
      503: [JOBS_UNAVAILABLE],
    },
  }),
];
