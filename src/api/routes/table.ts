// The route table as mounted: every method and path the API serves with the action its guard declares, and
// the README's route x credential table rendered from it (test/api/policy.test.ts keeps the two equal).
import type Router from '@koa/router';
import { allows, POLICY, type Action } from '../../policies/actions';
import { CREDENTIAL_KINDS, credentialScheme, type CredentialKind } from '../../policies/credentials';
import { ROUTE_GUARD, type GuardMiddleware, type RouteGuard } from '../middleware/authenticate';

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

/** A README cell: open, yes, RBAC off (allowed only while RBAC is not ACTIVE) or refused. */
function cell(entry: RouteEntry, kind: CredentialKind): string {
  if (entry.credential === 'none') return 'open';
  if (routeAnswer(entry, kind, true) === 'allowed') return 'yes';
  return routeAnswer(entry, kind) === 'allowed' ? 'RBAC off' : '—';
}

const KIND_HEADERS: Record<(typeof CREDENTIAL_KINDS)[number], string> = {
  apiKey: 'API key',
  workspace: 'workspace',
  role: 'role-bound',
  userSpace: 'user space',
};

/** The README's table: one row a route, one column a credential kind. */
export function renderPolicyTable(entries: RouteEntry[]): string {
  const header = ['Method', 'Path', 'Action', ...CREDENTIAL_KINDS.map((k) => KIND_HEADERS[k])];
  const rows = entries.map((e) => [
    e.method,
    `\`${e.path}\``,
    e.action ? `\`${e.action}\`` : '(none)',
    ...CREDENTIAL_KINDS.map((k) => cell(e, k)),
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The actions with what they do, for the README. */
export function renderActionList(): string {
  return (Object.entries(POLICY) as Array<[Action, (typeof POLICY)[Action]]>)
    .map(([action, policy]) => `- \`${action}\`: ${policy.description}`)
    .join('\n');
}
