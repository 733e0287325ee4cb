// Retrieval evaluations: an operator's labelled questions, searched under each of the runs it compares (a mode,
// its hybrid weight, reranking, a filter, a role to search as), scored per question (src/domain/retrievalMetrics)
// and summed up per run and per kind of question. Creating one stores the set and starts the evaluation workflow
// (workflows/retrievalEvaluation.ts), whose batches record each question's results once; reading one aggregates
// the results recorded so far. A run evaluated as a role searches with that role's credential (policies/scopes.ts
// evaluationCredential) through the same search service as the role's users, so it sees what they see, no more.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/knex';
import * as evaluations from '../../db/repositories/retrievalEvaluations';
import { itemsNamed } from '../../db/repositories/knowledge';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import * as roles from '../../db/repositories/roles';
import { findWorkspace } from '../../db/repositories/workspaces';
import type {
  EvaluationRunSpec,
  EvaluationSummary,
  RelevantItem,
  RetrievalEvaluationQuestionRow,
  RetrievalEvaluationResultRow,
  RetrievalEvaluationRow,
  WorkspaceRow,
} from '../../db/rows';
import { parseFilter } from '../../domain/filter';
import { RoleMessages } from '../../domain/roles';
import {
  METRIC_CUTOFF,
  METRIC_NAMES,
  scoreQuestion,
  summarize,
  type Metrics,
  type MetricName,
  type QuestionScore,
} from '../../domain/retrievalMetrics';
import type { EmbeddingProvider } from '../../embeddings/provider';
import { AppError, Messages, notFound, type ErrorHelp } from '../../errors';
import { isUuid } from '../../ids';
import { evaluationCredential } from '../../policies/scopes';
import { WorkflowIds } from '../../temporal/constants';
import { describeJob, startJob } from '../../temporal/jobs';
import type { EvaluationProgress } from '../../workflows/contracts';
import { retrievalEvaluationWorkflow } from '../../workflows/retrievalEvaluation';
import type { DbDeps, Deps } from '../deps';
import { customerRoleHint, roleBeingDeleted } from '../access/accessTokens';
import { rankedVisibleSearch, type SearchDeps, type SearchMode } from './search';

export const EvaluationMessages = {
  notFound: 'Retrieval evaluation not found',
  tooManyQuestions: (max: number, n: number) =>
    `An evaluation takes at most ${max} questions (RETRIEVAL_EVAL_MAX_QUESTIONS); this one has ${n}`,
  tooManyRuns: (max: number, n: number) =>
    `An evaluation compares at most ${max} runs (RETRIEVAL_EVAL_MAX_RUNS); this one has ${n}`,
  queryTooLong: (at: string, max: number) => `${at} must be at most ${max} characters (RETRIEVAL_EVAL_MAX_QUERY_CHARS)`,
  tooManyRunning: (max: number) =>
    `${max} retrieval evaluation${max === 1 ? ' is' : 's are'} running in this workspace, the most at once ` +
    '(RETRIEVAL_EVAL_MAX_RUNNING); retry when one has finished',
  tooManyRunningTotal: (max: number) =>
    `${max} retrieval evaluation${max === 1 ? ' is' : 's are'} running in this deployment, the most at once ` +
    '(RETRIEVAL_EVAL_MAX_RUNNING_TOTAL); retry when one has finished',
  overHourlyBudget: (cost: number, questions: number, runs: number, budget: number) =>
    `This evaluation needs ${cost} question runs (${questions} question${questions === 1 ? '' : 's'} × ${runs} ` +
    `run${runs === 1 ? '' : 's'}), more than a workspace's hourly budget of ${budget} ` +
    '(RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR)',
  hourlyBudgetSpent: (used: number, budget: number, cost: number) =>
    `This workspace's evaluations have used ${used} of their ${budget} question runs this hour ` +
    `(RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR); this one needs ${cost}`,
  tooManyStored: (max: number) =>
    `The workspace holds its maximum of ${max} retrieval evaluations (RETRIEVAL_EVAL_MAX_STORED); delete old ones first`,
  duplicateRunName: (at: string, name: string) => `${at}: another run is named "${name}"`,
  duplicateQuestionId: (at: string, id: string) => `${at}: another question has the id "${id}"`,
  unknownItem: (at: string, what: string, missing: number) =>
    `${at}: no item of the workspace has this ${what}` +
    (missing > 1 ? ` (${missing} of the relevant items sent name no item of the workspace; this is the first)` : ''),
  notStarted: 'The evaluation could not be started; retry later',
  jobEnded: (status: string) => `The evaluation's job ended (${status}) before every question was evaluated`,
  failed: 'The evaluation failed; the worker logged why',
  roleGone: (run: string) => `The role run "${run}" searches as was deleted`,
  unknownRun: (names: string[]) => `run must be one of the evaluation's runs: ${names.map((n) => `"${n}"`).join(', ')}`,
  unknownKind: (kinds: string[]) =>
    kinds.length === 0
      ? 'kind names no kind of this evaluation: its questions have none'
      : `kind must be one of the evaluation's kinds: ${kinds.map((k) => `"${k}"`).join(', ')}`,
  duplicateRelevant: (at: string, first: string) => `${at} names the same item as ${first}`,
} as const;

