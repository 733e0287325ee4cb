// Authentication, workspace scope and the route's policy, as one guard per route. Order of checks:
// credential (401) -> organization header (400/403) -> credential's workspace is the addressed one (403;
// only the token's own workspace is ever read, so it reveals nothing about other workspaces) -> workspace
// exists (404) and is not deleted (410) -> minting API key still active (401) -> bound role still exists
// (403) -> the route's action is allowed for the credential's kind (403) -> the request's body and query are
// well-formed (400/415, found before the guard and answered here: ./deferred.ts). Every 403 here is a policy's
// answer: authorize() with the addressing rules (src/policies/rules.ts), then with the route's action.
import type { Context, Next } from 'koa';
import type { Deps } from '../../services/deps';
import { AppError, badRequest, Messages, unauthorized, type ErrorHelp } from '../../errors';
import { isUuid } from '../../ids';
import type { Action } from '../../policies/actions';
import { authorize } from '../../policies/authorize';
import { TOKEN_ENDPOINT, tokenKind, type AuthState } from '../../policies/credentials';
import {
  isRevokedApiKey,
  looksLikeApiKey,
  presentedKeyHash,
  sameKeyHash,
  verifyApiKey,
} from '../../services/access/apiKeys';
import { credentialContext, recordApiKeyUse } from '../../services/access/authentication';
import { standingWorkspace } from '../../services/access/credentials';
import type { TokenCheck, TokenRefusal, TokenService } from '../../services/access/tokens';
import { loadActiveWorkspace } from '../../services/operations/workspaces';
import { answerFormRefusal } from './deferred';
import { canonicalPathIds } from './pathIds';
import { ROUTE_GUARD, type GuardMiddleware, type GuardOptions, type RouteGuard } from './routeGuard';

/** Header names a caller may send for organizationid (no nested repetition: linear on any name). */
const ORGANIZATION_LOOK_ALIKE = /^(x-)?org(ani[sz]ation)?[-_]?id$/;

declare module 'koa' {
  interface DefaultState {
    auth?: AuthState;
    requestId?: string;
    /** The bearer token this request's credential check verified, and the verdict (see checkBearer). */
    tokenCheck?: { token: string; check: Promise<TokenCheck> };
  }
}

/**
 * The token service's verdict on a bearer token, verified once per request: the rate limiter reads the
 * credential before the route's guard does, and both ask about the same token. Nothing outlives the request. A
 * revoked key is still refused by the guard's database query; a token that expires between the limiter's check and
 * the guard's (the limiter's one query, milliseconds) is accepted for this request, as it would be had it expired
 * a moment after the guard.
 */
export function checkBearer(ctx: Context, tokens: TokenService, token: string): Promise<TokenCheck> {
  const seen = ctx.state.tokenCheck;
  if (seen?.token === token) return seen.check;
  const check = tokens.check(token);
  ctx.state.tokenCheck = { token, check };
  return check;
}

export function requireAuth(ctx: Context): AuthState {
  const auth = ctx.state.auth as AuthState | undefined;
  if (!auth) throw unauthorized(Messages.invalidAccessToken, { code: 'token_missing' });
  return auth;
}

const invalidToken = (help: ErrorHelp) =>
  unauthorized(Messages.invalidAccessToken, { param: 'Authorization', ...help });
const invalidApiKey = (help: ErrorHelp) => unauthorized(Messages.invalidApiKey, { param: 'x-api-key', ...help });

