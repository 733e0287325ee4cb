import { useEffect, useState } from 'preact/hooks';
import { reason } from '../api';
import { listRoles } from '../data';
import type { ViewProps } from '../props';
import type { Source, SourceRules } from '../types';
import { Confirm, deliveryRow, ErrorLine, NO_ROLE_WARNING, Section, Table, useLoad, When, type Delivery } from '../ui';

interface Server {
  id: string;
  name: string;
  url: string;
  model: string | null;
  hasAuthToken: boolean;
}
interface Webhook {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
}

function AgentServers({ api }: ViewProps) {
  const [servers, error, reload] = useLoad(
    async () => (await api<{ servers: Server[] }>('GET', '/agent/servers')).servers,
    [],
  );
  const [form, setForm] = useState({ name: '', url: '', authToken: '' });
  const [createError, setCreateError] = useState('');
  const create = async (e: Event) => {
    e.preventDefault();
    try {
      await api('POST', '/agent/servers', {
        name: form.name,
        url: form.url,
        ...(form.authToken ? { authToken: form.authToken } : {}),
      });
      setForm({ name: '', url: '', authToken: '' });
      reload();
    } catch (err) {
      setCreateError(reason(err));
    }
  };
  return (
    <Section title="Agent servers">
      <ErrorLine error={error} />
      {servers && servers.length === 0 && (
        <p class="hint" data-testid="servers-empty">
          No agent servers yet. An agent server is the OpenAI-compatible model endpoint (its base URL: the service calls{' '}
          <code>/chat/completions</code> under it) that runs the Agent API's threads. Add one below; its token is
          write-only, stored sealed and never shown again.
        </p>
      )}
      <ul>
        {servers?.map((s) => (
          <li key={s.id}>
            {s.name} <span class="mono">{s.url}</span> {s.model ?? ''} {s.hasAuthToken ? '(token set)' : '(no token)'}
          </li>
        ))}
      </ul>
      <form onSubmit={create} class="row">
        <label>
          Name
          <input required value={form.name} onInput={(e) => setForm({ ...form, name: e.currentTarget.value })} />
        </label>
        <label>
          URL
          <input
            type="url"
            required
            value={form.url}
            onInput={(e) => setForm({ ...form, url: e.currentTarget.value })}
          />
        </label>
        <label>
          Token (write-only)
          <input
            type="password"
            autoComplete="off"
            value={form.authToken}
            onInput={(e) => setForm({ ...form, authToken: e.currentTarget.value })}
          />
        </label>
        <button type="submit">Add server</button>
      </form>
      <ErrorLine error={createError} />
    </Section>
  );
}

function Webhooks({ api }: ViewProps) {
  const [hooks, error, reload] = useLoad(
    async () => (await api<{ webhooks: Webhook[] }>('GET', '/webhooks')).webhooks,
    [],
  );
  const [open, setOpen] = useState('');
  const [tested, setTested] = useState('');
  const [log, , reloadLog] = useLoad(
    async () =>
      open ? (await api<{ deliveries: Delivery[] }>('GET', `/webhooks/${open}/deliveries?limit=20`)).deliveries : [],
    [open, tested],
  );
  // While a delivery is still being attempted, the open log reads again each second.
  useEffect(() => {
    if (!log?.some((d) => d.status === 'PENDING')) return;
    const timer = setTimeout(reloadLog, 1000);
    return () => clearTimeout(timer);
  }, [log]);
  const sendTest = async (id: string) => {
    try {
      const res = await api<{ deliveryId: string }>('POST', `/webhooks/${id}/test`);
      setTested(res.deliveryId);
      setOpen(id);
    } catch (err) {
      setCreateError(reason(err));
    }
  };
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [createError, setCreateError] = useState('');
  const create = async (e: Event) => {
    e.preventDefault();
    try {
      const res = await api<{ secret?: string }>('POST', '/webhooks', { url });
      setSecret(res.secret ?? '');
      setUrl('');
      reload();
    } catch (err) {
      setCreateError(reason(err));
    }
  };
  return (
    <Section title="Webhooks">
      <ErrorLine error={error} />
      {hooks && hooks.length === 0 && (
        <p class="hint" data-testid="webhooks-empty">
          No webhooks yet. Add an endpoint URL below to receive the workspace's events (an item processed or failed,
          updated, restored or deleted with its parent; a role job ended), each signed with a secret shown once. Then
          "Send test event" checks it end to end.
        </p>
      )}
      <ul>
        {hooks?.map((h) => (
          <li key={h.id}>
            <span class="mono">{h.url}</span> {h.enabled ? '' : '(disabled)'}{' '}
            <button type="button" onClick={() => setOpen(open === h.id ? '' : h.id)} aria-expanded={open === h.id}>
              Delivery log
            </button>{' '}
            <button type="button" onClick={() => void sendTest(h.id)}>
              Send test event
            </button>
          </li>
        ))}
      </ul>
      {open && log && (
        <Table
          caption="Deliveries"
          headers={['Status', 'Event', 'Sent', 'Attempts', 'Last answer']}
          rows={log.map((d) => deliveryRow(d, d.status))}
        />
      )}
      <form onSubmit={create} class="row">
        <label>
          Endpoint URL
          <input type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </label>
        <button type="submit">Add webhook</button>
      </form>
      {secret && (
        <p role="status">
          Signing secret (shown once): <code>{secret}</code>
        </p>
      )}
      <ErrorLine error={createError} />
      {tested && <p role="status">Test event sent (delivery {tested}); its attempts show in the delivery log.</p>}
    </Section>
  );
}

interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function ApiKeys({ api }: ViewProps) {
  const [keys, error, reload] = useLoad(async () => (await api<{ apiKeys: ApiKey[] }>('GET', '/api-keys')).apiKeys, []);
  const [name, setName] = useState('');
  const [shown, setShown] = useState('');
  const [actionError, setActionError] = useState('');
  const act = async (run: () => Promise<unknown>) => {
    setActionError('');
    try {
      await run();
      reload();
    } catch (err) {
      setActionError(reason(err));
    }
  };
  const create = (e: Event) => {
    e.preventDefault();
    void act(async () => {
      setShown((await api<{ apiKey: string }>('POST', '/api-keys', { name })).apiKey);
      setName('');
    });
  };
  return (
    <Section title="API keys">
      <ErrorLine error={error} />
      <Table
        caption="The workspace's keys (never the key itself)"
        headers={['Name', 'Starts with', 'Created', 'Last used', 'Revoke']}
        rows={(keys ?? []).map((k) => ({
          key: k.id,
          cells: [
            k.name,
            <span class="mono">{k.prefix}…</span>,
            <When iso={k.createdAt} />,
            k.lastUsedAt ? <When iso={k.lastUsedAt} /> : 'never',
            k.revokedAt ? (
              <span>
                revoked <When iso={k.revokedAt} />
              </span>
            ) : (
              <Confirm
                label="Revoke"
                danger
                question={`Revoke "${k.name}"? Tokens it minted stop working.`}
                onConfirm={() => void act(() => api('DELETE', `/api-keys/${k.id}`))}
              />
            ),
          ],
        }))}
      />
      <form onSubmit={create} class="row">
        <label>
          Key name
          <input required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit">Create key</button>
      </form>
      {shown && (
        <p role="status">
          New key (shown once; copy it now): <code>{shown}</code>
        </p>
      )}
      <ErrorLine error={actionError} />
    </Section>
  );
}

/** A rule's match in a line: paths, owners, tags and metadata it tests. */
const matchText = (match: Record<string, unknown>) =>
  Object.entries(match)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : JSON.stringify(v)}`)
    .join('; ');

/** A source's rules (sources with none keep their roles on their root item), each with the documents it matched. */
function Sources({ api }: ViewProps) {
  const [data, error] = useLoad(async () => {
    const [{ sources }, roles] = await Promise.all([api<{ sources: Source[] }>('GET', '/sources'), listRoles(api)]);
    const ruled = sources.filter((s) => s.rules.length > 0);
    const views = await Promise.all(ruled.map((s) => api<SourceRules>('GET', `/sources/${s.id}/rules`)));
    return { sources, ruled: ruled.map((s, i) => ({ source: s, view: views[i]! })), roles };
  }, []);
  const names = (ids: string[]) =>
    ids.map((id) => data?.roles.find((r) => r.id === id)?.name ?? id).join(', ') || 'no role';
  return (
    <Section title="Sources">
      <ErrorLine error={error} />
      {data && data.ruled.length === 0 && (
        <p class="hint" data-testid="sources-no-rules">
          {data.sources.length === 0
            ? 'No sources yet.'
            : 'No source has rules: each gives its roles to every document.'}{' '}
          A source's rules give each document the roles of where it lives (a path, its CODEOWNERS owners, its S3 tags):
          see the guide "One repository, three audiences".
        </p>
      )}
      {data?.ruled.map(({ source, view }) => (
        <div key={source.id} data-testid="source-rules">
          <Table
            caption={`${source.name} (${source.kind}): ${view.documents} documents${view.pending > 0 ? `, ${view.pending} not yet given the current rules` : ''}`}
            headers={['Rule', 'Matches', 'Roles', 'Documents']}
            rows={[
              ...view.rules.map((r) => ({
                key: String(r.rule),
                cells: [String(r.rule), matchText(r.match), names(r.roleIds), String(r.documents)],
              })),
              {
                key: '0',
                cells: ['default', 'no rule above', names(view.default.roleIds), String(view.default.documents)],
              },
            ]}
          />
          {view.rbacStatus === 'ACTIVE' && view.unreached.count > 0 && (
            <p class="warning" role="note" data-testid="source-unreached">
              {view.unreached.count} document{view.unreached.count === 1 ? '' : 's'} no role reaches ({NO_ROLE_WARNING}
              ): {view.unreached.documents.map((d) => d.key ?? d.title).join(', ')}
            </p>
          )}
        </div>
      ))}
    </Section>
  );
}

export function IntegrationsView(props: ViewProps) {
  return (
    <div class="grid">
      <AgentServers {...props} />
      <Webhooks {...props} />
      <ApiKeys {...props} />
      <Sources {...props} />
    </div>
  );
}
