// Retrieval evaluations (docs/guides/retrieval-evaluation.md): upload a labelled set (JSON Lines), choose the runs
// (modes, the hybrid weight, a role to search as), follow the progress, then read a table of figures per kind of
// question, the questions a run missed, and what ranked above their answer; compare with an earlier evaluation.
import { useEffect, useState } from 'preact/hooks';
import { listRoles } from '../data';
import type { ViewProps } from '../props';
import { Confirm, ErrorLine, humanDate, NumberField, Section, StatusBadge, Table, useLoad, When } from '../ui';

const MODES = ['semantic', 'hybrid', 'keyword'] as const;
/** Questions per page of the misses list. */
const MISSES_PER_PAGE = 50;
const METRICS = ['recallAt1', 'recallAt5', 'recallAt10', 'mrrAt10', 'ndcgAt10'] as const;
const METRIC_NAMES = ['recall@1', 'recall@5', 'recall@10', 'MRR@10', 'nDCG@10'];
type Metric = (typeof METRICS)[number];

type Figures = { questions: number } & Record<Metric, number | null>;
interface Ranked {
  knowledgeId: string;
  title: string;
  score: number;
}
interface Run {
  name: string;
  mode: string;
  hybridWeight: number | null;
  customerRoleId: string | null;
  roleId: string | null;
}
interface Summary {
  id: string;
  name: string | null;
  status: string;
  jobId: string;
  progress: { questionsDone: number; questionsTotal: number };
  runs: Run[];
  kinds: string[];
  error: string | null;
  createdAt: string;
}
interface Evaluation extends Summary {
  figures: Array<{ run: string; all: Figures; kinds: Record<string, Figures>; rerank: Record<string, number> }>;
  questions: Array<{
    index: number;
    id: string | null;
    query: string;
    kind: string | null;
    relevant: Array<{ knowledgeId: string; externalId: string | null; grade: number }>;
    runs: Array<{ run: string; evaluated: boolean; rank: number | null; found: Ranked | null; above: Ranked[] }>;
  }>;
  total: number;
  page: number;
  limit: number;
}
type Compared = { evaluation: Figures | null; baseline: Figures | null; delta: Figures | null };
interface Comparison {
  runs: Array<{ run: string; all: Compared; kinds: Record<string, Compared> }>;
}