/** Seconds a client is told to wait when the workspace runs its maximum of evaluations at once. */
export const RUNNING_RETRY_AFTER_SECONDS = 30;

/** How long a stored evaluation's job may take to appear in Temporal before its absence means it ended. */
const JOB_START_GRACE_MS = 60_000;

/** The deployment-wide bound's lock key (no workspace has the nil UUID). */
const DEPLOYMENT_SCOPE = '00000000-0000-0000-0000-000000000000';

/** Questions one batch activity evaluates (each under every run). */
export const DEFAULT_BATCH_QUESTIONS = 20;

/**
 * A refusal that names the bound or the field at fault: its code (the error catalogue's evaluation_* codes, or
 * invalid_field), `param` (the request field, or workspaceId for a bound of the workspace) and `hint`.
 */
const refused = (
  status: number,
  message: string,
  help: Required<Omit<ErrorHelp, 'pathParam'>>,
  headers: Record<string, string> = {},
) => new AppError(status, message, undefined, headers, help);

// ---- creating

export interface EvaluationQuestionInput {
  /** The client's own id for the question (matches it across evaluations). */
  id?: string;
  query: string;
  kind?: string;
  relevant: Array<{ knowledgeId?: string; externalId?: string; grade?: number }>;
}

export interface EvaluationRunInput {
  name?: string;
  mode?: SearchMode;
  hybridWeight?: number;
  feedback?: boolean;
  rerank?: boolean;
  rerankCandidates?: number;
  filter?: unknown;
  roleId?: string;
  customerRoleId?: string;
}

export interface EvaluationInput {
  name?: string;
  questions: EvaluationQuestionInput[];
  runs: EvaluationRunInput[];
}

