// Retrieval evaluations, their questions and their results (migration 0029). Every query is scoped by workspace.
import type { Tx } from '../knex';
import type {
  EvaluationSummary,
  RankedItem,
  RetrievalEvaluationQuestionRow,
  RetrievalEvaluationResultRow,
  RetrievalEvaluationRow,
} from '../rows';
import { deleteWorkspaceRow } from './workspaceRows';

const EVALUATIONS = 'retrieval_evaluations';
const QUESTIONS = 'retrieval_evaluation_questions';
const RESULTS = 'retrieval_evaluation_results';

/** Questions inserted per statement (each binds 7 values). */
const INSERT_CHUNK = 500;

export async function insertEvaluation(
  db: Tx,
  row: Pick<RetrievalEvaluationRow, 'id' | 'workspace_id' | 'name' | 'job_id' | 'runs' | 'kinds' | 'question_count'>,
  questions: Array<Omit<RetrievalEvaluationQuestionRow, 'evaluation_id' | 'workspace_id'>>,
): Promise<RetrievalEvaluationRow> {
  const [inserted] = await db<RetrievalEvaluationRow>(EVALUATIONS)
    .insert({ ...row, runs: JSON.stringify(row.runs) as never })
    .returning('*');
  for (let i = 0; i < questions.length; i += INSERT_CHUNK) {
    await db(QUESTIONS).insert(
      questions.slice(i, i + INSERT_CHUNK).map((q) => ({
        ...q,
        evaluation_id: row.id,
        workspace_id: row.workspace_id,
        relevant: JSON.stringify(q.relevant),
      })),
    );
  }
  return inserted!;
}

/** The workspace's evaluations in all, and those RUNNING. */
export async function countEvaluations(db: Tx, workspaceId: string): Promise<{ stored: number; running: number }> {
  const [row] = await db(EVALUATIONS)
    .where({ workspace_id: workspaceId })
    .select(db.raw('count(*)::int AS stored'), db.raw("count(*) FILTER (WHERE status = 'RUNNING')::int AS running"));
  const r = row as { stored: number; running: number } | undefined;
  return { stored: Number(r?.stored ?? 0), running: Number(r?.running ?? 0) };
}

const BUDGET = 'retrieval_evaluation_budget';

/**
 * The workspace's current clock hour (read from the database's clock as the statement runs, not as its transaction
 * began: a creation that waited on the workspace's lock across the hour reads the new hour), the question runs its
 * evaluations were charged in it, and the seconds until the next hour begins.
 */
export async function questionRunsThisHour(
  db: Tx,
  workspaceId: string,
): Promise<{ windowStart: Date; used: number; resetsIn: number }> {
  const { rows } = await db.raw<{ rows: Array<{ window_start: Date; used: number; resets_in: number }> }>(
    `WITH hour AS (SELECT date_trunc('hour', clock_timestamp()) AS start, clock_timestamp() AS at)
     SELECT hour.start AS window_start,
            coalesce((SELECT question_runs FROM ${BUDGET} b
                       WHERE b.workspace_id = ? AND b.window_start = hour.start), 0)::int AS used,
            ceil(extract(epoch FROM hour.start + interval '1 hour' - hour.at))::int AS resets_in
       FROM hour`,
    [workspaceId],
  );
  const row = rows[0]!;
  return { windowStart: row.window_start, used: Number(row.used), resetsIn: Math.max(1, Number(row.resets_in)) };
}

/** Adds `questionRuns` to the workspace's hour `windowStart`, and drops its hours before it. */
export async function chargeQuestionRuns(db: Tx, workspaceId: string, windowStart: Date, questionRuns: number) {
  await db.raw(
    `INSERT INTO ${BUDGET} (workspace_id, window_start, question_runs) VALUES (?, ?, ?)
     ON CONFLICT (workspace_id, window_start) DO UPDATE SET question_runs = ${BUDGET}.question_runs + excluded.question_runs`,
    [workspaceId, windowStart, questionRuns],
  );
  await db(BUDGET).where({ workspace_id: workspaceId }).where('window_start', '<', windowStart).del();
}

/** Gives back `questionRuns` charged to the hour `windowStart` (nothing when that hour is already gone). */
export async function refundQuestionRuns(db: Tx, workspaceId: string, windowStart: Date, questionRuns: number) {
  await db(BUDGET)
    .where({ workspace_id: workspaceId, window_start: windowStart })
    .update({ question_runs: db.raw('greatest(question_runs - ?, 0)', [questionRuns]) });
}

