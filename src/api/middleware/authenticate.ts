// Authentication, workspace scope and the route's policy, as one guard per route. Order of checks:
// credential (401) -> organization header (400/403) -> credential's workspace is the addressed one (403;
// only the token's own workspace is ever read, so it reveals nothing about other workspaces) -> workspace
// exists (404) and is not deleted (410) -> minting API key still active (401) -> bound role still exists
// (403) -> the route's action is allowed for the credential's kind (403, src/policies).
import type { Context, Middleware, Next } from 'koa';
import type { Deps } from '../../services/deps';
import { AppError, badRequest, forbidden, Messages, unauthorized } from '../../errors';
import type { Action } from '../../policies/actions';
import { authorize } from '../../policies/authorize';
import { tokenKind, type AuthState } from '../../policies/credentials';
import { presentedKeyHash, sameKeyHash, verifyApiKey } from '../../services/apiKeys';
import { credentialContext, recordApiKeyUse } from '../../services/authentication';
import { standingWorkspace } from '../../services/credentials';
import { loadActiveWorkspace } from '../../services/workspaces';

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

export interface GuardOptions {
  /** 'apiKey': the x-api-key header (token and user space issuance); otherwise a bearer token. */
  credential?: 'apiKey' | 'bearer';
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
  /**
   * The route names no workspace: the presented API key's own is the one addressed (GET /api-keys/current, where a
   * client holding only the key learns its workspace).
   */
  keyNamesWorkspace?: boolean;
}

/** What a guard declares, readable from the mounted router (the route table, its tests and the OpenAPI document). */
export interface RouteGuard {
  action: Action;
  /** How the credential travels: none (public), the x-api-key header, or a bearer token. */
  credential: 'none' | 'apiKey' | 'bearer';
  options: GuardOptions;
}
export const ROUTE_GUARD = Symbol('routeGuard');
export type GuardMiddleware = Middleware & { [ROUTE_GUARD]: RouteGuard };

function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

async function authenticateApiKey(deps: Pick<Deps, 'db'>, ctx: Context, options: GuardOptions): Promise<AuthState> {
  const key = await verifyApiKey(deps.db, ctx.get('x-api-key') || undefined);
  if (!key) throw unauthorized(Messages.invalidApiKey);
  if (!options.keyNamesWorkspace && key.workspace_id !== ctx.params.workspaceId) {
    throw forbidden(Messages.insufficientPermissions);
  }
  const workspace = await loadActiveWorkspace(deps.db, key.workspace_id);
  recordApiKeyUse(deps.db, key.id);
  return { kind: 'apiKey', workspace, apiKey: key };
}

async function authenticateBearer(
  deps: Pick<Deps, 'db' | 'tokens'>,
  ctx: Context,
  options: GuardOptions,
): Promise<AuthState> {
  const raw = bearerToken(ctx);
  const claims = raw ? await deps.tokens.verify(raw) : undefined;
  if (!claims) throw unauthorized(Messages.invalidAccessToken);
  // One query reads the token's own workspace, key and role and, where an x-api-key must come too, that key;
  // the checks still run in the order of this file's header.
  const keyHash = options.requireApiKey ? presentedKeyHash(ctx.get('x-api-key') || undefined) : undefined;
  if (options.requireApiKey && !keyHash) throw unauthorized(Messages.invalidApiKey);
  const context = await credentialContext(deps.db, {
    workspaceId: claims.workspaceId,
    apiKeyId: claims.apiKeyId,
    roleId: claims.roleId,
    presentedKeyHash: keyHash,
  });
  if (keyHash) {
    const key = context.presentedKey;
    if (!key || !sameKeyHash(key.keyHash, keyHash)) throw unauthorized(Messages.invalidApiKey);
    if (key.workspaceId !== claims.workspaceId) throw forbidden(Messages.insufficientPermissions);
  }
  // Access tokens name their organization in the organizationid header; user space tokens need only Authorization.
  if (claims.tokenType === 'access') {
    const organizationId = ctx.get('organizationid');
    if (!organizationId && options.organizationHeader !== 'optional') {
      throw badRequest('Missing required header: organizationid');
    }
    if (organizationId && organizationId !== claims.organizationId) throw forbidden(Messages.insufficientPermissions);
  }
  const mismatch = () =>
    options.ragErrors
      ? new AppError(404, 'Workspace ID does not match', 'Error')
      : forbidden(Messages.insufficientPermissions);
  const workspaceId = ctx.params.workspaceId ?? '';
  if (workspaceId !== claims.workspaceId) throw mismatch();
  const workspace = standingWorkspace(
    context,
    claims,
    options.ragErrors ? { mismatch, roleGone: () => new AppError(400, Messages.roleNotFound, 'Error') } : undefined,
  );
  return { kind: tokenKind(claims), workspace, token: claims };
}

/**
 * The one guard every route declares: it authenticates the credential, scopes it to the addressed
 * workspace and authorizes the route's action for the credential's kind. Resource-level rules are
 * decided later, in the handler, by the same authorize().
 */
export function guard(deps: Pick<Deps, 'db' | 'tokens'>, action: Action, options: GuardOptions = {}): GuardMiddleware {
  const middleware = async (ctx: Context, next: Next): Promise<void> => {
    if (action !== 'public.read') {
      const auth =
        options.credential === 'apiKey'
          ? await authenticateApiKey(deps, ctx, options)
          : await authenticateBearer(deps, ctx, options);
      authorize(auth, action);
      ctx.state.auth = auth;
    }
    await next();
  };
  const credential: RouteGuard['credential'] = action === 'public.read' ? 'none' : (options.credential ?? 'bearer');
  return Object.assign(middleware, { [ROUTE_GUARD]: { action, credential, options } });
}
