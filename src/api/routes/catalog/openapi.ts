import { z } from 'zod';
import { withWorkspace, WorkspacePath, type ApiOperation } from '../../openapi/operation';
import { CategoryKnowledgeSchema, CategorySchema, TaxonomyQuerySchema, TaxonomySchema } from './schema';

const base = '/v1/workspaces/{workspaceId}';

export const catalogOperations: ApiOperation[] = [
  {
    method: 'get',
    path: `${base}/categories`,
    operationId: 'listCategories',
    tag: 'Catalog',
    summary: 'List categories, by name (counts follow what the caller may see)',
    request: { path: WorkspacePath },
    responses: {
      200: {
        description: 'The categories (empty ones too)',
        schema: z.strictObject({ categories: z.array(CategorySchema) }),
        links: {
          listCategoryKnowledge: {
            operationId: 'listCategoryKnowledge',
            parameters: { categoryId: '$response.body#/categories/0/id' },
          },
        },
      },
    },
  },
  {
    method: 'get',
    path: `${base}/categories/{categoryId}/knowledge`,
    operationId: 'listCategoryKnowledge',
    tag: 'Catalog',
    summary: "A category's knowledge that the caller may see (no pagination)",
    request: { path: withWorkspace({ categoryId: z.uuid().meta({ description: 'The category' }) }) },
    responses: {
      200: {
        description: 'The items',
        schema: z.strictObject({ knowledge: z.array(CategoryKnowledgeSchema) }),
      },
    },
    errors: { 404: ['Category not found'] },
  },
  {
    method: 'get',
    path: `${base}/taxonomy`,
    operationId: 'listTaxonomies',
    tag: 'Catalog',
    summary: 'List taxonomies, by name',
    request: { path: WorkspacePath, query: TaxonomyQuerySchema },
    responses: { 200: { description: 'The taxonomies', schema: z.array(TaxonomySchema) } },
    errors: {
      400: [
        'roleId must be a valid UUID',
        'includeRoles must be true or false',
        'includeLanguages must be true or false',
        'includeCategories must be true or false',
      ],
    },
  },
];
