// User space activation (no /v1 prefix) and the space, group, message and RAG endpoints.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import * as organizations from '../../../db/repositories/organizations';
import * as spaces from '../../../db/repositories/spaces';
import type { Deps } from '../../../deps';
import { badRequest } from '../../../errors';
import { isUuid } from '../../../ids';
import { authorize } from '../../../policies/authorize';
import { activationRole } from '../../../policies/scopes';
import { resolveRole } from '../../../services/accessTokens';
import { startSpaceErasure } from '../../../services/erasure';
import { spaceRag } from '../../../services/rag';
import { deleteSpaceFile, listSpaceFiles, loadSpaceFile } from '../../../services/spaceFiles';
import {
  activateUserSpace,
  messagePage,
  requireSpaceAccess,
  spaceUserId,
  resolveGroup,
  spaceError,
  SpaceMessages,
} from '../../../services/spaces';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { presentKnowledge } from '../knowledge/presenters';
import { KnowledgeListQuerySchema } from '../knowledge/schema';
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
  const router = new Router();

  router.post(
    '/workspaces/:workspaceId/activate-or-retrieve-user-space-api-key',
    guard(deps, 'spaces.activate', { credential: 'apiKey' }),
    async (ctx) => {
      const auth = requireAuth(ctx);
      const { workspace } = auth;
      const input = validate(ActivateApiKeySchema, ctx.request.body, 'Missing required field');
      const roleId = await resolveRole(deps.db, workspace.id, { customerRoleId: input.customerRoleId });
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
      if (input.workspaceId !== auth.workspace.id) throw badRequest('workspaceId must equal the workspace in the path');
      // A role named in the body wins; otherwise the calling token's role is inherited. A role-bound caller
      // may name only its own role.
      const named = await resolveRole(deps.db, auth.workspace.id, {
        roleId: input.roleId,
        customerRoleId: input.customerRoleId,
      });
      authorize(auth, 'spaces.activate', { roleId: named });
      const roleId = activationRole(auth, named);
      const externalId = (input.userId ?? input.customerIdString)!;
      const out = await activateUserSpace(deps, auth, { externalId, roleId });
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
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '');
    const [members, groups, org] = await Promise.all([
      spaces.members(deps.db, space.id),
      spaces.groups(deps.db, space.id),
      organizations.findOrganization(deps.db, auth.workspace.organization_id),
    ]);
    ctx.body = presentSpace(
      space,
      {
        id: auth.workspace.id,
        name: auth.workspace.name,
        organizationName: org?.name ?? '',
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
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '');
    const { name } = validate(CreateGroupSchema, ctx.request.body);
    const group = await spaces.insertGroup(deps.db, space.id, name ?? 'General');
    ctx.body = { id: group.id, name: group.name, createdAt: group.created_at.toISOString() };
  });

  router.get(`${base}/message`, guard(deps, 'spaces.read'), async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '');
    const { groupId, limit, before } = validate(MessagesQuerySchema, ctx.query);
    const group = await resolveGroup(deps.db, space, groupId);
    const page = await messagePage(deps.db, space.id, group.id, limit, before);
    ctx.body = { messages: (await spaces.listMessages(deps.db, group.id, page)).map(presentMessage) };
  });

  router.post(`${base}/message`, guard(deps, 'spaces.post'), async (ctx) => {
    const auth = requireAuth(ctx);
    const userId = spaceUserId(auth);
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '');
    const input = validate(PostMessageSchema, ctx.request.body, 'Missing required field');
    const group = await resolveGroup(deps.db, space, input.groupId);
    if (input.messageAIId && !(await spaces.findMessage(deps.db, space.id, input.messageAIId))) {
      throw spaceError(404, SpaceMessages.messageNotFound);
    }
    const rag = input.rag?.knowledge ?? [];
    const row = await spaces.insertMessage(deps.db, {
      id: randomUUID(),
      space_id: space.id,
      group_id: group.id,
      type: input.type,
      message: input.newMessage,
      user_id: input.type === 'USER' ? userId : null,
      content: input.type === 'AI' ? input.newMessage : null,
      sources: rag.length ? rag.map((k) => k.metadata.source) : null,
      sources_metadata: rag.length
        ? rag.map((k) => ({ title: k.metadata.text.slice(0, 200), url: k.metadata.source }))
        : null,
      reply_to_id: input.messageAIId ?? null,
      language_id: input.languageId ?? null,
    });
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
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '');
    const feedback = validate(FeedbackSchema, ctx.request.body);
    const id = ctx.params.messageId ?? '';
    const row = isUuid(id) ? await spaces.setFeedback(deps.db, space.id, id, feedback) : undefined;
    if (!row) throw spaceError(404, SpaceMessages.messageNotFound);
    ctx.body = presentMessage(row);
  });

  // The space's own files, through the space only (its members' user space tokens and the workspace credential);
  // deleting one takes the workspace credential or a HOST's or CO_HOST's user space token.
  const files = guard(deps, 'spaces.files');
  router.get(`${base}/knowledge`, files, async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '');
    const { page, limit } = validate(KnowledgeListQuerySchema, ctx.query);
    const { rows, total } = await listSpaceFiles(deps.db, space, { offset: (page - 1) * limit, limit });
    ctx.body = { knowledge: rows.map(presentKnowledge), total, page, limit };
  });

  router.get(`${base}/knowledge/:knowledgeId`, files, async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '');
    ctx.body = presentKnowledge(await loadSpaceFile(deps.db, space, ctx.params.knowledgeId ?? ''));
  });

  router.delete(`${base}/knowledge/:knowledgeId`, files, async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '', 'manageFiles');
    await deleteSpaceFile(deps, space, ctx.params.knowledgeId ?? '');
    ctx.body = { success: true };
  });

  router.post(`${base}/rag`, guard(deps, 'spaces.rag', { ragErrors: true }), async (ctx) => {
    const auth = requireAuth(ctx);
    const space = await requireSpaceAccess(deps.db, auth, ctx.params.spaceId ?? '');
    const input = validate(RagSchema, ctx.request.body, 'Missing required field');
    const { knowledgeResults, spaceKnowledgeResults } = await spaceRag(deps, auth, space, input);
    ctx.body = { knowledgeResults, spaceKnowledgeResults };
  });

  return router;
}
