// Who may read /metrics (the API's route and the worker's own port): the one credential outside the workspace
// ones. The Prometheus convention is an open endpoint inside the deployment; METRICS_TOKEN closes it.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether a request with this Authorization header may read the metrics: always without METRICS_TOKEN, and with
 * one only for `Bearer <token>` (compared in constant time, over digests so the length does not show).
 */
export function metricsAuthorized(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}
