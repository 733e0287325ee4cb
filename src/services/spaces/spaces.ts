// User spaces: activation (idempotent, one space per user), user space tokens, membership, groups,
// messages and feedback. Space errors use the literal error value "Error", as the spec shows them.
import { randomUUID } from 'node:crypto';
import { authorize } from '../../policies/authorize';
import type { AuthState } from '../../policies/credentials';
import { activationBudget } from '../../policies/rateBudgets';
import {
  activationBoundKey,
  activationRole,
  lentApiKeyId,
  mayRecordSpaceRole,
  spaceSpeaker,
} from '../../policies/scopes';
import type { SpaceFacts } from '../../policies/rules';
import type { Db } from '../../db/knex';
import * as organizations from '../../db/repositories/organizations';
import * as searchCounts from '../../db/repositories/searchCounts';
import * as spaces from '../../db/repositories/spaces';
import type { SpaceGroupRow, SpaceMessageRow, SpaceRow, SpaceUserRow } from '../../db/rows';
import { AppError, notFound, type ErrorHelp } from '../../errors';
import { isUuid } from '../../ids';
import { resolveRole } from '../access/accessTokens';
import type { TokenService } from '../access/tokens';
import type { Config } from '../../config';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import { boundReached } from '../operations/bounds';
import { requireMessageFitsQuota } from '../knowledge/storageQuota';
import { SpaceMessages } from '../../domain/spaces';
import type { DbDeps } from '../deps';

// The spec's space messages live below the service and the space policy, which both answer them.
export { SpaceMessages } from '../../domain/spaces';

/** The spec's space and RAG errors carry the literal error value "Error". */
export const spaceError = (status: number, message: string, help?: ErrorHelp) =>
  new AppError(status, message, 'Error', {}, help);

/** The space, or 404 "Space not found" (naming the path's spaceId, or what `help` names: a body or form field). */
export async function loadSpace(
  { db }: DbDeps,
  workspaceId: string,
  spaceId: string,
  help: ErrorHelp = { pathParam: 'spaceId' },
): Promise<SpaceRow> {
  const space = isUuid(spaceId) ? await spaces.findSpace(db, workspaceId, spaceId) : undefined;
  if (!space) throw spaceError(404, SpaceMessages.notFound, help);
  return space;
}

/**
 * The space if the caller reaches it (the rule space.enter, src/policies/rules.ts): a user space token outside
 * its user's spaces (or holding a role the space no longer has) is 400 "The space is private" (the spec's
 * answer); an end user's access token outside its role or subject is 404 "Space not found", as if the space did
 * not exist. With need 'manageFiles' (the rule space.manageFiles), a caller that reaches the space but may not
 * delete its files (a GUEST) is 403.
 */
export async function requireSpaceAccess(
  { db }: DbDeps,
  auth: AuthState,
  spaceId: string,
  need: 'reach' | 'manageFiles' = 'reach',
): Promise<SpaceRow> {
  const space = await loadSpace({ db }, auth.workspace.id, spaceId);
  // The space user a user space token speaks for: its membership is one of the facts the policy weighs.
  const userId = spaceSpeaker(auth);
  const [owner, memberRole] = await Promise.all([
    spaces.findSpaceUser(db, auth.workspace.id, space.owner_id),
    userId ? spaces.memberRole(db, space.id, userId) : undefined,
  ]);
  const facts: SpaceFacts = {
    roleId: space.role_id,
    ownerExternalId: owner?.external_id ?? '',
    ...(memberRole === undefined ? {} : { callerMemberRole: memberRole }),
  };
  authorize(auth, need === 'manageFiles' ? 'space.manageFiles' : 'space.enter', facts);
  return space;
}

const withBudget = (budget: string | undefined) => (budget === undefined ? {} : { budget });

export interface Activation {
  token: string;
  spaceId: string;
  userId: string;
  isNew: boolean;
}