/** A run's default name: what it does, e.g. "hybrid 0.7 rerank as support". */
function defaultRunName(run: EvaluationRunInput, mode: SearchMode): string {
  return [
    mode,
    mode === 'hybrid' && run.hybridWeight !== undefined ? String(run.hybridWeight) : undefined,
    mode === 'hybrid' && run.feedback === false ? 'without feedback' : undefined,
    run.rerank ? 'rerank' : undefined,
    run.filter !== undefined ? 'filtered' : undefined,
    run.customerRoleId ? `as ${run.customerRoleId}` : run.roleId ? `as ${run.roleId}` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
}

function checkBounds(bounds: Deps['config']['retrievalEvaluations'], input: EvaluationInput): void {
  if (input.questions.length > bounds.maxQuestions) {
    throw refused(400, EvaluationMessages.tooManyQuestions(bounds.maxQuestions, input.questions.length), {
      code: 'evaluation_questions_limit',
      param: 'questions',
      hint: `Split the set into evaluations of at most ${bounds.maxQuestions} questions`,
    });
  }
  if (input.runs.length > bounds.maxRuns) {
    throw refused(400, EvaluationMessages.tooManyRuns(bounds.maxRuns, input.runs.length), {
      code: 'evaluation_runs_limit',
      param: 'runs',
      hint: `Compare at most ${bounds.maxRuns} runs at once; start a second evaluation for the others`,
    });
  }
  const cost = input.questions.length * input.runs.length;
  if (bounds.questionRunsPerHour > 0 && cost > bounds.questionRunsPerHour) {
    throw refused(
      400,
      EvaluationMessages.overHourlyBudget(cost, input.questions.length, input.runs.length, bounds.questionRunsPerHour),
      {
        code: 'evaluation_hourly_budget',
        param: 'questions',
        hint: `Evaluate at most ${bounds.questionRunsPerHour} questions × runs at once: split the questions, or compare fewer runs`,
      },
    );
  }
  input.questions.forEach((q, i) => {
    if (q.query.length > bounds.maxQueryChars) {
      const at = `questions[${i}].query`;
      throw refused(400, EvaluationMessages.queryTooLong(at, bounds.maxQueryChars), {
        code: 'evaluation_query_too_long',
        param: at,
        hint: `Shorten the query to ${bounds.maxQueryChars} characters (searches read about 1,000 at most)`,
      });
    }
  });
}

/**
 * Whether a run's prose queries take pseudo-relevance feedback: a hybrid search's unless it turned it off; other
 * modes take none, and say so (runs stored before this rule said true for every mode: the presenter reads them
 * through it too).
 */
export const runTakesFeedback = (mode: SearchMode, feedback: boolean | null | undefined): boolean =>
  mode === 'hybrid' ? (feedback ?? true) : false;

/** The runs as stored: named (uniquely), the rerank default and the role resolved. */
async function resolveRuns(db: Db, workspace: WorkspaceRow, runs: EvaluationRunInput[]): Promise<EvaluationRunSpec[]> {
  const names = new Set<string>();
  const resolved: EvaluationRunSpec[] = [];
  // A role being deleted counts as gone, as it does for its tokens: the run would fail once its delete ran.
  const beingDeleted = (found: { id: string }) => roleBeingDeleted(db, workspace.id, found.id);
  const dyingHint = 'The role is being deleted (its delete was asked for): evaluate as another role.';
  for (const [i, run] of runs.entries()) {
    const mode = run.mode ?? 'semantic';
    const name = run.name ?? defaultRunName(run, mode);
    if (names.has(name)) {
      throw refused(400, EvaluationMessages.duplicateRunName(`runs[${i}].name`, name), {
        code: 'invalid_field',
        param: `runs[${i}].name`,
        hint: 'Give each run a name of its own (comparisons match runs by name)',
      });
    }
    names.add(name);
    let role: { id: string; customer_role_id: string | null } | undefined;
    if (run.customerRoleId !== undefined) {
      role = await roles.findRoleByCustomerRoleId(db, workspace.id, run.customerRoleId);
      if (!role || (await beingDeleted(role)))
        throw notFound(Messages.customerRoleNotFound, {
          param: `runs[${i}].customerRoleId`,
          hint: role ? dyingHint : await customerRoleHint(db, workspace.id, run.customerRoleId),
        });
    } else if (run.roleId !== undefined) {
      role = await roles.findRole(db, workspace.id, run.roleId);
      if (!role || (await beingDeleted(role)))
        throw notFound(RoleMessages.notFound, { param: `runs[${i}].roleId`, ...(role ? { hint: dyingHint } : {}) });
    }
    resolved.push({
      name,
      mode,
      hybridWeight: run.hybridWeight ?? null,
      feedback: runTakesFeedback(mode, run.feedback),
      // As a search without `rerank` would: the workspace's default, fixed when the evaluation is created.
      rerank: run.rerank ?? workspace.rerank_default,
      rerankCandidates: run.rerankCandidates ?? null,
      filter: run.filter ?? null,
      roleId: role?.id ?? null,
      customerRoleId: role?.customer_role_id ?? null,
    });
  }
  return resolved;
}

/**
 * Each question's relevant items as ids: an externalId is looked up in the workspace (the workspace credential
 * creates evaluations, so every item is in its reach); an item named that does not exist is refused, naming the
 * first such and counting them all.
 */
async function resolveQuestions(
  db: Db,
  workspaceId: string,
  questions: EvaluationQuestionInput[],
): Promise<Array<Omit<RetrievalEvaluationQuestionRow, 'evaluation_id' | 'workspace_id'>>> {
  const ids = new Set<string>();
  const externalIds = new Set<string>();
  const labels = new Set<string>();
  questions.forEach((q, i) => {
    if (q.id !== undefined) {
      if (labels.has(q.id)) {
        throw refused(400, EvaluationMessages.duplicateQuestionId(`questions[${i}].id`, q.id), {
          code: 'invalid_field',
          param: `questions[${i}].id`,
          hint: 'Question ids identify questions across evaluations: give each its own, or none',
        });
      }
      labels.add(q.id);
    }
    for (const r of q.relevant) {
      if (r.knowledgeId !== undefined) ids.add(r.knowledgeId);
      if (r.externalId !== undefined) externalIds.add(r.externalId);
    }
  });
  const found = await itemsNamed(db, workspaceId, { ids: [...ids], externalIds: [...externalIds] });
  const byId = new Map(found.map((f) => [f.id, f]));
  const byExternalId = new Map(found.filter((f) => f.external_id !== null).map((f) => [f.external_id!, f]));
  let first: { at: string; what: string } | undefined;
  let missing = 0;
  const resolved = questions.map((q, i) => ({
    position: i,
    label: q.id ?? null,
    query: q.query,
    kind: q.kind ?? null,
    relevant: q.relevant.flatMap((r, j): RelevantItem[] => {
      const item = r.knowledgeId !== undefined ? byId.get(r.knowledgeId) : byExternalId.get(r.externalId!);
      if (!item) {
        missing += 1;
        const field = r.knowledgeId !== undefined ? 'knowledgeId' : 'externalId';
        first ??= { at: `questions[${i}].relevant[${j}].${field}`, what: field };
        return [];
      }
      return [{ knowledgeId: item.id, externalId: r.externalId ?? null, grade: r.grade ?? 1 }];
    }),
  }));
  if (first) {
    throw refused(400, EvaluationMessages.unknownItem(first.at, first.what, missing), {
      code: 'evaluation_unknown_item',
      param: first.at,
      hint: 'Label items that exist in this workspace (GET …/knowledge?externalId=… finds one by its external id)',
    });
  }
  // One item named twice for a question (the same id, or its id and its externalId) would count twice in recall's
  // and nDCG's ideal.
  for (const q of resolved) {
    const seen = new Map<string, number>();
    q.relevant.forEach((r, j) => {
      const before = seen.get(r.knowledgeId);
      if (before !== undefined) {
        const named = questions[q.position]!.relevant[j]!;
        throw refused(
          400,
          EvaluationMessages.duplicateRelevant(
            `questions[${q.position}].relevant[${j}]`,
            `questions[${q.position}].relevant[${before}]`,
          ),
          {
            code: 'invalid_field',
            param: `questions[${q.position}].relevant[${j}].${named.knowledgeId !== undefined ? 'knowledgeId' : 'externalId'}`,
            hint: 'Name each relevant item once per question (by its id or its externalId; grade says how good it is)',
          },
        );
      }
      seen.set(r.knowledgeId, j);
    });
  }
  return resolved;
}

/**
 * Marks the workspace's RUNNING evaluations whose job is no longer running (ended without the workflow's own
 * last step, e.g. terminated) FAILED, so they stop counting against the running bound and show what happened.
 */
async function settleEndedJobs(deps: Pick<Deps, 'db' | 'temporal'>, rows: RetrievalEvaluationRow[]): Promise<void> {
  for (const row of rows) {
    if (row.status !== 'RUNNING') continue;
    const job = await describeJob(deps.temporal, row.workspace_id, row.job_id);
    if (job.status === 'RUNNING') continue;
    // A row is stored before its job starts (createEvaluation): a job not found yet may be one about to start,
    // so only an older row's missing job has ended (another request, of any workspace, must not fail it).
    if (job.status === 'NOT_FOUND' && Date.now() - new Date(row.created_at).getTime() < JOB_START_GRACE_MS) continue;
    // A job that completed recorded its end itself (finishEvaluation keeps a finished one); any other ended early.
    await evaluations.finishEvaluation(deps.db, row.workspace_id, row.id, {
      status: 'FAILED',
      error: EvaluationMessages.jobEnded(job.status),
    });
  }
}

/** Stores the labelled set and starts its evaluation; 202 with the evaluation (RUNNING) and its job. */
export async function createEvaluation(
  deps: Pick<Deps, 'db' | 'temporal' | 'config' | 'logger'>,
  workspace: WorkspaceRow,
  input: EvaluationInput,
  opts: { batchSize?: number } = {},
): Promise<RetrievalEvaluationRow> {
  const bounds = deps.config.retrievalEvaluations;
  checkBounds(bounds, input);
  const runs = await resolveRuns(deps.db, workspace, input.runs);
  const questions = await resolveQuestions(deps.db, workspace.id, input.questions);
  const before = await evaluations.countEvaluations(deps.db, workspace.id);
  if (before.running >= bounds.maxRunning) {
    await settleEndedJobs(deps, await evaluations.runningEvaluations(deps.db, workspace.id));
  }
  if ((await evaluations.countRunningEverywhere(deps.db)) >= bounds.maxRunningTotal) {
    await settleEndedJobs(deps, await evaluations.runningEverywhere(deps.db, bounds.maxRunningTotal));
  }
  const id = randomUUID();
  const jobId = WorkflowIds.retrievalEvaluation(workspace.id, id);
  const kinds = [...new Set(questions.flatMap((q) => (q.kind === null ? [] : [q.kind])))].sort();
  const cost = questions.length * runs.length;
  /** The hour the evaluation's question runs were charged to (undefined: no budget). */
  let charged: Date | undefined;
  const row = await deps.db.transaction(async (trx) => {
    // One creation at a time per workspace, so the bounds hold under concurrent requests.
    await lockWorkspaceScope(trx, 'retrieval-evaluations', workspace.id);
    const { stored, running } = await evaluations.countEvaluations(trx, workspace.id);
    if (stored >= bounds.maxStored) {
      throw refused(409, EvaluationMessages.tooManyStored(bounds.maxStored), {
        code: 'evaluation_stored_limit',
        param: 'workspaceId',
        hint: 'Delete evaluations you no longer need: DELETE …/retrieval-evaluations/{evaluationId}',
      });
    }
    if (running >= bounds.maxRunning) {
      throw refused(
        409,
        EvaluationMessages.tooManyRunning(bounds.maxRunning),
        {
          code: 'evaluation_running_limit',
          param: 'workspaceId',
          hint: 'Wait for a running evaluation to finish (POST …/background-jobs shows its progress)',
        },
        { 'Retry-After': String(RUNNING_RETRY_AFTER_SECONDS) },
      );
    }
    // Every search of an evaluation is charged to the workspace's hour when it is created (kept after a delete):
    // a workspace cannot keep its share of the workers busy all day.
    if (bounds.questionRunsPerHour > 0) {
      const { windowStart, used, resetsIn } = await evaluations.questionRunsThisHour(trx, workspace.id);
      if (used + cost > bounds.questionRunsPerHour) {
        throw refused(
          429,
          EvaluationMessages.hourlyBudgetSpent(used, bounds.questionRunsPerHour, cost),
          {
            code: 'evaluation_hourly_budget',
            param: 'workspaceId',
            hint:
              `The budget starts afresh in ${resetsIn} s (Retry-After); ` +
              `${Math.max(0, bounds.questionRunsPerHour - used)} question runs are left this hour`,
          },
          { 'Retry-After': String(resetsIn) },
        );
      }
      await evaluations.chargeQuestionRuns(trx, workspace.id, windowStart, cost);
      charged = windowStart;
    }
    // Every workspace's evaluations share the workers: one creation at a time in the deployment past here, so the
    // deployment-wide bound holds too (the workspace's lock is always taken first).
    await lockWorkspaceScope(trx, 'retrieval-evaluations', DEPLOYMENT_SCOPE);
    if ((await evaluations.countRunningEverywhere(trx)) >= bounds.maxRunningTotal) {
      // No field of the request is at fault: the error names none.
      throw new AppError(
        409,
        EvaluationMessages.tooManyRunningTotal(bounds.maxRunningTotal),
        undefined,
        { 'Retry-After': String(RUNNING_RETRY_AFTER_SECONDS) },
        {
          code: 'evaluation_running_limit',
          hint: "Other workspaces' evaluations fill the deployment's share of the workers: retry after Retry-After",
        },
      );
    }
    return evaluations.insertEvaluation(
      trx,
      {
        id,
        workspace_id: workspace.id,
        name: input.name ?? null,
        job_id: jobId,
        runs,
        kinds,
        question_count: questions.length,
      },
      questions,
    );
  });
  try {
    await startJob(deps.temporal, retrievalEvaluationWorkflow, {
      workflowId: jobId,
      workspaceId: workspace.id,
      args: [{ workspaceId: workspace.id, evaluationId: id, batchSize: opts.batchSize ?? DEFAULT_BATCH_QUESTIONS }],
      memo: { evaluationId: id },
    });
  } catch (err) {
    // Nothing started: the evaluation goes, and its charge is given back to the hour it was charged to. The start's
    // own error is the answer (a 503 with Retry-After) even when this clean-up fails too.
    try {
      await evaluations.deleteEvaluation(deps.db, workspace.id, id);
      if (charged) await evaluations.refundQuestionRuns(deps.db, workspace.id, charged, cost);
    } catch (cleanup) {
      deps.logger.error(
        { workspaceId: workspace.id, evaluationId: id, err: (cleanup as Error).message },
        'retrieval evaluation not cleaned up after its start failed',
      );
    }
    throw err;
  }
  return row;
}

// ---- reading

export async function loadEvaluation({ db }: DbDeps, workspaceId: string, id: string): Promise<RetrievalEvaluationRow> {
  const row = isUuid(id) ? await evaluations.findEvaluation(db, workspaceId, id) : undefined;
  if (!row) throw notFound(EvaluationMessages.notFound, { pathParam: 'evaluationId' });
  return row;
}

export const listEvaluations = ({ db }: DbDeps, workspaceId: string, page: { page: number; limit: number }) =>
  evaluations.listEvaluations(db, workspaceId, { offset: (page.page - 1) * page.limit, limit: page.limit });

/** Per run, the metrics over every question scored and per kind of question (from per-question scores). */
export function summaryOf(
  runCount: number,
  scores: ReadonlyArray<{ run_index: number; kind: string | null; rank: number | null; ndcg: number }>,
): EvaluationSummary {
  return Array.from({ length: runCount }, (_, run) => {
    const ofRun = scores.filter((s) => s.run_index === run);
    const byKind = new Map<string, QuestionScore[]>();
    for (const s of ofRun) {
      if (s.kind === null) continue;
      byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), { rank: s.rank, ndcg: Number(s.ndcg) }]);
    }
    return {
      all: summarize(ofRun.map((s) => ({ rank: s.rank, ndcg: Number(s.ndcg) }))),
      kinds: Object.fromEntries([...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, summarize(v)])),
    };
  });
}

