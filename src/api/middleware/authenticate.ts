// Authentication, workspace scope and the route's policy, as one guard per route. Order of checks:
// credential (401) -> organization header (400/403) -> credential's workspace is the addressed one (403;
// only the token's own workspace is ever read, so it reveals nothing about other workspaces) -> workspace
// exists (404) and is not deleted (410) -> minting API key still active (401) -> bound role still exists
// (403) -> the route's action is allowed for the credential's kind (403, src/policies).
import type { Context, Middleware, Next } from 'koa';
import type { Deps } from '../../services/deps';
import { AppError, badRequest, forbidden, Messages, unauthorized, type ErrorHelp } from '../../errors';
import type { Action } from '../../policies/actions';
import { authorize } from '../../policies/authorize';
import { tokenKind, type AuthState } from '../../policies/credentials';
import { looksLikeApiKey, presentedKeyHash, sameKeyHash, verifyApiKey } from '../../services/access/apiKeys';
import { credentialContext, recordApiKeyUse } from '../../services/access/authentication';
import { ROLE_GONE, standingWorkspace } from '../../services/access/credentials';
import type { TokenRefusal } from '../../services/access/tokens';
import { loadActiveWorkspace } from '../../services/operations/workspaces';

declare module 'koa' {
  interface DefaultState {
    auth?: AuthState;
    requestId?: string;
  }
}

