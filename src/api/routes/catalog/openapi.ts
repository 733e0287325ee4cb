import { z } from 'zod';
import { withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import { CATEGORY_KNOWLEDGE_MAX, CATEGORY_KNOWLEDGE_MAX_BYTES } from '../../../services/catalog/catalog';
import { listCategoriesExamples, listCategoryKnowledgeExamples, listTaxonomiesExamples } from './examples';
import { CategoryKnowledgeSchema, CategorySchema, TaxonomyQuerySchema, TaxonomySchema } from './schema';

const catalogOps = operations('Catalog');

const base = '/v1/workspaces/{workspaceId}';

export const catalogOperations: ApiOperation[] = [
  catalogOps.get(`${base}/categories`, 'listCategories', {
    summary: 'List categories, by name (counts follow what the caller may see)',
    examples: listCategoriesExamples,
    ok: [
      200,
      'The categories (empty ones too)',
      z.strictObject({ categories: z.array(CategorySchema) }),
      {
        links: {
          listCategoryKnowledge: {
            operationId: 'listCategoryKnowledge',
            parameters: { categoryId: '$response.body#/categories/0/id' },
          },
        },
      },
    ],
  }),
  catalogOps.get(`${base}/categories/{categoryId}/knowledge`, 'listCategoryKnowledge', {
    summary: "A category's knowledge that the caller may see (no pagination)",
    description:
      `Newest first, at most ${CATEGORY_KNOWLEDGE_MAX} items and ${CATEGORY_KNOWLEDGE_MAX_BYTES / 1024 / 1024} MiB of ` +
      "the text it shows (each item's `url`: its URL, else its content); when the caller may see more, the " +
      'answer carries `truncated: true`; a search with a `filter` on `categoryId` reaches the rest.',
    params: withWorkspace({ categoryId: z.uuid().meta({ description: 'The category' }) }),
    examples: listCategoryKnowledgeExamples,
    ok: [
      200,
      'The items',
      z.strictObject({
        knowledge: z.array(CategoryKnowledgeSchema).max(CATEGORY_KNOWLEDGE_MAX),
        truncated: z.literal(true).optional().meta({
          description:
            'Present when the bounds (items or bytes) left out items the caller may see: the newest were returned',
        }),
      }),
    ],
    errors: { 404: ['Category not found'] },
  }),
  catalogOps.get(`${base}/taxonomy`, 'listTaxonomies', {
    summary: 'List taxonomies, by name',
    query: TaxonomyQuerySchema,
    examples: listTaxonomiesExamples,
    ok: [200, 'The taxonomies', z.array(TaxonomySchema)],
    errors: {
      400: [
        'roleId must be a valid UUID',
        'includeRoles must be true or false',
        'includeLanguages must be true or false',
        'includeCategories must be true or false',
      ],
    },
  }),
];
