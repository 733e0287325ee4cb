// Retrieval evaluations: the labelled set and the runs a request compares, and what the routes answer
// (presenters.ts builds it). The request bounds the deployment sets (config RETRIEVAL_EVAL_*) are checked by the
// service, which names the bound; the document states their ceilings.
import { z } from 'zod';
import { RETRIEVAL_EVAL_CEILINGS } from '../../../config';
import { FilterError, parseFilter } from '../../../domain/filter';
import { CUSTOMER_ROLE_ID } from '../../../domain/roles';
import { METRIC_CUTOFF } from '../../../domain/retrievalMetrics';
import { MAX_RERANK_CANDIDATES, SEARCH_MODES } from '../../../services/search/search';
import { documentedAs, NON_BLANK, timestamp, uuid } from '../../openapi/operation';
import { externalIdField, MAX_PAGE } from '../knowledge/schema';
import { FILTER_DESCRIPTION, FILTER_JSON_SCHEMA } from '../../schemas/filters';
import { queryInteger } from '../../schemas/integers';

const KIND = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const KIND_MESSAGE =
  'kind must be 1 to 64 letters, digits, dots, hyphens or underscores, starting with a letter or digit';
const kindField = (description: string) =>
  z.string().regex(KIND, { message: KIND_MESSAGE }).optional().meta({ description });
export const MAX_RELEVANT_PER_QUESTION = 20;
export const MAX_GRADE = 10;

const RelevantItemSchema = z
  .strictObject({
    knowledgeId: z
      .uuid({ message: 'knowledgeId must be a valid UUID' })
      .toLowerCase()
      .optional()
      .meta({ description: 'The item' }),
    externalId: externalIdField("The item's externalId (docs/guides/external-ids.md)").optional(),
    grade: z
      .number()
      .gt(0, { message: `grade must be a number above 0 and at most ${MAX_GRADE}` })
      .max(MAX_GRADE, { message: `grade must be a number above 0 and at most ${MAX_GRADE}` })
      .optional()
      .meta({
        description:
          'How relevant the item is (graded nDCG: its gain; default 1). Any grade counts as relevant for recall and MRR',
      }),
  })
  .refine((r) => (r.knowledgeId === undefined) !== (r.externalId === undefined), {
    message: 'Give each relevant item either knowledgeId or externalId',
  })
  .meta({
    description: 'A relevant item, named by its id or its externalId (exactly one of them)',
    oneOf: [{ required: ['knowledgeId'] }, { required: ['externalId'] }],
  });

const QuestionSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'Your own id for the question (unique in the set), shown back with its results' }),
  query: z
    .string()
    .trim()
    .min(1, { message: 'query must not be blank' })
    .meta({
      pattern: NON_BLANK,
      maxLength: RETRIEVAL_EVAL_CEILINGS.queryChars,
      description: `The question as a user would search it (at most RETRIEVAL_EVAL_MAX_QUERY_CHARS characters, default ${RETRIEVAL_EVAL_CEILINGS.queryChars})`,
    }),
  kind: kindField('A tag the figures are grouped by, e.g. paraphrase or identifier'),
  relevant: z
    .array(RelevantItemSchema)
    .min(1)
    .max(MAX_RELEVANT_PER_QUESTION)
    .meta({ description: 'The items that answer the question' }),
});

const RunSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional().meta({
      pattern: NON_BLANK,
      description: 'Unique in the evaluation; comparisons match runs by name (default: what the run does)',
    }),
    mode: z
      .enum(SEARCH_MODES)
      .optional()
      .meta({ description: 'The search mode (default semantic, as POST …/knowledge/search)' }),
    hybridWeight: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: "hybrid mode: the vector side's weight (default 0.8)" }),
    feedback: z.boolean().optional().meta({
      description:
        "hybrid mode: false turns off pseudo-relevance feedback for prose queries (default true, as POST …/knowledge/search's feedback): compare a run with it and one without",
    }),
    rerank: z
      .boolean()
      .optional()
      .meta({ description: "Rerank with the configured reranker (default: the workspace's setting at creation)" }),
    rerankCandidates: z.int().min(1).max(MAX_RERANK_CANDIDATES).optional(),
    filter: documentedAs(z.unknown(), { ...FILTER_JSON_SCHEMA, description: FILTER_DESCRIPTION }).optional(),
    roleId: z
      .uuid({ message: 'roleId must be a valid UUID' })
      .toLowerCase()
      .optional()
      .meta({ description: 'Search as this role' }),
    customerRoleId: z
      .string()
      .regex(CUSTOMER_ROLE_ID, {
        message: 'customerRoleId must be 1 to 255 characters: letters, digits, hyphen or underscore',
      })
      .optional()
      .meta({ description: 'Search as the role with this customerRoleId' }),
  })
  .refine((r) => r.roleId === undefined || r.customerRoleId === undefined, {
    message: 'Provide either customerRoleId or roleId, not both',
    params: {
      code: 'invalid_request',
      param: 'roleId',
      hint: 'Send customerRoleId (recommended) or roleId, not both: leave roleId out.',
    },
  })
  .meta({
    // The refinement above, as JSON Schema states it: not both.
    not: { required: ['roleId', 'customerRoleId'], properties: { roleId: {}, customerRoleId: {} } },
    description:
      'One way of searching: POST …/knowledge/search with these options (limit 10), as the workspace credential ' +
      "or, with roleId or customerRoleId, as that role's token: what the role sees, no more",
  });

