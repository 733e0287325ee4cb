// The knowledge operations, by sub-resource (items, websites, uploads, versions, search), in the order the published
// document has always listed them: openapi.json, the typed client and /docs keep their order through the split.
import type { ApiOperation } from '../../openapi/operation';
import { itemsOperations } from './items/openapi';
import { searchOperations } from './search/openapi';
import { sitesOperations } from './sites/openapi';
import { uploadsOperations } from './uploads/openapi';
import { versionsOperations } from './versions/openapi';

/** The document's order of the knowledge operations (a new one is added here, where /docs should list it). */
const DOCUMENT_ORDER = [
  'listKnowledge',
  'createLink',
  'createTextSource',
  'createUrlSource',
  'createWebsiteSource',
  'uploadFile',
  'searchKnowledgeByMetadata',
  'getUploadFileMetadata',
  'getKnowledge',
  'updateKnowledge',
  'replaceKnowledgeFile',
  'refetchKnowledge',
  'restoreKnowledgeVersion',
  'listKnowledgeVersions',
  'updateReservedField',
  'deleteKnowledge',
  'recrawlWebsite',
  'deleteKnowledgeCascade',
  'searchKnowledge',
  'getRetrievalSettings',
  'setRetrievalSettings',
  'searchKnowledgeByTitle',
  'searchKnowledgeByTitleV1',
];

function inDocumentOrder(operations: readonly ApiOperation[]): ApiOperation[] {
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const unlisted = operations.filter((op) => !DOCUMENT_ORDER.includes(op.operationId));
  if (unlisted.length > 0 || byId.size !== DOCUMENT_ORDER.length) {
    throw new Error(
      `knowledge operations missing from DOCUMENT_ORDER or listed there but gone: ${unlisted.map((op) => op.operationId).join(', ')}`,
    );
  }
  return DOCUMENT_ORDER.map((id) => byId.get(id) as ApiOperation);
}

export const knowledgeOperations: ApiOperation[] = inDocumentOrder([
  ...itemsOperations,
  ...sitesOperations,
  ...uploadsOperations,
  ...versionsOperations,
  ...searchOperations,
]);
