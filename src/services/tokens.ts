// Access tokens and user space tokens: HS256 JWTs signed with jose.
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { isUuid as isUuidString, UUID_PATTERN as UUID } from '../ids';
import { isBudgetClaim } from '../policies/rateBudgets';
import type { TokenClaims } from '../policies/tokenClaims';

const ISSUER = 'kws';
const AUDIENCE = 'kws-api';

export type { TokenClaims } from '../policies/tokenClaims';

export interface TokenService {
  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string>;
  /** Verified claims, or undefined when the token is malformed, forged, expired or not ours. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

export function createTokenService(secret: Uint8Array, defaultTtlSeconds: number): TokenService {
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
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat'],
        });
        const { tokenType, organizationId, workspaceId, apiKeyId, userId, spaceId, sub, budget } = payload as Record<
          string,
          unknown
        >;
        if (tokenType !== 'access' && tokenType !== 'user_space') return undefined;
        const roleId =
          tokenType === 'user_space'
            ? (payload.user_metadata as { roleId?: unknown } | undefined)?.roleId
            : (payload as { roleId?: unknown }).roleId;
        if (tokenType === 'user_space' && (!isUuidString(userId) || !isUuidString(spaceId))) return undefined;
        if (budget !== undefined && (tokenType !== 'user_space' || !isBudgetClaim(budget))) return undefined;
        if (sub !== undefined && (tokenType !== 'access' || typeof sub !== 'string' || sub === '')) return undefined;
        if (typeof organizationId !== 'string' || !UUID.test(organizationId)) return undefined;
        if (typeof workspaceId !== 'string' || !UUID.test(workspaceId)) return undefined;
        if (roleId !== undefined && (typeof roleId !== 'string' || !UUID.test(roleId))) return undefined;
        // Every token dies with its API key, so one without a key is not ours.
        if (typeof apiKeyId !== 'string' || !UUID.test(apiKeyId)) return undefined;
        return {
          tokenType,
          organizationId,
          workspaceId,
          roleId: roleId as string | undefined,
          ...(sub !== undefined ? { subject: sub as string } : {}),
          apiKeyId,
          ...(tokenType === 'user_space' ? { userId: userId as string, spaceId: spaceId as string } : {}),
          ...(budget !== undefined ? { budget: budget as string } : {}),
        };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return undefined;
        throw err;
      }
    },
  };
}
