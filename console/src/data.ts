// Reads several views share.
import type { Api } from './api';
import type { JobState, Knowledge, ListedJob, RbacStatus, Role } from './types';

/** The workspace's knowledge, page by page (at most 1,000 items: the console is a glance, not an export). */
export async function listKnowledge(api: Api): Promise<Knowledge[]> {
  const all: Knowledge[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await api<{ knowledge: Knowledge[]; total: number }>('GET', `/knowledge?page=${page}&limit=100`);
    all.push(...res.knowledge);
    if (all.length >= res.total || res.knowledge.length === 0) break;
  }
  return all;
}

export const listRoles = async (api: Api): Promise<Role[]> => (await api<{ roles: Role[] }>('GET', '/role')).roles;

export const rbacStatus = (api: Api): Promise<RbacStatus> => api<RbacStatus>('GET', '/rbac-status');

/** How many roles the console asks about at most (one request an item: a glance, not an audit). */
const ROLE_LOOKUPS = 200;

/**
 * The items no role can see: assigned to no role, and neither is their parent (a child inherits its parent's
 * roles). Each top-level item's roles are asked for (GET …/knowledge/{id}/role, six at a time), then the children
 * of the role-less ones; past ROLE_LOOKUPS items, the rest are not counted.
 */
export async function itemsWithoutRole(api: Api, items: Knowledge[]): Promise<Set<string>> {
  const tree = childrenOf(items);
  const without = new Set<string>();
  let budget = ROLE_LOOKUPS;
  const check = async (level: Knowledge[]) => {
    const queue = level.slice(0, budget);
    budget -= queue.length;
    const next: Knowledge[] = [];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const roles = await api<unknown[]>('GET', `/knowledge/${item.id}/role`);
        if (roles.length === 0) {
          without.add(item.id);
          next.push(...(tree.get(item.id) ?? []));
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    if (next.length > 0 && budget > 0) await check(next);
  };
  await check(tree.get(null) ?? []);
  return without;
}

export async function jobStates(api: Api, jobIds: string[]): Promise<JobState[]> {
  if (jobIds.length === 0) return [];
  return (await api<{ jobs: JobState[] }>('POST', '/background-jobs', { jobIds: jobIds.slice(0, 100) })).jobs;
}

/**
 * The workspace's most recent jobs, every user's (a workspace credential's listing), each failed one with its
 * error (the listing has none: POST …/background-jobs describes them).
 */
export async function recentJobs(api: Api, limit = 15): Promise<Array<ListedJob & { error?: string }>> {
  const { jobs } = await api<{ jobs: ListedJob[] }>('GET', `/background-jobs?limit=${limit}`);
  const failed = [...new Set(jobs.filter((j) => j.status === 'FAILED').map((j) => j.jobId))];
  const errors = new Map((await jobStates(api, failed)).map((s) => [s.jobId, s.error]));
  return jobs.map((j) => (errors.get(j.jobId) ? { ...j, error: errors.get(j.jobId) } : j));
}

/** The Temporal Web UI the server names in the page (a meta tag), for links to each job. */
export function temporalLink(jobId: string): string | undefined {
  const base = document.querySelector<HTMLMetaElement>('meta[name="kws-temporal-ui"]')?.content;
  return base ? `${base}/workflows/${encodeURIComponent(jobId)}` : undefined;
}

/** Items with their children: top-level items in order, each followed by its children. */
export function childrenOf(items: Knowledge[]): Map<string | null, Knowledge[]> {
  const ids = new Set(items.map((i) => i.id));
  const out = new Map<string | null, Knowledge[]>();
  for (const item of items) {
    const parent = item.parentId && ids.has(item.parentId) ? item.parentId : null;
    out.set(parent, [...(out.get(parent) ?? []), item]);
  }
  return out;
}

/** How many items go with this one (its descendants). */
export function descendants(tree: Map<string | null, Knowledge[]>, id: string): number {
  return (tree.get(id) ?? []).reduce((n, child) => n + 1 + descendants(tree, child.id), 0);
}
