import { z } from 'zod';
import { isUuid } from '../../../ids';
import { documentedAs, NON_BLANK, timestamp, uuid, type SchemaOverride } from '../../openapi/operation';
import { MAX_RERANK_CANDIDATES, SEARCH_MODES } from '../../../services/search/search';
import {
  attributesField,
  attributesFormField,
  AttributesResponseSchema,
  filterField,
  filterQueryParam,
} from './filters';

const intParam = (name: string, min: number, max: number, fallback: number) => {
  const message = `Invalid ${name} value, must be between ${min} and ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ message })
    .min(min, { message })
    .max(max, { message })
    .default(fallback);
};

export const KNOWLEDGE_LIST_MAX_LIMIT = 100;
/** Deepest page of the paged listings: deeper offsets only cost the database a long scan. */
export const MAX_PAGE = 10_000;
/** Longest semantic query (the embedding model reads about 1,000 characters of it) and title search. */
export const MAX_QUERY_CHARS = 2000;
/** Most role ids one search may filter on. */
export const MAX_ROLE_IDS = 100;

export const EXTERNAL_ID_MAX_CHARACTERS = 255;
export const EXTERNAL_ID_MESSAGE = `externalId must be 1 to ${EXTERNAL_ID_MAX_CHARACTERS} printable ASCII characters, without leading or trailing spaces`;
/** Printable ASCII (0x20-0x7E), not starting or ending with a space: checked character by character. */
function isExternalId(s: string): boolean {
  if (s.length < 1 || s.length > EXTERNAL_ID_MAX_CHARACTERS || s[0] === ' ' || s[s.length - 1] === ' ') return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}
/** The client's own id for an item, unique per workspace (README "Upsert by external id"). */
export const externalIdField = (description: string) =>
  z
    .string({ error: EXTERNAL_ID_MESSAGE })
    .refine(isExternalId, { message: EXTERNAL_ID_MESSAGE })
    .meta({ minLength: 1, maxLength: EXTERNAL_ID_MAX_CHARACTERS, pattern: '^[!-~]([ -~]*[!-~])?$', description });
const EXTERNAL_ID_UPSERT =
  "The client's own id for the item, unique per workspace: posting again with it replaces that item's content as a new version";

export const KnowledgeListQuerySchema = z.object({
  page: intParam('page', 1, MAX_PAGE, 1),
  limit: intParam('limit', 1, KNOWLEDGE_LIST_MAX_LIMIT, 20),
  filter: filterQueryParam(),
  externalId: externalIdField('Only the item with this external id').optional(),
});
export type KnowledgeListQuery = z.infer<typeof KnowledgeListQuerySchema>;
/** A space's own files: pages only (the attribute filter is for workspace knowledge). */
export const SpaceFilesQuerySchema = KnowledgeListQuerySchema.omit({ filter: true, externalId: true });

const MISSING = 'Missing required field';
// Lengths are checked before trimming, as the document's maxLength reads the string sent; blankness after it.
const LIMIT_MESSAGE = 'Invalid limit value, must be between 1 and 50';
const ROLE_IDS_MESSAGE = 'roleIds must be an array of valid UUIDs';

/** limit: integer 1..50 (numeric strings accepted), default 10. */
const searchLimit = documentedAs(
  z
    .union([z.number(), z.string()], { error: LIMIT_MESSAGE })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return 10;
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 50) {
        ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGE });
        return z.NEVER;
      }
      return n;
    }),
  { type: 'integer', minimum: 1, maximum: 50, default: 10 },
);

const accessFilterFields = {
  audienceId: z
    .string({ error: 'audienceId must be a valid UUID' })
    .refine(isUuid, { message: 'audienceId must be a valid UUID' })
    .meta({ format: 'uuid', description: 'Only knowledge assigned to this audience' })
    .optional(),
  roleIds: z
    .array(
      z.string({ error: ROLE_IDS_MESSAGE }).refine(isUuid, { message: ROLE_IDS_MESSAGE }).meta({ format: 'uuid' }),
      { error: ROLE_IDS_MESSAGE },
    )
    .max(MAX_ROLE_IDS, { message: `roleIds may hold at most ${MAX_ROLE_IDS} role ids` })
    .meta({ description: 'Only knowledge accessible to these roles' })
    .optional(),
  filter: filterField(),
};

const bodyObject = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: MISSING });

const MODE_MESSAGE = `mode must be one of ${SEARCH_MODES.join(', ')}`;

const unitNumber = (name: string, description: string) =>
  z
    .number({ error: `${name} must be a number between 0 and 1` })
    .min(0, { message: `${name} must be a number between 0 and 1` })
    .max(1, { message: `${name} must be a number between 0 and 1` })
    .meta({ description })
    .optional();
export const MAX_RERANK_CANDIDATES_MESSAGE = `rerankCandidates must be an integer between 1 and ${MAX_RERANK_CANDIDATES}`;

/** Per-request ranking options (README "Ranking options"); shared by knowledge search and RAG. */
export const rankingOptionFields = {
  scoreThreshold: unitNumber(
    'scoreThreshold',
    "Drop results whose final score is below this (after reranking when it ran: the reranker's score). Default 0.",
  ),
  hybridWeight: unitNumber(
    'hybridWeight',
    "hybrid mode: the vector side's weight in the convex fusion (the keyword side's is 1 - hybridWeight). " +
      'Default 0.8. The other modes fuse nothing and ignore it.',
  ),
  rerank: z
    .boolean({ error: 'rerank must be a boolean' })
    .meta({
      description:
        "Rerank the best rerankCandidates results with the configured reranker. Default: the workspace's setting " +
        '(GET /v1/workspaces/{workspaceId}/retrieval-settings). When the reranker fails or none is configured, the ' +
        'results come back un-reranked and the X-Rerank header says so.',
    })
    .optional(),
  rerankCandidates: z
    .int({ error: MAX_RERANK_CANDIDATES_MESSAGE })
    .min(1, { message: MAX_RERANK_CANDIDATES_MESSAGE })
    .max(MAX_RERANK_CANDIDATES, { message: MAX_RERANK_CANDIDATES_MESSAGE })
    .meta({
      description:
        'With rerank: how many results of the mode the reranker rescores (default 20); raised to limit when smaller. ' +
        'Without rerank it has no effect.',
    })
    .optional(),
};

export const SemanticSearchSchema = bodyObject({
  query: z
    .string({ error: MISSING })
    .max(MAX_QUERY_CHARS, { message: `query must be at most ${MAX_QUERY_CHARS} characters` })
    .trim()
    .min(1, { message: MISSING })
    .meta({ pattern: NON_BLANK }),
  limit: searchLimit,
  /** semantic (the default: cosine ranking), hybrid or keyword; see the README for each mode's score. */
  mode: z
    .enum(SEARCH_MODES, { error: MODE_MESSAGE })
    .meta({
      description:
        'semantic (the default): cosine similarity clamped to [0, 1]; keyword: PostgreSQL full-text search over ' +
        'chunks holding any query word, score rank / (rank + 1); hybrid: 0.8 x cosine + 0.2 x rank / best rank, the ' +
        'keyword side matching every query word. Every score is in [0, 1]; scores of different modes are not comparable.',
    })
    .optional(),
  ...accessFilterFields,
  ...rankingOptionFields,
  explain: z
    .boolean({ error: 'explain must be a boolean' })
    .meta({ description: 'Add explain to each result: the scores behind it and, for workspace credentials, its roles' })
    .optional(),
});
export type SemanticSearchInput = z.infer<typeof SemanticSearchSchema>;

export const TitleSearchSchema = bodyObject({
  title: z
    .string({ error: MISSING })
    .max(MAX_QUERY_CHARS, { message: `title must be at most ${MAX_QUERY_CHARS} characters` })
    .trim()
    .min(1, { message: MISSING })
    .meta({ pattern: NON_BLANK, description: 'Part of the title (case-insensitive; wildcards are literal)' }),
  limit: searchLimit,
  ...accessFilterFields,
});
export type TitleSearchInput = z.infer<typeof TitleSearchSchema>;

export const KNOWLEDGE_TYPES = ['FILE', 'URL', 'LINK', 'STRING'] as const;
export const RESERVED_FIELD_TYPES = ['URL', 'FILE', 'LINK', 'STRING', 'WEBSITE', 'SEARCH_INDEX'] as const;
export const KNOWLEDGE_STATUSES = ['COMPLETED', 'BACKGROUND_START', 'BACKGROUND_ERROR'] as const;
const LANGUAGE = z
  .string({ error: 'language must be a language code such as en or pt-BR' })
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { message: 'language must be a language code such as en or pt-BR' });

export const CreateLinkSchema = bodyObject({
  type: z.literal('LINK', { error: (issue) => (issue.input === undefined ? MISSING : 'Type must be LINK') }),
  url: z.string({ error: MISSING }).trim().min(1, { message: MISSING }).meta({
    format: 'uri',
    pattern: '^https?://[^\\s/?#]+[^\\s]*$',
    description: 'An http(s) URL (stored, never fetched)',
  }),
  title: z.string({ error: 'title must be a string' }).max(1000).trim().min(1).meta({ pattern: NON_BLANK }).optional(),
  metadata: z.record(z.string(), z.unknown(), { error: 'metadata must be an object' }).optional(),
});
export type CreateLinkInput = z.infer<typeof CreateLinkSchema>;

export const ReservedFieldSchema = bodyObject({
  type: z.enum(RESERVED_FIELD_TYPES, {
    error: (issue) => (issue.input === undefined ? MISSING : 'Invalid knowledge type'),
  }),
  title: z.string({ error: MISSING }).max(1000).trim().min(1, { message: MISSING }).meta({ pattern: NON_BLANK }),
  language: LANGUAGE.optional(),
  sourceVisibility: z
    .enum(['none', 'source', 'download'], { error: 'sourceVisibility must be one of none, source, download' })
    .optional(),
});
export type ReservedFieldInput = z.infer<typeof ReservedFieldSchema>;

export const METADATA_SEARCH_MAX_LIMIT = 100;
export const MetadataSearchSchema = bodyObject({
  metadata: z
    .strictObject(
      {
        status: z
          .enum(KNOWLEDGE_STATUSES, { error: `metadata.status must be one of ${KNOWLEDGE_STATUSES.join(', ')}` })
          .optional(),
        type: z
          .enum(KNOWLEDGE_TYPES, { error: `metadata.type must be one of ${KNOWLEDGE_TYPES.join(', ')}` })
          .optional(),
        language: LANGUAGE.optional(),
        title: z.string({ error: 'metadata.title must be a string' }).optional(),
      },
      // An unknown key is named by the validator ("Unknown field: metadata.color"), with the keys it takes.
      { error: 'metadata must be an object with at least one property' },
    )
    .refine((m) => Object.values(m).some((v) => v !== undefined), {
      message: 'metadata must be an object with at least one property',
    })
    .meta({ minProperties: 1, description: 'Exact matches, combined with AND' }),
  page: z.coerce
    .number({ error: 'page must be a positive integer' })
    .int()
    .min(1, { message: 'page must be a positive integer' })
    .max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be between 1 and ${METADATA_SEARCH_MAX_LIMIT}` })
    .int()
    .min(1, { message: `limit must be between 1 and ${METADATA_SEARCH_MAX_LIMIT}` })
    .max(METADATA_SEARCH_MAX_LIMIT, { message: `limit must be between 1 and ${METADATA_SEARCH_MAX_LIMIT}` })
    .default(20),
});
export type MetadataSearchInput = z.infer<typeof MetadataSearchSchema>;

