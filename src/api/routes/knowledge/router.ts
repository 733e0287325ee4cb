// Knowledge endpoints, by sub-resource: items (list/get, link, text, URL, attributes, reserved field, deletes),
// websites, file uploads and their tracking, versions, and the semantic, title and metadata searches. Paths exactly
// as the spec writes them. Each sub-resource gives its routes by operation id; they are mounted in the knowledge
// order (order.ts), the document's.
import type Router from '@koa/router';
import { apiRoutes } from '../router';
import type { Deps } from '../../../services/deps';
import { createUploadGate } from '../../../services/knowledge/uploads';
import { itemRoutes } from './items/router';
import { inKnowledgeOrder } from './order';
import { searchRoutes } from './search/router';
import { siteRoutes } from './sites/router';
import { uploadRoutes } from './uploads/router';
import { versionRoutes } from './versions/router';

export function knowledgeRouter(deps: Deps): Router {
  const router = apiRoutes();
  const base = '/v1/workspaces/:workspaceId/knowledge';
  // One gate for uploads and replaced files, made on the first upload: routers read their dependencies only when
  // serving (src/api/published.ts).
  let gate: ReturnType<typeof createUploadGate> | undefined;
  const uploadGate = () => (gate ??= createUploadGate(deps.config.limits));

  const routes = {
    ...itemRoutes(deps, base),
    ...siteRoutes(deps, base),
    ...uploadRoutes(deps, base, uploadGate),
    ...versionRoutes(deps, base, uploadGate),
    ...searchRoutes(deps, base),
  };
  for (const mount of inKnowledgeOrder(routes, 'route')) mount(router);
  return router;
}
