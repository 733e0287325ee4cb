// User spaces: activation (idempotent, one space per user), user space tokens, membership, groups,
// messages and feedback. Space errors use the literal error value "Error", as the spec shows them.
import type { AuthState } from '../policies/credentials';
import type { Db } from '../db/knex';
import * as spaces from '../db/repositories/spaces';
import type { SpaceGroupRow, SpaceRow } from '../db/rows';
import { AppError } from '../errors';
import { isUuid } from '../ids';
import type { TokenService } from './tokens';

export const SpaceMessages = {
  notFound: 'Space not found',
  private: 'The space is private',
  groupNotFound: 'Group not found',
  messageNotFound: 'Message not found',
} as const;

/** The spec's space and RAG errors carry the literal error value "Error". */
export const spaceError = (status: number, message: string) => new AppError(status, message, 'Error');

export async function loadSpace(db: Db, workspaceId: string, spaceId: string): Promise<SpaceRow> {
  const space = isUuid(spaceId) ? await spaces.findSpace(db, workspaceId, spaceId) : undefined;
  if (!space) throw spaceError(404, SpaceMessages.notFound);
  return space;
}

/**
 * A user space token opens only spaces its user belongs to (400 "The space is private" otherwise); an
 * access token from the two-step flow is a workspace-level credential and opens every space of it.
 */
export async function requireSpaceAccess(db: Db, auth: AuthState, spaceId: string): Promise<SpaceRow> {
  const space = await loadSpace(db, auth.workspace.id, spaceId);
  if (auth.token?.tokenType === 'user_space') {
    const role = auth.token.userId ? await spaces.memberRole(db, space.id, auth.token.userId) : undefined;
    if (!role) throw spaceError(400, SpaceMessages.private);
  }
  return space;
}

export interface Activation {
  token: string;
  spaceId: string;
  userId: string;
  isNew: boolean;
}

/** Idempotent: the same user always gets the same space; isNew only when this call created it. */
/** The caller (an API key or an access token) lends the new token its API key: it dies when the key is revoked. */
export async function activateUserSpace(
  deps: { db: Db; tokens: TokenService },
  caller: AuthState,
  input: { externalId: string; email?: string; roleId?: string },
): Promise<Activation> {
  const { workspace } = caller;
  const apiKeyId = caller.apiKey?.id ?? caller.token?.apiKeyId;
  if (!apiKeyId) throw new AppError(403, 'Insufficient permissions');
  const { user, space, isNew } = await deps.db.transaction(async (trx) => {
    const u = await spaces.upsertSpaceUser(trx, workspace.id, { externalId: input.externalId, email: input.email });
    return { user: u, ...(await spaces.ensureSpace(trx, workspace.id, u)) };
  });
  const token = await deps.tokens.sign({
    tokenType: 'user_space',
    organizationId: workspace.organization_id,
    workspaceId: workspace.id,
    userId: user.id,
    spaceId: space.id,
    roleId: input.roleId,
    apiKeyId,
  });
  return { token, spaceId: space.id, userId: input.externalId, isNew };
}

export async function resolveGroup(db: Db, space: SpaceRow, groupId: string | undefined): Promise<SpaceGroupRow> {
  if (groupId === undefined) {
    const group = await spaces.defaultGroup(db, space.id);
    if (group) return group;
    throw spaceError(404, SpaceMessages.groupNotFound);
  }
  const group = isUuid(groupId) ? await spaces.findGroup(db, space.id, groupId) : undefined;
  if (!group) throw spaceError(404, SpaceMessages.groupNotFound);
  return group;
}

/** The space user a user space token speaks for (the policy admits only user space tokens where this is called). */
export function spaceUserId(auth: AuthState): string {
  if (!auth.token?.userId) throw new AppError(403, 'A user space token is required');
  return auth.token.userId;
}

/** Messages a paged listing returns when it gives `before` without `limit`. */
export const MESSAGES_DEFAULT_PAGE = 50;

/**
 * The paging of a message listing: none unless `limit` or `before` is given (the listing then returns
 * every message, as it always has); `before` must be a message of the group.
 */
export async function messagePage(
  db: Db,
  spaceId: string,
  groupId: string,
  limit: number | undefined,
  beforeId: string | undefined,
): Promise<{ limit: number; before?: { id: string; created_at: Date } } | undefined> {
  if (limit === undefined && beforeId === undefined) return undefined;
  if (!beforeId) return { limit: limit ?? MESSAGES_DEFAULT_PAGE };
  const before = await spaces.findMessage(db, spaceId, beforeId);
  if (!before || before.group_id !== groupId) throw spaceError(400, 'before must be the id of a message in the group');
  return { limit: limit ?? MESSAGES_DEFAULT_PAGE, before };
}