/** The evaluation's metrics: as stored once it completed, aggregated from the results recorded so far before. */
export async function evaluationSummary({ db }: DbDeps, row: RetrievalEvaluationRow): Promise<EvaluationSummary> {
  if (row.summary) return row.summary;
  return summaryOf(row.runs.length, await evaluations.scoresOf(db, row.workspace_id, row.id));
}

export interface QuestionView {
  question: RetrievalEvaluationQuestionRow;
  /** Per run, in order: the result, or undefined while the question waits. */
  results: Array<RetrievalEvaluationResultRow | undefined>;
}

export interface EvaluationView {
  row: RetrievalEvaluationRow;
  summary: EvaluationSummary;
  /** Per run: how reranking went (results per outcome). */
  rerank: Array<Record<string, number>>;
  questions: { rows: QuestionView[]; total: number; page: number; limit: number };
}

/** One evaluation with its metrics and a page of its questions (each with every run's rank and top results). */
export async function viewEvaluation(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  id: string,
  query: { page: number; limit: number; kind?: string; missedAt?: number; run?: string },
): Promise<EvaluationView> {
  let row = await loadEvaluation(deps, workspaceId, id);
  if (row.status === 'RUNNING') {
    // Reading the results needs no Temporal: when it does not answer, the evaluation shows as recorded.
    const settled = await settleEndedJobs(deps, [row]).then(
      () => true,
      () => false,
    );
    if (settled) row = await loadEvaluation(deps, workspaceId, id);
  }
  // A kind the set does not have is a typo, not a filter that matches nothing (it would read as "no misses").
  if (query.kind !== undefined && !row.kinds.includes(query.kind)) {
    throw refused(400, EvaluationMessages.unknownKind(row.kinds), {
      code: 'evaluation_unknown_run_or_kind',
      param: 'kind',
      hint:
        row.kinds.length === 0
          ? 'Leave kind out: tag questions with kind when creating an evaluation to group its figures'
          : "Name one of the evaluation's kinds (its kinds[]; case counts)",
    });
  }
  const runIndex = query.run === undefined ? undefined : row.runs.findIndex((r) => r.name === query.run);
  if (runIndex === -1) {
    throw refused(400, EvaluationMessages.unknownRun(row.runs.map((r) => r.name)), {
      code: 'evaluation_unknown_run_or_kind',
      param: 'run',
      hint: "Name one of the evaluation's runs (its runs[].name)",
    });
  }
  const [summary, outcomes, page] = await Promise.all([
    evaluationSummary(deps, row),
    evaluations.rerankOutcomes(deps.db, workspaceId, id),
    evaluations.questionPage(deps.db, workspaceId, id, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
      kind: query.kind,
      missedAt: query.missedAt ?? (runIndex === undefined ? undefined : METRIC_CUTOFF),
      runIndex,
    }),
  ]);
  const results = await evaluations.resultsOf(
    deps.db,
    workspaceId,
    id,
    page.rows.map((q) => q.position),
  );
  const rerank = row.runs.map((_, run) =>
    Object.fromEntries(outcomes.filter((o) => o.run_index === run).map((o) => [o.rerank, Number(o.n)])),
  );
  return {
    row,
    summary,
    rerank,
    questions: {
      rows: page.rows.map((question) => ({
        question,
        results: row.runs.map((_, run) => results.find((r) => r.position === question.position && r.run_index === run)),
      })),
      total: page.total,
      page: query.page,
      limit: query.limit,
    },
  };
}

