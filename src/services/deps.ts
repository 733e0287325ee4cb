// The dependencies every entry point builds once and passes down (no module-level singletons).
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { EmbeddingProvider } from '../embeddings/provider';
import type { Reranker } from '../embeddings/rerank';
import type { SecretBox } from './secretBox';
import type { Metrics } from '../observability/metrics';
import type { Tracing } from '../observability/tracing';
import type { TokenService } from './access/tokens';
import type { BlobStore } from '../storage/blobStore';
import type { TemporalDeps } from '../temporal/client';
import type { OwnComponents } from '../web/ownComponents';

export interface Deps {
  config: Config;
  logger: Logger;
  db: Db;
  storage: BlobStore;
  temporal: TemporalDeps;
  tokens: TokenService;
  embeddings: EmbeddingProvider;
  /** The reranker RERANK_URL configures (built once), or null when none is. */
  reranker: Reranker | null;
  /** The model a re-embed builds (EMBEDDING_NEXT_MODEL_DIR), when configured. */
  nextEmbeddings?: EmbeddingProvider;
  /** Seals and opens secrets stored in the database (agent servers' auth tokens). */
  secrets: SecretBox;
  metrics: Metrics;
  tracing: Tracing;
  /**
   * The service's own components (its S3 store, Temporal, PostgreSQL, metrics, OTLP, its listeners), resolved
   * once at start-up: every outbound request refuses them, whatever the private-network settings.
   */
  ownComponents: OwnComponents;
}

/**
 * What most services need of the deps: the database, or a transaction in its place (`{ db: trx }`). A service
 * takes the deps first and names only what it uses, so a test or an activity passes just that.
 */
export type DbDeps = Pick<Deps, 'db'>;