export const SOURCE_VISIBILITIES = ['none', 'source', 'download'] as const;
const sourceVisibility = z.enum(SOURCE_VISIBILITIES, {
  error: 'sourceVisibility must be one of none, source, download',
});

export const UploadFieldsSchema = z.strictObject({
  spaceId: z.string().refine(isUuid, { message: 'spaceId must be a valid UUID' }).meta({ format: 'uuid' }).optional(),
  sourceVisibility: sourceVisibility.optional(),
  title: z.string().max(1000, { message: 'title must be at most 1000 characters' }).trim().optional(),
  description: z.string().max(10_000, { message: 'description must be at most 10000 characters' }).optional(),
  language: LANGUAGE.optional(),
  status: z
    .string()
    .optional()
    .refine((s) => s === undefined || s === '' || s === 'BACKGROUND_START', {
      message: 'Invalid status value, must be BACKGROUND_START',
    })
    .meta({ enum: ['BACKGROUND_START'], description: 'BACKGROUND_START: answer at once; otherwise synchronous' }),
  unpack: z
    .enum(['true', 'false'], { error: 'unpack must be true or false' })
    .optional()
    .transform((v) => v === 'true')
    .meta({ description: 'true: a ZIP archive becomes a FOLDER item with one child per member' }),
  attributes: attributesFormField(),
  externalId: externalIdField(`${EXTERNAL_ID_UPSERT} (not with unpack=true)`).optional(),
});
export type UploadFieldsInput = z.infer<typeof UploadFieldsSchema>;