export async function deleteEvaluation({ db }: DbDeps, workspaceId: string, id: string): Promise<void> {
  // A running evaluation's workflow finds it gone at its next batch and ends.
  if (!isUuid(id) || !(await evaluations.deleteEvaluation(db, workspaceId, id))) {
    throw notFound(EvaluationMessages.notFound, { pathParam: 'evaluationId' });
  }
}

// ---- comparing

export type MetricDelta = Record<MetricName, number> & { questions: number };

export interface ComparedFigures {
  evaluation: Metrics | null;
  baseline: Metrics | null;
  /** evaluation minus baseline, per metric (null when either side has no figures). */
  delta: MetricDelta | null;
}

export interface ComparedRun {
  name: string;
  all: ComparedFigures;
  kinds: Record<string, ComparedFigures>;
}

function compareFigures(evaluation: Metrics | undefined, baseline: Metrics | undefined): ComparedFigures {
  const has = (m: Metrics | undefined): m is Metrics => m !== undefined && m.questions > 0;
  return {
    evaluation: has(evaluation) ? evaluation : null,
    baseline: has(baseline) ? baseline : null,
    delta:
      has(evaluation) && has(baseline)
        ? (Object.fromEntries([
            ['questions', evaluation.questions - baseline.questions],
            ...METRIC_NAMES.map((m) => [m, evaluation[m] - baseline[m]]),
          ]) as MetricDelta)
        : null,
  };
}

