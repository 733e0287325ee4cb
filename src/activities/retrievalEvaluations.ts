// The retrieval evaluation workflow's activities (workflows/retrievalEvaluation.ts): a batch heartbeats while it
// searches and stops between questions when its attempt is cancelled (the worker shutting down), so what it
// recorded stands and the next attempt starts at the first question without results.
import { ApplicationFailure } from '@temporalio/activity';
import type { Db } from '../db/knex';
import { textSchemeOf, type TextSchemeDeps } from '../domain/embeddingText';
import type { EmbeddingProvider } from '../embeddings/provider';
import type { Reranker } from '../embeddings/rerank';
import type { Metrics } from '../observability/metrics';
import { EvaluationError, evaluateBatch, finishEvaluation } from '../services/search/retrievalEvaluations';
import { retrievalSettingsFor } from '../services/search/search';
import type { Activities } from '../workflows/activityContract';
import { EVALUATION_REFUSED } from '../workflows/contracts';
import { withHeartbeat } from './heartbeat';

type EvaluationActivities = Pick<Activities, 'evaluateRetrievalBatch' | 'finishRetrievalEvaluation'>;

export function createEvaluationActivities(
  deps: {
    db: Db;
    embeddings: EmbeddingProvider;
    reranker?: Reranker | null;
    metrics?: Pick<Metrics, 'searchDuration'>;
  } & TextSchemeDeps,
): EvaluationActivities {
  // Runs search as the API does: with the deployment's retrieval settings.
  const retrieval = retrievalSettingsFor(textSchemeOf(deps));
  return {
    evaluateRetrievalBatch: ({ workspaceId, evaluationId, limit }) =>
      withHeartbeat({ evaluationId }, async (signal) => {
        try {
          return await evaluateBatch(
            { db: deps.db, embeddings: deps.embeddings, reranker: deps.reranker, metrics: deps.metrics, retrieval },
            workspaceId,
            evaluationId,
            limit,
            signal,
          );
        } catch (err) {
          if (err instanceof EvaluationError) throw ApplicationFailure.nonRetryable(err.message, EVALUATION_REFUSED);
          throw err;
        }
      }),
    finishRetrievalEvaluation: ({ workspaceId, evaluationId, error }) =>
      finishEvaluation(deps, workspaceId, evaluationId, error),
  };
}
