// File uploads (synchronous, or tracked in the background) and their tracking by upload id.
import type { Deps } from '../../../../services/deps';
import * as knowledgeService from '../../../../services/knowledge/knowledge';
import { loadSpace } from '../../../../services/spaces/spaces';
import { discardUpload, type UploadGate } from '../../../../services/knowledge/uploads';
import * as upserts from '../../../../services/knowledge/upserts';
import { guard, requireAuth } from '../../../middleware/authenticate';
import { answerUpsert, type KnowledgeRoutes } from '../handlers';
import { presentUploadItem } from './presenters';
import { receiveUpload } from '../upload';
import {
  type UploadFileMetadata,
  type UploadProcessed,
  type UploadStarted,
  UPLOAD_SPACE_HELP,
  UploadFieldsSchema,
} from './schema';

export function uploadRoutes(deps: Deps, base: string, uploadGate: () => UploadGate): KnowledgeRoutes {
  const read = guard(deps, 'knowledge.read');
  const write = guard(deps, 'knowledge.write');

  return {
    uploadFile: (router) =>
      router.post(`${base}/file`, write, async (ctx) => {
        const auth = requireAuth(ctx);
        const { workspace } = auth;
        const { input, staged } = await receiveUpload(ctx, deps, workspace, uploadGate(), UploadFieldsSchema);
        try {
          if (input.spaceId) await loadSpace(deps, workspace.id, input.spaceId, UPLOAD_SPACE_HELP);
        } catch (err) {
          await discardUpload(deps, workspace, staged);
          throw err;
        }
        const upserted = await upserts.upsertUpload(deps, auth, staged, {
          spaceId: input.spaceId,
          sourceVisibility: input.sourceVisibility,
          title: input.title,
          description: input.description,
          language: input.language,
          background: input.status === 'BACKGROUND_START',
          unpack: input.unpack,
          attributes: input.attributes,
          externalId: input.externalId,
        });
        if (upserted.kind !== 'created') return answerUpsert(ctx, upserted, () => undefined);
        const outcome = upserted.created;
        if (outcome.kind === 'started') {
          ctx.body = {
            uploadFileMetadataId: outcome.uploadId,
            title: outcome.title,
            description: input.description ?? null,
            language: input.language ?? null,
            status: 'BACKGROUND_START',
            jobId: outcome.workflowId,
          } satisfies UploadStarted;
          return;
        }
        ctx.body = {
          uploadFileMetadataId: outcome.uploadId,
          id: outcome.knowledgeId,
          knowledgeId: outcome.knowledgeId,
          title: outcome.title,
          description: input.description ?? null,
          language: input.language ?? null,
          type: input.unpack ? 'FOLDER' : 'FILE',
          status: outcome.kind === 'completed' ? 'COMPLETED' : 'PROCESSING',
          jobId: outcome.workflowId,
        } satisfies UploadProcessed;
      }),

    // Which uploads and items a caller may track: services/knowledge/knowledge.ts loadTrackedUpload.
    getUploadFileMetadata: (router) =>
      router.get('/v1/workspaces/:workspaceId/upload-file-metadata/:uploadFileMetadataId', read, async (ctx) => {
        const auth = requireAuth(ctx);
        const { upload, row } = await knowledgeService.loadTrackedUpload(
          deps,
          auth,
          ctx.params.uploadFileMetadataId ?? '',
        );
        ctx.body = {
          id: upload.id,
          filename: upload.filename,
          mimetype: upload.mimetype,
          size: upload.size_bytes,
          knowledge: upload.space_id ? null : presentUploadItem(row),
          spaceKnowledge: upload.space_id && row ? { ...presentUploadItem(row), spaceId: upload.space_id } : null,
          createdAt: upload.created_at.toISOString(),
        } satisfies UploadFileMetadata;
      }),
  };
}
