// Hand-written examples of the knowledge and search operations (their requests and main responses): one support
// team's workspace, whose runbook "Rotating API keys" is the item most examples show.
import { createHash } from 'node:crypto';
import { EXAMPLE_IDS, example } from '../../openapi/operation';

const { workspaceId, knowledgeId } = EXAMPLE_IDS;
/** A second item of the same workspace: an uploaded PDF. */
const refundPolicyId = 'c3e8a1d5-7f2b-4e9c-a6d4-1b8f3e5c7a29';
const linkId = '0e6d4b2a-8c1f-4a3e-9d7b-5f2c8e1a4b63';
const guidePageId = 'c4e8a2f6-1b3d-4f9e-8a7c-6d2b9f1e5a30';
const uploadId = 'd7a3f9c1-4e8b-4a2d-b6c9-5f3e1a7d9b48';
const created = '2025-03-14T09:26:53.412Z';
const updated = '2025-03-18T16:02:11.087Z';

/** The runbook's text (version 1). */
export const RUNBOOK =
  'Rotate an API key without downtime: create a second key under Settings > API keys, deploy it to every ' +
  'service that calls the API, check that the old key is no longer used (its "last used" date stops moving), ' +
  'then revoke the old key. Revoking a key also invalidates the access tokens it minted.';
/** The runbook's next version (PATCH text): the edit that added the 90-day rule. */
const EDITED_RUNBOOK = `${RUNBOOK} Keys older than 90 days are flagged in the console.`;
const runbookAttributes = { team: 'security', audience: 'support', reviewed: true };
const runbookMetadata = { title: 'Rotating API keys', language: 'en' };

/** The runbook as every item read shows it. */
export const runbookItem = {
  id: knowledgeId,
  type: 'STRING',
  content: RUNBOOK,
  url: null,
  status: 'COMPLETED',
  metadata: runbookMetadata,
  attributes: runbookAttributes,
  parentId: null,
  externalId: 'kb-runbook-42',
  version: 1,
  createdAt: created,
  updatedAt: updated,
};

/** The filter of the examples: the security team's knowledge reviewed since the start of 2025. */
export const SECURITY_FILTER = {
  type: 'and',
  filters: [
    { type: 'eq', key: 'team', value: 'security' },
    { type: 'gte', key: 'updatedAt', value: '2025-01-01' },
  ],
};

export const createLinkExamples = {
  request: {
    link: example('A link to a help-centre article', {
      type: 'LINK',
      url: 'https://docs.example.com/security/rotating-api-keys',
      title: 'Security guide: rotating API keys',
      metadata: { product: 'Acme Cloud', section: 'Security' },
    }),
  },
  response: { created: example('The new item', { id: linkId, knowledgeId: linkId }) },
};

const textJob = `ingest-text:${workspaceId}:${knowledgeId}`;
export const createTextExamples = {
  request: {
    runbook: example('A runbook with attributes and your own id', {
      title: 'Rotating API keys',
      content: RUNBOOK,
      language: 'en',
      attributes: runbookAttributes,
      externalId: 'kb-runbook-42',
    }),
    plain: example('Just a title and the text', {
      title: 'Support hours',
      content: 'Support answers from 08:00 to 20:00 CET on weekdays; priority tickets are handled around the clock.',
    }),
  },
  response: {
    created: example('Ingestion started', {
      id: knowledgeId,
      knowledgeId,
      jobId: textJob,
      status: 'BACKGROUND_START',
    }),
  },
};

export const createUrlExamples = {
  request: {
    page: example('A public web page', {
      url: 'https://docs.example.com/security/rotating-api-keys',
      title: 'Security guide: rotating API keys',
      language: 'en',
      attributes: { team: 'security' },
    }),
  },
  response: {
    created: example('The page is being fetched', {
      id: knowledgeId,
      knowledgeId,
      jobId: `ingest-url:${workspaceId}:${knowledgeId}`,
      status: 'BACKGROUND_START',
    }),
  },
};

export const createWebsiteExamples = {
  request: {
    docs: example('A documentation site, limited to its guides', {
      url: 'https://docs.example.com/',
      title: 'Acme Cloud documentation',
      maxPages: 200,
      maxDepth: 3,
      includePaths: ['/guides/', '/security/'],
      excludePaths: ['/guides/archive/'],
      attributes: { team: 'docs' },
    }),
  },
  response: {
    created: example('The crawl started', {
      id: knowledgeId,
      knowledgeId,
      jobId: `source-sync:${workspaceId}:${knowledgeId}:4f2b8d6e-1c9a-4e3f-b7d5-2a8c6e4f1b90`,
      status: 'BACKGROUND_START',
    }),
  },
};

