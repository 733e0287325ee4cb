import { useState } from 'preact/hooks';
import { mintToken, workspaceApi, type Session } from '../api';
import { listKnowledge, listRoles } from '../data';
import type { ViewProps } from '../props';
import type { KnowledgeAccess, SearchHit } from '../types';
import { ErrorLine, Section, useLoad } from '../ui';

const MODES = ['semantic', 'keyword', 'hybrid'] as const;
type Mode = (typeof MODES)[number];

function NumberField(props: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  set: (n: number) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="number"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onInput={(e) => props.set(Number(e.currentTarget.value))}
      />
    </label>
  );
}

const score = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

function Hits({ mode, hits, error }: { mode: Mode; hits?: SearchHit[]; error?: string }) {
  return (
    <section class="hits" aria-label={`${mode} results`} data-testid={`results-${mode}`}>
      <h3>{mode}</h3>
      {error && <ErrorLine error={error} />}
      {hits && hits.length === 0 && <p class="hint">No results.</p>}
      <ol>
        {hits?.map((h) => (
          <li key={h.id} data-testid="hit">
            <strong>{h.title}</strong> <span class="score">{h.score.toFixed(3)}</span>
            <p>{h.content.slice(0, 140)}</p>
            {h.explain && (
              <small>
                semantic {score(h.explain.semantic)} · keyword {score(h.explain.keyword)} · fused{' '}
                {score(h.explain.fused)} · rerank {score(h.explain.rerank)}
                {h.explain.roles && h.explain.roles.length > 0
                  ? ` · roles: ${h.explain.roles.map((r) => `${r.name} (${r.via})`).join(', ')}`
                  : ''}
              </small>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SearchView(props: ViewProps & { setSession: (s: Session) => void }) {
  const { session, api } = props;
  const [roles] = useLoad(() => listRoles(api), []);
  const [items] = useLoad(() => listKnowledge(api), []);
  const [apiKey, setApiKey] = useState(session.apiKey);
  const [query, setQuery] = useState('');
  const [asRole, setAsRole] = useState('');
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(5);
  const [hybridWeight, setHybridWeight] = useState(0.8);
  const [scoreThreshold, setScoreThreshold] = useState(0);
  const [rerank, setRerank] = useState(false);
  const [results, setResults] = useState<Partial<Record<Mode, { hits?: SearchHit[]; error?: string }>>>({});
  const [error, setError] = useState('');
  const [whyItem, setWhyItem] = useState('');
  const [why, setWhy] = useState<KnowledgeAccess>();
  const [busy, setBusy] = useState(false);

  const parsedFilter = (): unknown => (filter.trim() ? JSON.parse(filter) : undefined);

  const run = async (e: Event) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    try {
      const f = parsedFilter();
      // A role's search runs with a token bound to that role, minted through the public token endpoint.
      const token = asRole ? await mintToken(session.workspaceId, apiKey, asRole) : session.token;
      const as = workspaceApi(session, token, { 'x-api-key': apiKey });
      const out: typeof results = {};
      await Promise.all(
        MODES.map(async (mode) => {
          try {
            const body = {
              query,
              mode,
              limit,
              explain: true,
              rerank,
              ...(scoreThreshold > 0 ? { scoreThreshold } : {}),
              ...(mode === 'hybrid' ? { hybridWeight } : {}),
              ...(f ? { filter: f } : {}),
            };
            out[mode] = { hits: (await as<{ results: SearchHit[] }>('POST', '~/knowledge/search', body)).results };
          } catch (err) {
            out[mode] = { error: (err as Error).message };
          }
        }),
      );
      setResults(out);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const whyNot = async () => {
    setError('');
    try {
      const f = parsedFilter();
      const params = new URLSearchParams();
      if (asRole) params.set('roleId', asRole);
      if (f) params.set('filter', JSON.stringify(f));
      const qs = params.toString();
      setWhy(await api<KnowledgeAccess>('GET', `/knowledge/${whyItem}/access` + (qs ? `?${qs}` : '')));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <>
      <Section title="Search playground">
        <form onSubmit={run} class="search-form">
          <label class="wide">
            Query
            <input name="query" required value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
          </label>
          <label>
            Search as
            <select name="asRole" value={asRole} onChange={(e) => setAsRole(e.currentTarget.value)}>
              <option value="">the workspace</option>
              {roles?.map((r) => (
                <option key={r.id} value={r.id}>
                  role {r.name}
                </option>
              ))}
            </select>
          </label>
          {!session.apiKey && (
            <label>
              API key (search needs it beside the token)
              <input
                type="password"
                autoComplete="off"
                value={apiKey}
                onInput={(e) => setApiKey(e.currentTarget.value)}
              />
            </label>
          )}
          <NumberField label="Results" min={1} max={50} step={1} value={limit} set={setLimit} />
          <NumberField label="Hybrid weight" min={0} max={1} step={0.05} value={hybridWeight} set={setHybridWeight} />
          <NumberField
            label="Score threshold"
            min={0}
            max={1}
            step={0.05}
            value={scoreThreshold}
            set={setScoreThreshold}
          />
          <label class="inline">
            <input type="checkbox" checked={rerank} onChange={(e) => setRerank(e.currentTarget.checked)} />
            Rerank
          </label>
          <label class="wide">
            Filter (JSON, optional)
            <input
              name="filter"
              placeholder='{"type":"eq","key":"team","value":"hr"}'
              value={filter}
              onInput={(e) => setFilter(e.currentTarget.value)}
            />
          </label>
          <button class="primary" type="submit" disabled={busy}>
            Search
          </button>
        </form>
        <ErrorLine error={error} />
        <div class="columns">
          {MODES.map((m) => (
            <Hits key={m} mode={m} hits={results[m]?.hits} error={results[m]?.error} />
          ))}
        </div>
      </Section>
      <Section title="Why not?">
        <div class="row">
          <label>
            Item the search did not find
            <select name="whyItem" value={whyItem} onChange={(e) => setWhyItem(e.currentTarget.value)}>
              <option value="">Choose an item</option>
              {items?.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.metadata.title}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={!whyItem} onClick={() => void whyNot()}>
            Why not?
          </button>
        </div>
        {why && (
          <div data-testid="why-not" role="status">
            {why.visible ? (
              <p>
                Visible{' '}
                {asRole
                  ? why.via
                    ? `to this role (${why.via === 'direct' ? 'assigned' : 'through its parent'})`
                    : ''
                  : 'to the workspace'}
                : the search can find it; if it did not, the query did not rank it.
              </p>
            ) : (
              <ul>
                {why.reasons.map((r) => (
                  <li key={r.rule}>
                    <code>{r.rule}</code>: {r.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Section>
    </>
  );
}
