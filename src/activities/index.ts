// createActivities(deps): every activity the worker registers, built from real dependencies.
import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { DeploymentTextScheme } from '../domain/embeddingText';
import type { EmbeddingProvider } from '../embeddings/provider';
import type { Reranker } from '../embeddings/rerank';
import type { Extractor } from '../extract';
import type { Metrics } from '../observability/metrics';
import type { SecretBox } from '../services/secretBox';
import type { BlobStore } from '../storage/blobStore';
import type { TemporalDeps } from '../temporal/client';
import type { WebSettings } from '../web/document';
import type { OwnComponents } from '../web/ownComponents';
import { createArchiveActivities } from './archives';
import { createDeleteActivities } from './deletes';
import { createRoleActivities } from './roles';
import { createIngestionActivities, type IngestionSettings } from './ingestion';
import { createOrphanActivities } from './orphans';
import { createReembedActivities } from './reembed';
import { createEvaluationActivities } from './retrievalEvaluations';
import { createSourceActivities } from './sources';
import { createStorageActivities } from './storage';
import { createVersionActivities } from './versions';
import { createSyncSourceActivities } from './syncSources';
import { createSourceRulesActivities } from './sourceRules';
import { createTitleVectorActivities } from './titleVectors';
import { createWebhookActivities } from './webhooks';
import type { VersionRetention } from '../services/versions/versionRetention';
import type { Activities } from '../workflows/activityContract';

export interface ActivityDeps {
  db: Db;
  storage: BlobStore;
  extractor: Extractor;
  embeddings: EmbeddingProvider;
  /** The model a re-embed builds (EMBEDDING_NEXT_MODEL_DIR; workflows/reembed.ts), when configured. */
  nextEmbeddings?: EmbeddingProvider;
  /** The reranker RERANK_URL configures (retrieval evaluations' runs with rerank), or null. */
  reranker?: Reranker | null;
  ingestion: IngestionSettings;
  /** The text each chunk's vector is computed from (EMBEDDING_TEXT_SCHEME): ingestion, re-embeds, evaluations. */
  textScheme: DeploymentTextScheme;
  /** For activities that look at other workflows (the orphan reaper). */
  temporal?: TemporalDeps;
  metrics: Metrics;
  webhooks: Config['webhooks'];
  web: WebSettings;
  /** The service's own components: every outbound request refuses them (src/web/ownComponents.ts). */
  ownComponents: OwnComponents;
  defaultStorageQuotaBytes: number;
  versionRetention?: VersionRetention;
  /** Opens synced sources' sealed credentials. */
  secrets?: SecretBox;
}

export function createActivities(deps: ActivityDeps): Activities {
  return {
    ...createStorageActivities(deps),
    ...createIngestionActivities(deps),
    ...createSourceActivities(deps),
    ...createArchiveActivities(deps),
    ...createDeleteActivities(deps),
    ...createRoleActivities(deps),
    ...createOrphanActivities(deps),
    ...createWebhookActivities(deps),
    ...createReembedActivities(deps),
    ...createEvaluationActivities(deps),
    ...createVersionActivities(deps),
    ...createSyncSourceActivities(deps),
    ...createSourceRulesActivities(deps),
    ...createTitleVectorActivities(deps),
  };
}

export type { Activities };