/** The multipart form as documented: the file part and the text fields UploadFieldsSchema validates. */
export const UploadFormSchema = UploadFieldsSchema.extend({
  file: documentedAs(z.string(), {
    type: 'string',
    format: 'binary',
    description: 'The file (one of the accepted types)',
  }),
});

/** PUT …/knowledge/{knowledgeId}/file: the new file alone (the item keeps its title, roles and the rest). */
export const ReplaceFileFieldsSchema = z.strictObject({});
export const ReplaceFileFormSchema = ReplaceFileFieldsSchema.extend({
  file: documentedAs(z.string(), {
    type: 'string',
    format: 'binary',
    description: 'The new file (one of the accepted types; it may differ from the old one)',
  }),
});

// Text, URL and website sources (README "Text, URL and website knowledge").
const title = z
  .string({ error: 'title must be a string' })
  .max(1000, { message: 'title must be at most 1000 characters' })
  .trim()
  .min(1, { message: 'title must not be empty' })
  .meta({ pattern: NON_BLANK, description: "The item's title (default: the page's own title, else the URL)" });
const webUrl = z
  .string({ error: MISSING })
  .max(2048, { message: 'url must be at most 2048 characters' })
  .trim()
  .min(1, { message: MISSING })
  .meta({
    format: 'uri',
    pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://',
    description: 'An http(s) URL whose host resolves to a public address (400 otherwise)',
  });