/**
 * Idempotent: the same user always gets the same space; isNew only when this call created it. The caller (an
 * API key or an access token) lends the new token its API key: it dies when the key is revoked. A new space
 * records the activation's role; the workspace credential's activation records it again on an existing space
 * (the integrator says which role its user holds now); an end user's token reaches only spaces of its own
 * role and subject (403 otherwise, and nothing is created).
 */
export async function activateUserSpace(
  deps: { db: Db; tokens: TokenService; config: Pick<Config, 'bounds'> },
  caller: AuthState,
  input: { externalId: string; email?: string; roleId?: string },
): Promise<Activation> {
  const { workspace } = caller;
  authorize(caller, 'space.lendKey');
  const apiKeyId = lentApiKeyId(caller)!;
  const roleId = input.roleId ?? null;
  const { user, space, isNew } = await deps.db.transaction(async (trx) => {
    const u = await spaces.upsertSpaceUser(trx, workspace.id, { externalId: input.externalId, email: input.email });
    const activatedBy = activationBoundKey(caller) ?? null;
    if (!(await spaces.findSpaceOf(trx, workspace.id, u.id))) {
      // A new space: within the workspace's bound, and a role token's within its role's (counted under a lock,
      // so concurrent activations hold them).
      await lockWorkspaceScope(trx, 'spaces', workspace.id);
      const { workspaceSpaces, roleSpaces } = deps.config.bounds;
      if ((await spaces.countSpaces(trx, workspace.id)) >= workspaceSpaces) {
        throw boundReached('workspaceSpaces', workspaceSpaces);
      }
      if (activatedBy && (await spaces.countSpacesActivatedBy(trx, workspace.id, activatedBy)) >= roleSpaces) {
        throw boundReached('roleSpaces', roleSpaces);
      }
    }
    const ensured = await spaces.ensureSpace(trx, workspace.id, u, roleId, activatedBy);
    authorize(caller, 'space.activateFor', { roleId: ensured.space.role_id, ownerExternalId: u.external_id });
    if (!ensured.isNew && mayRecordSpaceRole(caller, { roleId: ensured.space.role_id }, roleId)) {
      await spaces.setSpaceRole(trx, workspace.id, ensured.space.id, roleId);
    }
    return { user: u, ...ensured };
  });
  const token = await deps.tokens.sign({
    tokenType: 'user_space',
    organizationId: workspace.organization_id,
    workspaceId: workspace.id,
    userId: user.id,
    spaceId: space.id,
    roleId: input.roleId,
    apiKeyId,
    ...withBudget(activationBudget(caller)),
  });
  return { token, spaceId: space.id, userId: input.externalId, isNew };
}

export async function resolveGroup(
  { db }: DbDeps,
  space: SpaceRow,
  groupId: string | undefined,
): Promise<SpaceGroupRow> {
  if (groupId === undefined) {
    const group = await spaces.defaultGroup(db, space.id);
    if (group) return group;
    throw spaceError(404, SpaceMessages.groupNotFound);
  }
  const group = isUuid(groupId) ? await spaces.findGroup(db, space.id, groupId) : undefined;
  if (!group) throw spaceError(404, SpaceMessages.groupNotFound, { param: 'groupId' });
  return group;
}

/** The space user a user space token speaks for (the policy admits only user space tokens where this is called). */
export function spaceUserId(auth: AuthState): string {
  authorize(auth, 'space.speak');
  return spaceSpeaker(auth) ?? '';
}

/** Messages a paged listing returns when it gives `before` without `limit`. */
export const MESSAGES_DEFAULT_PAGE = 50;

/** The most messages one listing carries (the largest `limit`, and a listing without paging: the latest ones). */
export const MESSAGES_MAX_PAGE = 200;

/**
 * The paging of a message listing: without `limit` and `before`, the latest MESSAGES_MAX_PAGE (so no group's
 * size sets a response's size); `before` must be a message of the group.
 */
