// Knowledge endpoints: list/get, link, reserved field, file upload and its tracking, deletes, and the
// semantic, title and metadata searches. Paths exactly as the spec writes them.
import { mayReadContentHashes } from '../../../policies/scopes';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../../services/deps';
import { startCascadeDelete, deleteKnowledge } from '../../../services/operations/deletes';
import * as knowledgeService from '../../../services/knowledge/knowledge';
import * as searchService from '../../../services/search/search';
import * as sources from '../../../services/knowledge/textAndWebItems';
import { loadSpace } from '../../../services/spaces/spaces';
import { retrievalSettings, setRetrievalSettings } from '../../../services/operations/workspaces';
import { createUploadGate, discardUpload } from '../../../services/knowledge/uploads';
import * as upserts from '../../../services/knowledge/upserts';
import type { Upserted } from '../../../services/knowledge/upserts';
import * as versionService from '../../../services/versions/versions';
import { guard, requireAuth } from '../../middleware/authenticate';
import { conflict } from '../../../errors';
import { validate } from '../../validate';
import { refuseUnread } from '../../multipart';
import { SyncNowQuerySchema } from '../sources/schema';
import { receiveUpload } from './upload';
import {
  presentKnowledge,
  presentKnowledgeItem,
  presentMetadataSearchItem,
  presentSearchResult,
  presentUploadItem,
  presentUpserted,
  presentVersion,
} from './presenters';
import {
  CreateLinkSchema,
  CreateTextSchema,
  CreateUrlSchema,
  CreateWebsiteSchema,
  type RecrawlResponse,
  type SourceCreated,
  KnowledgeListQuerySchema,
  MetadataSearchSchema,
  ReservedFieldSchema,
  SemanticSearchSchema,
  SetRetrievalSettingsSchema,
  TitleSearchSchema,
  UpdateKnowledgeSchema,
  ReplaceFileFieldsSchema,
  UploadFieldsSchema,
  VersionNumberSchema,
  type UploadFileMetadata,
  type UploadProcessed,
  type UploadStarted,
  type VersionStarted,
} from './schema';

