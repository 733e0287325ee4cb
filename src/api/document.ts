// The published OpenAPI document, assembled above the routes: every resource's operations (each router folder's
// openapi.ts), in the order the document lists them, rendered against the mounted route table (openapi/render.ts).
import { agentOperations } from './routes/agent/openapi';
import { catalogOperations } from './routes/catalog/openapi';
import { chunksOperations } from './routes/chunks/openapi';
import { consoleOperations } from './routes/console/openapi';
import { docsOperations } from './routes/docs/openapi';
import { healthOperations } from './routes/health/openapi';
import { knowledgeOperations } from './routes/knowledge/openapi';
import { metricsOperations } from './routes/metrics/openapi';
import { rolesOperations } from './routes/roles/openapi';
import { spacesOperations } from './routes/spaces/openapi';
import { storageOperations } from './routes/storage/openapi';
import { apiKeysOperations } from './routes/apiKeys/openapi';
import type { RouteEntry } from './routes/table';
import { tokensOperations } from './routes/tokens/openapi';
import { retrievalEvaluationsOperations } from './routes/retrievalEvaluations/openapi';
import { sourcesOperations } from './routes/sources/openapi';
import { webhooksOperations } from './routes/webhooks/openapi';
import type { ApiOperation } from './openapi/operation';
import { renderOpenApiDocument, type OpenApiDocument } from './openapi/render';

/** Every documented operation, by resource (test/api/openapi.test.ts: exactly one per mounted route). */
export const OPERATIONS: readonly ApiOperation[] = [
  ...healthOperations,
  ...tokensOperations,
  ...knowledgeOperations,
  ...chunksOperations,
  ...rolesOperations,
  ...catalogOperations,
  ...spacesOperations,
  ...agentOperations,
  ...webhooksOperations,
  ...storageOperations,
  ...apiKeysOperations,
  ...sourcesOperations,
  ...retrievalEvaluationsOperations,
  ...metricsOperations,
  ...docsOperations,
  ...consoleOperations,
];

/** The OpenAPI document of the routes given (the mounted router's route table). */
export function buildOpenApiDocument(routes: readonly RouteEntry[]): OpenApiDocument {
  return renderOpenApiDocument(OPERATIONS, routes);
}

let built: OpenApiDocument | undefined;

/**
 * The document of the service's routes, built once per process and frozen: every router apiRouter makes mounts
 * the same routes, and building it is about 0.4 s of one thread (several seconds on a loaded machine), time in
 * which nothing else of the process runs (its Temporal worker's tasks included, in an all-in-one process).
 * `routes` is read only for the first build.
 */
export function openApiDocumentOnce(routes: () => readonly RouteEntry[]): OpenApiDocument {
  // A copy is frozen: the document shares objects with the modules it is built from (examples, security schemes).
  return (built ??= deepFreeze(structuredClone(buildOpenApiDocument(routes()))));
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