/**
 * Two evaluations side by side: runs matched by name (a run of one side only is listed with the other side
 * null), per kind of question, with the deltas (this evaluation minus the baseline).
 */
export async function compareEvaluations(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  id: string,
  baselineId: string,
): Promise<{ evaluation: RetrievalEvaluationRow; baseline: RetrievalEvaluationRow; runs: ComparedRun[] }> {
  const [evaluation, baseline] = [
    await loadEvaluation(deps, workspaceId, id),
    await loadEvaluation(deps, workspaceId, baselineId).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? err.with({ pathParam: 'baselineId' }) : err;
    }),
  ];
  const [ours, theirs] = [await evaluationSummary(deps, evaluation), await evaluationSummary(deps, baseline)];
  const names = [...new Set([...evaluation.runs.map((r) => r.name), ...baseline.runs.map((r) => r.name)])];
  const figures = (row: RetrievalEvaluationRow, summary: EvaluationSummary, name: string) => {
    const i = row.runs.findIndex((r) => r.name === name);
    return i < 0 ? undefined : summary[i];
  };
  const runs = names.map((name) => {
    const [a, b] = [figures(evaluation, ours, name), figures(baseline, theirs, name)];
    const kinds = [...new Set([...Object.keys(a?.kinds ?? {}), ...Object.keys(b?.kinds ?? {})])].sort();
    return {
      name,
      all: compareFigures(a?.all, b?.all),
      kinds: Object.fromEntries(kinds.map((k) => [k, compareFigures(a?.kinds[k], b?.kinds[k])])),
    };
  });
  return { evaluation, baseline, runs };
}

