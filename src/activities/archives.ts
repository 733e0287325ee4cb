// Unpacking an uploaded ZIP into a folder: every member of a supported type becomes an upload of its own
// (stored, counted against the quota, ingested as a FILE child of the folder), so each has its own status,
// search hits and delete. Idempotent: member upload ids derive from the archive's upload and the member's path.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Db } from '../db/knex';
import { MIME } from '../extract/mime';
import { FailureReasons, resolveLimits } from '../extract/types';
import type { SkippedMember } from '../extract/zip';
import { newZipBudget, ZipArchive } from '../extract/zipArchive';
import { completeUnpackedFolder, recordArchiveMembers, requireWorkspace } from '../services/knowledge/childUploads';
import { KnowledgeGoneError, requireItem } from '../services/knowledge/ingestion';
import type { BlobStore } from '../storage/blobStore';
import { uuidV5 } from '../temporal/constants';
import { IngestionFailureTypes, type IngestFileInput } from '../workflows/contracts';
import { withHeartbeat } from './heartbeat';
import { classifyFailures, extractionFailure } from './failures';
import type { IngestionSettings } from './ingestion';

export interface ArchiveDeps {
  db: Db;
  storage: BlobStore;
  ingestion: IngestionSettings;
  defaultStorageQuotaBytes: number;
}

export function createArchiveActivities(deps: ArchiveDeps) {
  const { db } = deps;
  return classifyFailures({
    /** Stores and records the archive's supported members; returns their upload ids and what was skipped. */
    async unpackArchive(
      input: IngestFileInput & { knowledgeId: string },
    ): Promise<{ members: string[]; skipped: SkippedMember[] }> {
      // Heartbeats every 2 s throughout: storing one large member can outlast the 10 s heartbeat timeout.
      return withHeartbeat('unpacking', async () => {
        const folder = await requireItem({ db: db }, input.workspaceId, input.knowledgeId);
        const workspace = await requireWorkspace({ db }, input.workspaceId);
        if (!folder.storage_key) throw new KnowledgeGoneError();
        const bytes = await deps.storage.get(folder.storage_key);
        if (!bytes) throw ApplicationFailure.nonRetryable(FailureReasons.missingFile, IngestionFailureTypes.extraction);
        const limits = resolveLimits(deps.ingestion.limits);
        let archive: ZipArchive;
        try {
          archive = await ZipArchive.open(bytes, limits, newZipBudget(limits));
        } catch (err) {
          return extractionFailure(err, MIME.zip, input.knowledgeId);
        }
        const skipped: SkippedMember[] = [];
        try {
          const target = { folder, workspace, organizationId: input.organizationId };
          const members = await recordArchiveMembers(deps, target, archive, skipped, (entry) => {
            Context.current().heartbeat(entry.name);
            return uuidV5(`zip-member:${input.uploadId}:${entry.name}`);
          });
          return { members, skipped };
        } finally {
          archive.close();
        }
      });
    },

    /** The folder is COMPLETED once its members are done, or BACKGROUND_ERROR when none could be unpacked. */
    async completeFolder(input: {
      workspaceId: string;
      knowledgeId: string;
      members: number;
      skipped: SkippedMember[];
    }): Promise<void> {
      await completeUnpackedFolder({ db }, input.workspaceId, input.knowledgeId, input);
    },
  });
}
