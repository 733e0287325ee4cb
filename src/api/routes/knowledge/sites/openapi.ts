// The website operations: create a crawled WEBSITE item, and recrawl it.
import { SourceMessages } from '../../../../services/knowledge/textAndWebItems';
import { SyncNowQuerySchema } from '../../sources/schema';
import { type ApiOperation, operations } from '../../../openapi/operation';
import { KnowledgeUpsertedSchema, EXTERNAL_ID_MESSAGE, SourceCreatedSchema } from '../schema';
import {
  CreateWebsiteSchema,
  PATH_PATTERN_MESSAGE,
  RecrawlResponseSchema,
  WEBSITE_MAX_DEPTH,
  WEBSITE_MAX_PAGES,
} from './schema';
import { boundMessage } from '../../../../services/operations/bounds';
import { createWebsiteExamples, recrawlExamples, websiteUpsertExamples } from '../examples';
import { KnowledgeIdPath, base, itemErrors, sourceLinks, upsertConflicts, urlErrors } from '../items/openapi';

const knowledgeOps = operations('Knowledge');

export const sitesOperations: ApiOperation[] = [
  knowledgeOps.post(`${base}/website`, 'createWebsiteSource', {
    summary: 'Add a website: a WEBSITE item crawled in the background, one URL or FILE child per page or file',
    description:
      'The WEBSITE item is the root of a website source with the same id (GET …/sources/{sourceId}: schedule, ' +
      "sync history), and its crawl is that source's first sync. The crawl honours robots.txt, stays on the start " +
      "host, reads the site's sitemaps, follows links to maxDepth and requests at most maxPages pages; its progress " +
      'is in POST …/background-jobs (progress: pagesDone, pagesDiscovered, pagesFailed, pagesSkipped).',
    body: CreateWebsiteSchema,
    examples: createWebsiteExamples,
    ok: [200, 'The new site and its crawl job', SourceCreatedSchema, { links: sourceLinks }],
    also: {
      202: {
        description:
          'externalId of an existing site (with its url): it is recrawled with its settings (as POST …/recrawl)',
        schema: KnowledgeUpsertedSchema,
        examples: websiteUpsertExamples[202],
      },
    },
    errors: {
      400: [
        ...urlErrors,
        `maxPages must be an integer from 1 to ${WEBSITE_MAX_PAGES}`,
        `maxDepth must be an integer from 0 to ${WEBSITE_MAX_DEPTH}`,
        PATH_PATTERN_MESSAGE,
        EXTERNAL_ID_MESSAGE,
      ],
      409: [...upsertConflicts, SourceMessages.noSettings, boundMessage('workspaceSources')],
    },
  }),
  knowledgeOps.post(`${base}/{knowledgeId}/recrawl`, 'recrawlWebsite', {
    summary: 'Crawl a WEBSITE item again with its settings (changed pages re-indexed, vanished ones removed)',
    description:
      "A WEBSITE item is the root of a website source with the same id: a recrawl is that source's sync now " +
      '(POST …/sources/{sourceId}/sync). Unchanged pages answer 304 to a conditional GET and are not re-indexed. A ' +
      "recrawl that would delete more than the source's maxDeleteShare of its pages ends NEEDS_CONFIRMATION (the " +
      "site's messageError says so) and changes nothing, until recrawled with confirmDeletes=true. Any item but a " +
      'WEBSITE answers 400: a rule on stored data that the schema cannot state.',
    params: KnowledgeIdPath,
    query: SyncNowQuerySchema,
    examples: recrawlExamples,
    ok: [
      200,
      'The sync job (the running one if a sync of the site is under way)',
      RecrawlResponseSchema,
      {
        links: {
          getBackgroundJobs: { operationId: 'getBackgroundJobs', requestBody: { jobIds: ['$response.body#/jobId'] } },
        },
      },
    ],
    errors: {
      400: [
        ...itemErrors[400],
        SourceMessages.notRecrawlable,
        'Invalid field value',
        'confirmDeletes must be true or false',
      ],
      404: itemErrors[404],
      409: [SourceMessages.noSettings],
    },
  }),
];
