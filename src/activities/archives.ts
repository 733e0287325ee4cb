// Unpacking an uploaded ZIP into a folder: every member of a supported type becomes an upload of its own
// (stored, counted against the quota, ingested as a FILE child of the folder), so each has its own status,
// search hits and delete. Idempotent: member upload ids derive from the archive's upload and the member's path.
import { posix } from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Db } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import * as uploads from '../db/repositories/uploads';
import * as workspacesRepo from '../db/repositories/workspaces';
import { MIME } from '../extract/mime';
import { FailureReasons, resolveLimits } from '../extract/types';
import { readMember, screenMember } from '../extract/zip';
import { newZipBudget, ZipArchive } from '../extract/zipArchive';
import { recordUploadWithinQuota } from '../services/storageQuota';
import type { BlobStore } from '../storage/blobStore';
import { uploadKey } from '../storage/keys';
import { uuidV5, WorkflowIds } from '../temporal/constants';
import { IngestionFailureTypes, NO_MEMBERS, type IngestFileInput } from '../workflows/contracts';
import { withHeartbeat } from './heartbeat';
import { extractionFailure, gone, type IngestionSettings } from './ingestion';

export interface ArchiveDeps {
  db: Db;
  storage: BlobStore;
  ingestion: IngestionSettings;
  defaultStorageQuotaBytes: number;
}

export function createArchiveActivities(deps: ArchiveDeps) {
  const { db } = deps;
  return {
    /** Stores and records the archive's supported members; returns their upload ids and what was skipped. */
    async unpackArchive(
      input: IngestFileInput & { knowledgeId: string },
    ): Promise<{ members: string[]; skipped: Array<{ name: string; reason: string }> }> {
      // Heartbeats every 2 s throughout: storing one large member can outlast the 10 s heartbeat timeout.
      return withHeartbeat('unpacking', async () => {
        const folder = await knowledge.findKnowledge(db, input.workspaceId, input.knowledgeId);
        const workspace = await workspacesRepo.findWorkspace(db, input.workspaceId);
        if (!folder?.storage_key || !workspace) throw gone();
        const bytes = await deps.storage.get(folder.storage_key);
        if (!bytes) throw ApplicationFailure.nonRetryable(FailureReasons.missingFile, IngestionFailureTypes.extraction);
        const limits = resolveLimits(deps.ingestion.limits);
        let archive: ZipArchive;
        try {
          archive = await ZipArchive.open(bytes, limits, newZipBudget(limits));
        } catch (err) {
          return extractionFailure(err, MIME.zip, input.knowledgeId);
        }
        const members: string[] = [];
        const skipped: Array<{ name: string; reason: string }> = [];
        try {
          for (const entry of archive.entries) {
            const screened = screenMember(entry);
            if (!screened) continue;
            Context.current().heartbeat(entry.name);
            const skip = (reason: string) => skipped.push({ name: entry.name, reason });
            if ('skip' in screened) {
              skip(screened.skip);
              continue;
            }
            const uploadId = uuidV5(`zip-member:${input.uploadId}:${entry.name}`);
            if (await uploads.findUpload(db, input.workspaceId, uploadId)) {
              members.push(uploadId);
              continue;
            }
            const member = await readMember(archive, entry, screened.mime);
            if ('skip' in member) {
              skip(member.skip);
              continue;
            }
            const { data } = member;
            const filename = posix.basename(entry.name);
            const key = uploadKey(input.organizationId, input.workspaceId, uploadId, filename);
            await deps.storage.put(key, data, member.mime);
            const recorded = await recordUploadWithinQuota(db, workspace, deps.defaultStorageQuotaBytes, {
              id: uploadId,
              workspace_id: input.workspaceId,
              organization_id: input.organizationId,
              filename,
              mimetype: member.mime,
              size_bytes: data.length,
              storage_key: key,
              title: entry.name,
              description: null,
              language: folder.language,
              requested_status: 'BACKGROUND_START',
              workflow_id: WorkflowIds.ingestFile(input.workspaceId, uploadId),
              space_id: folder.space_id,
              source_visibility: folder.source_visibility,
            });
            if (!recorded) {
              await deps.storage.delete([key]);
              skip('Storage quota exceeded');
              continue;
            }
            members.push(uploadId);
          }
        } finally {
          archive.close();
        }
        return { members, skipped };
      });
    },

    /** The folder is COMPLETED once its members are done, or BACKGROUND_ERROR when none could be unpacked. */
    async completeFolder(input: {
      workspaceId: string;
      knowledgeId: string;
      members: number;
      skipped: Array<{ name: string; reason: string }>;
    }): Promise<void> {
      const folder = await knowledge.findKnowledge(db, input.workspaceId, input.knowledgeId);
      if (!folder) throw gone();
      const empty = input.members === 0;
      await knowledge.updateKnowledgeFields(db, input.workspaceId, input.knowledgeId, {
        status: empty ? 'BACKGROUND_ERROR' : 'COMPLETED',
        message_error: empty ? NO_MEMBERS : null,
        metadata: { ...folder.metadata, extraction: { members: input.members, skipped: input.skipped } },
      });
    },
  };
}