// ---- background-jobs

/** An evaluation job's progress (POST …/background-jobs): questions evaluated, of all. */
export async function evaluationProgress(
  { db }: DbDeps,
  workspaceId: string,
  jobId: string,
): Promise<EvaluationProgress | undefined> {
  if (!jobId.startsWith(`${WorkflowIds.retrievalEvaluation(workspaceId, '')}`)) return undefined;
  const row = await evaluations.findEvaluationByJob(db, workspaceId, jobId);
  return row ? { questionsDone: row.questions_done, questionsTotal: row.question_count } : undefined;
}

// ---- the workflow's steps

/** A refusal the evaluation cannot get past by retrying (the role it searches as was deleted). */
export class EvaluationError extends Error {}

/** The query's vector computed once for every run of a batch (a question's runs embed the same text). */
function embeddingOnce(provider: EmbeddingProvider): EmbeddingProvider {
  const vectors = new Map<string, Promise<number[]>>();
  return {
    name: provider.name,
    model: provider.model,
    modelVersion: provider.modelVersion,
    dimension: provider.dimension,
    embedDocuments: (texts) => provider.embedDocuments(texts),
    embedQuery: (text) => {
      let v = vectors.get(text);
      if (!v) {
        v = provider.embedQuery(text);
        vectors.set(text, v);
        v.catch(() => vectors.delete(text));
      }
      return v;
    },
    close: () => provider.close(),
  };
}