export function requireAuth(ctx: Context): AuthState {
  const auth = ctx.state.auth as AuthState | undefined;
  if (!auth) throw unauthorized(Messages.invalidAccessToken, { code: 'token_missing' });
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

const TOKEN_ENDPOINT = 'POST /workspaces/{workspaceId}/generate-access-key-token';
const invalidToken = (help: ErrorHelp) =>
  unauthorized(Messages.invalidAccessToken, { param: 'Authorization', ...help });
const invalidApiKey = (help: ErrorHelp) => unauthorized(Messages.invalidApiKey, { param: 'x-api-key', ...help });

/** The bearer token of the Authorization header, or the 401 that says what is wrong with the header. */
function bearerToken(ctx: Context): string {
  const header = ctx.get('authorization');
  if (!header) {
    throw invalidToken({
      code: 'token_missing',
      ...(ctx.get('x-api-key')
        ? {
            hint:
              `This operation takes an access token in Authorization: Bearer, not the API key alone: exchange the ` +
              `key at ${TOKEN_ENDPOINT} (header x-api-key), then send Authorization: Bearer <accessToken>.`,
          }
        : {}),
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const sent = match?.[1] ?? header.trim().split(/\s+/).pop() ?? '';
  if (looksLikeApiKey(sent)) throw invalidToken({ code: 'api_key_as_token' });
  if (!match) {
    const scheme = /^(\S+)\s+\S/.exec(header.trim())?.[1];
    throw invalidToken({
      code: 'bearer_scheme_missing',
      hint: scheme
        ? `The header uses the scheme ${scheme.slice(0, 20)}: send Authorization: Bearer <token>.`
        : 'The header holds no scheme: send Authorization: Bearer <token> (the word Bearer, a space, the token).',
    });
  }
  return match[1]!;
}

/** The 401 for a token the token service refused, saying why. */
function tokenRefused(refusal: TokenRefusal): AppError {
  switch (refusal.reason) {
    case 'expired':
      return invalidToken({
        code: 'token_expired',
        ...(refusal.expiredAt
          ? {
              hint:
                `The token expired at ${refusal.expiredAt.toISOString()}: mint a new one with ${TOKEN_ENDPOINT} ` +
                '(a user space token: activate the user space again).',
            }
          : {}),
      });
    case 'signature':
      return invalidToken({ code: 'token_signature_invalid' });
    case 'not_ours':
      return invalidToken({ code: 'token_invalid' });
    case 'malformed':
      return invalidToken({ code: 'token_malformed' });
  }
}

async function authenticateApiKey(deps: Pick<Deps, 'db'>, ctx: Context, options: GuardOptions): Promise<AuthState> {
  const presented = ctx.get('x-api-key') || undefined;
  if (!presented) {
    throw invalidApiKey({
      code: 'api_key_missing',
      ...(ctx.get('authorization')
        ? { hint: 'This operation takes the workspace API key in x-api-key, not a bearer token.' }
        : {}),
    });
  }
  const key = await verifyApiKey(deps, presented);
  if (!key) throw invalidApiKey({ code: 'api_key_invalid' });
  if (!options.keyNamesWorkspace && key.workspace_id !== ctx.params.workspaceId) {
    throw forbidden(Messages.insufficientPermissions, {
      code: 'api_key_workspace_mismatch',
      param: 'x-api-key',
      hint: `The key belongs to workspace ${key.workspace_id}: call that workspace, or use this workspace's key.`,
    });
  }
  const workspace = await loadActiveWorkspace(deps, key.workspace_id);
  recordApiKeyUse(deps, key.id);
  return { kind: 'apiKey', workspace, apiKey: key };
}

async function authenticateBearer(
  deps: Pick<Deps, 'db' | 'tokens'>,
  ctx: Context,
  options: GuardOptions,
): Promise<AuthState> {
  const checked = await deps.tokens.check(bearerToken(ctx));
  if (!checked.ok) throw tokenRefused(checked);
  const { claims } = checked;
  // One query reads the token's own workspace, key and role and, where an x-api-key must come too, that key;
  // the checks still run in the order of this file's header.
  const presented = options.requireApiKey ? ctx.get('x-api-key') || undefined : undefined;
  const keyHash = presentedKeyHash(presented);
  if (options.requireApiKey && !keyHash) {
    throw invalidApiKey({
      code: presented ? 'api_key_invalid' : 'api_key_missing',
      hint: 'This operation takes the workspace API key in x-api-key beside the bearer token.',
    });
  }
  const context = await credentialContext(deps, {
    workspaceId: claims.workspaceId,
    apiKeyId: claims.apiKeyId,
    roleId: claims.roleId,
    presentedKeyHash: keyHash,
  });
  if (keyHash) {
    const key = context.presentedKey;
    if (!key || !sameKeyHash(key.keyHash, keyHash)) throw invalidApiKey({ code: 'api_key_invalid' });
    if (key.workspaceId !== claims.workspaceId) {
      throw forbidden(Messages.insufficientPermissions, {
        code: 'api_key_workspace_mismatch',
        param: 'x-api-key',
        hint: "The API key and the token belong to different workspaces: send the token's workspace's key.",
      });
    }
  }
  // Access tokens name their organization in the organizationid header; user space tokens need only Authorization.
  if (claims.tokenType === 'access') {
    const organizationId = ctx.get('organizationid');
    if (!organizationId && options.organizationHeader !== 'optional') {
      throw badRequest('Missing required header: organizationid', {
        code: 'missing_header',
        param: 'organizationid',
        hint: `Send organizationid: ${claims.organizationId} (the organization this access token was minted for).`,
      });
    }
    if (organizationId && organizationId !== claims.organizationId) {
      throw forbidden(Messages.insufficientPermissions, {
        code: 'organization_mismatch',
        param: 'organizationid',
        hint:
          `The header names organization ${organizationId.slice(0, 64)}, the token was minted for ` +
          `${claims.organizationId}: send that id in organizationid.`,
      });
    }
  }
  const workspaceId = ctx.params.workspaceId ?? '';
  const otherWorkspace: ErrorHelp = {
    code: 'token_workspace_mismatch',
    param: 'Authorization',
    hint:
      `The token belongs to workspace ${claims.workspaceId}: call that workspace's paths, or mint a token for ` +
      `this one with its API key (${TOKEN_ENDPOINT}).`,
  };
  const mismatch = () =>
    options.ragErrors
      ? new AppError(404, 'Workspace ID does not match', 'Error', {}, otherWorkspace)
      : forbidden(Messages.insufficientPermissions, otherWorkspace);
  if (workspaceId !== claims.workspaceId) throw mismatch();
  const workspace = standingWorkspace(
    context,
    claims,
    options.ragErrors
      ? {
          mismatch: () => new AppError(404, 'Workspace ID does not match', 'Error'),
          roleGone: () => new AppError(400, Messages.roleNotFound, 'Error', {}, ROLE_GONE),
        }
      : undefined,
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
