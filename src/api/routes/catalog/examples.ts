// Hand-written examples of the catalog operations (main responses): the "Support topics" taxonomy of the
// knowledge examples' workspace, whose Security category holds the runbook "Rotating API keys".
import { EXAMPLE_IDS, example } from '../../openapi/operation';
import { runbookItem } from '../knowledge/examples';

const { workspaceId, roleId } = EXAMPLE_IDS;
const securityId = '5e9a1c3d-7b2f-4d6e-8a0c-2f4b6d8e0a13';
const billingId = '8c2e4a6f-0b1d-4f3e-a5c7-9e1b3d5f7a24';
const taxonomyId = 'd1f3b5a7-9c2e-4a4b-8d6f-0e2a4c6e8b35';
const catalogued = '2025-02-03T08:15:00.000Z';

const security = { id: securityId, name: 'Security', description: 'API keys, tokens, access and audits' };
const billing = { id: billingId, name: 'Billing', description: 'Invoices, refunds and plan changes' };

export const listCategoriesExamples = {
  response: {
    categories: example('The categories, by name', {
      categories: [
        { ...billing, knowledgeCount: 14, createdAt: catalogued, updatedAt: '2025-03-10T16:41:27.000Z' },
        { ...security, knowledgeCount: 9, createdAt: catalogued, updatedAt: catalogued },
      ],
    }),
  },
};

export const listCategoryKnowledgeExamples = {
  response: {
    items: example("The runbook, the Security category's one item the caller may see", {
      knowledge: [
        {
          id: runbookItem.id,
          title: runbookItem.metadata.title,
          type: runbookItem.type,
          url: runbookItem.content.slice(0, 500),
          content: runbookItem.content.slice(0, 500),
          metadata: runbookItem.metadata,
          attributes: runbookItem.attributes,
          createdAt: runbookItem.createdAt,
          updatedAt: runbookItem.updatedAt,
          categoryId: securityId,
        },
      ],
    }),
  },
};

const taxonomy = {
  id: taxonomyId,
  workspaceId,
  name: 'Support topics',
  description: 'How the help centre groups its articles',
  published: true,
  createdAt: catalogued,
  updatedAt: catalogued,
  categoryCount: 2,
};
export const listTaxonomiesExamples = {
  response: {
    taxonomies: example('The taxonomies, by name', [taxonomy]),
    included: example('With includeRoles, includeLanguages and includeCategories', [
      {
        ...taxonomy,
        roles: [{ id: roleId, name: 'Support agents', metadata: { uniqueCustomerRoleId: 'support-agents' } }],
        languages: [{ languageId: 'en' }, { languageId: 'de' }],
        categories: [billing, security],
      },
    ]),
  },
};
