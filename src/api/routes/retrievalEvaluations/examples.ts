// Hand-written examples of the retrieval evaluation operations (requests and main responses): two questions about
// the "Rotating API keys" runbook of the knowledge examples (a paraphrase and an identifier), measured under
// semantic search, hybrid search, and hybrid search as the "Support agents" role (customerRoleId support-agents),
// which the runbook is assigned to. The figures are computed from the example's own ranks by the metrics the
// service uses, so they agree with the questions shown.
import { roundMetrics, scoreQuestion, summarize, type Metrics } from '../../../domain/retrievalMetrics';
import { EXAMPLE_IDS, example } from '../../openapi/operation';

const { workspaceId, knowledgeId, roleId } = EXAMPLE_IDS;
const EVALUATION = 'c3e9a1f7-2b4d-4e6a-9c8f-1d3b5e7a9c20';
const BASELINE = 'b1d7f3a9-6c2e-4a8b-8e4d-0f2a6c8e1b35';
const created = '2025-03-21T09:14:03.512Z';
const finished = '2025-03-21T09:14:05.201Z';

/** The workspace's articles: the runbook, and others a search may rank above it. */
const ARTICLES = {
  runbook: [knowledgeId, 'Rotating API keys'],
  tokenLifetime: ['3a9e5c1f-8b2d-4f6a-9e3c-7d1b5f9a3e47', 'Access token lifetime'],
  userSpaceTokens: ['6d2f8b4a-3e1c-4a7f-b9d5-2c8e6a4f1d93', 'Revoking a user space token'],
  sso: ['1b7d3f9e-6a4c-4e2b-8f1d-9a3c5e7b2f60', 'Single sign-on with your identity provider'],
  rateLimits: ['4f8a2d6c-9e3b-4b1f-a7c5-3d9f1b5e8a72', 'Rate limits'],
  webhooks: ['e2a6c8f4-7d3b-4f9e-b1a5-8c4e2d6f0b19', 'Webhook retries'],
  refunds: ['a9c3e7b1-5f2d-4c8a-9e6b-4d2f8a1c7e35', 'Refund policy'],
  hours: ['0c6e2a8f-4b1d-4d9e-a3f5-7e9b1d3f5a86', 'Support hours'],
} as const;
type Article = keyof typeof ARTICLES;
const order = (articles: string) => articles.split(' ') as Article[];

const QUESTIONS = [
  {
    id: 'q001',
    kind: 'paraphrase',
    query: 'how do I replace a leaked credential without downtime',
    relevant: [{ knowledgeId, grade: 2 }],
  },
  { id: 'q002', kind: 'identifier', query: 'revoke API key', relevant: [{ knowledgeId }] },
] as const;
type QuestionId = (typeof QUESTIONS)[number]['id'];

/** What each run ranked first for each question (the role sees three of the eight articles). */
const RANKINGS: Record<string, Record<QuestionId, Article[]>> = {
  semantic: {
    q001: order('tokenLifetime runbook userSpaceTokens sso rateLimits webhooks refunds hours'),
    q002: order('userSpaceTokens tokenLifetime runbook sso rateLimits webhooks refunds hours'),
  },
  'hybrid 0.7': {
    q001: order('runbook tokenLifetime userSpaceTokens sso rateLimits webhooks refunds hours'),
    q002: order('runbook userSpaceTokens tokenLifetime sso rateLimits webhooks refunds hours'),
  },
  'hybrid as support agents': {
    q001: order('runbook hours refunds'),
    q002: order('runbook refunds hours'),
  },
};

const run = (name: string, mode: string, hybridWeight: number | null, asRole: boolean) => ({
  name,
  mode,
  hybridWeight,
  feedback: mode === 'hybrid',
  rerank: false,
  rerankCandidates: null,
  filter: null,
  roleId: asRole ? roleId : null,
  customerRoleId: asRole ? 'support-agents' : null,
});
const RUNS = [
  run('semantic', 'semantic', null, false),
  run('hybrid 0.7', 'hybrid', 0.7, false),
  run('hybrid as support agents', 'hybrid', 0.7, true),
];

const request = {
  name: 'API key questions, March',
  questions: QUESTIONS,
  runs: [
    { name: 'semantic', mode: 'semantic' },
    { name: 'hybrid 0.7', mode: 'hybrid', hybridWeight: 0.7 },
    { name: 'hybrid as support agents', mode: 'hybrid', hybridWeight: 0.7, customerRoleId: 'support-agents' },
  ],
};

const summary = {
  id: EVALUATION,
  name: request.name,
  status: 'RUNNING',
  jobId: `retrieval-evaluation:${workspaceId}:${EVALUATION}`,
  progress: { questionsDone: 0, questionsTotal: 2 },
  runs: RUNS,
  kinds: ['identifier', 'paraphrase'],
  error: null,
  createdAt: created,
  updatedAt: created,
  finishedAt: null,
};
const completed = {
  ...summary,
  status: 'COMPLETED',
  progress: { questionsDone: 2, questionsTotal: 2 },
  updatedAt: finished,
  finishedAt: finished,
};

