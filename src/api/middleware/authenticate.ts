// Authentication and workspace scope. Order of checks: credential (401) -> organization header
// (400/403) -> addressed workspace exists (404) and is not deleted (410) -> credential belongs to it (403).
import type { Context, Next } from 'koa';
import * as apiKeys from '../../db/repositories/apiKeys';
import type { ApiKeyRow, WorkspaceRow } from '../../db/rows';
import type { Deps } from '../../deps';
import * as roles from '../../db/repositories/roles';
import { AppError, badRequest, forbidden, Messages, unauthorized } from '../../errors';
import { verifyApiKey } from '../../services/apiKeys';
import type { TokenClaims } from '../../services/tokens';
import { loadActiveWorkspace } from '../../services/workspaces';

export interface AuthState {
  workspace: WorkspaceRow;
  apiKey?: ApiKeyRow;
  token?: TokenClaims;
}

declare module 'koa' {
  interface DefaultState {
    auth?: AuthState;
    requestId?: string;
  }
}

export function requireAuth(ctx: Context): AuthState {
  const auth = ctx.state.auth as AuthState | undefined;
  if (!auth) throw unauthorized(Messages.invalidAccessToken);
  return auth;
}

/** x-api-key endpoints (token generation, user space activation). */
export function authenticateApiKey(deps: Pick<Deps, 'db'>) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const key = await verifyApiKey(deps.db, ctx.get('x-api-key') || undefined);
    if (!key) throw unauthorized(Messages.invalidApiKey);
    const workspace = await loadActiveWorkspace(deps.db, ctx.params.workspaceId ?? '');
    if (key.workspace_id !== workspace.id) throw forbidden(Messages.insufficientPermissions);
    ctx.state.auth = { workspace, apiKey: key };
    void apiKeys.touchApiKey(deps.db, key.id).catch(() => undefined);
    await next();
  };
}

function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export interface BearerOptions {
  /** Token types accepted on the route. */
  accept: ReadonlyArray<TokenClaims['tokenType']>;
  /** Whether the semantic-search style x-api-key must accompany the bearer token. */
  requireApiKey?: boolean;
  /** /v1 routes require the organizationid header; the unversioned search routes check it only when sent. */
  organizationHeader?: 'required' | 'optional';
  /**
   * The RAG endpoint's own answers: a token of another workspace gets 404 "Workspace ID does not match"
   * and a token whose role was deleted 400 "Role not found" (both with the error value "Error"); elsewhere
   * these are 403 "Insufficient permissions" and 403 "Role not found".
   */
  ragErrors?: boolean;
}

/** Bearer JWT endpoints (/v1 and the non-versioned search endpoints). */
export function authenticateBearer(deps: Pick<Deps, 'db' | 'tokens'>, options: BearerOptions = { accept: ['access'] }) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const raw = bearerToken(ctx);
    const claims = raw ? await deps.tokens.verify(raw) : undefined;
    if (!claims || !options.accept.includes(claims.tokenType)) throw unauthorized(Messages.invalidAccessToken);
    // A token minted by a key that has since been revoked stops working at once.
    if (claims.apiKeyId) {
      const active = await apiKeys.isApiKeyActive(deps.db, claims.workspaceId, claims.apiKeyId);
      if (!active) throw unauthorized(Messages.invalidAccessToken);
    }
    if (options.requireApiKey) {
      const key = await verifyApiKey(deps.db, ctx.get('x-api-key') || undefined);
      if (!key) throw unauthorized(Messages.invalidApiKey);
      if (key.workspace_id !== claims.workspaceId) throw forbidden(Messages.insufficientPermissions);
    }
    // Access tokens name their organization in the organizationid header; user space tokens need only Authorization.
    if (claims.tokenType === 'access') {
      const organizationId = ctx.get('organizationid');
      if (!organizationId && options.organizationHeader !== 'optional') {
        throw badRequest('Missing required header: organizationid');
      }
      if (organizationId && organizationId !== claims.organizationId) throw forbidden(Messages.insufficientPermissions);
    }
    const workspace = await loadActiveWorkspace(deps.db, ctx.params.workspaceId ?? '');
    if (workspace.id !== claims.workspaceId || workspace.organization_id !== claims.organizationId) {
      throw options.ragErrors
        ? new AppError(404, 'Workspace ID does not match', 'Error')
        : forbidden(Messages.insufficientPermissions);
    }
    // A token bound to a role that has since been deleted fails cleanly instead of widening or narrowing to nothing.
    if (claims.roleId && !(await roles.findRole(deps.db, workspace.id, claims.roleId))) {
      throw options.ragErrors ? new AppError(400, Messages.roleNotFound, 'Error') : forbidden(Messages.roleNotFound);
    }
    ctx.state.auth = { workspace, token: claims };
    await next();
  };
}
