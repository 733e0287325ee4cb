// Searches: semantic (or hybrid, or keyword), title and metadata; and the workspace's retrieval settings.
import type { Context } from 'koa';
import type { Deps } from '../../../../services/deps';
import * as knowledgeService from '../../../../services/knowledge/knowledge';
import * as searchService from '../../../../services/search/search';
import { retrievalSettings, setRetrievalSettings } from '../../../../services/operations/workspaces';
import type { KnowledgeRoutes } from '../handlers';
import { guard, requireAuth } from '../../../middleware/authenticate';
import { badRequest } from '../../../../errors';
import { validate } from '../../../validate';
import { presentMetadataSearchItem, presentSearchResult } from './presenters';
import { MetadataSearchSchema, SemanticSearchSchema, SetRetrievalSettingsSchema, TitleSearchSchema } from './schema';

const METADATA_MESSAGE = 'metadata must be an object with at least one property';

/**
 * A semantic search's body sent to the metadata search (the two paths differ only by /v1): the spec's message for
 * the missing metadata, with a hint naming the path the body was meant for.
 */
function refuseSemanticQuery(body: unknown, workspaceId: string): void {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!('query' in fields) || 'metadata' in fields) return;
  throw badRequest(METADATA_MESSAGE, {
    code: 'missing_field',
    param: 'metadata',
    hint:
      `This path is the metadata search, whose body is {"metadata": {...}}. Semantic, keyword and hybrid search ` +
      `take query at POST /workspaces/${workspaceId}/knowledge/search (no /v1), with Authorization and x-api-key.`,
  });
}

export function searchRoutes(deps: Deps, base: string): KnowledgeRoutes {
  const read = guard(deps, 'knowledge.read');

  const titleSearch = async (ctx: Context) => {
    const auth = requireAuth(ctx);
    const input = validate(TitleSearchSchema, ctx.request.body, 'Missing required field');
    const results = await searchService.titleSearchVisible(deps, auth, input);
    ctx.body = { results: results.map(presentSearchResult), total: results.length };
  };
  return {
    searchKnowledgeByMetadata: (router) =>
      router.post(`${base}/search`, read, async (ctx) => {
        const auth = requireAuth(ctx);
        refuseSemanticQuery(ctx.request.body, auth.workspace.id);
        const input = validate(MetadataSearchSchema, ctx.request.body, METADATA_MESSAGE);
        const { rows, total, files, chunks } = await knowledgeService.searchByMetadata(deps, auth, input);
        ctx.set('X-Total-Count', String(total));
        ctx.set('X-Page', String(input.page));
        ctx.set('X-Limit', String(input.limit));
        ctx.body = rows.map((r) => presentMetadataSearchItem(r, files.get(r.id), chunks.get(r.id) ?? []));
      }),

    // Semantic (default), hybrid or keyword search: Authorization and x-api-key, both required; organizationid
    // checked when sent.
    searchKnowledge: (router) =>
      router.post(
        '/workspaces/:workspaceId/knowledge/search',
        guard(deps, 'knowledge.read', { requireApiKey: true, organizationHeader: 'optional' }),
        async (ctx) => {
          const auth = requireAuth(ctx);
          const input = validate(SemanticSearchSchema, ctx.request.body, 'Missing required field');
          const { results, rerank } = await searchService.rankedVisibleSearch(
            searchService.searchDeps(deps),
            auth,
            input,
          );
          if (rerank) ctx.set('X-Rerank', rerank);
          ctx.body = { results: results.map(presentSearchResult), total: results.length };
        },
      ),

    // The workspace's retrieval settings: the rerank default a search follows when its request does not say.
    getRetrievalSettings: (router) =>
      router.get('/v1/workspaces/:workspaceId/retrieval-settings', guard(deps, 'retrieval.read'), (ctx) => {
        ctx.body = retrievalSettings(requireAuth(ctx).workspace);
      }),
    setRetrievalSettings: (router) =>
      router.put('/v1/workspaces/:workspaceId/retrieval-settings', guard(deps, 'retrieval.manage'), async (ctx) => {
        const { workspace } = requireAuth(ctx);
        const input = validate(SetRetrievalSettingsSchema, ctx.request.body);
        ctx.body = await setRetrievalSettings(deps, workspace.id, input);
      }),

    searchKnowledgeByTitle: (router) =>
      router.post(
        '/workspaces/:workspaceId/knowledge/search-title',
        guard(deps, 'knowledge.read', { organizationHeader: 'optional' }),
        titleSearch,
      ),
    searchKnowledgeByTitleV1: (router) => router.post(`${base}/search-title`, read, titleSearch),
  };
}
