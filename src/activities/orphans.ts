// The orphan reaper's activity (the reaping is services/orphanUploads.ts's): an upload whose ingestion
// workflow still runs is left alone; the recomputed usage of each workspace touched is returned (and logged).
import { heartbeat, log } from '@temporalio/activity';
import { msToNumber } from '@temporalio/common/lib/time';
import type { Duration } from '@temporalio/common';
import type { Db } from '../db/knex';
import { reapOrphanUploads } from '../services/orphanUploads';
import type { ReapOrphansResult } from '../workflows/activityContract';
import type { BlobStore } from '../storage/blobStore';
import type { TemporalDeps } from '../temporal/client';
import { describeJob } from '../temporal/jobs';

const BATCH = 500;

export function createOrphanActivities(deps: { db: Db; storage: BlobStore; temporal?: TemporalDeps }) {
  return {
    async reapOrphanUploads(input: { grace: Duration }): Promise<ReapOrphansResult> {
      const { temporal } = deps;
      if (!temporal) throw new Error('the orphan reaper needs a Temporal client');
      const cutoff = new Date(Date.now() - msToNumber(input.grace));
      const result = await reapOrphanUploads(deps, cutoff, BATCH, async (upload) => {
        heartbeat({ checked: upload.id });
        const job = await describeJob(temporal, upload.workspace_id, upload.workflow_id);
        return job.status === 'RUNNING';
      });
      if (result.reaped > 0) log.info('orphan uploads reaped', { ...result });
      return result;
    },
  };
}
