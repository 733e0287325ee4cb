// The re-embed workflow's activities (workflows/reembed.ts): each is idempotent, and the long ones heartbeat.
import { ApplicationFailure } from '@temporalio/activity';
import type { Db } from '../db/knex';
import type { TextSchemeDeps } from '../domain/embeddingText';
import type { EmbeddingProvider } from '../embeddings/provider';
import {
  ReembedError,
  beginReembed,
  countReembed,
  finishReembed,
  indexReembed,
  reembedBatch,
  requireTargetProvider,
  switchReembed,
} from '../services/search/reembed';
import type { Activities } from '../workflows/activityContract';
import type { EmbeddingTarget } from '../workflows/contracts';
import { withHeartbeat } from './heartbeat';

type ReembedActivities = Pick<
  Activities,
  'beginReembed' | 'reembedBatch' | 'countReembed' | 'indexReembed' | 'switchReembed' | 'finishReembed'
>;

/** A refusal (no provider for the target, no re-embed under way) does not get better by retrying. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ReembedError) throw ApplicationFailure.nonRetryable(err.message, 'ReembedRefused');
    throw err;
  }
}

export function createReembedActivities(
  deps: { db: Db; nextEmbeddings?: EmbeddingProvider } & TextSchemeDeps,
): ReembedActivities {
  const provider = (target: EmbeddingTarget) => requireTargetProvider(deps.nextEmbeddings, target);
  return {
    beginReembed: ({ target }) =>
      refusing(async () => {
        provider(target);
        return beginReembed(deps, target);
      }),
    reembedBatch: ({ target, ...batch }) =>
      refusing(() =>
        withHeartbeat({ afterId: batch.afterId }, () => reembedBatch(deps, provider(target), target, batch)),
      ),
    countReembed: ({ target }) => refusing(() => countReembed(deps, target)),
    indexReembed: () => withHeartbeat({ index: 'embedding_next' }, () => indexReembed(deps)),
    switchReembed: ({ target }) => refusing(() => switchReembed(deps, target)),
    finishReembed: ({ target }) => finishReembed(deps, target),
  };
}
