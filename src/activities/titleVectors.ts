// A title change's activity (workflows/titleVectors.ts): idempotent (it writes what the current title gives), and
// heartbeating while it embeds and writes, so a dead worker's attempt is retried within seconds.
import type { Db } from '../db/knex';
import type { TextSchemeDeps } from '../domain/embeddingText';
import type { EmbeddingProvider } from '../embeddings/provider';
import { refreshTitleVectors } from '../services/knowledge/titleVectors';
import type { Activities } from '../workflows/activityContract';
import { withHeartbeat } from './heartbeat';

export function createTitleVectorActivities(
  deps: { db: Db; embeddings: EmbeddingProvider } & TextSchemeDeps,
): Pick<Activities, 'refreshTitleVectors'> {
  return {
    refreshTitleVectors: (input) =>
      withHeartbeat({ knowledgeId: input.knowledgeId }, () => refreshTitleVectors(deps, input)),
  };
}