const freeMetadata = z
  .record(z.string(), z.unknown(), { error: 'metadata must be an object' })
  .meta({ description: 'Free key-value metadata (title, language and extraction are kept in their own fields)' });

export const TEXT_MAX_CHARACTERS = 1_000_000;
/** What the body limit means for text: a schema bounds characters, the body limit bytes (issue 43, ST201). */
export const TEXT_BODY_LIMIT_NOTE =
  'The whole JSON body is also limited to MAX_JSON_BODY_BYTES (1 MiB by default): text whose encoded body is larger ' +
  'answers 413 (code body_too_large) before it is read, however few characters it has; upload long text as a file ' +
  '(POST …/knowledge/file) instead.';
const textContent = z
  .string({ error: MISSING })
  .refine((s) => s.trim() !== '', { message: MISSING })
  // Characters as the document's maxLength counts them: code points.
  .refine((s) => s.length <= TEXT_MAX_CHARACTERS || [...s].length <= TEXT_MAX_CHARACTERS, {
    message: `content must be at most ${TEXT_MAX_CHARACTERS} characters`,
  })
  .meta({
    pattern: NON_BLANK,
    maxLength: TEXT_MAX_CHARACTERS,
    description: `The text (chunked and embedded). ${TEXT_BODY_LIMIT_NOTE}`,
  });
export const CreateTextSchema = bodyObject({
  title: z
    .string({ error: MISSING })
    .max(1000, { message: 'title must be at most 1000 characters' })
    .trim()
    .min(1, { message: MISSING })
    .meta({ pattern: NON_BLANK }),
  content: textContent,
  language: LANGUAGE.optional(),
  metadata: freeMetadata.optional(),
  attributes: attributesField().optional(),
  externalId: externalIdField(EXTERNAL_ID_UPSERT).optional(),
});
export type CreateTextInput = z.infer<typeof CreateTextSchema>;

export const CreateUrlSchema = bodyObject({
  url: webUrl,
  title: title.optional(),
  language: LANGUAGE.optional(),
  attributes: attributesField().optional(),
  externalId: externalIdField(EXTERNAL_ID_UPSERT).optional(),
});
export type CreateUrlInput = z.infer<typeof CreateUrlSchema>;

