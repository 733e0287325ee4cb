// The README's route x credential table, rendered from the route table as mounted (routeEntries in
// ../middleware/routeGuard.ts; test/api/policy.test.ts keeps the two equal).
import { POLICY, type Action } from '../../policies/actions';
import { CREDENTIAL_KINDS, type CredentialKind } from '../../policies/credentials';
import { routeAnswer, type RouteEntry } from '../middleware/routeGuard';

export { routeAnswer, routeEntries, type RouteEntry } from '../middleware/routeGuard';

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
