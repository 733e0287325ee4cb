// The orphan reaper's activity (the reaping is services/knowledge/orphanUploads.ts's): an upload whose ingestion
// workflow still runs is left alone; the recomputed usage of each workspace touched is returned (and logged).
import { heartbeat, log } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { msToNumber } from '@temporalio/common/lib/time';
import type { Duration } from '@temporalio/common';
import type { Db } from '../db/knex';
import { reapOrphanUploads } from '../services/knowledge/orphanUploads';
import { sweepPurgeOutbox } from '../services/operations/purgeOutbox';
import type { ReapOrphansResult } from '../workflows/activityContract';
import type { BlobStore } from '../storage/blobStore';
import type { TemporalDeps } from '../temporal/client';
import { describeJob, startJob } from '../temporal/jobs';
import { purgeStoredFilesWorkflow } from '../workflows/purgeStoredFiles';

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
    /** Starts the purges whose deleting workflow never did (their outbox rows older than the grace). */
    async sweepPurgeOutbox(input: { grace: Duration }): Promise<{ started: number; skipped: number; cleared: number }> {
      const { temporal } = deps;
      if (!temporal) throw new Error('the purge outbox sweeper needs a Temporal client');
      const cutoff = new Date(Date.now() - msToNumber(input.grace));
      const result = await sweepPurgeOutbox(deps, cutoff, BATCH, async ({ workspaceId, purgeId, keys }) => {
        heartbeat({ purgeId });
        try {
          // The row's id is the purge's: a running purge is joined, one that completed is not run again, one
          // that failed or was terminated is run again.
          await startJob(temporal, purgeStoredFilesWorkflow, {
            workflowId: purgeId,
            workspaceId,
            args: [{ workspaceId, keys, delay: '1 second', outboxId: purgeId }],
            rerunUnfinished: true,
          });
          return 'started';
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
          // Running (it clears its row when done), or completed without clearing it (its last step failed).
          const job = await describeJob(temporal, workspaceId, purgeId);
          return job.status === 'COMPLETED' ? 'ran' : 'running';
        }
      });
      if (result.started > 0) log.info('stale purges started', { ...result });
      return result;
    },
  };
}