export async function messagePage(
  { db }: DbDeps,
  spaceId: string,
  groupId: string,
  limit: number | undefined,
  beforeId: string | undefined,
): Promise<{ limit: number; before?: { id: string; created_at: Date } }> {
  if (limit === undefined && beforeId === undefined) return { limit: MESSAGES_MAX_PAGE };
  if (!beforeId) return { limit: limit ?? MESSAGES_DEFAULT_PAGE };
  const before = await spaces.findMessage(db, spaceId, beforeId);
  if (!before || before.group_id !== groupId) {
    throw spaceError(400, 'before must be the id of a message in the group').with({
      code: 'message_not_in_group',
      param: 'before',
    });
  }
  return { limit: limit ?? MESSAGES_DEFAULT_PAGE, before };
}

/** Erasure, step one: every stored file of the space (kept in the workflow's history for the last step). */
export const spaceStoredFiles = ({ db }: DbDeps, workspaceId: string, spaceId: string): Promise<string[]> =>
  spaces.spaceStorageKeys(db, workspaceId, spaceId);

/**
 * Erasure, step two: the space's owner and with them every row of the space, then the search counts that
 * still name it; false when already gone.
 */
export const eraseSpaceRecords = ({ db }: DbDeps, workspaceId: string, spaceId: string): Promise<boolean> =>
  db.transaction(async (trx) => {
    const erased = await spaces.deleteSpaceAndOwner(trx, workspaceId, spaceId);
    await searchCounts.dropScope(trx, workspaceId, searchCounts.spaceScope(spaceId));
    return erased;
  });

/** Adds a co-host or guest (upserting the space user by the customer's id); the activating user is the host. */
export async function addSpaceMember(
  { db }: DbDeps,
  workspaceId: string,
  spaceId: string,
  member: { externalId: string; email?: string },
  role: 'CO_HOST' | 'GUEST',
): Promise<SpaceRow> {
  const space = await spaces.findSpace(db, workspaceId, spaceId);
  if (!space) throw notFound(`space ${spaceId} not found`);
  const user = await spaces.upsertSpaceUser(db, workspaceId, member);
  await spaces.addMember(db, space.id, user.id, role);
  return space;
}

/**
 * The activation a caller asks for by role: a role named in the request wins, otherwise the calling token's
 * role is inherited; a role-bound caller may name only its own role (src/policies).
 */
export async function activateUserSpaceWithRole(
  deps: { db: Db; tokens: TokenService; config: Pick<Config, 'bounds'> },
  caller: AuthState,
  input: { externalId: string; roleId?: string; customerRoleId?: string },
): Promise<Activation> {
  const named = await resolveRole(deps, caller.workspace.id, {
    roleId: input.roleId,
    customerRoleId: input.customerRoleId,
  });
  authorize(caller, 'spaces.activate', {
    roleId: named,
    namedBy: input.customerRoleId !== undefined ? 'customerRoleId' : 'roleId',
  });
  return activateUserSpace(deps, caller, { externalId: input.externalId, roleId: activationRole(caller, named) });
}

/** A space the caller reaches, with its members, groups and the workspace's organization name. */
export async function describeSpace(
  { db }: DbDeps,
  auth: AuthState,
  spaceId: string,
): Promise<{
  space: SpaceRow;
  members: Array<SpaceUserRow & { role: string }>;
  groups: SpaceGroupRow[];
  organizationName: string;
}> {
  const space = await requireSpaceAccess({ db }, auth, spaceId);
  const [members, groups, org] = await Promise.all([
    spaces.members(db, space.id),
    spaces.groups(db, space.id),
    organizations.findOrganization(db, auth.workspace.organization_id),
  ]);
  return { space, members, groups, organizationName: org?.name ?? '' };
}

/** A new group of the space, within SPACE_MAX_GROUPS (counted under the space's row lock). */
export const createGroup = (
  deps: { db: Db; config: Pick<Config, 'bounds'> },
  space: SpaceRow,
  name: string,
): Promise<SpaceGroupRow> =>
  deps.db.transaction(async (trx) => {
    await spaces.lockSpace(trx, space.workspace_id, space.id);
    const max = deps.config.bounds.spaceGroups;
    if ((await spaces.countGroups(trx, space.id)) >= max) throw boundReached('spaceGroups', max);
    return spaces.insertGroup(trx, space.id, name);
  });

