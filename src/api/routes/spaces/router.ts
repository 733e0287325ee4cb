// User space activation (no /v1 prefix) and the space, group, message and RAG endpoints.
import type Router from '@koa/router';
import { apiRoutes } from '../router';
import type { Deps } from '../../../services/deps';
import { badRequest } from '../../../errors';
import { resolveRole } from '../../../services/access/accessTokens';
import { startSpaceErasure } from '../../../services/spaces/erasure';
import { spaceRag } from '../../../services/search/rag';
import { searchDeps } from '../../../services/search/search';
import { deleteSpaceFile, listSpaceFiles, loadSpaceFile } from '../../../services/spaces/spaceFiles';
import {
  activateUserSpace,
  activateUserSpaceWithRole,
  createGroup,
  describeSpace,
  listGroupMessages,
  postMessage,
  requireSpaceAccess,
  setMessageFeedback,
} from '../../../services/spaces/spaces';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { presentKnowledge } from '../knowledge/presenters';
import { SpaceFilesQuerySchema } from '../knowledge/schema';
import { presentMessage, presentSpace } from './presenters';
import {
  ActivateApiKeySchema,
  ActivateSpaceSchema,
  CreateGroupSchema,
  FeedbackSchema,
  MessagesQuerySchema,
  PostMessageSchema,
  RagSchema,
  type ActivatedSpace,
  type ActivatedWithApiKey,
  type MessagePosted,
  type SpaceErasure,
} from './schema';

export function spacesRouter(deps: Deps): Router {
  const router = apiRoutes();

  router.post(
    '/workspaces/:workspaceId/activate-or-retrieve-user-space-api-key',
    guard(deps, 'spaces.activate', { credential: 'apiKey' }),
    async (ctx) => {
      const auth = requireAuth(ctx);
      const { workspace } = auth;
      const input = validate(ActivateApiKeySchema, ctx.request.body, 'Missing required field');
      const roleId = await resolveRole(deps, workspace.id, { customerRoleId: input.customerRoleId });
      const out = await activateUserSpace(deps, auth, { externalId: input.userId, email: input.email, roleId });
      ctx.body = {
        token: out.token,
        user: { id: input.userId, email: input.email },
        space: { id: out.spaceId, workspaceId: workspace.id },
      } satisfies ActivatedWithApiKey;
    },
  );

  router.put(
    '/workspaces/:workspaceId/activate-or-retrieve-user-space',
    guard(deps, 'spaces.activate'),
    async (ctx) => {
      const auth = requireAuth(ctx);
      const input = validate(ActivateSpaceSchema, ctx.request.body, 'Missing required field');
      if (input.workspaceId !== auth.workspace.id) {
        throw badRequest('workspaceId must equal the workspace in the path', {
          code: 'workspace_id_mismatch',
          param: 'workspaceId',
          hint: `Send workspaceId ${auth.workspace.id} (the path's).`,
        });
      }
      const externalId = (input.userId ?? input.customerIdString)!;
      const out = await activateUserSpaceWithRole(deps, auth, {
        externalId,
        roleId: input.roleId,
        customerRoleId: input.customerRoleId,
      });
      ctx.body = {
        token: out.token,
        spaceId: out.spaceId,
        userId: externalId,
        workspaceId: auth.workspace.id,
        isNew: out.isNew,
      } satisfies ActivatedSpace;
    },
  );

  const base = '/v1/workspaces/:workspaceId/spaces/:spaceId';
  router.get(base, guard(deps, 'spaces.read'), async (ctx) => {
    const auth = requireAuth(ctx);
    const { space, members, groups, organizationName } = await describeSpace(deps, auth, ctx.params.spaceId ?? '');
    ctx.body = presentSpace(
      space,
      {
        id: auth.workspace.id,
        name: auth.workspace.name,
        organizationName,
        organizationId: auth.workspace.organization_id,
      },
      members,
      groups,
    );
  });

  // A data-subject erasure: the space, its user and everything of theirs, as a workflow.
  router.delete(base, guard(deps, 'spaces.erase'), async (ctx) => {
    const auth = requireAuth(ctx);
    const jobId = await startSpaceErasure(deps, auth.workspace.id, ctx.params.spaceId ?? '');
    ctx.body = { success: true, message: 'Erasure started', jobId } satisfies SpaceErasure;
  });

  router.post(`${base}/group`, guard(deps, 'spaces.write'), async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps, auth, ctx.params.spaceId ?? '');
    const { name } = validate(CreateGroupSchema, ctx.request.body);
    const group = await createGroup(deps, space, name ?? 'General');
    ctx.body = { id: group.id, name: group.name, createdAt: group.created_at.toISOString() };
  });

  router.get(`${base}/message`, guard(deps, 'spaces.read'), async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps, auth, ctx.params.spaceId ?? '');
    const query = validate(MessagesQuerySchema, ctx.query);
    const page = await listGroupMessages(deps, space, query);
    ctx.body = { messages: page.messages.map(presentMessage), hasMore: page.hasMore };
  });

  router.post(`${base}/message`, guard(deps, 'spaces.post'), async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps, auth, ctx.params.spaceId ?? '');
    const input = validate(PostMessageSchema, ctx.request.body, 'Missing required field');
    const row = await postMessage(deps, auth, space, input);
    ctx.body = {
      id: row.id,
      type: row.type,
      message: row.message,
      createdAt: row.created_at.toISOString(),
    } satisfies MessagePosted;
  });

  // Feedback on a message (a member's user space token): thumbUp and thumbDown exclude each other.
  router.patch(`${base}/message/:messageId`, guard(deps, 'spaces.post'), async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps, auth, ctx.params.spaceId ?? '');
    const feedback = validate(FeedbackSchema, ctx.request.body);
    ctx.body = presentMessage(await setMessageFeedback(deps, space, ctx.params.messageId ?? '', feedback));
  });

  // The space's own files, through the space only (its members' user space tokens and the workspace credential);
  // deleting one takes the workspace credential or a HOST's or CO_HOST's user space token.
  const files = guard(deps, 'spaces.files');
  router.get(`${base}/knowledge`, files, async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps, auth, ctx.params.spaceId ?? '');
    const { page, limit } = validate(SpaceFilesQuerySchema, ctx.query);
    const { rows, total } = await listSpaceFiles(deps, space, { offset: (page - 1) * limit, limit });
    ctx.body = { knowledge: rows.map(presentKnowledge), total, page, limit };
  });

  router.get(`${base}/knowledge/:knowledgeId`, files, async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps, auth, ctx.params.spaceId ?? '');
    ctx.body = presentKnowledge(await loadSpaceFile(deps, space, ctx.params.knowledgeId ?? ''));
  });

  router.delete(`${base}/knowledge/:knowledgeId`, files, async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps, auth, ctx.params.spaceId ?? '', 'manageFiles');
    await deleteSpaceFile(deps, space, ctx.params.knowledgeId ?? '');
    ctx.body = { success: true };
  });

  router.post(`${base}/rag`, guard(deps, 'spaces.rag', { ragErrors: true }), async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps, auth, ctx.params.spaceId ?? '');
    const input = validate(RagSchema, ctx.request.body, 'Missing required field');
    const { knowledgeResults, spaceKnowledgeResults, rerank } = await spaceRag(searchDeps(deps), auth, space, input);
    if (rerank) ctx.set('X-Rerank', rerank);
    ctx.body = { knowledgeResults, spaceKnowledgeResults };
  });

  return router;
}