/** An item's next version and its ingestion job (status: the version's). */
const versionStarted = (id: string, version: number, status = 'PROCESSING') => ({
  id,
  knowledgeId: id,
  version,
  status,
  jobId: `ingest-version:${workspaceId}:${id}:${version}`,
});

// A multipart example shows the form fields; `file` stands for the file's bytes (here, a short text file).
export const uploadFileExamples = {
  request: {
    background: example(
      'A file, answered at once (track it with upload-file-metadata)',
      {
        file: 'Refunds are accepted within 30 days of purchase. Annual plans are refunded pro rata.',
        title: 'Refund policy',
        description: 'Customer-facing refund rules, 2025 edition',
        language: 'en',
        status: 'BACKGROUND_START',
        attributes: '{"team":"billing","audience":"support"}',
      },
      '`file` is the file part (here the bytes of a small text file); `attributes` is JSON text.',
    ),
  },
  response: {
    started: example('Accepted; processing in the background', {
      uploadFileMetadataId: uploadId,
      title: 'Refund policy',
      description: 'Customer-facing refund rules, 2025 edition',
      language: 'en',
      jobId: `ingest:${workspaceId}:${uploadId}`,
      status: 'BACKGROUND_START',
    }),
  },
};

export const replaceFileExamples = {
  request: {
    newEdition: example(
      'The next edition of the file',
      { file: 'Refunds are accepted within 45 days of purchase. Annual plans are refunded pro rata.' },
      '`file` is the file part (here the bytes of a small text file).',
    ),
  },
  response: {
    processing: example('Version 2 is being indexed; version 1 answers meanwhile', versionStarted(refundPolicyId, 2)),
  },
};

export const metadataSearchExamples = {
  request: {
    completedFiles: example('Completed files in English', {
      metadata: { status: 'COMPLETED', type: 'FILE', language: 'en' },
      page: 1,
      limit: 20,
    }),
  },
  response: {
    found: example('One page of matches', [
      {
        id: refundPolicyId,
        type: 'FILE',
        content: `${workspaceId}/files/refund-policy.pdf`,
        status: 'COMPLETED',
        metadata: { title: 'Refund policy', language: 'en' },
        attributes: { team: 'billing', audience: 'support' },
        uploadFileMetadata: { filename: 'refund-policy.pdf', mimetype: 'application/pdf' },
        coreKnowledgeItems: [
          {
            id: EXAMPLE_IDS.chunkId,
            type: 'TEXT',
            content: 'Refunds are accepted within 30 days of purchase. Annual plans are refunded pro rata.',
          },
        ],
        createdAt: created,
        updatedAt: updated,
      },
    ]),
  },
};

export const updateKnowledgeExamples = {
  request: {
    attributes: example('Replace the attributes', {
      attributes: { team: 'security', audience: 'support', reviewed: true, reviewedOn: '2025-03-18' },
    }),
    text: example(
      "Replace a STRING item's text (its next version)",
      { text: EDITED_RUNBOOK },
      'The item answers from its current version until the new one is COMPLETED.',
    ),
  },
  response: {
    updated: example('The item', {
      ...runbookItem,
      attributes: { team: 'security', audience: 'support', reviewed: true, reviewedOn: '2025-03-18' },
    }),
  },
};

export const reservedFieldExamples = {
  request: {
    rename: example("Rename an uploaded file and set its language (type is the item's own)", {
      type: 'FILE',
      title: 'Refund policy (2025)',
      language: 'en',
    }),
  },
  response: {
    updated: example(
      'A new title: the job refreshing the vectors that carry it (absent when the title is unchanged or the scheme is chunk)',
      { knowledgeId: refundPolicyId, jobId: `title-vectors:${workspaceId}:${refundPolicyId}:1741859312045123` },
    ),
  },
};

const resultDates = { createdAt: created, updatedAt: updated };
const runbookResult = {
  id: knowledgeId,
  title: 'Rotating API keys',
  type: 'STRING',
  url: RUNBOOK.slice(0, 500),
  content: RUNBOOK.slice(0, 500),
  metadata: runbookMetadata,
  attributes: runbookAttributes,
  pageNumber: 1,
  ...resultDates,
};
const linkResult = {
  id: linkId,
  title: 'Security guide: rotating API keys',
  type: 'LINK',
  url: 'https://docs.example.com/security/rotating-api-keys',
  content: 'Security guide: rotating API keys\nhttps://docs.example.com/security/rotating-api-keys',
  metadata: { title: 'Security guide: rotating API keys', product: 'Acme Cloud', section: 'Security' },
  attributes: {},
  pageNumber: 1,
  ...resultDates,
};