export const WEBSITE_MAX_PAGES = 1000;
export const WEBSITE_MAX_DEPTH = 10;
export const PATH_PATTERN_MESSAGE = 'includePaths and excludePaths must be arrays of at most 50 paths starting with /';
const pathPatterns = z
  .array(
    z
      .string({ error: PATH_PATTERN_MESSAGE })
      .max(500, { message: PATH_PATTERN_MESSAGE })
      .refine((p) => p.startsWith('/'), { message: PATH_PATTERN_MESSAGE })
      .meta({ pattern: '^/' }),
    { error: PATH_PATTERN_MESSAGE },
  )
  .max(50, { message: PATH_PATTERN_MESSAGE })
  .default([]);
const boundedInt = (name: string, min: number, max: number, fallback: number) =>
  z
    .number({ error: `${name} must be an integer from ${min} to ${max}` })
    .int({ message: `${name} must be an integer from ${min} to ${max}` })
    .min(min, { message: `${name} must be an integer from ${min} to ${max}` })
    .max(max, { message: `${name} must be an integer from ${min} to ${max}` })
    .default(fallback);

export const CreateWebsiteSchema = bodyObject({
  url: webUrl,
  title: title.optional(),
  language: LANGUAGE.optional(),
  maxPages: boundedInt('maxPages', 1, WEBSITE_MAX_PAGES, 50),
  maxDepth: boundedInt('maxDepth', 0, WEBSITE_MAX_DEPTH, 3),
  includePaths: pathPatterns,
  excludePaths: pathPatterns,
  attributes: attributesField().optional(),
  externalId: externalIdField(EXTERNAL_ID_UPSERT).optional(),
});
export type CreateWebsiteInput = z.infer<typeof CreateWebsiteSchema>;

/** POST …/knowledge/text (201), …/knowledge/url and …/knowledge/website (200). */
export const SourceCreatedSchema = z
  .strictObject({
    id: uuid('The new item'),
    knowledgeId: uuid('The new item (equal to id)'),
    jobId: z
      .string()
      .meta({ description: "Its ingestion job, or a website's crawl (its source's sync) (POST …/background-jobs)" }),
    status: z.literal('BACKGROUND_START'),
  })
  .meta({ id: 'SourceCreated' });
export type SourceCreated = z.infer<typeof SourceCreatedSchema>;

/** POST …/knowledge/{knowledgeId}/recrawl. */
export const RecrawlResponseSchema = z.strictObject({
  jobId: z.string().meta({ description: "The crawl (the site's source's sync): a new one, or the one still running" }),
});
export type RecrawlResponse = z.infer<typeof RecrawlResponseSchema>;

// Responses: what the presenters produce (presenters.ts returns these types).

export const KnowledgeMetadataSchema = z
  .looseObject({
    title: z.string(),
    description: z.string().optional(),
    language: z.string().optional(),
  })
  .meta({
    id: 'KnowledgeMetadata',
    description: 'Free key-value metadata; title always, description and language when set',
  });

const knowledgeType = z
  .string()
  .meta({ description: 'FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE' });

export const VERSION_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
const PendingVersionSchema = z
  .strictObject({
    number: z.int().min(2),
    status: z.enum(['PROCESSING', 'FAILED']),
    messageError: z.string().optional().meta({ description: 'Why the version failed (FAILED)' }),
  })
  .meta({
    description:
      "The item's newest version when it is not yet (PROCESSING) or will not become (FAILED) the current one; " +
      'on the single item only',
  });

export const KnowledgeVersionSchema = z
  .strictObject({
    number: z.int().min(1),
    current: z.boolean().meta({ description: 'Whether reads and searches answer from this version' }),
    status: z.enum(VERSION_STATUSES),
    size: z.int().min(0).meta({ description: 'Bytes of the file or text' }),
    hash: z.string().nullable().optional().meta({
      description:
        "SHA-256 of the content, hex (null: not recorded); shown to the workspace credential only (an end user's credential gets none)",
    }),
    createdBy: z
      .enum(['apiKey', 'workspace', 'role', 'userSpace'])
      .nullable()
      .meta({ description: 'The kind of credential that made the version (null: recorded before versions)' }),
    messageError: z.string().optional().meta({ description: 'Why the version failed (FAILED)' }),
    createdAt: timestamp,
    purgedAt: timestamp.optional().meta({
      description: 'When its file and chunks were purged (VERSION_RETENTION or MAX_VERSIONS_PER_ITEM): not restorable',
    }),
  })
  .meta({ id: 'KnowledgeVersion' });
