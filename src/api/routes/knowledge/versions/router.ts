// An item's versions: a FILE item's new file, a URL item's page read again, restoring an earlier version, the list.
import { mayReadContentHashes } from '../../../../policies/scopes';
import type { Deps } from '../../../../services/deps';
import * as upserts from '../../../../services/knowledge/upserts';
import * as versionService from '../../../../services/versions/versions';
import type { UploadGate } from '../../../../services/knowledge/uploads';
import { guard, requireAuth } from '../../../middleware/authenticate';
import { refuseUnread } from '../../../multipart';
import { validate } from '../../../validate';
import { answerUpsert, loadVisible, type KnowledgeRoutes } from '../handlers';
import { presentKnowledgeItem } from '../presenters';
import { presentVersion } from './presenters';
import { receiveUpload } from '../upload';
import { ReplaceFileFieldsSchema, VersionNumberSchema, type VersionStarted } from './schema';

export function versionRoutes(deps: Deps, base: string, uploadGate: () => UploadGate): KnowledgeRoutes {
  const read = guard(deps, 'knowledge.read');
  const write = guard(deps, 'knowledge.write');

  return {
    // A FILE item's new content: its next version, indexed in the background (services/versions/versions.ts).
    replaceKnowledgeFile: (router) =>
      router.put(`${base}/:knowledgeId/file`, write, async (ctx) => {
        // Refused before the body is read: the rest of it is drained so the client reads the answer.
        const { auth, row } = await loadVisible(deps, ctx).catch((err: Error) =>
          Promise.reject(refuseUnread(ctx, err)),
        );
        if (row.type !== 'FILE') throw refuseUnread(ctx, versionService.notOfType('FILE', row));
        await versionService
          .refuseWhileProcessing(deps, row)
          .catch((err: Error) => Promise.reject(refuseUnread(ctx, err)));
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
      }),

    // A URL item's page read again as its next version (services/knowledge/upserts.ts refetch).
    refetchKnowledge: (router) =>
      router.post(`${base}/:knowledgeId/refetch`, write, async (ctx) => {
        const { auth, row } = await loadVisible(deps, ctx);
        answerUpsert(ctx, await upserts.refetch(deps, auth, row), () => undefined);
      }),

    restoreKnowledgeVersion: (router) =>
      router.post(`${base}/:knowledgeId/versions/:version/restore`, write, async (ctx) => {
        const { row } = await loadVisible(deps, ctx);
        const { version } = validate(VersionNumberSchema, { version: ctx.params.version });
        const restored = await versionService.restoreVersion(deps, row, version);
        ctx.body = presentKnowledgeItem(restored, await versionService.pendingVersion(deps, restored));
      }),

    listKnowledgeVersions: (router) =>
      router.get(`${base}/:knowledgeId/versions`, read, async (ctx) => {
        const auth = requireAuth(ctx);
        const { row, versions } = await versionService.listVisibleVersions(deps, auth, ctx.params.knowledgeId ?? '');
        ctx.body = { versions: versions.map((v) => presentVersion(v, row, mayReadContentHashes(auth))) };
      }),
  };
}
