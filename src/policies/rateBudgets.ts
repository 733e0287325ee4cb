// Which rate budget a request spends (src/api/middleware/rateLimit.ts counts them, docs/reference/limits.md).
// The integrator's workspace credential (its API key, an access token with neither role nor subject) has a
// budget of its own that no end user touches, and all of a workspace's integrator credentials together spend one
// ceiling (RATE_LIMIT_WORKSPACE_REQUESTS), so minting more API keys buys no unbounded budget. Every end user has
// one budget (RATE_LIMIT_SUBJECT_REQUESTS): a subject, a role's tokens without a subject, a user space token's
// user; and all of a workspace's end users
// together spend one ceiling (RATE_LIMIT_END_USER_REQUESTS). A user space token minted by an end user's token
// spends that token's budget, so activating new users buys no fresh budget.
import { createHash } from 'node:crypto';
import { canonicalAddress, ipv6Bytes } from '../web/address';
import type { AuthState } from './credentials';
import type { TokenClaims } from './tokenClaims';

export interface RateBudget {
  kind: 'integrator' | 'endUser';
  key: string;
  workspaceId: string;
}

/** The ceiling all of a workspace's integrator credentials share (RATE_LIMIT_WORKSPACE_REQUESTS). */
export const integratorCeilingKey = (workspaceId: string) => `ws:${workspaceId}`;

/**
 * The gate a verified credential's requests run through (RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS): its
 * workspace's, the integrator's and the end users' alike, so one tenant's burst waits its own turn instead of
 * delaying another workspace's requests.
 */
export const workspaceGateKey = (budget: RateBudget) => budget.workspaceId;

/** The budget of a request made with an API key itself (x-api-key): that key's, within its workspace's ceiling. */
export const apiKeyBudget = (key: { id: string; workspace_id: string }): RateBudget => ({
  kind: 'integrator',
  key: `key:${key.id}`,
  workspaceId: key.workspace_id,
});

/** A long subject (an email, an external id) kept short in the counter's key. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The budget of an end user's access token: its subject's, else its role's (per API key). */
function endUserKey(claims: TokenClaims): string | undefined {
  if (claims.subject !== undefined) return `subject:${claims.workspaceId}:${digest(claims.subject)}`;
  if (claims.roleId) return `role:${claims.apiKeyId}:${claims.roleId}`;
  return undefined;
}

/** A budget key a user space token may carry (the minting end user's). */
const BUDGET_CLAIM = /^(subject|role):[0-9A-Za-z:_-]{1,200}$/;
export const isBudgetClaim = (value: unknown): value is string => typeof value === 'string' && BUDGET_CLAIM.test(value);

/**
 * The budget key of a request without a credential: its client's address (Koa's ctx.ip: the socket's peer,
 * or behind TRUST_PROXY the address TRUST_PROXY_HOPS proxies saw, never a client-written X-Forwarded-For
 * entry). An IPv6 client is keyed by its /64, the smallest block one subscriber is routinely given, so rotating
 * addresses inside it buys no fresh budget; an IPv6 spelling of an IPv4 address (mapped, NAT64, 6to4) by that
 * IPv4 address; a port written beside the address is left out.
 */
export function anonymousBudgetKey(ip: string): string {
  // Some proxies write the client's port too (`1.2.3.4:5678`, `[2001:db8::1]:443`): a new connection must not
  // be a new budget.
  const unported = /^\[([^\]]*)\](?::\d+)?$/.exec(ip)?.[1] ?? ip.replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  // One spelling per host (canonicalAddress: an embedded IPv4 address as IPv4, IPv6 as its 8 groups).
  const canonical = canonicalAddress(unported);
  return ipv6Bytes(canonical) ? `ip6:${canonical.split(':').slice(0, 4).join(':')}::/64` : `ip:${canonical}`;
}

/** The budget a verified token spends. */
export function rateBudget(claims: TokenClaims): RateBudget {
  const { workspaceId } = claims;
  if (claims.tokenType === 'user_space') {
    return { kind: 'endUser', workspaceId, key: claims.budget ?? `user:${workspaceId}:${claims.userId}` };
  }
  const key = endUserKey(claims);
  return key
    ? { kind: 'endUser', workspaceId, key }
    : { kind: 'integrator', workspaceId, key: `token:${claims.apiKeyId}` };
}

/**
 * The budget a user space token minted by this caller carries: an end user's token passes its own on; the
 * integrator's credential none (the new token's user then has a budget of its own).
 */
export const activationBudget = (auth: AuthState): string | undefined =>
  auth.token && auth.kind === 'role' ? endUserKey(auth.token) : undefined;

/** Job ids one request of an end user's budget covers when it asks for job statuses (each id is a call to Temporal). */
export const JOB_IDS_PER_REQUEST = 10;

/**
 * What asking for the status of `distinctIds` jobs spends beyond the request itself: an end user's token one more
 * request of its budgets for every 10 distinct ids past the first 10 (100 ids: 10 requests), so one end user
 * cannot turn its budget into a hundred times as many calls to the Temporal frontend every tenant shares. The
 * integrator's credential (its own budget, its own backend polling) spends one request however many ids it names.
 * The rate limiter charges no more than a whole budget, and nothing more when it refuses the request.
 */
export function jobStatusExtraRequests(auth: AuthState, distinctIds: number): number {
  if (!auth.token || rateBudget(auth.token).kind !== 'endUser') return 0;
  return Math.max(0, Math.ceil(distinctIds / JOB_IDS_PER_REQUEST) - 1);
}
