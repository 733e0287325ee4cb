import { useState } from 'preact/hooks';
import { mintToken, reason, workspaceApi, type Session } from '../api';
import { listKnowledge, listRoles } from '../data';
import type { ViewProps } from '../props';
import type { KnowledgeAccess, SearchHit } from '../types';
import { ErrorLine, NumberField, Section, useLoad, viaText } from '../ui';

const MODES = ['semantic', 'keyword', 'hybrid'] as const;
type Mode = (typeof MODES)[number];

const score = (v: number) => v.toFixed(3);
/** A score that shows as 0.000: nothing in common with the query, listed only because the limit had room. */
const isZero = (v: number) => v < 0.0005;

/** What each column ranks by, under its name. */
const RANKS_BY: Record<Mode, (hybridWeight: number) => string> = {
  semantic: () => 'by meaning (cosine similarity)',
  keyword: () => 'by words: any word of the query (BM25)',
  hybrid: (w) =>
    `${w.toFixed(2)} × meaning + ${(1 - w).toFixed(2)} × words (scaled to the best match); words count only in ` +
    'a chunk that holds every word of the query; for a question in words, meaning also counts likeness to the first ' +
    'result (feedback), which lifts pages like it',
};

/** A hit's scores, each only where its column has one, in the same words in every column. */
function Scores({ mode, hit, keywordFound }: { mode: Mode; hit: SearchHit; keywordFound: boolean }) {
  const e = hit.explain;
  if (!e) return null;
  const parts: string[] = [];
  if (mode !== 'keyword' && e.semantic !== null) parts.push(`semantic ${score(e.semantic)}`);
  if (e.keyword !== null) parts.push(`keyword ${score(e.keyword)}`);
  else if (mode === 'hybrid')
    parts.push(
      keywordFound
        ? 'keyword: no chunk with every query word (the keyword column, which takes any word, found it)'
        : 'keyword: no chunk with every query word',
    );
  if (mode === 'hybrid' && e.feedback !== undefined) parts.push(`feedback ${score(e.feedback)}`);
  if (mode === 'hybrid' && e.fused !== null) parts.push(`fused ${score(e.fused)}`);
  if (e.rerank !== null) parts.push(`rerank ${score(e.rerank)}`);
  if (e.roles && e.roles.length > 0) parts.push(`roles: ${e.roles.map((r) => `${r.name} (${r.via})`).join(', ')}`);
  return <small data-testid="scores">{parts.join(' · ')}</small>;
}

/** Where in its item the best passage sits: its section path (items whose text has headings). */
function Where({ hit }: { hit: SearchHit }) {
  if (!hit.headings || hit.headings.length === 0) return null;
  return (
    <small class="where" data-testid="where" title="The section headings the best passage sits under">
      {hit.headings.join(' › ')}
    </small>
  );
}

function Hits(props: {
  mode: Mode;
  hits?: SearchHit[];
  error?: string;
  hybridWeight: number;
  /** The ids the keyword column found (for the hybrid column's words). */
  keywordIds: Set<string>;
}) {
  const { mode, hits } = props;
  const zeros = hits?.filter((h) => isZero(h.score)).length ?? 0;
  return (
    <section class="hits" aria-label={`${mode} results`} data-testid={`results-${mode}`}>
      <h3>{mode}</h3>
      <p class="hint">{RANKS_BY[mode](props.hybridWeight)}</p>
      {props.error && <ErrorLine error={props.error} />}
      {hits && hits.length === 0 && <p class="hint">No results.</p>}
      <ol>
        {hits?.map((h) => (
          <li
            key={h.id}
            data-testid="hit"
            class={isZero(h.score) ? 'zero' : undefined}
            title={isZero(h.score) ? 'Score 0.000: nothing in common with the query' : undefined}
          >
            <strong>{h.title}</strong> <span class="score">{score(h.score)}</span>
            <Where hit={h} />
            <p>{h.content.slice(0, 140)}</p>
            <Scores mode={mode} hit={h} keywordFound={props.keywordIds.has(h.id)} />
          </li>
        ))}
      </ol>
      {zeros > 0 && (
        <p class="hint" data-testid="zero-note">
          {zeros} result{zeros === 1 ? '' : 's'} greyed: score 0.000, nothing in common with the query (listed only
          because the limit had room).
        </p>
      )}
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
  // The weight the shown results were searched with (the field may have changed since).
  const [searchedWeight, setSearchedWeight] = useState(hybridWeight);
  // Each error lasts while it applies: the filter's parse error until the filter parses (or is tried again), the
  // search's until the next search, "why not?"'s until the next question.
  const [filterError, setFilterError] = useState('');
  const [error, setError] = useState('');
  const [whyItem, setWhyItem] = useState('');
  const [why, setWhy] = useState<KnowledgeAccess>();
  const [whyError, setWhyError] = useState('');
  const [busy, setBusy] = useState(false);

  /** The filter as JSON (undefined when empty), or the reason it is not JSON. */
  const parseFilter = (text: string): { filter?: unknown; error?: string } => {
    try {
      return { filter: text.trim() ? (JSON.parse(text) as unknown) : undefined };
    } catch (err) {
      return { error: `The filter is not JSON: ${(err as Error).message}` };
    }
  };
  const editFilter = (text: string) => {
    setFilter(text);
    if (filterError && !parseFilter(text).error) setFilterError('');
  };

  const run = async (e: Event) => {
    e.preventDefault();
    setError('');
    // A new search: the columns show its results only, never an earlier search's (nor its errors).
    setResults({});
    const parsed = parseFilter(filter);
    setFilterError(parsed.error ?? '');
    if (parsed.error) return;
    const f = parsed.filter;
    setBusy(true);
    try {
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
            out[mode] = { error: reason(err) };
          }
        }),
      );
      setResults(out);
      setSearchedWeight(hybridWeight);
    } catch (err) {
      setError(reason(err));
    } finally {
      setBusy(false);
    }
  };

  const whyNot = async () => {
    setWhyError('');
    setWhy(undefined);
    // A filter that is not JSON is the filter field's error, shown under it as for a search.
    const parsed = parseFilter(filter);
    setFilterError(parsed.error ?? '');
    if (parsed.error) return;
    const f = parsed.filter;
    try {
      const params = new URLSearchParams();
      if (asRole) params.set('roleId', asRole);
      if (f) params.set('filter', JSON.stringify(f));
      const qs = params.toString();
      setWhy(await api<KnowledgeAccess>('GET', `/knowledge/${whyItem}/access` + (qs ? `?${qs}` : '')));
    } catch (err) {
      setWhyError(reason(err));
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
              aria-invalid={filterError ? true : undefined}
              onInput={(e) => editFilter(e.currentTarget.value)}
            />
          </label>
          <button class="primary" type="submit" disabled={busy}>
            Search
          </button>
        </form>
        <ErrorLine error={filterError} />
        <ErrorLine error={error} />
        <div class="columns">
          {MODES.map((m) => (
            <Hits
              key={m}
              mode={m}
              hits={results[m]?.hits}
              error={results[m]?.error}
              hybridWeight={searchedWeight}
              keywordIds={new Set(results.keyword?.hits?.map((h) => h.id))}
            />
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
        <ErrorLine error={whyError} />
        {why && (
          <div data-testid="why-not" role="status">
            {why.visible ? (
              <p>
                Visible{' '}
                {asRole
                  ? why.via
                    ? `to this role (${why.via === 'parent' ? 'through its parent' : viaText(why.via)})`
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
