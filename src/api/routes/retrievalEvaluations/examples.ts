// The examples the OpenAPI document shows for retrieval evaluations: a support knowledge base whose articles
// carry externalIds, two kinds of question, semantic against hybrid, and hybrid as the support role (which does
// not see the API error-code article). The figures are computed from the example's own ranks by the metrics the
// service uses, so they agree with the questions shown.
import { roundMetrics, scoreQuestion, summarize, type Judged, type Metrics } from '../../../domain/retrievalMetrics';

const WORKSPACE = '6f1c2b9e-4d3a-4e8b-9a71-2c5d8e0f3b14';
const EVALUATION = 'c3e9a1f7-2b4d-4e6a-9c8f-1d3b5e7a9c20';
const BASELINE = 'b1d7f3a9-6c2e-4a8b-8e4d-0f2a6c8e1b35';
const ROLE = '4a7d2e9c-5b1f-4c3e-8d6a-2f9b1e7c4a58';

const ARTICLES = {
  recovery: ['9b2f7c4e-1a3d-4c8e-b5f6-0d2e4a6c8b1f', 'Recover an account without its email'],
  backupCodes: ['2e8c4a6f-9d1b-4f3e-a5c7-6b8d0f2e4a91', 'Two-factor backup codes'],
  errorCodes: ['5d1f9b3e-7c2a-4e6d-8b4f-3a9c1e5d7b62', 'Error codes of the API'],
  invoiceEmail: ['8a4e2c6b-1f9d-4b7e-9c3a-5e7f1b3d9a04', 'Change the email on an invoice'],
  profile: ['0c6e2a8f-4b1d-4d9e-a3f5-7e9b1d3f5a86', 'Update your profile'],
  sessions: ['7f3b9d1e-5a2c-4e8f-b6d4-1c9e3a7f5b20', 'Session timeouts'],
  tokens: ['3a9e5c1f-8b2d-4f6a-9e3c-7d1b5f9a3e47', 'Access tokens and their lifetime'],
  sso: ['6d2f8b4a-3e1c-4a7f-b9d5-2c8e6a4f1d93', 'Single sign-on with your identity provider'],
  rateLimits: ['1b7d3f9e-6a4c-4e2b-8f1d-9a3c5e7b2f60', 'Rate limits'],
  webhooks: ['4f8a2d6c-9e3b-4b1f-a7c5-3d9f1b5e8a72', 'Webhook retries'],
  deleteAccount: ['e2a6c8f4-7d3b-4f9e-b1a5-8c4e2d6f0b19', 'Close your account'],
  export: ['a9c3e7b1-5f2d-4c8a-9e6b-4d2f8a1c7e35', 'Export your data'],
} as const;
type Article = keyof typeof ARTICLES;
const order = (articles: string) => articles.split(' ') as Article[];

const RELEVANT: Record<'q001' | 'q002', Array<{ article: Article; externalId: string; grade: number }>> = {
  q001: [
    { article: 'recovery', externalId: 'kb-account-recovery', grade: 2 },
    { article: 'backupCodes', externalId: 'kb-2fa-backup-codes', grade: 1 },
  ],
  q002: [{ article: 'errorCodes', externalId: 'kb-error-codes', grade: 1 }],
};

/** What each run ranked first for each question (the role sees four articles of the twelve). */
const RANKINGS: Record<string, Record<'q001' | 'q002', Article[]>> = {
  semantic: {
    q001: order('invoiceEmail profile recovery sso backupCodes deleteAccount export tokens sessions webhooks'),
    q002: order('sessions tokens rateLimits sso webhooks backupCodes profile export recovery deleteAccount'),
  },
  'hybrid 0.7': {
    q001: order('recovery backupCodes invoiceEmail profile sso deleteAccount export tokens sessions webhooks'),
    q002: order('errorCodes sessions tokens rateLimits webhooks sso backupCodes profile export recovery'),
  },
  'hybrid as support': {
    q001: order('recovery invoiceEmail profile sessions'),
    q002: order('sessions profile invoiceEmail recovery'),
  },
};

const QUESTIONS = [
  { id: 'q001' as const, query: 'I lost access to the email on my account, how do I get back in', kind: 'paraphrase' },
  { id: 'q002' as const, query: 'ERR_TOKEN_EXPIRED', kind: 'identifier' },
];

export const EVALUATION_REQUEST_EXAMPLE = {
  name: 'support articles, November',
  questions: QUESTIONS.map((q) => ({
    id: q.id,
    query: q.query,
    kind: q.kind,
    relevant: RELEVANT[q.id].map((r) =>
      r.grade === 1 ? { externalId: r.externalId } : { externalId: r.externalId, grade: r.grade },
    ),
  })),
  runs: [
    { name: 'semantic', mode: 'semantic' },
    { name: 'hybrid 0.7', mode: 'hybrid', hybridWeight: 0.7 },
    { name: 'hybrid as support', mode: 'hybrid', hybridWeight: 0.7, customerRoleId: 'support-agent' },
  ],
};

