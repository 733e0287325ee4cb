// createActivities(deps): every activity the worker registers, built from real dependencies.
import type { Db } from '../db/knex';
import type { EmbeddingProvider } from '../embeddings/provider';
import type { Extractor } from '../extract';
import type { BlobStore } from '../storage/blobStore';
import type { WebSettings } from '../web/document';
import { createArchiveActivities } from './archives';
import { createCrawlActivities } from './crawl';
import { createDeleteActivities } from './deletes';
import { createRoleActivities } from './roles';
import { createIngestionActivities, type IngestionSettings } from './ingestion';
import { createSourceActivities } from './sources';
import { createStorageActivities } from './storage';

export interface ActivityDeps {
  db: Db;
  storage: BlobStore;
  extractor: Extractor;
  embeddings: EmbeddingProvider;
  ingestion: IngestionSettings;
  web: WebSettings;
  defaultStorageQuotaBytes: number;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createStorageActivities(deps),
    ...createIngestionActivities(deps),
    ...createSourceActivities(deps),
    ...createCrawlActivities(deps),
    ...createArchiveActivities(deps),
    ...createDeleteActivities(deps),
    ...createRoleActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
