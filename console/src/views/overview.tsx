import type { ViewProps } from '../props';
import { itemsWithoutRole, listKnowledge, rbacStatus, recentJobs, temporalLink } from '../data';
import type { Knowledge } from '../types';
import {
  deliveryRow,
  ErrorLine,
  NO_ROLE_WARNING,
  Section,
  StatusBadge,
  Table,
  useLoad,
  When,
  type Delivery,
} from '../ui';

interface Webhook {
  id: string;
  url: string;
}

/** A job id as the table shows it: its last characters (the kind is beside it; the link and title hold it whole). */
const shortId = (id: string) => (id.length > 14 ? `…${id.slice(-12)}` : id);

/** Bytes in the largest decimal unit that keeps a digit before the point (as the quota is set: 10 GB). */
function size(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

export function Overview({ api, jobs }: ViewProps) {
  const [items, error] = useLoad(() => listKnowledge(api), []);
  // The workspace's jobs, every user's; refreshed when this console starts one.
  const [listed, jobsError] = useLoad(() => recentJobs(api), [jobs.length]);
  const titles = new Map((items ?? []).map((i) => [i.id, i.metadata.title]));
  const [failures, hooksError] = useLoad(async () => {
    const { webhooks } = await api<{ webhooks: Webhook[] }>('GET', '/webhooks');
    const out: Array<Delivery & { url: string }> = [];
    for (const hook of webhooks.slice(0, 20)) {
      const { deliveries } = await api<{ deliveries: Delivery[] }>('GET', `/webhooks/${hook.id}/deliveries`);
      out.push(...deliveries.filter((d) => d.status === 'FAILED').map((d) => ({ ...d, url: hook.url })));
    }
    return out;
  }, []);
  const [storage, storageError] = useLoad(() => api<{ usedBytes: number; quotaBytes: number }>('GET', '/storage'), []);
  const by = (s: Knowledge['status']) => (items ?? []).filter((i) => i.status === s);
  const failed = by('BACKGROUND_ERROR');
  const [rbac, rbacError] = useLoad(() => rbacStatus(api), []);
  const [noRole] = useLoad(
    () => (rbac?.rbacEnabled && items ? itemsWithoutRole(api, items) : Promise.resolve(undefined)),
    [rbac, items],
  );
  return (
    <div class="grid">
      <Section title="Access control">
        <ErrorLine error={rbacError} />
        {rbac && (
          <div data-testid="overview-rbac">
            <p>
              RBAC is <strong>{rbac.rbacStatus}</strong>:{' '}
              {rbac.rbacEnabled
                ? 'a role-bound token sees only the items assigned to its role (or whose parent is); the workspace credential sees all.'
                : "every access token sees all of the workspace's knowledge, whatever role it is bound to. Turn RBAC on under Roles and access."}
            </p>
            {rbac.rbacEnabled && noRole && noRole.size > 0 && (
              <p class="warning" role="note" data-testid="overview-no-role">
                {noRole.size} item{noRole.size === 1 ? ' has' : 's have'} no role, so no role-bound token finds{' '}
                {noRole.size === 1 ? 'it' : 'them'}: under RBAC a token sees only items assigned to its role (or whose
                parent is). Knowledge marks {noRole.size === 1 ? 'it' : 'them'} <em>no role</em>.
              </p>
            )}
            {rbac.rbacEnabled && noRole && noRole.size === 0 && <p class="hint">Every item is assigned to a role.</p>}
          </div>
        )}
      </Section>
      <Section title="Knowledge by status">
        <ErrorLine error={error} />
        <ul class="counts" data-testid="status-counts">
          <li>
            <StatusBadge status="COMPLETED" /> {by('COMPLETED').length}
          </li>
          <li>
            <StatusBadge status="BACKGROUND_START" /> {by('BACKGROUND_START').length} in progress
          </li>
          <li>
            <StatusBadge status="BACKGROUND_ERROR" /> {failed.length}
          </li>
        </ul>
        {failed.length > 0 && (
          <Table
            caption="Failed items and their reasons"
            headers={['Item', 'Reason']}
            rows={failed.map((i) => ({ key: i.id, cells: [i.metadata.title, i.messageError ?? '—'] }))}
          />
        )}
        <ErrorLine error={storageError} />
        {storage && (
          <p data-testid="storage">
            Storage: {size(storage.usedBytes)} of {size(storage.quotaBytes)} used{' '}
            <meter min={0} max={storage.quotaBytes} value={storage.usedBytes} aria-label="Storage used of the quota" />
          </p>
        )}
      </Section>
      <Section title="Recent background jobs">
        <ErrorLine error={jobsError} />
        {listed && listed.length === 0 && <p class="hint">No background jobs yet.</p>}
        {listed && listed.length > 0 && (
          <Table
            caption="The workspace's jobs, running first, then the most recently ended"
            headers={['Job', 'Kind', 'Item', 'Status', 'Started', 'Ended']}
            rows={listed.map((j) => {
              const link = temporalLink(j.jobId);
              const what = jobs.find((s) => s.jobId === j.jobId)?.what;
              return {
                key: `${j.jobId} ${j.startedAt}`,
                cells: [
                  link ? (
                    <a class="mono" href={link} target="_blank" rel="noopener noreferrer" title={what ?? j.jobId}>
                      {shortId(j.jobId)}
                    </a>
                  ) : (
                    <span class="mono" title={what ?? j.jobId}>
                      {shortId(j.jobId)}
                    </span>
                  ),
                  j.kind,
                  j.knowledgeId ? (titles.get(j.knowledgeId) ?? shortId(j.knowledgeId)) : '—',
                  j.error ? (
                    <span>
                      <StatusBadge status={j.status} /> <span class="hint">{j.error}</span>
                    </span>
                  ) : (
                    <StatusBadge status={j.status} />
                  ),
                  <When iso={j.startedAt} />,
                  j.closedAt ? <When iso={j.closedAt} /> : '—',
                ],
              };
            })}
          />
        )}
      </Section>
      <Section title="Webhook delivery failures">
        <ErrorLine error={hooksError} />
        {failures && failures.length === 0 && <p class="hint">No failed deliveries.</p>}
        {failures && failures.length > 0 && (
          <Table
            headers={['Endpoint', 'Event', 'Sent', 'Attempts', 'Last answer']}
            rows={failures.map((d) => deliveryRow(d, d.url))}
          />
        )}
      </Section>
    </div>
  );
}
