// Retrieval evaluations as the API answers them (schema.ts states the shapes).
import type { RetrievalEvaluationRow } from '../../../db/rows';
import { METRIC_NAMES, roundMetrics, type Metrics } from '../../../domain/retrievalMetrics';
import {
  runTakesFeedback,
  type ComparedFigures,
  type ComparedRun,
  type EvaluationView,
} from '../../../services/search/retrievalEvaluations';
import type { EvaluationComparison, EvaluationOutput, EvaluationSummaryOutput } from './schema';

/** Figures are answered to four decimals. */
const DIGITS = 4;

type PresentedMetrics = EvaluationOutput['figures'][number]['all'];

/** The figures, rounded; null for each metric of a set with no question scored. */
function presentMetrics(m: Metrics): PresentedMetrics {
  if (m.questions === 0) {
    return { questions: 0, ...Object.fromEntries(METRIC_NAMES.map((n) => [n, null])) } as PresentedMetrics;
  }
  return roundMetrics(m, DIGITS);
}

export function presentEvaluationSummary(row: RetrievalEvaluationRow): EvaluationSummaryOutput {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    jobId: row.job_id,
    progress: { questionsDone: row.questions_done, questionsTotal: row.question_count },
    runs: row.runs.map((r) => ({
      name: r.name,
      mode: r.mode,
      hybridWeight: r.hybridWeight,
      feedback: runTakesFeedback(r.mode, r.feedback),
      rerank: r.rerank,
      rerankCandidates: r.rerankCandidates,
      filter: r.filter as Record<string, unknown> | null,
      roleId: r.roleId,
      customerRoleId: r.customerRoleId,
    })),
    kinds: row.kinds,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

export function presentEvaluation(view: EvaluationView): EvaluationOutput {
  const { row } = view;
  return {
    ...presentEvaluationSummary(row),
    figures: view.summary.map((s, i) => ({
      run: row.runs[i]!.name,
      all: presentMetrics(s.all),
      kinds: Object.fromEntries(Object.entries(s.kinds).map(([k, m]) => [k, presentMetrics(m)])),
      rerank: view.rerank[i] ?? {},
    })),
    questions: view.questions.rows.map(({ question, results }) => ({
      index: question.position,
      id: question.label,
      query: question.query,
      kind: question.kind,
      relevant: question.relevant.map((r) => ({
        knowledgeId: r.knowledgeId,
        externalId: r.externalId,
        grade: r.grade,
      })),
      runs: results.map((result, i) => {
        const run = row.runs[i]!.name;
        if (!result) return { run, evaluated: false, rank: null, found: null, above: [] };
        const rank = result.rank;
        return {
          run,
          evaluated: true,
          rank,
          found: rank === null ? null : (result.top[rank - 1] ?? null),
          above: rank === null ? result.top : result.top.slice(0, rank - 1),
        };
      }),
    })),
    total: view.questions.total,
    page: view.questions.page,
    limit: view.questions.limit,
  };
}

const presentCompared = (c: ComparedFigures) => ({
  evaluation: c.evaluation ? presentMetrics(c.evaluation) : null,
  baseline: c.baseline ? presentMetrics(c.baseline) : null,
  delta: c.delta
    ? (roundMetrics(c.delta, DIGITS) as NonNullable<EvaluationComparison['runs'][number]['all']['delta']>)
    : null,
});

const reference = (row: RetrievalEvaluationRow) => ({
  id: row.id,
  name: row.name,
  status: row.status,
  createdAt: row.created_at.toISOString(),
});

export function presentComparison(c: {
  evaluation: RetrievalEvaluationRow;
  baseline: RetrievalEvaluationRow;
  runs: ComparedRun[];
}): EvaluationComparison {
  return {
    evaluation: reference(c.evaluation),
    baseline: reference(c.baseline),
    runs: c.runs.map((r) => ({
      run: r.name,
      all: presentCompared(r.all),
      kinds: Object.fromEntries(Object.entries(r.kinds).map(([k, v]) => [k, presentCompared(v)])),
    })),
  };
}