/** The most bytes of messages one listing carries (at least one message): 200 messages may hold 20 MB. */
export const MESSAGES_PAGE_BYTES = 1024 * 1024;

/**
 * A page of a group's messages (the space's default group when none is named), oldest first, and whether older
 * ones precede it (page back with before = its first message's id).
 */
export async function listGroupMessages(
  { db }: DbDeps,
  space: SpaceRow,
  query: { groupId?: string; limit?: number; before?: string },
) {
  const group = await resolveGroup({ db }, space, query.groupId);
  const page = await messagePage({ db }, space.id, group.id, query.limit, query.before);
  const messages = await spaces.listMessages(db, group.id, { ...page, maxBytes: MESSAGES_PAGE_BYTES });
  const first = messages[0];
  return { messages, hasMore: first !== undefined && (await spaces.hasOlderMessage(db, group.id, first)) };
}

export interface NewMessage {
  newMessage: string;
  groupId: string;
  type: 'USER' | 'AI';
  messageAIId?: string;
  languageId?: string;
  rag?: { knowledge?: Array<{ metadata: { text: string; source: string } }> };
}

/** A message's stored bytes: its text, an AI message's content, and its sources. */
export const spaceMessageBytes = (row: Pick<SpaceMessageRow, 'message' | 'content' | 'sources' | 'sources_metadata'>) =>
  Buffer.byteLength(row.message) +
  Buffer.byteLength(row.content ?? '') +
  (row.sources === null ? 0 : Buffer.byteLength(JSON.stringify(row.sources))) +
  (row.sources_metadata === null ? 0 : Buffer.byteLength(JSON.stringify(row.sources_metadata)));

/**
 * Posts a message as the space user the token speaks for; an AI message may answer a message of the space.
 * Within the bounds: the message's size (413), the space's messages and their bytes (409, counted under the
 * space's row lock), and the workspace's storage quota, which counts messages (403).
 */
export async function postMessage(
  deps: { db: Db; config: Pick<Config, 'bounds' | 'limits'> },
  auth: AuthState,
  space: SpaceRow,
  input: NewMessage,
): Promise<SpaceMessageRow> {
  const { db } = deps;
  const { bounds } = deps.config;
  const userId = spaceUserId(auth);
  const group = await resolveGroup({ db }, space, input.groupId);
  if (input.messageAIId && !(await spaces.findMessage(db, space.id, input.messageAIId))) {
    throw spaceError(404, SpaceMessages.messageNotFound, { param: 'messageAIId' });
  }
  const rag = input.rag?.knowledge ?? [];
  const row = {
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
  };
  const bytes = spaceMessageBytes(row);
  if (bytes > bounds.spaceMessageBytes) throw boundReached('spaceMessageBytes', bounds.spaceMessageBytes);
  return db.transaction(async (trx) => {
    const locked = await spaces.lockSpace(trx, space.workspace_id, space.id);
    if (!locked) throw spaceError(404, SpaceMessages.notFound);
    if (locked.message_count >= bounds.spaceMessages) throw boundReached('spaceMessages', bounds.spaceMessages);
    if (Number(locked.message_bytes) + bytes > bounds.spaceMessagesBytes) {
      throw boundReached('spaceMessagesBytes', bounds.spaceMessagesBytes);
    }
    await requireMessageFitsQuota({ db: trx }, auth.workspace, deps.config.limits.defaultStorageQuotaBytes, bytes);
    return spaces.insertMessage(trx, row, bytes);
  });
}

/** Feedback on a message of the space: thumbUp and thumbDown exclude each other. */
export async function setMessageFeedback(
  { db }: DbDeps,
  space: SpaceRow,
  messageId: string,
  feedback: { thumbUp?: boolean; thumbDown?: boolean },
): Promise<SpaceMessageRow> {
  const row = isUuid(messageId) ? await spaces.setFeedback(db, space.id, messageId, feedback) : undefined;
  if (!row) throw spaceError(404, SpaceMessages.messageNotFound, { pathParam: 'messageId' });
  return row;
}