/** Evaluations RUNNING in the whole deployment (the deployment-wide bound's count). */
export async function countRunningEverywhere(db: Tx): Promise<number> {
  const [row] = await db(EVALUATIONS).where({ status: 'RUNNING' }).count<Array<{ n: number }>>({ n: '*' });
  return Number(row?.n ?? 0);
}

/** The deployment's RUNNING evaluations, oldest first, at most `limit` (to settle those whose job has ended). */
export async function runningEverywhere(db: Tx, limit: number): Promise<RetrievalEvaluationRow[]> {
  return db<RetrievalEvaluationRow>(EVALUATIONS).where({ status: 'RUNNING' }).orderBy('created_at').limit(limit);
}

export async function runningEvaluations(db: Tx, workspaceId: string): Promise<RetrievalEvaluationRow[]> {
  return db<RetrievalEvaluationRow>(EVALUATIONS).where({ workspace_id: workspaceId, status: 'RUNNING' });
}

/** A page of the workspace's evaluations, newest first. */
export async function listEvaluations(
  db: Tx,
  workspaceId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: RetrievalEvaluationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db<RetrievalEvaluationRow>(EVALUATIONS)
      .where({ workspace_id: workspaceId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(page.offset)
      .limit(page.limit),
    db(EVALUATIONS).where({ workspace_id: workspaceId }).count<{ n: number }[]>({ n: '*' }),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function findEvaluation(
  db: Tx,
  workspaceId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<RetrievalEvaluationRow | undefined> {
  const q = db<RetrievalEvaluationRow>(EVALUATIONS).where({ workspace_id: workspaceId, id });
  if (opts.forUpdate) void q.forUpdate();
  return q.first();
}

export async function findEvaluationByJob(
  db: Tx,
  workspaceId: string,
  jobId: string,
): Promise<RetrievalEvaluationRow | undefined> {
  return db<RetrievalEvaluationRow>(EVALUATIONS).where({ workspace_id: workspaceId, job_id: jobId }).first();
}

export async function deleteEvaluation(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return deleteWorkspaceRow(db, EVALUATIONS, workspaceId, id);
}

/** The next questions, by position, that have no results yet. */
export async function pendingQuestions(
  db: Tx,
  workspaceId: string,
  evaluationId: string,
  limit: number,
): Promise<RetrievalEvaluationQuestionRow[]> {
  const rows = await db(`${QUESTIONS} as q`)
    .where({ 'q.workspace_id': workspaceId, 'q.evaluation_id': evaluationId })
    .whereNotExists((s) =>
      s
        .select(db.raw('1'))
        .from(`${RESULTS} as r`)
        .whereRaw('r.evaluation_id = q.evaluation_id AND r.position = q.position'),
    )
    .orderBy('q.position')
    .limit(limit)
    .select('q.*');
  return rows as RetrievalEvaluationQuestionRow[];
}

export interface RunResult {
  runIndex: number;
  rank: number | null;
  ndcg: number;
  top: RankedItem[];
  rerank: string | null;
}

/**
 * Records a question's results under every run, once: the evaluation row is locked (so writers of one evaluation
 * take turns) and a question already recorded keeps its results, its `writes` counting the attempt instead.
 * 'recorded': recorded now; 'again': recorded before (its results kept); 'gone': the evaluation was deleted or
 * is not running.
 */
export async function recordQuestionResults(
  trx: Tx,
  workspaceId: string,
  evaluationId: string,
  position: number,
  results: readonly RunResult[],
): Promise<'recorded' | 'again' | 'gone'> {
  const evaluation = await findEvaluation(trx, workspaceId, evaluationId, { forUpdate: true });
  if (evaluation?.status !== 'RUNNING') return 'gone';
  const existing = await trx(RESULTS)
    .where({ workspace_id: workspaceId, evaluation_id: evaluationId, position })
    .increment('writes', 1);
  if (existing > 0) return 'again';
  await trx(RESULTS).insert(
    results.map((r) => ({
      evaluation_id: evaluationId,
      position,
      run_index: r.runIndex,
      workspace_id: workspaceId,
      rank: r.rank,
      ndcg: r.ndcg,
      top: JSON.stringify(r.top),
      rerank: r.rerank,
    })),
  );
  await trx(EVALUATIONS)
    .where({ workspace_id: workspaceId, id: evaluationId })
    .update({ questions_done: trx.raw('questions_done + 1'), updated_at: trx.fn.now() });
  return 'recorded';
}

/** Every result's score with its question's kind (what the metrics aggregate). */
export async function scoresOf(
  db: Tx,
  workspaceId: string,
  evaluationId: string,
): Promise<Array<{ run_index: number; kind: string | null; rank: number | null; ndcg: number }>> {
  return db(`${RESULTS} as r`)
    .join(`${QUESTIONS} as q`, (j) => j.on('q.evaluation_id', 'r.evaluation_id').andOn('q.position', 'r.position'))
    .where({ 'r.workspace_id': workspaceId, 'r.evaluation_id': evaluationId })
    .select('r.run_index', 'q.kind', 'r.rank', 'r.ndcg');
}

/** How reranking went in each run: results per outcome. */
export async function rerankOutcomes(
  db: Tx,
  workspaceId: string,
  evaluationId: string,
): Promise<Array<{ run_index: number; rerank: string; n: number }>> {
  const rows = await db(RESULTS)
    .where({ workspace_id: workspaceId, evaluation_id: evaluationId })
    .whereNotNull('rerank')
    .groupBy('run_index', 'rerank')
    .select('run_index', 'rerank', db.raw('count(*)::int AS n'));
  return rows as Array<{ run_index: number; rerank: string; n: number }>;
}

export interface QuestionQuery {
  offset: number;
  limit: number;
  /** Only questions of this kind. */
  kind?: string;
  /** Only questions some run (or the run `runIndex`) ranked nothing relevant for in its first `missedAt`. */
  missedAt?: number;
  runIndex?: number;
}

/** A page of the evaluation's questions, by position, and how many match the query. */
export async function questionPage(
  db: Tx,
  workspaceId: string,
  evaluationId: string,
  query: QuestionQuery,
): Promise<{ rows: RetrievalEvaluationQuestionRow[]; total: number }> {
  const base = () => {
    const q = db(`${QUESTIONS} as q`).where({ 'q.workspace_id': workspaceId, 'q.evaluation_id': evaluationId });
    if (query.kind !== undefined) void q.andWhere('q.kind', query.kind);
    if (query.missedAt !== undefined) {
      const missedAt = query.missedAt;
      void q.whereExists((s) => {
        void s
          .select(db.raw('1'))
          .from(`${RESULTS} as r`)
          .whereRaw('r.evaluation_id = q.evaluation_id AND r.position = q.position')
          .andWhere((w) => void w.whereNull('r.rank').orWhere('r.rank', '>', missedAt));
        if (query.runIndex !== undefined) void s.andWhere('r.run_index', query.runIndex);
      });
    }
    return q;
  };
  const [rows, count] = await Promise.all([
    base().orderBy('q.position').offset(query.offset).limit(query.limit).select('q.*'),
    base().count<{ n: number }[]>({ n: '*' }),
  ]);
  return { rows: rows as RetrievalEvaluationQuestionRow[], total: Number(count[0]?.n ?? 0) };
}

/** The results of these questions under every run. */
export async function resultsOf(
  db: Tx,
  workspaceId: string,
  evaluationId: string,
  positions: readonly number[],
): Promise<RetrievalEvaluationResultRow[]> {
  if (positions.length === 0) return [];
  return db<RetrievalEvaluationResultRow>(RESULTS)
    .where({ workspace_id: workspaceId, evaluation_id: evaluationId })
    .whereIn('position', [...positions])
    .orderBy(['position', 'run_index']);
}

/** Ends a RUNNING evaluation (a finished one keeps its end); false when none was running. */
export async function finishEvaluation(
  db: Tx,
  workspaceId: string,
  id: string,
  end: { status: 'COMPLETED'; summary: EvaluationSummary } | { status: 'FAILED'; error: string },
): Promise<boolean> {
  const n = await db(EVALUATIONS)
    .where({ workspace_id: workspaceId, id, status: 'RUNNING' })
    .update({
      status: end.status,
      ...(end.status === 'COMPLETED' ? { summary: JSON.stringify(end.summary) } : { error: end.error }),
      finished_at: db.fn.now(),
      updated_at: db.fn.now(),
    });
  return n > 0;
}