export const CreateEvaluationSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional().meta({ pattern: NON_BLANK }),
    questions: z
      .array(QuestionSchema)
      .min(1)
      .meta({
        maxItems: RETRIEVAL_EVAL_CEILINGS.questions,
        description: `The labelled set (at most RETRIEVAL_EVAL_MAX_QUESTIONS questions, default ${RETRIEVAL_EVAL_CEILINGS.questions})`,
      }),
    runs: z
      .array(RunSchema)
      .min(1)
      .meta({
        maxItems: RETRIEVAL_EVAL_CEILINGS.runs,
        description: `The runs to compare (at most RETRIEVAL_EVAL_MAX_RUNS, default ${RETRIEVAL_EVAL_CEILINGS.runs})`,
      }),
  })
  .superRefine((body, ctx) => {
    // The filter is parsed here so its message names the run (runs[1].filter.value: …); it is stored as sent.
    body.runs.forEach((run, i) => {
      if (run.filter === undefined) return;
      try {
        parseFilter(run.filter);
      } catch (err) {
        if (!(err instanceof FilterError)) throw err;
        ctx.addIssue({
          code: 'custom',
          path: ['runs', i, 'filter'],
          message: `runs[${i}].${err.message}`,
          params: { code: 'invalid_filter', param: `runs[${i}].${err.param}`, hint: err.hint },
        });
      }
    });
  });

export type CreateEvaluationInput = z.infer<typeof CreateEvaluationSchema>;

const pageParam = (name: string, max: number, fallback: number) =>
  queryInteger(name, { min: 1, max, fallback, message: `Invalid ${name} value, must be between 1 and ${max}` });

export const EVALUATION_LIST_MAX_LIMIT = 100;
export const EvaluationListQuerySchema = z.object({
  page: pageParam('page', MAX_PAGE, 1),
  limit: pageParam('limit', EVALUATION_LIST_MAX_LIMIT, 20),
});

export const QUESTION_PAGE_MAX_LIMIT = 200;
const MISSED_AT_MESSAGE = `missedAt must be an integer between 1 and ${METRIC_CUTOFF}`;
export const EvaluationQuerySchema = z.object({
  page: pageParam('page', MAX_PAGE, 1).meta({ description: 'The page of questions' }),
  limit: pageParam('limit', QUESTION_PAGE_MAX_LIMIT, 50).meta({ description: 'Questions per page' }),
  kind: kindField('Only questions of this kind'),
  missedAt: queryInteger('missedAt', { min: 1, max: METRIC_CUTOFF, message: MISSED_AT_MESSAGE }).meta({
    description:
      `Only questions a run ranked nothing relevant for in its first missedAt results: ${METRIC_CUTOFF}, the ` +
      'misses; 1, every question a run did not answer first',
  }),
  run: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'With missedAt, only this run counts (its name); alone, missedAt=10 for this run' }),
});

// ---- responses

const metric = (description: string) => z.number().nullable().meta({ description });
export const EvaluationMetricsSchema = z
  .strictObject({
    questions: z.int().meta({ description: 'Questions scored' }),
    recallAt1: metric('Share of questions whose first result is relevant'),
    recallAt5: metric('Share of questions with a relevant item in the first 5'),
    recallAt10: metric('Share of questions with a relevant item in the first 10'),
    mrrAt10: metric('Mean reciprocal rank of the first relevant item (0 beyond 10)'),
    ndcgAt10: metric('Mean nDCG@10 (graded: gains are the grades)'),
  })
  .meta({ id: 'EvaluationMetrics', description: 'Figures over a set of questions (null: none scored yet)' });

const RankedItemSchema = z.strictObject({
  knowledgeId: uuid('The item'),
  title: z.string(),
  score: z.number().meta({ description: "The search's score" }),
});

export const EvaluationRunSchema = z
  .strictObject({
    name: z.string(),
    mode: z.enum(SEARCH_MODES),
    hybridWeight: z.number().nullable(),
    feedback: z.boolean().meta({
      description:
        'Whether prose queries took pseudo-relevance feedback: hybrid runs unless they turned it off; always false in semantic and keyword mode',
    }),
    rerank: z.boolean(),
    rerankCandidates: z.int().nullable(),
    filter: z.record(z.string(), z.unknown()).nullable().meta({ description: 'The filter as sent (null: none)' }),
    roleId: z.uuid().nullable().meta({ description: 'The role searched as (null: the workspace credential)' }),
    customerRoleId: z.string().nullable(),
  })
  .meta({ id: 'EvaluationRun' });