/** A fetched web page (a URL item): its best passage sits under the page's section headings. */
const guidePageResult = {
  ...linkResult,
  id: guidePageId,
  type: 'URL',
  content:
    'Create the new key before you revoke the old one. Under Settings > API keys, choose Create key, give it a ' +
    'name that says where it will be used, and copy the secret: it is shown once.',
  metadata: { title: 'Security guide: rotating API keys', language: 'en' },
  headings: ['API keys', 'Rotating a key without downtime'],
};

export const searchExamples = {
  request: {
    semantic: example('Semantic search (by meaning)', { query: 'How do I rotate an API key?', limit: 5 }),
    hybridFiltered: example(
      "Hybrid search within the security team's knowledge",
      { query: 'rotate API key without downtime', mode: 'hybrid', limit: 5, filter: SECURITY_FILTER },
      'Meaning and exact words together, only over items whose attribute team is "security" and that changed ' +
        'since 1 January 2025.',
    ),
    keywordExplained: example('Keyword search, with the scores behind each result', {
      query: 'revoke key',
      mode: 'keyword',
      limit: 3,
      explain: true,
    }),
    hybridWithoutFeedback: example(
      'Hybrid search without pseudo-relevance feedback',
      { query: 'how do I replace a key that leaked', mode: 'hybrid', limit: 5, feedback: false, explain: true },
      "To compare with the default: a prose query's candidates are then ranked against the query alone, and " +
        'explain carries no feedback.',
    ),
  },
  response: {
    results: example('The best passage of each item, best first', {
      results: [
        { ...runbookResult, headings: [], score: 0.82 },
        { ...guidePageResult, score: 0.71 },
      ],
      total: 2,
    }),
  },
};

export const titleSearchExamples = {
  request: {
    title: example('Titles containing "api key"', { title: 'api key', limit: 10 }),
    filtered: example('Within a filter', { title: 'rotating', filter: SECURITY_FILTER }),
  },
  response: {
    results: example('Matching items, newest first', { results: [runbookResult, linkResult], total: 2 }),
  },
};

export const retrievalSettingsExamples = {
  request: { rerankOn: example('Rerank every search that does not say', { rerank: true }) },
  response: { settings: example('The new settings', { rerank: true }) },
};

/** The uploaded refund policy (a PDF) as every item read shows it. */
const refundPolicyItem = {
  id: refundPolicyId,
  type: 'FILE',
  content: `${workspaceId}/files/refund-policy.pdf`,
  url: null,
  status: 'COMPLETED',
  metadata: { title: 'Refund policy', description: 'Customer-facing refund rules, 2025 edition', language: 'en' },
  attributes: { team: 'billing', audience: 'support' },
  parentId: null,
  externalId: 'billing-refund-policy',
  version: 1,
  createdAt: '2025-03-12T14:05:37.220Z',
  updatedAt: '2025-03-12T14:05:52.618Z',
};

export const listKnowledgeExamples = {
  response: {
    page: example('The first page, newest first', {
      knowledge: [
        runbookItem,
        refundPolicyItem,
        {
          id: linkId,
          type: 'LINK',
          content: 'https://docs.example.com/security/rotating-api-keys',
          url: 'https://docs.example.com/security/rotating-api-keys',
          status: 'COMPLETED',
          metadata: { title: 'Security guide: rotating API keys', product: 'Acme Cloud', section: 'Security' },
          attributes: {},
          parentId: null,
          externalId: null,
          version: 1,
          createdAt: '2025-03-10T11:41:08.903Z',
          updatedAt: '2025-03-10T11:41:08.903Z',
        },
      ],
      total: 3,
      page: 1,
      limit: 20,
    }),
  },
};

export const getKnowledgeExamples = { response: { item: example('The item', runbookItem) } };

/** An upsert's answers: 200 when the content is the current version's, 202 with the new version's job. */
const unchanged = (id: string, externalId: string, version: number) => ({
  id,
  knowledgeId: id,
  externalId,
  unchanged: true,
  version,
  status: 'COMPLETED',
});
const replaced = (id: string, externalId: string, version: number, status = 'PROCESSING') => ({
  ...versionStarted(id, version, status),
  externalId,
  unchanged: false,
});