const figure = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));
const signed = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(3)}`;

/** The questions of a JSON Lines text (one question object per line; blank lines skipped). */
function parseQuestions(text: string): unknown[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line, i) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new Error(`Line ${i + 1} is not a JSON object`);
      }
    });
}

function NewEvaluation(props: ViewProps & { onStarted: (id: string) => void }) {
  const { api } = props;
  const [roles] = useLoad(() => listRoles(api), []);
  const [name, setName] = useState('');
  const [questions, setQuestions] = useState('');
  const [modes, setModes] = useState<string[]>(['semantic', 'hybrid']);
  const [hybridWeight, setHybridWeight] = useState(0.8);
  // Who searches: '' is the workspace, any other a role's id; each mode runs once per searcher ticked.
  const [searchers, setSearchers] = useState<string[]>(['']);
  const [withoutFeedback, setWithoutFeedback] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    try {
      // A role deleted since it was ticked is no longer offered: leave it out rather than search as the workspace.
      const current = searchers.filter((id) => id === '' || roles?.some((r) => r.id === id));
      if (current.length === 0) throw new Error('Tick who searches: the workspace or a role');
      const runs = current.flatMap((searcher) => {
        const role = roles?.find((r) => r.id === searcher);
        const as = role ? (role.customerRoleId ? { customerRoleId: role.customerRoleId } : { roleId: role.id }) : {};
        const named = (what: string) => (role ? `${what} as ${role.name}` : what);
        return modes.flatMap((mode) => [
          { name: named(mode), mode, ...(mode === 'hybrid' ? { hybridWeight } : {}), ...as },
          ...(mode === 'hybrid' && withoutFeedback
            ? [{ name: named('hybrid without feedback'), mode, hybridWeight, feedback: false, ...as }]
            : []),
        ]);
      });
      const body = { ...(name.trim() ? { name: name.trim() } : {}), questions: parseQuestions(questions), runs };
      const created = await api<Summary>('POST', '/retrieval-evaluations', body);
      props.onStarted(created.id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="New evaluation">
      <form onSubmit={submit}>
        <label>
          Name
          <input name="evaluationName" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Questions (JSON Lines: one {'{'}"query", "kind", "relevant": [{'{'}"externalId"{'}'}]{'}'} per line)
          <textarea
            name="questions"
            rows={6}
            required
            value={questions}
            onInput={(e) => setQuestions(e.currentTarget.value)}
          />
        </label>
        <label>
          Or a .jsonl file
          <input
            type="file"
            accept=".jsonl,.json,.txt"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              if (file) setQuestions(await file.text());
            }}
          />
        </label>
        <fieldset class="row">
          <legend>Runs</legend>
          {MODES.map((mode) => (
            <label class="inline" key={mode}>
              <input
                type="checkbox"
                checked={modes.includes(mode)}
                onChange={(e) =>
                  setModes((all) =>
                    e.currentTarget.checked
                      ? MODES.filter((m) => m === mode || all.includes(m))
                      : all.filter((m) => m !== mode),
                  )
                }
              />
              {mode}
            </label>
          ))}
          <NumberField label="Hybrid weight" min={0} max={1} step={0.05} value={hybridWeight} set={setHybridWeight} />
          <label class="inline">
            <input
              type="checkbox"
              name="withoutFeedback"
              checked={withoutFeedback}
              onChange={(e) => setWithoutFeedback(e.currentTarget.checked)}
            />
            hybrid also without feedback
          </label>
        </fieldset>
        <fieldset class="row" data-testid="searchers">
          <legend>Search as (each ticked mode runs once for each)</legend>
          {[{ id: '', name: 'the workspace' }, ...(roles ?? [])].map((r) => (
            <label class="inline" key={r.id}>
              <input
                type="checkbox"
                checked={searchers.includes(r.id)}
                onChange={(e) =>
                  setSearchers((all) =>
                    e.currentTarget.checked ? [...all.filter((x) => x !== r.id), r.id] : all.filter((x) => x !== r.id),
                  )
                }
              />
              {r.name}
            </label>
          ))}
        </fieldset>
        <button class="primary" type="submit" disabled={busy || modes.length === 0 || searchers.length === 0}>
          Start evaluation
        </button>
        <ErrorLine error={error} />
      </form>
    </Section>
  );
}

/** A table per kind of question (all questions first): one row per run, one column per metric. */
function FiguresTables({ evaluation }: { evaluation: Evaluation }) {
  const kinds = ['all', ...evaluation.kinds];
  return (
    <div class="grid">
      {kinds.map((kind) => (
        <Table
          key={kind}
          caption={kind === 'all' ? 'All questions' : `Kind: ${kind}`}
          headers={['Run', 'Questions', ...METRIC_NAMES]}
          rows={evaluation.figures.map((f) => {
            const m = kind === 'all' ? f.all : f.kinds[kind];
            return {
              key: f.run,
              cells: [f.run, m?.questions ?? 0, ...METRICS.map((metric) => figure(m?.[metric]))],
            };
          })}
        />
      ))}
    </div>
  );
}

/** The questions a run did not answer within its first `missedAt`, with what ranked above the answer. */
function Misses({ api, evaluation }: ViewProps & { evaluation: Evaluation }) {
  const [missedAt, setMissedAt] = useState(10);
  const [kind, setKind] = useState('');
  const [run, setRun] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  // Another evaluation starts at its first page, with no kind or run of the last one (a new filter starts at its
  // first page in its handler).
  useEffect(() => {
    setPageNumber(1);
    setKind('');
    setRun('');
  }, [evaluation.id]);
  const [page, error] = useLoad(() => {
    const query = new URLSearchParams({
      missedAt: String(missedAt),
      limit: String(MISSES_PER_PAGE),
      page: String(pageNumber),
    });
    // A kind or run chosen on another evaluation that this one does not have is no filter (the API refuses it).
    if (kind && evaluation.kinds.includes(kind)) query.set('kind', kind);
    if (run && evaluation.runs.some((r) => r.name === run)) query.set('run', run);
    return api<Evaluation>('GET', `/retrieval-evaluations/${evaluation.id}?${query}`);
  }, [evaluation.id, evaluation.progress.questionsDone, missedAt, kind, run, pageNumber]);
  const pages = page ? Math.max(1, Math.ceil(page.total / MISSES_PER_PAGE)) : 1;
  return (
    <Section title="Misses and what ranked above">
      <div class="row">
        <label>
          Missed in the first
          <select
            value={missedAt}
            onChange={(e) => {
              setPageNumber(1);
              setMissedAt(Number(e.currentTarget.value));
            }}
          >
            <option value={10}>10 (misses)</option>
            <option value={5}>5</option>
            <option value={1}>1 (not answered first)</option>
          </select>
        </label>
        <label>
          Kind
          <select
            value={kind}
            onChange={(e) => {
              setPageNumber(1);
              setKind(e.currentTarget.value);
            }}
          >
            <option value="">all</option>
            {evaluation.kinds.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <label>
          Run
          <select
            value={run}
            onChange={(e) => {
              setPageNumber(1);
              setRun(e.currentTarget.value);
            }}
          >
            <option value="">any run</option>
            {evaluation.runs.map((r) => (
              <option key={r.name}>{r.name}</option>
            ))}
          </select>
        </label>
      </div>
      <ErrorLine error={error} />
      {page && (
        <p class="hint" data-testid="misses-count">
          {page.total} question{page.total === 1 ? '' : 's'}
          {pages > 1
            ? ` (${(page.page - 1) * MISSES_PER_PAGE + 1} to ${(page.page - 1) * MISSES_PER_PAGE + page.questions.length} shown)`
            : ''}
        </p>
      )}
      {pages > 1 && (
        <div class="row" data-testid="misses-pager">
          <button type="button" disabled={pageNumber <= 1} onClick={() => setPageNumber((n) => n - 1)}>
            Previous
          </button>
          <span class="hint">
            page {pageNumber} of {pages}
          </span>
          <button type="button" disabled={pageNumber >= pages} onClick={() => setPageNumber((n) => n + 1)}>
            Next
          </button>
        </div>
      )}
      <ol class="misses" start={page ? (page.page - 1) * MISSES_PER_PAGE + 1 : 1}>
        {page?.questions.map((q) => (
          <li key={q.index} data-testid="miss">
            <strong>{q.query}</strong> {q.kind && <span class="badge">{q.kind}</span>}{' '}
            <small class="hint">answer: {q.relevant.map((r) => r.externalId ?? r.knowledgeId).join(', ')}</small>
            <ul>
              {q.runs
                .filter((r) => !run || r.run === run)
                .map((r) => (
                  <li key={r.run}>
                    <em>{r.run}</em>:{' '}
                    {!r.evaluated
                      ? 'not evaluated yet'
                      : r.rank === null
                        ? r.above.length === 0
                          ? 'no result'
                          : 'not in the first 10'
                        : `rank ${r.rank} (${r.found?.title ?? ''})`}
                    {r.above.length > 0 && (
                      <span> · above it: {r.above.map((a) => `${a.title} (${a.score.toFixed(3)})`).join('; ')}</span>
                    )}
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Compare({ api, evaluation, others }: ViewProps & { evaluation: Evaluation; others: Summary[] }) {
  const [baseline, setBaseline] = useState('');
  const [comparison, error] = useLoad<Comparison | undefined>(
    () =>
      baseline
        ? api<Comparison>('GET', `/retrieval-evaluations/${evaluation.id}/compare/${baseline}`)
        : Promise.resolve(undefined),
    [evaluation.id, baseline],
  );
  const kinds = ['all', ...new Set(comparison?.runs.flatMap((r) => Object.keys(r.kinds)) ?? [])];
  const baselineRuns = others.find((o) => o.id === baseline)?.runs.map((r) => r.name) ?? [];
  return (
    <Section title="Compare with an earlier evaluation">
      <label>
        Baseline
        <select value={baseline} onChange={(e) => setBaseline(e.currentTarget.value)}>
          <option value="">none</option>
          {others.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name ?? o.id} ({humanDate(o.createdAt)})
            </option>
          ))}
        </select>
      </label>
      <ErrorLine error={error} />
      {comparison && !evaluation.runs.some((r) => baselineRuns.includes(r.name)) && (
        <p class="hint" data-testid="compare-unmatched">
          No run of this evaluation has a run of the same name in the baseline, so there is nothing to subtract: runs
          are matched by name (a run searching as a role is named "… as &lt;role&gt;"). Compare evaluations that ran the
          same runs, or put both in one evaluation.
        </p>
      )}
      {comparison && (
        <Table
          caption="Change against the baseline (runs matched by name)"
          headers={['Run', 'Kind', ...METRIC_NAMES]}
          rows={comparison.runs.flatMap((r) =>
            kinds.map((kind) => {
              const c = kind === 'all' ? r.all : r.kinds[kind];
              return {
                key: `${r.run}/${kind}`,
                cells: [r.run, kind, ...METRICS.map((m) => signed(c?.delta?.[m]))],
              };
            }),
          )}
        />
      )}
    </Section>
  );
}

export function EvaluationsView(props: ViewProps) {
  const { api } = props;
  const [list, listError, reloadList] = useLoad(
    () => api<{ evaluations: Summary[] }>('GET', '/retrieval-evaluations?limit=50'),
    [],
  );
  const [selected, setSelected] = useState('');
  const [evaluation, error, reload] = useLoad<Evaluation | undefined>(
    () =>
      selected ? api<Evaluation>('GET', `/retrieval-evaluations/${selected}?limit=1`) : Promise.resolve(undefined),
    [selected],
  );
  // While one runs: the progress and the figures so far (of the one shown), and the list, every two seconds.
  useEffect(() => {
    const shownRuns = evaluation?.status === 'RUNNING';
    if (!shownRuns && !list?.evaluations.some((e) => e.status === 'RUNNING')) return;
    const timer = setTimeout(() => {
      if (shownRuns) reload();
      reloadList();
    }, 2000);
    return () => clearTimeout(timer);
  }, [evaluation, list]);
  const remove = async (id: string) => {
    await api('DELETE', `/retrieval-evaluations/${id}`);
    setSelected('');
    reloadList();
  };

  return (
    <>
      <NewEvaluation
        {...props}
        onStarted={(id) => {
          setSelected(id);
          reloadList();
        }}
      />
      <Section title="Evaluations">
        <ErrorLine error={listError} />
        {list && list.evaluations.length === 0 && <p class="hint">No evaluation yet.</p>}
        {list && list.evaluations.length > 0 && (
          <Table
            headers={['Name', 'Status', 'Questions', 'Runs', 'Created', 'Actions']}
            rows={list.evaluations.map((e) => ({
              key: e.id,
              cells: [
                <button type="button" aria-pressed={e.id === selected} onClick={() => setSelected(e.id)}>
                  {e.name ?? e.id.slice(0, 8)}
                </button>,
                <StatusBadge status={e.status} />,
                `${e.progress.questionsDone} / ${e.progress.questionsTotal}`,
                e.runs.map((r) => r.name).join(', '),
                <When iso={e.createdAt} />,
                <Confirm
                  label="Delete"
                  danger
                  question={`Delete "${e.name ?? e.id}" and its results?`}
                  onConfirm={() => void remove(e.id)}
                />,
              ],
            }))}
          />
        )}
      </Section>
      <ErrorLine error={error} />
      {evaluation && (
        <>
          <Section title={`Figures: ${evaluation.name ?? evaluation.id}`}>
            <p data-testid="evaluation-progress">
              <StatusBadge status={evaluation.status} /> {evaluation.progress.questionsDone} of{' '}
              {evaluation.progress.questionsTotal} questions evaluated
              {evaluation.error ? ` · ${evaluation.error}` : ''}
            </p>
            <progress max={evaluation.progress.questionsTotal} value={evaluation.progress.questionsDone} />
            <FiguresTables evaluation={evaluation} />
          </Section>
          <Misses {...props} evaluation={evaluation} />
          <Compare
            {...props}
            evaluation={evaluation}
            others={(list?.evaluations ?? []).filter((o) => o.id !== evaluation.id)}
          />
        </>
      )}
    </>
  );
}