const RunFiguresSchema = z
  .strictObject({
    run: z.string().meta({ description: "The run's name" }),
    all: EvaluationMetricsSchema,
    kinds: z.record(z.string(), EvaluationMetricsSchema).meta({ description: 'Per kind of question' }),
    rerank: z
      .partialRecord(z.enum(['applied', 'skipped', 'unconfigured']), z.int())
      .meta({ description: 'Questions per reranking outcome (empty: the run did not rerank)' }),
  })
  .meta({ id: 'EvaluationRunFigures' });

export const EvaluationSummarySchema = z
  .strictObject({
    id: uuid('The evaluation'),
    name: z.string().nullable(),
    status: z.enum(['RUNNING', 'COMPLETED', 'FAILED']),
    jobId: z.string().meta({ description: 'Its workflow (POST …/background-jobs shows its progress)' }),
    progress: z.strictObject({ questionsDone: z.int(), questionsTotal: z.int() }),
    runs: z.array(EvaluationRunSchema),
    kinds: z.array(z.string()).meta({ description: 'The kinds of question in the set' }),
    error: z.string().nullable().meta({ description: 'Why it FAILED' }),
    createdAt: timestamp,
    updatedAt: timestamp,
    finishedAt: timestamp.nullable(),
  })
  .meta({ id: 'RetrievalEvaluationSummary' });
export type EvaluationSummaryOutput = z.infer<typeof EvaluationSummarySchema>;

export const EvaluationListSchema = z.strictObject({
  evaluations: z.array(EvaluationSummarySchema).meta({ description: 'Newest first' }),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});

export type EvaluationList = z.infer<typeof EvaluationListSchema>;

const QuestionRunSchema = z.strictObject({
  run: z.string(),
  evaluated: z.boolean().meta({ description: 'false: not evaluated yet' }),
  rank: z
    .int()
    .nullable()
    .meta({ description: `The rank of the first relevant item (null: none in the first ${METRIC_CUTOFF})` }),
  found: RankedItemSchema.nullable().meta({ description: 'The first relevant item found' }),
  above: z
    .array(RankedItemSchema)
    .meta({ description: `What ranked above it (a miss: all of the first ${METRIC_CUTOFF})` }),
});

const QuestionResultSchema = z.strictObject({
  index: z.int().meta({ description: "The question's position in the set (from 0)" }),
  id: z.string().nullable(),
  query: z.string(),
  kind: z.string().nullable(),
  relevant: z.array(
    z.strictObject({ knowledgeId: uuid('The item'), externalId: z.string().nullable(), grade: z.number() }),
  ),
  runs: z.array(QuestionRunSchema),
});

export const EvaluationSchema = EvaluationSummarySchema.extend({
  figures: z.array(RunFiguresSchema).meta({ description: 'Per run: the figures over all questions and per kind' }),
  questions: z.array(QuestionResultSchema).meta({ description: 'A page of the questions, by position' }),
  total: z.int().meta({ description: 'Questions matching kind, missedAt and run' }),
  page: z.int(),
  limit: z.int(),
}).meta({ id: 'RetrievalEvaluation' });
export type EvaluationOutput = z.infer<typeof EvaluationSchema>;

const ComparedSchema = z.strictObject({
  evaluation: EvaluationMetricsSchema.nullable(),
  baseline: EvaluationMetricsSchema.nullable(),
  delta: z
    .strictObject({
      questions: z.int(),
      recallAt1: z.number(),
      recallAt5: z.number(),
      recallAt10: z.number(),
      mrrAt10: z.number(),
      ndcgAt10: z.number(),
    })
    .nullable()
    .meta({ description: 'evaluation minus baseline (null: a side has no figures)' }),
});

const EvaluationRefSchema = z.strictObject({
  id: uuid('The evaluation'),
  name: z.string().nullable(),
  status: z.enum(['RUNNING', 'COMPLETED', 'FAILED']),
  createdAt: timestamp,
});

export const EvaluationComparisonSchema = z
  .strictObject({
    evaluation: EvaluationRefSchema,
    baseline: EvaluationRefSchema,
    runs: z.array(
      z.strictObject({
        run: z.string().meta({ description: 'Runs are matched by name' }),
        all: ComparedSchema,
        kinds: z.record(z.string(), ComparedSchema),
      }),
    ),
  })
  .meta({ id: 'RetrievalEvaluationComparison' });
export type EvaluationComparison = z.infer<typeof EvaluationComparisonSchema>;