/** One question searched under one run, as the run's credential, and scored. */
async function evaluateQuestion(
  deps: SearchDeps,
  workspace: WorkspaceRow,
  run: EvaluationRunSpec,
  question: RetrievalEvaluationQuestionRow,
): Promise<Omit<evaluations.RunResult, 'runIndex'>> {
  const found = await rankedVisibleSearch(deps, evaluationCredential(workspace, run.roleId), {
    query: question.query,
    limit: METRIC_CUTOFF,
    mode: run.mode,
    ...(run.hybridWeight !== null ? { hybridWeight: run.hybridWeight } : {}),
    ...(run.feedback === false ? { feedback: false } : {}),
    rerank: run.rerank,
    ...(run.rerankCandidates !== null ? { rerankCandidates: run.rerankCandidates } : {}),
    ...(run.filter !== null ? { filter: parseFilter(run.filter) } : {}),
  });
  const score = scoreQuestion({
    ranking: found.results.map((r) => r.row.id),
    relevant: new Map(question.relevant.map((r) => [r.knowledgeId, r.grade])),
  });
  return {
    ...score,
    top: found.results.map((r) => ({ knowledgeId: r.row.id, title: r.row.title, score: r.score ?? 0 })),
    rerank: found.rerank ?? null,
  };
}

/**
 * One batch of the workflow: the next `limit` questions without results, each searched under every run and
 * recorded at once (a question is recorded whole or not at all, and once: a batch run again after a worker was
 * lost starts at the first question without results). Stops early, between questions, when `signal` aborts
 * (the worker is shutting down). 'gone': the evaluation was deleted, or ended, meanwhile.
 */
export async function evaluateBatch(
  deps: SearchDeps,
  workspaceId: string,
  evaluationId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<{ state: 'run' | 'gone'; evaluated: number; remaining: number }> {
  const row = await evaluations.findEvaluation(deps.db, workspaceId, evaluationId);
  const workspace = await findWorkspace(deps.db, workspaceId);
  if (row?.status !== 'RUNNING' || !workspace || workspace.deleted_at) {
    return { state: 'gone', evaluated: 0, remaining: 0 };
  }
  for (const run of row.runs) {
    if (run.roleId !== null && !(await roles.findRole(deps.db, workspaceId, run.roleId))) {
      throw new EvaluationError(EvaluationMessages.roleGone(run.name));
    }
  }
  const searchDeps: SearchDeps = { ...deps, embeddings: embeddingOnce(deps.embeddings) };
  let evaluated = 0;
  for (const question of await evaluations.pendingQuestions(deps.db, workspaceId, evaluationId, limit)) {
    if (signal?.aborted) break;
    const results: evaluations.RunResult[] = [];
    for (const [runIndex, run] of row.runs.entries()) {
      results.push({ runIndex, ...(await evaluateQuestion(searchDeps, workspace, run, question)) });
    }
    const outcome = await deps.db.transaction((trx) =>
      evaluations.recordQuestionResults(trx, workspaceId, evaluationId, question.position, results),
    );
    if (outcome === 'gone') return { state: 'gone', evaluated, remaining: 0 };
    if (outcome === 'recorded') evaluated += 1;
  }
  const now = await evaluations.findEvaluation(deps.db, workspaceId, evaluationId);
  if (now?.status !== 'RUNNING') return { state: 'gone', evaluated, remaining: 0 };
  return { state: 'run', evaluated, remaining: now.question_count - now.questions_done };
}

/** The workflow's last step: the metrics stored (COMPLETED), or the failure recorded (FAILED). */
export async function finishEvaluation(
  { db }: DbDeps,
  workspaceId: string,
  evaluationId: string,
  error?: string,
): Promise<void> {
  const row = await evaluations.findEvaluation(db, workspaceId, evaluationId);
  if (!row) return;
  if (error !== undefined) {
    await evaluations.finishEvaluation(db, workspaceId, evaluationId, { status: 'FAILED', error });
    return;
  }
  const summary = summaryOf(row.runs.length, await evaluations.scoresOf(db, workspaceId, evaluationId));
  await evaluations.finishEvaluation(db, workspaceId, evaluationId, { status: 'COMPLETED', summary });
}
