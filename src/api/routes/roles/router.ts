// RBAC status, roles, knowledge role assignment and background jobs.
import type Router from '@koa/router';
import { apiRoutesUnder } from '../router';
import type { Deps } from '../../../services/deps';
import { describeJobs } from '../../../services/operations/jobs';
import { listWorkspaceJobs } from '../../../services/operations/workspaceJobs';
import { explainAccess } from '../../../services/access/explainAccess';
import * as roleService from '../../../services/access/roles';
import { JOB_IDS_PER_REQUEST, jobStatusExtraRequests } from '../../../policies/rateBudgets';
import { guard, requireAuth } from '../../middleware/authenticate';
import { spendMoreRequests } from '../../middleware/rateLimit';
import { validate, validateFields } from '../../validate';
import { presentKnowledgeAccess, presentKnowledgeRole, presentRbacStatus, presentRole } from './presenters';
import {
  BackgroundJobListQuerySchema,
  type BackgroundJobList,
  BackgroundJobsSchema,
  type BackgroundJobsResponse,
  CreateRoleSchema,
  FindRolesSchema,
  KnowledgeAccessQuerySchema,
  RbacStatusSchema,
  RoleIdsSchema,
  UpdateRoleSchema,
  type RoleAssignment,
} from './schema';

export function rolesRouter(deps: Deps): Router {
  const router = apiRoutesUnder('/v1/workspaces/:workspaceId');

  router.get('/rbac-status', guard(deps, 'rbac.read'), (ctx) => {
    ctx.body = presentRbacStatus(requireAuth(ctx).workspace);
  });
  router.put('/rbac-status', guard(deps, 'rbac.manage'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const { rbacEnabled } = validate(RbacStatusSchema, ctx.request.body);
    ctx.body = presentRbacStatus(await roleService.setRbacStatus(deps, workspace.id, rbacEnabled));
  });

  router.get('/role', guard(deps, 'roles.read'), async (ctx) => {
    const rows = await roleService.listRoles(deps, requireAuth(ctx).workspace.id);
    ctx.body = { roles: rows.map(presentRole), total: rows.length };
  });

  router.post('/role', guard(deps, 'roles.manage'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const input = validate(CreateRoleSchema, ctx.request.body, 'Missing required field');
    ctx.body = await roleService.createRole(deps, workspace.id, {
      name: input.name,
      description: input.description ?? null,
      customerRoleId: input.customerRoleId ?? null,
    });
  });

  router.post('/role/find', guard(deps, 'roles.read'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const input = validate(FindRolesSchema, ctx.request.body, 'At least one search criterion required');
    const rows = await roleService.findRoles(deps, workspace.id, {
      customerRoleId: input.customerRoleId || undefined,
      name: input.name?.trim() || undefined,
    });
    ctx.body = { roles: rows.map(presentRole), total: rows.length };
  });

  // The router has already URL-decoded the path value; the match is exact and case-sensitive.
  router.get('/role/by-customer-role-id/:customerRoleId', guard(deps, 'roles.read'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const customerRoleId = ctx.params.customerRoleId ?? '';
    ctx.body = presentRole(await roleService.loadRoleByCustomerRoleId(deps, workspace.id, customerRoleId));
  });

  router.get('/role/:roleId', guard(deps, 'roles.read'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    ctx.body = presentRole(await roleService.loadRole(deps, workspace.id, ctx.params.roleId ?? ''));
  });

  router.put('/role/:roleId', guard(deps, 'roles.manage'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const patch = validate(UpdateRoleSchema, ctx.request.body, 'Invalid field value');
    const { workflowId, role } = await roleService.updateRole(deps, workspace.id, ctx.params.roleId ?? '', patch);
    ctx.body = { workflowId, role: presentRole(role) };
  });

  router.delete('/role/:roleId', guard(deps, 'roles.manage'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const out = await roleService.deleteRole(deps, workspace.id, ctx.params.roleId ?? '');
    ctx.body = { ...out, message: 'Role deletion started' };
  });

  // An item's roles are shown only to a caller who may see the item, as get-knowledge decides.
  router.get('/knowledge/:knowledgeId/role', guard(deps, 'knowledge.read'), async (ctx) => {
    const rows = await roleService.visibleKnowledgeRoles(deps, requireAuth(ctx), ctx.params.knowledgeId ?? '');
    ctx.body = rows.map(presentKnowledgeRole);
  });

  // "Why not?": which rule keeps the item out of the role's searches (the operator's question; workspace only).
  router.get('/knowledge/:knowledgeId/access', guard(deps, 'access.explain'), async (ctx) => {
    const input = validate(KnowledgeAccessQuerySchema, ctx.query);
    ctx.body = presentKnowledgeAccess(await explainAccess(deps, requireAuth(ctx), ctx.params.knowledgeId ?? '', input));
  });

  for (const [method, action] of [
    ['post', 'assign'],
    ['delete', 'unassign'],
  ] as const) {
    router[method]('/knowledge/:knowledgeId/role', guard(deps, 'roles.assign'), async (ctx) => {
      // RBAC must be ACTIVE: the guard's authorize() says so (src/policies, requiresRbacActive).
      const { workspace } = requireAuth(ctx);
      const { roleIds } = validate(RoleIdsSchema, ctx.request.body, 'roleIds must be an array of valid UUIDs');
      const id = ctx.params.knowledgeId ?? '';
      const out = await roleService.changeKnowledgeRoles(deps, workspace, id, roleIds, action);
      ctx.body = {
        workspaceId: workspace.id,
        knowledgeId: out.knowledgeId,
        organizationId: workspace.organization_id,
        roleIds: out.roleIds,
        workflowId: out.workflowId,
      } satisfies RoleAssignment;
    });
  }

  router.post('/background-jobs', guard(deps, 'jobs.read'), async (ctx) => {
    const auth = requireAuth(ctx);
    const { jobIds } = validate(BackgroundJobsSchema, ctx.request.body, 'jobIds must be an array of strings');
    // Each distinct id is a call to Temporal: an end user's token pays for them (one request per 10 ids).
    const distinct = new Set(jobIds).size;
    const extra = jobStatusExtraRequests(auth, distinct);
    await spendMoreRequests(
      ctx,
      extra,
      `This request named ${distinct} job ids and costs ${extra + 1} requests of the budget ` +
        `(one per ${JOB_IDS_PER_REQUEST} ids; a refused one spends only itself): wait for Retry-After seconds, or ask for fewer jobs at a time`,
    );
    ctx.body = { jobs: await describeJobs(deps, auth, auth.workspace.id, jobIds) } satisfies BackgroundJobsResponse;
  });

  router.get('/background-jobs', guard(deps, 'jobs.list'), async (ctx) => {
    const query = validateFields(BackgroundJobListQuerySchema, ctx.query);
    ctx.body = (await listWorkspaceJobs(deps, requireAuth(ctx).workspace.id, query)) satisfies BackgroundJobList;
  });

  return router;
}
