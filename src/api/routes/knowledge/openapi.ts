// The knowledge operations, by sub-resource (items, websites, uploads, versions, search), in the knowledge order.
import type { ApiOperation } from '../../openapi/operation';
import { itemsOperations } from './items/openapi';
import { inKnowledgeOrder } from './order';
import { searchOperations } from './search/openapi';
import { sitesOperations } from './sites/openapi';
import { uploadsOperations } from './uploads/openapi';
import { versionsOperations } from './versions/openapi';

export const knowledgeOperations: ApiOperation[] = inKnowledgeOrder(
  Object.fromEntries(
    [...itemsOperations, ...sitesOperations, ...uploadsOperations, ...versionsOperations, ...searchOperations].map(
      (op) => [op.operationId, op],
    ),
  ),
  'operation',
);
