// createActivities(deps): every activity the worker registers, built from real dependencies.
import type { Db } from '../db/knex';
import type { BlobStore } from '../storage/blobStore';
import { createStorageActivities } from './storage';

export interface ActivityDeps {
  db: Db;
  storage: BlobStore;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createStorageActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
