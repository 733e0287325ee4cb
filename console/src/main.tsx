// The operator console: sign in with the workspace API key (exchanged at once for an access token, which is
// all the console keeps), then the workspace's overview, knowledge, roles and access, search and integrations.
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { reason, signIn, workspaceApi, type Session } from './api';
import type { StartedJob } from './types';
import { Overview } from './views/overview';
import { KnowledgeView } from './views/knowledge';
import { RolesView } from './views/roles';
import { SearchView } from './views/search';
import { IntegrationsView } from './views/integrations';
import { EvaluationsView } from './views/evaluations';
import { ErrorLine } from './ui';
import './style.css';

const STORE = 'kws-console-session';
const TABS = ['Overview', 'Knowledge', 'Roles and access', 'Search', 'Evaluations', 'Integrations'] as const;
type Tab = (typeof TABS)[number];

function restored(): Session | undefined {
  try {
    const s = JSON.parse(sessionStorage.getItem(STORE) ?? 'null') as Session | null;
    return s ? { ...s, apiKey: '' } : undefined;
  } catch {
    return undefined;
  }
}

function SignIn({ onSession }: { onSession: (s: Session, keep: boolean) => void }) {
  const [apiKey, setApiKey] = useState('');
  const [keep, setKeep] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      onSession(await signIn(apiKey.trim()), keep);
    } catch (err) {
      setError(reason(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="signin">
      <h1>Knowledge Workspace console</h1>
      <form onSubmit={submit}>
        <label>
          Workspace API key
          <input
            name="apiKey"
            type="password"
            required
            autoComplete="off"
            placeholder="sk-kws-…"
            aria-describedby="key-source"
            value={apiKey}
            onInput={(e) => setApiKey(e.currentTarget.value)}
          />
        </label>
        <div id="key-source" class="hint" data-testid="key-source">
          <p>The key names its own workspace: it is all the console needs. Where to get one:</p>
          <ul>
            <li>
              a new workspace: run <code>npx kws bootstrap</code> in the service's folder; it prints the key (
              <code>apiKey</code>);
            </li>
            <li>
              an existing workspace: <code>npx kws apikey create --workspace &lt;id&gt;</code>, or ask whoever operates
              this service.
            </li>
          </ul>
        </div>
        <label class="inline">
          <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.currentTarget.checked)} />
          Keep the access token for this tab (sessionStorage); otherwise a reload asks again
        </label>
        <button class="primary" type="submit" disabled={busy}>
          Sign in
        </button>
        <ErrorLine error={error} />
        <p class="hint">
          The key is exchanged for an access token through the public token endpoint; only the token is used afterwards,
          and the key is never stored.
        </p>
      </form>
    </main>
  );
}

function App() {
  const [session, setSession] = useState<Session | undefined>(restored);
  const [tab, setTab] = useState<Tab>('Overview');
  const [jobs, setJobs] = useState<StartedJob[]>([]);
  if (!session)
    return (
      <SignIn
        onSession={(s, keep) => {
          if (keep) sessionStorage.setItem(STORE, JSON.stringify({ ...s, apiKey: '' }));
          setSession(s);
        }}
      />
    );
  const api = workspaceApi(session);
  const started = (job: StartedJob) => setJobs((all) => [job, ...all].slice(0, 50));
  const props = { session, api, jobs, started };
  return (
    <>
      <header>
        <strong>Knowledge Workspace console</strong>
        <dl class="ids">
          <dt>Organization</dt>
          <dd data-testid="organization-id">{session.organizationId}</dd>
          <dt>Workspace</dt>
          <dd data-testid="workspace-id">{session.workspaceId}</dd>
        </dl>
        <button
          type="button"
          onClick={() => {
            sessionStorage.removeItem(STORE);
            setSession(undefined);
          }}
        >
          Sign out
        </button>
      </header>
      <nav aria-label="Sections">
        {TABS.map((t) => (
          <button type="button" key={t} aria-current={t === tab ? 'page' : undefined} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </nav>
      <main>
        <h1 class="visually-hidden">{tab}</h1>
        {tab === 'Overview' && <Overview {...props} />}
        {tab === 'Knowledge' && <KnowledgeView {...props} />}
        {tab === 'Roles and access' && <RolesView {...props} />}
        {tab === 'Search' && <SearchView {...props} setSession={setSession} />}
        {tab === 'Evaluations' && <EvaluationsView {...props} />}
        {tab === 'Integrations' && <IntegrationsView {...props} />}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