const run = (name: string, mode: string, hybridWeight: number | null, role: boolean) => ({
  name,
  mode,
  hybridWeight,
  rerank: false,
  rerankCandidates: null,
  filter: null,
  roleId: role ? ROLE : null,
  customerRoleId: role ? 'support-agent' : null,
});
const RUNS = [
  run('semantic', 'semantic', null, false),
  run('hybrid 0.7', 'hybrid', 0.7, false),
  run('hybrid as support', 'hybrid', 0.7, true),
];

export const EVALUATION_SUMMARY_EXAMPLE = {
  id: EVALUATION,
  name: 'support articles, November',
  status: 'RUNNING',
  jobId: `retrieval-evaluation:${WORKSPACE}:${EVALUATION}`,
  progress: { questionsDone: 0, questionsTotal: 2 },
  runs: RUNS,
  kinds: ['identifier', 'paraphrase'],
  error: null,
  createdAt: '2026-11-28T09:14:03.512Z',
  updatedAt: '2026-11-28T09:14:03.512Z',
  finishedAt: null,
};

const judged = (runName: string, q: 'q001' | 'q002'): Judged => ({
  ranking: RANKINGS[runName]![q].map((a) => ARTICLES[a][0]),
  relevant: new Map(RELEVANT[q].map((r) => [ARTICLES[r.article][0], r.grade])),
});
/** A score made up for the example: falling with the rank. */
const score = (rank: number) => Math.round((0.82 - rank * 0.031) * 10000) / 10000;
const ranked = (a: Article, rank: number) => ({
  knowledgeId: ARTICLES[a][0],
  title: ARTICLES[a][1],
  score: score(rank),
});
const r4 = (m: Metrics) => roundMetrics(m, 4);

export const EVALUATION_EXAMPLE = {
  ...EVALUATION_SUMMARY_EXAMPLE,
  status: 'COMPLETED',
  progress: { questionsDone: 2, questionsTotal: 2 },
  updatedAt: '2026-11-28T09:14:05.201Z',
  finishedAt: '2026-11-28T09:14:05.201Z',
  figures: RUNS.map(({ name }) => ({
    run: name,
    all: r4(summarize(QUESTIONS.map((q) => scoreQuestion(judged(name, q.id))))),
    kinds: Object.fromEntries(
      [...QUESTIONS]
        .sort((a, b) => a.kind.localeCompare(b.kind))
        .map((q) => [q.kind, r4(summarize([scoreQuestion(judged(name, q.id))]))]),
    ),
    rerank: {},
  })),
  questions: QUESTIONS.map((q, index) => ({
    index,
    id: q.id,
    query: q.query,
    kind: q.kind,
    relevant: RELEVANT[q.id].map((r) => ({
      knowledgeId: ARTICLES[r.article][0],
      externalId: r.externalId,
      grade: r.grade,
    })),
    runs: RUNS.map(({ name }) => {
      const { rank } = scoreQuestion(judged(name, q.id));
      const order = RANKINGS[name]![q.id];
      return {
        run: name,
        evaluated: true,
        rank,
        found: rank === null ? null : ranked(order[rank - 1]!, rank),
        above: order.slice(0, rank === null ? order.length : rank - 1).map((a, i) => ranked(a, i + 1)),
      };
    }),
  })),
  total: 2,
  page: 1,
  limit: 50,
};

export const EVALUATION_LIST_EXAMPLE = {
  evaluations: [
    {
      ...EVALUATION_SUMMARY_EXAMPLE,
      status: 'COMPLETED',
      progress: { questionsDone: 2, questionsTotal: 2 },
      finishedAt: '2026-11-28T09:14:05.201Z',
    },
  ],
  total: 1,
  page: 1,
  limit: 20,
};

const figures = (questions: number, ndcgAt10: number, recallAt1: number) => ({
  questions,
  recallAt1,
  recallAt5: 0.85,
  recallAt10: 0.9,
  mrrAt10: 0.7012,
  ndcgAt10,
});
const compared = (evaluation: Metrics, baseline: Metrics) => ({
  evaluation,
  baseline,
  delta: r4({
    questions: evaluation.questions - baseline.questions,
    recallAt1: evaluation.recallAt1 - baseline.recallAt1,
    recallAt5: evaluation.recallAt5 - baseline.recallAt5,
    recallAt10: evaluation.recallAt10 - baseline.recallAt10,
    mrrAt10: evaluation.mrrAt10 - baseline.mrrAt10,
    ndcgAt10: evaluation.ndcgAt10 - baseline.ndcgAt10,
  }),
});

export const COMPARISON_EXAMPLE = {
  evaluation: {
    id: EVALUATION,
    name: 'after raising the keyword weight',
    status: 'COMPLETED',
    createdAt: '2026-11-28T09:14:03.512Z',
  },
  baseline: {
    id: BASELINE,
    name: 'support articles, November',
    status: 'COMPLETED',
    createdAt: '2026-11-21T16:40:11.087Z',
  },
  runs: [
    {
      run: 'hybrid',
      all: compared(figures(120, 0.8121, 0.6417), figures(120, 0.7993, 0.625)),
      kinds: {
        identifier: compared(figures(40, 0.931, 0.85), figures(40, 0.8977, 0.8)),
        paraphrase: compared(figures(80, 0.7526, 0.5375), figures(80, 0.7501, 0.5375)),
      },
    },
  ],
};
