// Access tokens and user space tokens: HS256 JWTs signed with jose.
import { createSecretKey, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { isUuid as isUuidString, UUID_PATTERN as UUID } from '../../ids';
import { isBudgetClaim } from '../../policies/rateBudgets';
import type { TokenClaims } from '../../policies/tokenClaims';

const ISSUER = 'kws';
const AUDIENCE = 'kws-api';

export type { TokenClaims } from '../../policies/tokenClaims';

/** Why a token was refused: each is told apart in the 401's code (src/api/middleware/authenticate.ts). */
export type TokenRefusal =
  { reason: 'malformed' } | { reason: 'signature' } | { reason: 'expired'; expiredAt?: Date } | { reason: 'not_ours' };

export type TokenCheck = { ok: true; claims: TokenClaims } | ({ ok: false } & TokenRefusal);

export interface TokenService {
  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string>;
  /** The verified claims, or why the token is refused. */
  check(token: string): Promise<TokenCheck>;
}

/** The refusal a jose failure stands for: a bad signature, an expiry, a token of another issuer, or a malformed one. */
function refusalOf(err: InstanceType<typeof joseErrors.JOSEError>): TokenRefusal {
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return { reason: 'signature' };
  if (err instanceof joseErrors.JWTExpired) {
    const exp = (err.payload as { exp?: unknown }).exp;
    return { reason: 'expired', ...(typeof exp === 'number' ? { expiredAt: new Date(exp * 1000) } : {}) };
  }
  if (err instanceof joseErrors.JWTClaimValidationFailed || err instanceof joseErrors.JOSEAlgNotAllowed) {
    return { reason: 'not_ours' };
  }
  return { reason: 'malformed' };
}

/** Tokens whose signature and claims were verified, kept with their claims (the oldest go first). */
export const VERIFIED_TOKENS_KEPT = 4096;

export function createTokenService(
  secretBytes: Uint8Array,
  defaultTtlSeconds: number,
  opts: { now?: () => number } = {},
): TokenService {
  // A KeyObject, not the bytes: jose imports bytes into a CryptoKey on every call (half of a verification's time,
  // bench/knowledge/searchOverhead.ts) and caches the import of a KeyObject. Same key, same checks.
  const secret = createSecretKey(secretBytes);
  const now = opts.now ?? Date.now;
  // A verdict on a token's signature and claims depends on the token, the key and the clock only: a token seen
  // valid stays valid until it expires, and expiry is checked again at every use (as jose does: exp > now, in
  // seconds). Revocation (of its key, of its role, a deleted workspace) is never decided here but by the guard's
  // query, which every request still runs. jose's HMAC runs on the libuv thread pool: a hop per request saved.
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return {
    async sign(claims, ttlSeconds = defaultTtlSeconds) {
      const payload: Record<string, unknown> = {
        tokenType: claims.tokenType,
        organizationId: claims.organizationId,
        workspaceId: claims.workspaceId,
      };
      // User space tokens carry their role as user_metadata.roleId (as the spec describes them).
      if (claims.roleId && claims.tokenType === 'access') payload.roleId = claims.roleId;
      if (claims.subject !== undefined && claims.tokenType === 'access') payload.sub = claims.subject;
      if (claims.tokenType === 'user_space') {
        payload.userId = claims.userId;
        payload.spaceId = claims.spaceId;
        payload.user_metadata = claims.roleId ? { roleId: claims.roleId } : {};
        if (claims.budget !== undefined) payload.budget = claims.budget;
      }
      payload.apiKeyId = claims.apiKeyId;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret);
    },
    check,
  };

  async function check(token: string): Promise<TokenCheck> {
    const seen = verified.get(token);
    if (seen) {
      if (seen.exp > Math.floor(now() / 1000)) return { ok: true, claims: { ...seen.claims } };
      verified.delete(token);
      return { ok: false, reason: 'expired', expiredAt: new Date(seen.exp * 1000) };
    }
    const checked = await verify(token);
    if (!checked.ok) return checked;
    remember(token, checked);
    return { ok: true, claims: checked.claims };
  }

  function remember(token: string, checked: { claims: TokenClaims; exp: number }): void {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims: { ...checked.claims }, exp: checked.exp });
  }

  /** jose's verification, and the expiry the cache re-checks. */
  async function verify(
    token: string,
  ): Promise<{ ok: true; claims: TokenClaims; exp: number } | ({ ok: false } & TokenRefusal)> {
    const notOurs = { ok: false, reason: 'not_ours' } as const;
    try {
      const { payload } = await jwtVerify(token, secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat'],
        currentDate: new Date(now()),
      });
      const { tokenType, organizationId, workspaceId, apiKeyId, userId, spaceId, sub, budget } = payload as Record<
        string,
        unknown
      >;
      if (tokenType !== 'access' && tokenType !== 'user_space') return notOurs;
      const roleId =
        tokenType === 'user_space'
          ? (payload.user_metadata as { roleId?: unknown } | undefined)?.roleId
          : (payload as { roleId?: unknown }).roleId;
      if (tokenType === 'user_space' && (!isUuidString(userId) || !isUuidString(spaceId))) return notOurs;
      if (budget !== undefined && (tokenType !== 'user_space' || !isBudgetClaim(budget))) return notOurs;
      if (sub !== undefined && (tokenType !== 'access' || typeof sub !== 'string' || sub === '')) return notOurs;
      if (typeof organizationId !== 'string' || !UUID.test(organizationId)) return notOurs;
      if (typeof workspaceId !== 'string' || !UUID.test(workspaceId)) return notOurs;
      if (roleId !== undefined && (typeof roleId !== 'string' || !UUID.test(roleId))) return notOurs;
      // Every token dies with its API key, so one without a key is not ours.
      if (typeof apiKeyId !== 'string' || !UUID.test(apiKeyId)) return notOurs;
      const claims: TokenClaims = {
        tokenType,
        organizationId,
        workspaceId,
        roleId: roleId as string | undefined,
        ...(sub !== undefined ? { subject: sub as string } : {}),
        apiKeyId,
        ...(tokenType === 'user_space' ? { userId: userId as string, spaceId: spaceId as string } : {}),
        ...(budget !== undefined ? { budget: budget as string } : {}),
      };
      // requiredClaims made jose check that exp is there and a number.
      return { ok: true, claims, exp: payload.exp as number };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return { ok: false, ...refusalOf(err) };
      throw err;
    }
  }
}