export const textUpsertExamples = {
  200: {
    unchanged: example(
      'Same text as the current version: nothing was done',
      unchanged(knowledgeId, 'kb-runbook-42', 1),
    ),
  },
  202: {
    replaced: example(
      'New text for kb-runbook-42: version 2 is being indexed',
      replaced(knowledgeId, 'kb-runbook-42', 2),
    ),
  },
};

const GUIDE_PAGE_EXTERNAL_ID = 'docs-security-rotating-api-keys';
export const urlUpsertExamples = {
  202: {
    replaced: example(
      'The page of an existing externalId changed: version 3 is being indexed',
      replaced(guidePageId, GUIDE_PAGE_EXTERNAL_ID, 3),
    ),
  },
};

export const websiteUpsertExamples = {
  202: {
    recrawled: example('The site of an existing externalId is crawled again with its settings', {
      id: knowledgeId,
      knowledgeId,
      externalId: 'acme-cloud-docs',
      unchanged: false,
      version: 1,
      status: 'BACKGROUND_START',
      jobId: `source-sync:${workspaceId}:${knowledgeId}:7a3c9e1f-5b2d-4f8a-9c6e-1d4b7f2a8e53`,
    }),
  },
};

export const fileUpsertExamples = {
  202: {
    replaced: example(
      'A new edition of billing-refund-policy: version 2 is being indexed',
      replaced(refundPolicyId, refundPolicyItem.externalId, 2),
    ),
  },
};

/** The refund policy's upload, as upload-file-metadata tracks it. */
const refundPolicyUpload = {
  id: uploadId,
  filename: 'refund-policy.pdf',
  mimetype: 'application/pdf',
  size: 184_312,
  spaceKnowledge: null,
  createdAt: '2025-03-12T14:05:36.874Z',
};
export const uploadFileMetadataExamples = {
  response: {
    processed: example('Processed: the item it became', {
      ...refundPolicyUpload,
      knowledge: { id: refundPolicyId, status: 'COMPLETED', metadata: { title: 'Refund policy', type: 'FILE' } },
    }),
    pending: example('Still in the background: no item yet', { ...refundPolicyUpload, knowledge: null }),
  },
};

/** What both deletes answer. */
const SUCCESS = { success: true };
export const deleteKnowledgeExamples = { response: { deleted: example('Deleted', SUCCESS) } };

export const deleteCascadeExamples = {
  response: {
    started: example('The item and its descendants are being deleted, leaves first', {
      ...SUCCESS,
      message: 'Cascade delete started',
      jobId: `cascade-delete:${workspaceId}:${knowledgeId}`,
    }),
  },
};

export const refetchExamples = {
  200: {
    unchanged: example('The page is unchanged: nothing was done', unchanged(guidePageId, GUIDE_PAGE_EXTERNAL_ID, 2)),
  },
  202: {
    completed: example(
      'The page changed: version 3 is already current',
      replaced(guidePageId, GUIDE_PAGE_EXTERNAL_ID, 3, 'COMPLETED'),
    ),
    processing: example(
      'The page changed: version 3 is still being indexed (version 2 answers meanwhile)',
      replaced(guidePageId, GUIDE_PAGE_EXTERNAL_ID, 3),
    ),
  },
};

export const restoreVersionExamples = {
  response: {
    restored: example('Version 1 of the runbook answers again', {
      ...runbookItem,
      updatedAt: '2025-03-21T10:44:09.532Z',
    }),
  },
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The runbook's versions: the text as created, and the edit. */
export const listVersionsExamples = {
  response: {
    versions: example('Newest first: version 2 is current', {
      versions: [
        {
          number: 2,
          current: true,
          status: 'COMPLETED',
          size: Buffer.byteLength(EDITED_RUNBOOK),
          hash: sha256(EDITED_RUNBOOK),
          createdBy: 'workspace',
          createdAt: '2025-03-18T16:02:11.087Z',
        },
        {
          number: 1,
          current: false,
          status: 'COMPLETED',
          size: Buffer.byteLength(RUNBOOK),
          hash: sha256(RUNBOOK),
          createdBy: 'apiKey',
          createdAt: created,
        },
      ],
    }),
  },
};

export const recrawlExamples = {
  response: {
    started: example('The crawl of the site (its source sync)', {
      jobId: `source-sync:${workspaceId}:${knowledgeId}:b8d2f4a6-3c1e-4a9b-8f7d-5e2c9a1b6d34`,
    }),
  },
};

export const getRetrievalSettingsExamples = {
  response: { settings: example('Searches do not rerank unless they ask', { rerank: false }) },
};