export type KnowledgeVersion = z.infer<typeof KnowledgeVersionSchema>;
export const KnowledgeVersionListSchema = z.strictObject({ versions: z.array(KnowledgeVersionSchema) });

const VERSION_NUMBER = 'Invalid version number';
/** The {version} of …/versions/{version}/restore: a positive integer. */
export const VersionNumberSchema = z.object({
  version: z
    .string({ error: VERSION_NUMBER })
    .regex(/^[1-9][0-9]{0,8}$/, { message: VERSION_NUMBER })
    .transform(Number)
    .meta({ description: 'The version to make current (its number)' }),
});

/** PUT …/knowledge/{knowledgeId}/file (202). */
/** What a replacement warns of: the current version's manual chunk edits do not carry over to the new one. */
export const ReplaceWarningSchema = z
  .strictObject({
    code: z.literal('MANUAL_EDITS_DROPPED'),
    message: z.string(),
    chunks: z.int().min(1).meta({ description: 'Chunks of the current version added, edited or disabled by hand' }),
  })
  .meta({ id: 'ReplaceWarning' });
const warnings = z
  .array(ReplaceWarningSchema)
  .optional()
  .meta({ description: 'Present when the replacement leaves manual chunk edits behind (restoring brings them back)' });

export const VersionStartedSchema = z
  .strictObject({
    id: uuid('The item'),
    knowledgeId: uuid('The item (equal to id)'),
    version: z.int().min(2).meta({ description: 'The new version' }),
    status: z.literal('PROCESSING'),
    jobId: z.string().meta({ description: 'Its ingestion job (POST …/background-jobs)' }),
    warnings,
  })
  .meta({ id: 'VersionStarted' });
export type VersionStarted = z.infer<typeof VersionStartedSchema>;

/**
 * A creation naming the externalId of an existing item (200 unchanged, 202 replaced) and POST …/refetch.
 */
export const KnowledgeUpsertedSchema = z
  .strictObject({
    id: uuid('The item'),
    knowledgeId: uuid('The item (equal to id)'),
    externalId: z.string().nullable().meta({ description: "The item's external id (null: none)" }),
    unchanged: z.boolean().meta({
      description: "true: the content's hash is the current version's; nothing was extracted, embedded or versioned",
    }),
    version: z.int().min(1).meta({
      description:
        'unchanged: the current version; otherwise the new one (a website: its current one, being recrawled)',
    }),
    status: z.enum(['PROCESSING', 'COMPLETED', 'FAILED', 'BACKGROUND_START', 'BACKGROUND_ERROR']).meta({
      description:
        "unchanged: the item's status; otherwise the new version's (a refetch waits up to SYNC_UPLOAD_TIMEOUT_MS for " +
        "its fetch) or, for a website's recrawl, BACKGROUND_START",
    }),
    jobId: z
      .string()
      .optional()
      .meta({ description: "The new version's ingestion job, or the recrawl (not when unchanged)" }),
  })
  .meta({ id: 'KnowledgeUpserted' });
export type KnowledgeUpserted = z.infer<typeof KnowledgeUpsertedSchema>;

