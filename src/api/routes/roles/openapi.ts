import { z } from 'zod';
import { KnowledgeMessages } from '../../../services/knowledge/knowledge';
import { RoleMessages } from '../../../services/access/roles';
import { JOBS_CURSOR_INVALID, JOBS_UNAVAILABLE } from '../../../services/operations/workspaceJobs';
import { withWorkspace, WorkspacePath, type ApiOperation } from '../../openapi/operation';
import { KnowledgeIdPath } from '../knowledge/openapi';
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
} from './schema';
import {
  assignRolesExamples,
  backgroundJobsExamples,
  createRoleExamples,
  findRolesExamples,
  setRbacStatusExamples,
  unassignRolesExamples,
  updateRoleExamples,
} from './examples';

const base = '/v1/workspaces/{workspaceId}';
const RoleIdPath = withWorkspace({ roleId: z.uuid().meta({ description: 'The role (unknown or malformed: 404)' }) });
const roleLinks = Object.fromEntries(
  ['getRole', 'updateRole', 'deleteRole'].map((operationId) => [
    operationId,
    { operationId, parameters: { roleId: '$response.body#/roleId' } },
  ]),
);
const knowledgeErrors = ['Invalid knowledge ID format'] as const;

export const rolesOperations: ApiOperation[] = [
  {
    method: 'get',
    path: `${base}/rbac-status`,
    operationId: 'getRbacStatus',
    tag: 'RBAC',
    summary: "The workspace's RBAC status",
    request: { path: WorkspacePath },
    responses: { 200: { description: 'RBAC status', schema: RbacStatusResponseSchema } },
  },
  {
    method: 'put',
    path: `${base}/rbac-status`,
    operationId: 'setRbacStatus',
    tag: 'RBAC',
    summary: 'Turn RBAC on or off',
    description: 'When ACTIVE, role-bound tokens see only knowledge assigned to their role, on every read path.',
    request: { path: WorkspacePath, body: RbacStatusSchema, examples: setRbacStatusExamples.request },
    responses: {
      200: {
        description: 'The new RBAC status',
        schema: RbacStatusResponseSchema,
        examples: setRbacStatusExamples.response,
      },
    },
    errors: { 400: ['rbacEnabled must be a boolean'] },
  },
  {
    method: 'get',
    path: `${base}/role`,
    operationId: 'listRoles',
    tag: 'RBAC',
    summary: 'List every role of the workspace (no pagination)',
    request: { path: WorkspacePath },
    responses: { 200: { description: 'All roles', schema: RoleListSchema } },
  },
  {
    method: 'post',
    path: `${base}/role`,
    operationId: 'createRole',
    tag: 'RBAC',
    summary: 'Create a role (asynchronous)',
    description:
      'Starts the role-create workflow and answers its id and the id the role will have. A customerRoleId already ' +
      'taken makes the job FAILED with "Role with customerRoleId already exists".',
    request: { path: WorkspacePath, body: CreateRoleSchema, examples: createRoleExamples.request },
    responses: {
      200: {
        description: 'The workflow and the role id',
        schema: RoleCreatedSchema,
        examples: createRoleExamples.response,
        links: roleLinks,
      },
    },
    errors: { 400: ['Missing required field', 'Invalid field value'] },
  },
  {
    method: 'post',
    path: `${base}/role/find`,
    operationId: 'findRoles',
    tag: 'RBAC',
    summary: 'Find roles by customerRoleId (exact) and name (partial, case-insensitive)',
    request: { path: WorkspacePath, body: FindRolesSchema, examples: findRolesExamples.request },
    responses: {
      200: {
        description: 'The matching roles (empty: total 0)',
        schema: RoleListSchema,
        examples: findRolesExamples.response,
      },
    },
    errors: { 400: ['At least one search criterion required', 'Invalid field value'] },
  },
  {
    method: 'get',
    path: `${base}/role/by-customer-role-id/{customerRoleId}`,
    operationId: 'getRoleByCustomerRoleId',
    tag: 'RBAC',
    summary: 'Get a role by its customerRoleId (URL-encoded, case-sensitive)',
    request: { path: withWorkspace({ customerRoleId: z.string().regex(CUSTOMER_ROLE_ID) }) },
    responses: { 200: { description: 'The role', schema: RoleSchema } },
    errors: { 404: [RoleMessages.notFound] },
  },
  {
    method: 'get',
    path: `${base}/role/{roleId}`,
    operationId: 'getRole',
    tag: 'RBAC',
    summary: 'Get a role',
    request: { path: RoleIdPath },
    responses: { 200: { description: 'The role', schema: RoleSchema } },
    errors: { 404: [RoleMessages.notFound] },
  },
  {
    method: 'put',
    path: `${base}/role/{roleId}`,
    operationId: 'updateRole',
    tag: 'RBAC',
    summary: 'Update a role (asynchronous; omitted fields stay unchanged)',
    request: { path: RoleIdPath, body: UpdateRoleSchema, bodyRequired: false, examples: updateRoleExamples.request },
    responses: {
      200: {
        description: 'The workflow and the role as it will be',
        schema: RoleUpdatedSchema,
        examples: updateRoleExamples.response,
      },
    },
    errors: { 400: ['Invalid field value'], 404: [RoleMessages.notFound], 409: [RoleMessages.duplicate] },
  },
  {
    method: 'delete',
    path: `${base}/role/{roleId}`,
    operationId: 'deleteRole',
    tag: 'RBAC',
    summary: 'Delete a role (asynchronous); its knowledge and taxonomy assignments go with it',
    description:
      'Starts the deletion and answers with its job: the role is not yet deleted when this answers. A GET of the role ' +
      'right after may still find it until the job has run; poll POST …/background-jobs with the workflowId until it ' +
      'is COMPLETED. Tokens bound to the role are refused from the moment the job deletes it.',
    request: { path: RoleIdPath },
    responses: { 200: { description: 'The deletion workflow', schema: RoleDeletedSchema } },
    errors: { 404: [RoleMessages.notFound] },
  },
  {
    method: 'get',
    path: `${base}/knowledge/{knowledgeId}/role`,
    operationId: 'listKnowledgeRoles',
    tag: 'RBAC',
    summary: 'The roles assigned to a knowledge item',
    request: { path: KnowledgeIdPath },
    responses: { 200: { description: "The item's roles", schema: z.array(KnowledgeRoleSchema) } },
    errors: { 400: knowledgeErrors, 404: [KnowledgeMessages.notFound] },
  },
  {
    method: 'get',
    path: `${base}/knowledge/{knowledgeId}/access`,
    operationId: 'explainKnowledgeAccess',
    tag: 'RBAC',
    summary: "Why a role's search does or does not find an item",
    description:
      'The roles that see the item (assigned to it or to its parent), its chunks, and every rule that keeps it ' +
      "out of a search made with the role's token (without roleId: the workspace's), given the search's filter.",
    request: { path: KnowledgeIdPath, query: KnowledgeAccessQuerySchema },
    responses: { 200: { description: 'The rules that apply', schema: KnowledgeAccessSchema } },
    errors: {
      400: [...knowledgeErrors, 'roleId must be a valid UUID', 'filter must be a JSON-encoded filter object'],
      404: [KnowledgeMessages.notFound, RoleMessages.notFound],
    },
  },
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
  {
    method: 'post',
    path: `${base}/background-jobs`,
    operationId: 'getBackgroundJobs',
    tag: 'Jobs',
    summary: "Background jobs' status",
    description:
      "Status of each job id: RUNNING, COMPLETED, FAILED, CANCELED, TERMINATED, TIMED_OUT, or NOT_FOUND (unknown, or another workspace's job).",
    request: { path: WorkspacePath, body: BackgroundJobsSchema, examples: backgroundJobsExamples.request },
    responses: {
      200: {
        description: "Each job's state, in the order asked",
        schema: BackgroundJobsResponseSchema,
        examples: backgroundJobsExamples.response,
      },
    },
    errors: {
      400: [
        'jobIds must be an array of strings',
        'jobIds must be a non-empty array of strings',
        'jobIds may hold at most 100 ids',
      ],
    },
  },
  {
    method: 'get',
    path: `${base}/background-jobs`,
    operationId: 'listBackgroundJobs',
    tag: 'Jobs',
    summary: "The workspace's recent background jobs",
    description:
      "The workspace's jobs as Temporal lists them: running ones first, then the most recently closed, a page at a " +
      "time (follow nextCursor). Workspace credentials only: the list names every user's jobs. Answers 503 when " +
      'Temporal does not answer within a few seconds.',
    request: { path: WorkspacePath, query: BackgroundJobListQuerySchema },
    responses: { 200: { description: 'A page of jobs', schema: BackgroundJobListSchema } },
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
  },
];