const scoreOf = (runName: string, q: (typeof QUESTIONS)[number]) =>
  scoreQuestion({
    ranking: RANKINGS[runName]![q.id].map((a) => ARTICLES[a][0]),
    relevant: new Map(q.relevant.map((r) => [r.knowledgeId, 'grade' in r ? r.grade : 1])),
  });
/** A score made up for the example, falling with the rank. */
const ranked = (a: Article, rank: number) => ({
  knowledgeId: ARTICLES[a][0],
  title: ARTICLES[a][1],
  score: Math.round((0.82 - rank * 0.031) * 10000) / 10000,
});
const r4 = (m: Metrics) => roundMetrics(m, 4);

const evaluation = {
  ...completed,
  figures: RUNS.map(({ name }) => ({
    run: name,
    all: r4(summarize(QUESTIONS.map((q) => scoreOf(name, q)))),
    kinds: Object.fromEntries(
      [...QUESTIONS]
        .sort((a, b) => a.kind.localeCompare(b.kind))
        .map((q) => [q.kind, r4(summarize([scoreOf(name, q)]))]),
    ),
    rerank: {},
  })),
  questions: QUESTIONS.map((q, index) => ({
    index,
    id: q.id,
    query: q.query,
    kind: q.kind,
    relevant: q.relevant.map((r) => ({
      knowledgeId: r.knowledgeId,
      externalId: null,
      grade: 'grade' in r ? r.grade : 1,
    })),
    runs: RUNS.map(({ name }) => {
      const { rank } = scoreOf(name, q);
      const top = RANKINGS[name]![q.id];
      return {
        run: name,
        evaluated: true,
        rank,
        found: rank === null ? null : ranked(top[rank - 1]!, rank),
        above: top.slice(0, rank === null ? top.length : rank - 1).map((a, i) => ranked(a, i + 1)),
      };
    }),
  })),
  total: 2,
  page: 1,
  limit: 50,
};

const figures = (questions: number, ndcgAt10: number, recallAt1: number, mrrAt10: number): Metrics => ({
  questions,
  recallAt1,
  recallAt5: 1,
  recallAt10: 1,
  mrrAt10,
  ndcgAt10,
});
const compared = (ours: Metrics, theirs: Metrics) => ({
  evaluation: ours,
  baseline: theirs,
  delta: r4({
    questions: ours.questions - theirs.questions,
    recallAt1: ours.recallAt1 - theirs.recallAt1,
    recallAt5: ours.recallAt5 - theirs.recallAt5,
    recallAt10: ours.recallAt10 - theirs.recallAt10,
    mrrAt10: ours.mrrAt10 - theirs.mrrAt10,
    ndcgAt10: ours.ndcgAt10 - theirs.ndcgAt10,
  }),
});

export const createEvaluationExamples = {
  request: {
    threeRuns: example(
      'Semantic against hybrid, and hybrid as a role',
      request,
      'Relevant items by knowledgeId here; an externalId names an item as well ({"externalId": "kb-rotating-keys"}).',
    ),
    feedbackOff: example(
      'Hybrid with and without pseudo-relevance feedback',
      {
        name: 'Feedback on our questions',
        questions: QUESTIONS,
        runs: [
          { name: 'hybrid', mode: 'hybrid' },
          { name: 'hybrid without feedback', mode: 'hybrid', feedback: false },
        ],
      },
      'Whether the default feedback (prose queries, header-mix) helps on your own set: compare the runs per kind.',
    ),
  },
  response: { started: example('Started: the evaluation and its job', summary) },
};

export const listEvaluationsExamples = {
  response: { one: example('One evaluation', { evaluations: [completed], total: 1, page: 1, limit: 20 }) },
};

export const getEvaluationExamples = {
  response: { completed: example('Figures per run and kind, and each question with what ranked above', evaluation) },
};

export const compareEvaluationsExamples = {
  response: {
    keywordWeight: example('After lowering the vector weight from 0.8 to 0.7', {
      evaluation: { id: EVALUATION, name: 'vector weight 0.7', status: 'COMPLETED', createdAt: created },
      baseline: { id: BASELINE, name: 'vector weight 0.8', status: 'COMPLETED', createdAt: '2025-03-14T16:40:11.087Z' },
      runs: [
        {
          run: 'hybrid',
          all: compared(figures(120, 0.8121, 0.6417, 0.7705), figures(120, 0.7993, 0.625, 0.7588)),
          kinds: {
            identifier: compared(figures(40, 0.931, 0.85, 0.9125), figures(40, 0.8977, 0.8, 0.8775)),
            paraphrase: compared(figures(80, 0.7526, 0.5375, 0.6995), figures(80, 0.7501, 0.5375, 0.6994)),
          },
        },
      ],
    }),
  },
};

export const deleteEvaluationExamples = { response: { deleted: example('Deleted', { success: true }) } };
