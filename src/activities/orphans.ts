// The orphan reaper's activity: uploads older than the grace period that never became a knowledge item
// and have no running ingestion workflow (a request that died mid-stream, a crash between storing and
// starting the workflow) are removed with their stored bytes. The workspace quota is the sum of its
// upload records, so removing them frees it at once; the recomputed usage of each workspace touched is
// returned (and logged).
import { heartbeat, log } from '@temporalio/activity';
import { msToNumber } from '@temporalio/common/lib/time';
import type { Duration } from '@temporalio/common';
import type { Db } from '../db/knex';
import * as uploads from '../db/repositories/uploads';
import type { BlobStore } from '../storage/blobStore';
import type { TemporalDeps } from '../temporal/client';
import { describeJob } from '../temporal/jobs';

export interface ReapOrphansResult {
  reaped: number;
  bytesFreed: number;
  /** Stored bytes of each workspace touched, recomputed after the reaping. */
  usedBytes: Record<string, number>;
}

const BATCH = 500;

export function createOrphanActivities(deps: { db: Db; storage: BlobStore; temporal?: TemporalDeps }) {
  return {
    async reapOrphanUploads(input: { grace: Duration }): Promise<ReapOrphansResult> {
      const { temporal } = deps;
      if (!temporal) throw new Error('the orphan reaper needs a Temporal client');
      const cutoff = new Date(Date.now() - msToNumber(input.grace));
      const candidates = await uploads.findUnlinkedUploads(deps.db, cutoff, BATCH);
      const result: ReapOrphansResult = { reaped: 0, bytesFreed: 0, usedBytes: {} };
      for (const upload of candidates) {
        heartbeat({ checked: upload.id });
        const job = await describeJob(temporal, upload.workspace_id, upload.workflow_id);
        if (job.status === 'RUNNING') continue;
        await deps.storage.delete([upload.storage_key]);
        await uploads.deleteUpload(deps.db, upload.workspace_id, upload.id);
        result.reaped += 1;
        result.bytesFreed += upload.size_bytes;
        result.usedBytes[upload.workspace_id] = 0;
      }
      for (const workspaceId of Object.keys(result.usedBytes)) {
        result.usedBytes[workspaceId] = await uploads.storageUsedBytes(deps.db, workspaceId);
      }
      if (result.reaped > 0) log.info('orphan uploads reaped', { ...result });
      return result;
    },
  };
}
