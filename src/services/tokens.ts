// Access tokens (and later user space tokens): HS256 JWTs signed with jose.
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { UUID_PATTERN as UUID } from '../ids';

const ISSUER = 'kws';
const AUDIENCE = 'kws-api';

export type TokenType = 'access' | 'user_space';

export interface TokenClaims {
  tokenType: TokenType;
  organizationId: string;
  workspaceId: string;
  roleId?: string;
  /** The API key that minted the token (access tokens). */
  apiKeyId?: string;
}

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
      if (claims.roleId) payload.roleId = claims.roleId;
      if (claims.apiKeyId) payload.apiKeyId = claims.apiKeyId;
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
        const { tokenType, organizationId, workspaceId, roleId, apiKeyId } = payload as Record<string, unknown>;
        if (tokenType !== 'access' && tokenType !== 'user_space') return undefined;
        if (typeof organizationId !== 'string' || !UUID.test(organizationId)) return undefined;
        if (typeof workspaceId !== 'string' || !UUID.test(workspaceId)) return undefined;
        if (roleId !== undefined && (typeof roleId !== 'string' || !UUID.test(roleId))) return undefined;
        return {
          tokenType,
          organizationId,
          workspaceId,
          roleId: roleId as string | undefined,
          apiKeyId: typeof apiKeyId === 'string' ? apiKeyId : undefined,
        };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return undefined;
        throw err;
      }
    },
  };
}
