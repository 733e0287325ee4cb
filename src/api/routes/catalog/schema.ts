import { z } from 'zod';
import { booleanFlag } from '../../schemas/flags';
import { uuidInput } from '../../schemas/ids';
import { timestamp, uuid } from '../../openapi/operation';
import { TitleSearchResultSchema } from '../knowledge/search/schema';

export const TaxonomyQuerySchema = z.object({
  roleId: uuidInput('roleId must be a valid UUID', { description: 'Only taxonomies of this role' }).optional(),
  languageId: z.string().min(1).max(35).meta({ description: 'Only taxonomies in this language' }).optional(),
  includeRoles: booleanFlag('includeRoles'),
  includeLanguages: booleanFlag('includeLanguages'),
  includeCategories: booleanFlag('includeCategories'),
});

// Responses: what the presenters produce (presenters.ts returns these types).

export const CategorySchema = z
  .strictObject({
    id: uuid('The category'),
    name: z.string(),
    description: z.string().nullable(),
    knowledgeCount: z.int().min(0).meta({ description: 'Items in the category the caller may see' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

export const CategoryKnowledgeSchema = TitleSearchResultSchema.omit({ pageNumber: true, headings: true })
  .extend({ categoryId: uuid('The category') })
  .meta({ id: 'CategoryKnowledge' });
export type CategoryKnowledge = z.infer<typeof CategoryKnowledgeSchema>;

export const TaxonomySchema = z
  .strictObject({
    id: uuid('The taxonomy'),
    workspaceId: uuid('The workspace'),
    name: z.string(),
    description: z.string().nullable(),
    published: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    categoryCount: z.int().min(0),
    roles: z
      .array(
        z.strictObject({
          id: uuid('The role'),
          name: z.string(),
          metadata: z.looseObject({ uniqueCustomerRoleId: z.string().nullable() }),
        }),
      )
      .optional()
      .meta({ description: 'With includeRoles=true' }),
    languages: z
      .array(z.strictObject({ languageId: z.string() }))
      .optional()
      .meta({ description: 'With includeLanguages=true' }),
    categories: z
      .array(z.strictObject({ id: uuid('The category'), name: z.string(), description: z.string().nullable() }))
      .optional()
      .meta({ description: 'With includeCategories=true' }),
  })
  .meta({ id: 'Taxonomy' });
export type Taxonomy = z.infer<typeof TaxonomySchema>;