export function knowledgeRouter(deps: Deps): Router {
  const router = new Router();
  const read = guard(deps, 'knowledge.read');
  const write = guard(deps, 'knowledge.write');
  const base = '/v1/workspaces/:workspaceId/knowledge';
  // Made on the first upload: routers read their dependencies only when serving (src/api/openapi/published.ts).
  let gate: ReturnType<typeof createUploadGate> | undefined;
  const uploadGate = () => (gate ??= createUploadGate(deps.config.limits.maxConcurrentUploads));

  /** Loads an item the caller may see; invisible items are reported as not found. */
  const loadVisible = async (ctx: Context) => {
    const auth = requireAuth(ctx);
    const row = await knowledgeService.loadVisibleKnowledge(deps, auth, ctx.params.knowledgeId ?? '');
    return { auth, row };
  };

  router.get(base, read, async (ctx) => {
    const auth = requireAuth(ctx);
    const { page, limit, filter, externalId } = validate(KnowledgeListQuerySchema, ctx.query);
    const { rows, total } = await knowledgeService.listVisibleKnowledge(deps, auth, {
      offset: (page - 1) * limit,
      limit,
      filter,
      externalId,
    });
    ctx.body = { knowledge: rows.map(presentKnowledge), total, page, limit };
  });

  router.post(`${base}/link`, write, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const input = validate(CreateLinkSchema, ctx.request.body, 'Missing required field');
    const row = await knowledgeService.createLink(deps, workspace.id, input);
    ctx.status = 201;
    ctx.body = { id: row.id, knowledgeId: row.id };
  });

  const created = (out: { id: string; jobId: string }): SourceCreated => ({
    id: out.id,
    knowledgeId: out.id,
    jobId: out.jobId,
    status: 'BACKGROUND_START',
  });

  /** A creation's answer: a new item (its own status), or an existing one's, by external id (202 or 200). */
  const answerUpsert = <C>(ctx: Context, out: Upserted<C>, answerCreated: (c: C) => void) => {
    if (out.kind === 'created') return answerCreated(out.created);
    ctx.status = out.kind === 'replaced' ? 202 : 200;
    ctx.body = presentUpserted(out);
  };

  router.post(`${base}/text`, write, async (ctx) => {
    const input = validate(CreateTextSchema, ctx.request.body, 'Missing required field');
    answerUpsert(ctx, await upserts.upsertText(deps, requireAuth(ctx), input), (c) => {
      ctx.status = 201;
      ctx.body = created(c);
    });
  });

  router.post(`${base}/url`, write, async (ctx) => {
    const input = validate(CreateUrlSchema, ctx.request.body, 'Missing required field');
    answerUpsert(ctx, await upserts.upsertUrl(deps, requireAuth(ctx), input), (c) => (ctx.body = created(c)));
  });

  router.post(`${base}/website`, write, async (ctx) => {
    const input = validate(CreateWebsiteSchema, ctx.request.body, 'Missing required field');
    answerUpsert(ctx, await upserts.upsertWebsite(deps, requireAuth(ctx), input), (c) => (ctx.body = created(c)));
  });

  router.post(`${base}/file`, write, async (ctx) => {
    const auth = requireAuth(ctx);
    const { workspace } = auth;
    const { input, staged } = await receiveUpload(ctx, deps, workspace, uploadGate(), UploadFieldsSchema);
    try {
      if (input.spaceId) await loadSpace(deps, workspace.id, input.spaceId);
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
  });

  router.post(`${base}/search`, read, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validate(
      MetadataSearchSchema,
      ctx.request.body,
      'metadata must be an object with at least one property',
    );
    const { rows, total, files, chunks } = await knowledgeService.searchByMetadata(deps, auth, input);
    ctx.set('X-Total-Count', String(total));
    ctx.set('X-Page', String(input.page));
    ctx.set('X-Limit', String(input.limit));
    ctx.body = rows.map((r) => presentMetadataSearchItem(r, files.get(r.id), chunks.get(r.id) ?? []));
  });

  // Which uploads and items a caller may track: services/knowledge/knowledge.ts loadTrackedUpload.
  router.get('/v1/workspaces/:workspaceId/upload-file-metadata/:uploadFileMetadataId', read, async (ctx) => {
    const auth = requireAuth(ctx);
    const { upload, row } = await knowledgeService.loadTrackedUpload(deps, auth, ctx.params.uploadFileMetadataId ?? '');
    ctx.body = {
      id: upload.id,
      filename: upload.filename,
      mimetype: upload.mimetype,
      size: upload.size_bytes,
      knowledge: upload.space_id ? null : presentUploadItem(row),
      spaceKnowledge: upload.space_id && row ? { ...presentUploadItem(row), spaceId: upload.space_id } : null,
      createdAt: upload.created_at.toISOString(),
    } satisfies UploadFileMetadata;
  });

  router.get(`${base}/:knowledgeId`, read, async (ctx) => {
    const { row } = await loadVisible(ctx);
    ctx.body = presentKnowledgeItem(row, await versionService.pendingVersion(deps, row));
  });

  router.patch(`${base}/:knowledgeId`, write, async (ctx) => {
    const { auth, row } = await loadVisible(ctx);
    const input = validate(UpdateKnowledgeSchema, ctx.request.body, 'Missing required field');
    // Text and attributes together are one transaction (services/versions/versions.ts replaceText).
    const started =
      input.text !== undefined
        ? await versionService.replaceText(deps, auth, row, input.text, input.attributes)
        : undefined;
    const updated =
      input.attributes !== undefined && !started
        ? await knowledgeService.replaceKnowledgeAttributes(deps, row, input.attributes)
        : await knowledgeService.loadVisibleKnowledge(deps, auth, row.id);
    const body = presentKnowledgeItem(updated, await versionService.pendingVersion(deps, updated));
    ctx.body = started?.warnings ? { ...body, warnings: started.warnings } : body;
  });

  // A FILE item's new content: its next version, indexed in the background (services/versions/versions.ts).
  router.put(`${base}/:knowledgeId/file`, write, async (ctx) => {
    // Refused before the body is read: the rest of it is drained so the client reads the answer.
    const { auth, row } = await loadVisible(ctx).catch((err: Error) => Promise.reject(refuseUnread(ctx, err)));
    if (row.type !== 'FILE') throw refuseUnread(ctx, conflict(versionService.VersionMessages.notFile));
    await versionService.refuseWhileProcessing(deps, row).catch((err: Error) => Promise.reject(refuseUnread(ctx, err)));
    const { staged } = await receiveUpload(ctx, deps, auth.workspace, uploadGate(), ReplaceFileFieldsSchema);
    const started = await versionService.replaceFile(deps, auth, row, staged);
    ctx.status = 202;
    ctx.body = {
      id: row.id,
      knowledgeId: row.id,
      version: started.version,
      status: 'PROCESSING',
      jobId: started.jobId,
      ...(started.warnings ? { warnings: started.warnings } : {}),
    } satisfies VersionStarted;
  });

  // A URL item's page read again as its next version (services/knowledge/upserts.ts refetch).
  router.post(`${base}/:knowledgeId/refetch`, write, async (ctx) => {
    const { auth, row } = await loadVisible(ctx);
    answerUpsert(ctx, await upserts.refetch(deps, auth, row), () => undefined);
  });

  router.post(`${base}/:knowledgeId/versions/:version/restore`, write, async (ctx) => {
    const { row } = await loadVisible(ctx);
    const { version } = validate(VersionNumberSchema, { version: ctx.params.version });
    const restored = await versionService.restoreVersion(deps, row, version);
    ctx.body = presentKnowledgeItem(restored, await versionService.pendingVersion(deps, restored));
  });

  router.get(`${base}/:knowledgeId/versions`, read, async (ctx) => {
    const auth = requireAuth(ctx);
    const { row, versions } = await versionService.listVisibleVersions(deps, auth, ctx.params.knowledgeId ?? '');
    ctx.body = { versions: versions.map((v) => presentVersion(v, row, mayReadContentHashes(auth))) };
  });

  router.put(`${base}/:knowledgeId/reservedField`, write, async (ctx) => {
    const { row } = await loadVisible(ctx);
    const input = validate(ReservedFieldSchema, ctx.request.body, 'Missing required field');
    await knowledgeService.updateReservedField(deps, row, input);
    ctx.body = { knowledgeId: row.id };
  });

  router.delete(`${base}/:knowledgeId`, write, async (ctx) => {
    const { auth, row } = await loadVisible(ctx);
    await deleteKnowledge(deps, auth.workspace.id, row.id);
    ctx.body = { success: true };
  });

  router.post(`${base}/:knowledgeId/recrawl`, write, async (ctx) => {
    const { auth, row } = await loadVisible(ctx);
    const { confirmDeletes } = validate(SyncNowQuerySchema, ctx.query, 'Invalid field value');
    const body: RecrawlResponse = { jobId: await sources.recrawl(deps, auth.workspace, row, confirmDeletes) };
    ctx.body = body;
  });

  router.delete(`${base}/:knowledgeId/children`, write, async (ctx) => {
    const { auth, row } = await loadVisible(ctx);
    const jobId = await startCascadeDelete(deps, auth.workspace.id, row.id);
    ctx.body = { success: true, message: 'Cascade delete started', jobId };
  });

  // Semantic (default), hybrid or keyword search: Authorization and x-api-key, both required; organizationid
  // checked when sent.
  router.post(
    '/workspaces/:workspaceId/knowledge/search',
    guard(deps, 'knowledge.read', { requireApiKey: true, organizationHeader: 'optional' }),
    async (ctx) => {
      const auth = requireAuth(ctx);
      const input = validate(SemanticSearchSchema, ctx.request.body, 'Missing required field');
      const { results, rerank } = await searchService.rankedVisibleSearch(searchService.searchDeps(deps), auth, input);
      if (rerank) ctx.set('X-Rerank', rerank);
      ctx.body = { results: results.map(presentSearchResult), total: results.length };
    },
  );

  // The workspace's retrieval settings: the rerank default a search follows when its request does not say.
  router.get('/v1/workspaces/:workspaceId/retrieval-settings', guard(deps, 'retrieval.read'), (ctx) => {
    ctx.body = retrievalSettings(requireAuth(ctx).workspace);
  });
  router.put('/v1/workspaces/:workspaceId/retrieval-settings', guard(deps, 'retrieval.manage'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const input = validate(SetRetrievalSettingsSchema, ctx.request.body);
    ctx.body = await setRetrievalSettings(deps, workspace.id, input);
  });

  const titleSearch = async (ctx: Context) => {
    const auth = requireAuth(ctx);
    const input = validate(TitleSearchSchema, ctx.request.body, 'Missing required field');
    const results = await searchService.titleSearchVisible(deps, auth, input);
    ctx.body = { results: results.map(presentSearchResult), total: results.length };
  };
  router.post(
    '/workspaces/:workspaceId/knowledge/search-title',
    guard(deps, 'knowledge.read', { organizationHeader: 'optional' }),
    titleSearch,
  );
  router.post(`${base}/search-title`, read, titleSearch);

  return router;
}