export const KnowledgeSchema = z
  .strictObject({
    id: uuid('The knowledge item'),
    type: knowledgeType,
    content: z.string().meta({ description: 'URL, file path or text' }),
    url: z.string().nullable(),
    status: z.enum(KNOWLEDGE_STATUSES),
    messageError: z.string().optional().meta({ description: 'Why processing failed (BACKGROUND_ERROR)' }),
    metadata: KnowledgeMetadataSchema,
    attributes: AttributesResponseSchema,
    parentId: z.uuid().nullable(),
    externalId: z.string().nullable().meta({ description: "The client's own id for the item (null: none)" }),
    version: z.int().min(1).meta({ description: 'The version whose content reads and searches answer from' }),
    pendingVersion: PendingVersionSchema.optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Knowledge' });
/** PATCH's answer: the item, and the warnings of a text replacement. */
export const UpdatedKnowledgeSchema = KnowledgeSchema.extend({ warnings }).meta({ id: 'UpdatedKnowledge' });
export type Knowledge = z.infer<typeof KnowledgeSchema>;

export const KnowledgeListSchema = z.strictObject({
  knowledge: z.array(KnowledgeSchema),
  total: z.int().min(0),
  page: z.int().min(1),
  limit: z.int().min(1),
});

export const LinkCreatedSchema = z.strictObject({
  id: uuid('The new item'),
  knowledgeId: uuid('The new item (equal to id)'),
});

const uploadEcho = {
  uploadFileMetadataId: uuid('The upload, tracked through upload-file-metadata'),
  title: z.string(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  jobId: z.string().meta({ description: 'The ingestion workflow' }),
};
export const UploadStartedSchema = z
  .strictObject({ ...uploadEcho, status: z.literal('BACKGROUND_START') })
  .meta({ id: 'UploadStarted', description: 'status=BACKGROUND_START: answered at once' });
export const UploadProcessedSchema = z
  .strictObject({
    ...uploadEcho,
    id: uuid('The knowledge item'),
    knowledgeId: uuid('The knowledge item (equal to id)'),
    type: z.enum(['FILE', 'FOLDER']).meta({ description: 'FOLDER: a ZIP archive uploaded with unpack=true' }),
    status: z.enum(['COMPLETED', 'PROCESSING']),
  })
  .meta({
    id: 'UploadProcessed',
    description: 'Synchronous upload: COMPLETED when searchable, PROCESSING past SYNC_UPLOAD_TIMEOUT_MS',
  });
export const UploadResponseSchema = z.union([UploadStartedSchema, UploadProcessedSchema]);
export type UploadStarted = z.infer<typeof UploadStartedSchema>;
export type UploadProcessed = z.infer<typeof UploadProcessedSchema>;

export const UploadItemSchema = z.strictObject({
  id: uuid('The knowledge item'),
  status: z.enum(KNOWLEDGE_STATUSES),
  metadata: z.strictObject({ title: z.string(), type: knowledgeType }),
});
export type UploadItem = z.infer<typeof UploadItemSchema>;

export const UploadFileMetadataSchema = z
  .strictObject({
    id: uuid('The upload'),
    filename: z.string(),
    mimetype: z.string(),
    size: z.int().min(0),
    knowledge: UploadItemSchema.nullable().meta({ description: 'null until background processing created the item' }),
    spaceKnowledge: UploadItemSchema.extend({ spaceId: uuid('The space') })
      .nullable()
      .meta({ description: "A space's own upload (form field spaceId); null otherwise" }),
    createdAt: timestamp,
  })
  .meta({ id: 'UploadFileMetadata' });
export type UploadFileMetadata = z.infer<typeof UploadFileMetadataSchema>;

const searchResultFields = {
  id: uuid('The knowledge item'),
  title: z.string(),
  type: knowledgeType,
  url: z.string().meta({ description: 'The URL, or the content for items without one' }),
  content: z.string().max(500).meta({ description: 'An excerpt: at most 500 characters' }),
  metadata: KnowledgeMetadataSchema,
  attributes: AttributesResponseSchema,
  pageNumber: z.int().min(1).optional().meta({ description: "The page of the item's best passage" }),
  createdAt: timestamp,
  updatedAt: timestamp,
};
export const TitleSearchResultSchema = z.strictObject(searchResultFields).meta({ id: 'TitleSearchResult' });
const sideScore = (description: string) => z.number().min(0).max(1).nullable().meta({ description });
/** How a role reaches an item: by hand on it, on its parent, or by a rule of the source it came from. */
export const RoleViaSchema = z
  .union([z.enum(['direct', 'parent', 'source default']), z.templateLiteral(['source rule ', z.int().min(1)])])
  .meta({
    description:
      'direct: assigned to the item itself; parent: to its parent; "source rule <n>": given by rule n of the ' +
      "source the item came from; source default: given by that source's own roles (no rule matched)",
  });

/** A role that makes an item visible under RBAC, and how. */
export const VisibilityRoleSchema = z.strictObject({
  id: uuid('The role'),
  name: z.string(),
  via: RoleViaSchema,
});

export const SearchExplainSchema = z
  .strictObject({
    semantic: sideScore("The passage's cosine similarity; null in keyword mode"),
    keyword: sideScore(
      "The passage's keyword score rank / (rank + 1); null in semantic mode or without a keyword match",
    ),
    fused: sideScore("The hybrid fusion's score; null outside hybrid mode"),
    rerank: sideScore("The reranker's score; null when no reranking ran"),
    roles: z.array(VisibilityRoleSchema).optional().meta({
      description:
        "Workspace credentials only: the roles that make the item visible under RBAC (other credentials don't get it)",
    }),
  })
  .meta({ id: 'SearchExplain' });
export type SearchExplainBody = z.infer<typeof SearchExplainSchema>;

export const SemanticSearchResultSchema = z
  .strictObject({
    ...searchResultFields,
    score: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: "The final score: the mode's (see mode), or the reranker's when reranking ran" }),
    explain: SearchExplainSchema.optional().meta({ description: 'With explain: true' }),
  })
  .meta({ id: 'SemanticSearchResult' });
export type SearchResultBody = z.infer<typeof TitleSearchResultSchema> & {
  score?: number;
  explain?: SearchExplainBody;
};

export const SetRetrievalSettingsSchema = z.strictObject(
  { rerank: z.boolean({ error: 'rerank must be a boolean' }) },
  { error: 'rerank must be a boolean' },
);

export const RetrievalSettingsSchema = z
  .strictObject({
    rerank: z.boolean({ error: 'rerank must be a boolean' }).meta({
      description: 'Whether searches rerank when the request does not say (default false)',
    }),
  })
  .meta({ id: 'RetrievalSettings' });

export const SemanticSearchResponseSchema = z.strictObject({
  results: z.array(SemanticSearchResultSchema),
  total: z.int().min(0),
});
export const TitleSearchResponseSchema = z.strictObject({
  results: z.array(TitleSearchResultSchema),
  total: z.int().min(0),
});

export const MetadataSearchItemSchema = z
  .strictObject({
    id: uuid('The knowledge item'),
    type: knowledgeType,
    content: z.string(),
    status: z.enum(KNOWLEDGE_STATUSES),
    metadata: KnowledgeMetadataSchema,
    attributes: AttributesResponseSchema,
    uploadFileMetadata: z.strictObject({ filename: z.string(), mimetype: z.string() }).nullable(),
    coreKnowledgeItems: z
      .array(z.strictObject({ id: uuid('The chunk'), type: z.literal('TEXT'), content: z.string() }))
      .meta({ description: "The item's first enabled chunks (at most 50)" }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'MetadataSearchItem' });
export type MetadataSearchItem = z.infer<typeof MetadataSearchItemSchema>;

/** PATCH of an item: its attributes replaced (null clears them). */
export const UpdateKnowledgeSchema = bodyObject({
  attributes: attributesField().nullable().optional(),
  text: textContent
    .meta({
      description:
        "A STRING item's new text: its next version, indexed in the background; the item answers from its " +
        'current version until the new one is COMPLETED (409 for other types or while a version is processing). ' +
        TEXT_BODY_LIMIT_NOTE,
    })
    .optional(),
})
  .refine((b) => b.attributes !== undefined || b.text !== undefined, { message: MISSING })
  .meta({
    override: ({ jsonSchema }: SchemaOverride) => {
      jsonSchema.anyOf = [{ required: ['attributes'] }, { required: ['text'] }];
    },
  });
export type UpdateKnowledgeInput = z.infer<typeof UpdateKnowledgeSchema>;

export const ReservedFieldUpdatedSchema = z.strictObject({ knowledgeId: uuid('The item') });
export const DeletedSchema = z.strictObject({ success: z.literal(true) });
export const CascadeDeleteSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  jobId: z.string().meta({ description: 'The cascade-delete workflow (cascade-delete:<workspaceId>:<knowledgeId>)' }),
});