/** The 401 of a presented key that verifies as none: api_key_revoked when it is a revoked key, else api_key_invalid. */
const refusedApiKey = async (deps: Pick<Deps, 'db'>, presented: string | undefined) =>
  invalidApiKey({ code: (await isRevokedApiKey(deps, presented)) ? 'api_key_revoked' : 'api_key_invalid' });

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
              `key at ${TOKEN_ENDPOINT} (header x-api-key), then send Authorization: Bearer <token> (the token field of its answer).`,
          }
        : {}),
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const sent = match?.[1] ?? header.trim().split(/\s+/).pop() ?? '';
  if (looksLikeApiKey(sent)) throw invalidToken({ code: 'api_key_as_token' });
  if (!match) {
    const trimmed = header.trim();
    const scheme = /^(\S+)\s+\S/.exec(trimmed)?.[1];
    const bearer = (word: string | undefined) => word?.toLowerCase() === 'bearer';
    throw invalidToken({
      code: 'bearer_scheme_missing',
      hint: bearer(trimmed)
        ? 'The header names the scheme Bearer but no token: send Authorization: Bearer <token> (the token field of the answer that minted it).'
        : bearer(scheme)
          ? 'The header holds more than one token after Bearer: send Authorization: Bearer <token>, one token and nothing after it.'
          : scheme
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
  if (!key) throw await refusedApiKey(deps, presented);
  if (!options.keyNamesWorkspace) {
    authorize({ workspaceId: key.workspace_id }, 'apiKey.address', { workspaceId: ctx.params.workspaceId });
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
  const checked = await checkBearer(ctx, deps.tokens, bearerToken(ctx));
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
    if (!key || !sameKeyHash(key.keyHash, keyHash)) throw await refusedApiKey(deps, presented);
    authorize(claims, 'apiKey.pair', { workspaceId: key.workspaceId });
  }
  // Access tokens name their organization in the organizationid header; user space tokens need only Authorization.
  if (claims.tokenType === 'access') {
    const organizationId = ctx.get('organizationid');
    if (!organizationId && options.organizationHeader !== 'optional') {
      // A look-alike header sent instead (organization-id, organization_id, x-organization-id, org-id) is named.
      const lookAlike = Object.keys(ctx.headers).find((n) => n !== 'organizationid' && ORGANIZATION_LOOK_ALIKE.test(n));
      const sent = lookAlike ? ` The request has ${lookAlike}: the header's name is organizationid.` : '';
      throw badRequest('Missing required header: organizationid', {
        code: 'missing_header',
        param: 'organizationid',
        hint: `Send organizationid: ${claims.organizationId} (the organization this access token was minted for).${sent}`,
      });
    }
    // A header that is no UUID names no organization at all: a format error (400), not a mismatch (403).
    if (organizationId && !isUuid(organizationId)) {
      throw badRequest(ORGANIZATION_HEADER_FORMAT, {
        code: 'invalid_header',
        param: 'organizationid',
        hint: `Send organizationid: ${claims.organizationId} (the organization this access token was minted for).`,
      });
    }
    // Read in lower case, as the token names it (a UUID's case carries nothing).
    authorize(claims, 'organization.address', { organizationId: organizationId.toLowerCase() || undefined });
  }
  // The RAG endpoint words its refusals its own way (GuardOptions.ragErrors); the policy knows both wordings.
  const wording = options.ragErrors ? 'rag' : 'default';
  authorize(claims, 'workspace.address', { workspaceId: ctx.params.workspaceId ?? '', wording });
  const workspace = standingWorkspace(context, claims, wording);
  return { kind: tokenKind(claims), workspace, token: claims };
}

/** The 400 of a credential header sent more than once, as the document lists it. */
export const REPEATED_HEADER_MESSAGE = 'The <header> header must be sent once (it came <n> times)';

/** Headers that carry one credential or one scope: Node keeps the first Authorization and joins the others' copies. */
const SINGLE_HEADERS = ['authorization', 'organizationid', 'x-api-key'] as const;

/** 400 for a credential header sent more than once (which copy counts would otherwise be Node's choice, silently). */
function refuseRepeatedCredentialHeaders(ctx: Context): void {
  const raw = ctx.req.rawHeaders;
  for (const name of SINGLE_HEADERS) {
    let times = 0;
    for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) times += 1;
    if (times > 1) {
      throw badRequest(REPEATED_HEADER_MESSAGE.replace('<header>', name).replace('<n>', String(times)), {
        code: 'invalid_header',
        param: name,
        hint: `Send one ${name} header; a client or proxy that adds its own copy beside yours sends two.`,
      });
    }
  }
}

/** The refusal of an organizationid header that is no UUID (listed on every operation that takes the header). */
export const ORGANIZATION_HEADER_FORMAT = 'Invalid organizationid header: must be a UUID';

/**
 * The one guard every route declares: it authenticates the credential, scopes it to the addressed
 * workspace and authorizes the route's action for the credential's kind. Resource-level rules are
 * decided later, in the handler, by the same authorize().
 */
export function guard(deps: Pick<Deps, 'db' | 'tokens'>, action: Action, options: GuardOptions = {}): GuardMiddleware {
  const middleware = async (ctx: Context, next: Next): Promise<void> => {
    canonicalPathIds(ctx);
    if (action !== 'public.read') {
      refuseRepeatedCredentialHeaders(ctx);
      const auth =
        options.credential === 'apiKey'
          ? await authenticateApiKey(deps, ctx, options)
          : await authenticateBearer(deps, ctx, options);
      authorize(auth, action);
      ctx.state.auth = auth;
    }
    // The body's and the query's form are judged now that the credential is through (./deferred.ts).
    answerFormRefusal(ctx);
    await next();
  };
  const credential: RouteGuard['credential'] = action === 'public.read' ? 'none' : (options.credential ?? 'bearer');
  return Object.assign(middleware, { [ROUTE_GUARD]: { action, credential, options } });
}
