import { z } from 'zod';
import { Messages } from '../../../errors';
import { RoleMessages } from '../../../domain/roles';
import { EvaluationMessages } from '../../../services/search/retrievalEvaluations';
import { uuid, withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import {
  CreateEvaluationSchema,
  EvaluationComparisonSchema,
  EvaluationListQuerySchema,
  EvaluationListSchema,
  EvaluationQuerySchema,
  EvaluationSchema,
  EvaluationSummarySchema,
} from './schema';
import {
  compareEvaluationsExamples,
  createEvaluationExamples,
  deleteEvaluationExamples,
  getEvaluationExamples,
  listEvaluationsExamples,
} from './examples';

const searchOps = operations('Search');

const base = '/v1/workspaces/{workspaceId}/retrieval-evaluations';
const evaluationId = uuid(`The evaluation (anything else: 404 "${EvaluationMessages.notFound}")`);
const EvaluationPath = withWorkspace({ evaluationId });
const ComparePath = withWorkspace({
  evaluationId,
  baselineId: uuid('The evaluation compared against (the deltas are evaluationId minus baselineId)'),
});
const notFound = { 404: [EvaluationMessages.notFound] } as const;
const evaluationLinks = (from: string) =>
  Object.fromEntries(
    ['getRetrievalEvaluation', 'deleteRetrievalEvaluation'].map((operationId) => [
      operationId,
      { operationId, parameters: { evaluationId: from } },
    ]),
  );

export const retrievalEvaluationsOperations: ApiOperation[] = [
  searchOps.post(base, 'createRetrievalEvaluation', {
    summary: 'Measure retrieval on your own labelled questions: start an evaluation of the runs it compares',
    description:
      'Each question is searched under every run (POST …/knowledge/search with the run’s mode, hybridWeight, rerank ' +
      'and filter, limit 10) and scored: the rank of its first relevant item, recall@1/5/10, MRR@10 and nDCG@10 ' +
      '(graded by the items’ grades). A run with roleId or customerRoleId searches as that role’s token: an item ' +
      'the role cannot see is never found. The evaluation runs in the background (202): POST …/background-jobs with ' +
      'its jobId shows questions done of total, and GET …/retrieval-evaluations/{evaluationId} the figures so far. ' +
      'Bounds (the deployment may lower them): RETRIEVAL_EVAL_MAX_QUESTIONS questions, RETRIEVAL_EVAL_MAX_RUNS ' +
      'runs, RETRIEVAL_EVAL_MAX_QUERY_CHARS characters per query (400), RETRIEVAL_EVAL_MAX_RUNNING evaluations ' +
      'running and RETRIEVAL_EVAL_MAX_STORED kept per workspace (409), and RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR ' +
      'question runs (questions × runs, charged at creation and kept after a delete) per workspace each clock hour ' +
      '(429 with Retry-After; 400 for one evaluation larger than the whole budget, which only a deployment that ' +
      'sets the budget below the questions and runs bounds’ product sees); the error body’s param names ' +
      'the field or bound and hint what to do.',
    body: CreateEvaluationSchema,
    examples: createEvaluationExamples,
    ok: [
      202,
      'Started: the evaluation (RUNNING) and its job',
      EvaluationSummarySchema,
      { links: evaluationLinks('$response.body#/id') },
    ],
    errors: {
      400: [
        EvaluationMessages.tooManyQuestions(1000, 1200),
        EvaluationMessages.tooManyRuns(10, 12),
        EvaluationMessages.queryTooLong('questions[3].query', 1000),
        EvaluationMessages.unknownItem('questions[7].relevant[0].externalId', 'externalId', 3),
        EvaluationMessages.duplicateRunName('runs[1].name', 'hybrid'),
        'Provide either customerRoleId or roleId, not both',
        'Missing required field: questions',
        EvaluationMessages.overHourlyBudget(10_000, 1000, 10, 5_000),
      ],
      404: [RoleMessages.notFound, Messages.customerRoleNotFound],
      409: [
        EvaluationMessages.tooManyRunning(2),
        EvaluationMessages.tooManyRunningTotal(8),
        EvaluationMessages.tooManyStored(100),
      ],
      429: [EvaluationMessages.hourlyBudgetSpent(28_000, 30_000, 4_000)],
    },
  }),
  searchOps.get(base, 'listRetrievalEvaluations', {
    summary: "The workspace's retrieval evaluations, newest first",
    query: EvaluationListQuerySchema,
    examples: { response: listEvaluationsExamples.response },
    ok: [200, 'A page of evaluations', EvaluationListSchema],
    errors: {
      400: ['Invalid page value, must be between 1 and 10000', 'Invalid limit value, must be between 1 and 100'],
    },
  }),
  searchOps.get(`${base}/{evaluationId}`, 'getRetrievalEvaluation', {
    summary: "An evaluation's figures per run and kind, and a page of its questions with what ranked above",
    description:
      'While RUNNING, the figures cover the questions evaluated so far. Each question shows, per run, the rank of ' +
      'its first relevant item in the first 10 (null: a miss), that item, and the results that ranked above it ' +
      '(for a miss, all ten). kind, missedAt and run narrow the page: missedAt=10 lists the misses, missedAt=1 ' +
      'every question some run did not answer first.',
    params: EvaluationPath,
    query: EvaluationQuerySchema,
    examples: { response: getEvaluationExamples.response },
    ok: [200, 'The evaluation', EvaluationSchema],
    errors: {
      400: [
        'Invalid page value, must be between 1 and 10000',
        'missedAt must be an integer between 1 and 10',
        EvaluationMessages.unknownRun(['semantic', 'hybrid']),
      ],
      ...notFound,
    },
  }),
  searchOps.get(`${base}/{evaluationId}/compare/{baselineId}`, 'compareRetrievalEvaluations', {
    summary: 'Two evaluations side by side: per run (matched by name) and kind, each figure and its delta',
    params: ComparePath,
    examples: { response: compareEvaluationsExamples.response },
    ok: [200, 'The comparison', EvaluationComparisonSchema],
    errors: notFound,
  }),
  searchOps.delete(`${base}/{evaluationId}`, 'deleteRetrievalEvaluation', {
    summary: 'Delete an evaluation and its results (a running one stops at its next batch)',
    params: EvaluationPath,
    examples: { response: deleteEvaluationExamples.response },
    ok: [200, 'Deleted', z.strictObject({ success: z.literal(true) })],
    errors: notFound,
  }),
];
