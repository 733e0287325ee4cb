// What a route's guard declares (its action, how its credential travels, its options) and the route table read
// back from a mounted router. Below both the guard (./authenticate.ts) and the routes (routes/table.ts renders
// the README's table from it), so neither imports the other; the 405 answers (./methods.ts) read it too.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { allows, type Action } from '../../policies/actions';
import { credentialScheme, type CredentialKind } from '../../policies/credentials';

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

export interface RouteEntry {
  method: string;
  /** The path with {placeholders}, as the spec writes them. */
  path: string;
  /** The guard's action; undefined when a route was mounted without a guard (a test fails on it). */
  action: Action | undefined;
  credential: RouteGuard['credential'] | undefined;
  /** The guard's options (how the credential and the organizationid header are checked). */
  options: RouteGuard['options'];
}

export function routeEntries(router: Router): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const layer of router.stack) {
    const methods = layer.methods.filter((m) => m !== 'HEAD');
    if (methods.length === 0) continue; // router.use() layers (allowedMethods), not routes
    const guard = (layer.stack.find((fn) => ROUTE_GUARD in fn) as GuardMiddleware | undefined)?.[ROUTE_GUARD];
    // `\\:` is a literal colon (…/rules:preview), not a parameter.
    const path = String(layer.path)
      .replace(/(?<!\\):([A-Za-z0-9_]+)/g, '{$1}')
      .replace(/\\:/g, ':');
    for (const method of methods) {
      entries.push({
        method,
        path,
        action: guard?.action,
        credential: guard?.credential,
        options: guard?.options ?? {},
      });
    }
  }
  return entries;
}

/**
 * What a route answers a credential of this kind before any resource rule: 'allowed' (past the guard), 401 when
 * the route does not take this kind of credential at all (an API key where a bearer token is expected, or the
 * reverse), 403 when the policy denies the kind the action (with rbacActive: under the workspace's ACTIVE RBAC).
 */
export function routeAnswer(entry: RouteEntry, kind: CredentialKind, rbacActive = false): 'allowed' | 401 | 403 {
  if (entry.credential === 'none') return 'allowed';
  if ((entry.credential === 'apiKey') !== (credentialScheme(kind) === 'apiKey')) return 401;
  return entry.action && allows(entry.action, kind, rbacActive) ? 'allowed' : 403;
}
