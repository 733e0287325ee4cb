import { z } from 'zod';
import { isUuid } from '../../../ids';
import { SEARCH_MODES } from '../../../services/search';

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `Invalid ${name} value, must be between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

export const KNOWLEDGE_LIST_MAX_LIMIT = 100;
/** Deepest page of the paged listings: deeper offsets only cost the database a long scan. */
export const MAX_PAGE = 10_000;
/** Longest semantic query (the embedding model reads about 1,000 characters of it) and title search. */
export const MAX_QUERY_CHARS = 2000;
/** Most role ids one search may filter on. */
export const MAX_ROLE_IDS = 100;

export const KnowledgeListQuerySchema = z.object({
  page: intParam('page', 1, MAX_PAGE, 1),
  limit: intParam('limit', 1, KNOWLEDGE_LIST_MAX_LIMIT, 20),
});
export type KnowledgeListQuery = z.infer<typeof KnowledgeListQuerySchema>;

const MISSING = 'Missing required field';
const LIMIT_MESSAGE = 'Invalid limit value, must be between 1 and 50';
const ROLE_IDS_MESSAGE = 'roleIds must be an array of valid UUIDs';

/** limit: integer 1..50 (numeric strings accepted), default 10. */
const searchLimit = z
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
  });

const accessFilterFields = {
  audienceId: z
    .string({ error: 'audienceId must be a valid UUID' })
    .refine(isUuid, { message: 'audienceId must be a valid UUID' })
    .optional(),
  roleIds: z
    .array(z.string({ error: ROLE_IDS_MESSAGE }).refine(isUuid, { message: ROLE_IDS_MESSAGE }), {
      error: ROLE_IDS_MESSAGE,
    })
    .max(MAX_ROLE_IDS, { message: `roleIds may hold at most ${MAX_ROLE_IDS} role ids` })
    .optional(),
};

const bodyObject = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: MISSING });

const MODE_MESSAGE = `mode must be one of ${SEARCH_MODES.join(', ')}`;

export const SemanticSearchSchema = bodyObject({
  query: z
    .string({ error: MISSING })
    .trim()
    .min(1, { message: MISSING })
    .max(MAX_QUERY_CHARS, { message: `query must be at most ${MAX_QUERY_CHARS} characters` }),
  limit: searchLimit,
  /** semantic (the default: cosine ranking), hybrid or keyword; see the README for each mode's score. */
  mode: z.enum(SEARCH_MODES, { error: MODE_MESSAGE }).optional(),
  ...accessFilterFields,
});
export type SemanticSearchInput = z.infer<typeof SemanticSearchSchema>;

export const TitleSearchSchema = bodyObject({
  title: z
    .string({ error: MISSING })
    .trim()
    .min(1, { message: MISSING })
    .max(MAX_QUERY_CHARS, { message: `title must be at most ${MAX_QUERY_CHARS} characters` }),
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
  type: z.string({ error: MISSING }).refine((t) => t === 'LINK', { message: 'Type must be LINK' }),
  url: z.string({ error: MISSING }).trim().min(1, { message: MISSING }),
  title: z.string({ error: 'title must be a string' }).trim().min(1).max(1000).optional(),
  metadata: z.record(z.string(), z.unknown(), { error: 'metadata must be an object' }).optional(),
});
export type CreateLinkInput = z.infer<typeof CreateLinkSchema>;

export const ReservedFieldSchema = bodyObject({
  type: z.string({ error: MISSING }).refine((t) => (RESERVED_FIELD_TYPES as readonly string[]).includes(t), {
    message: 'Invalid knowledge type',
  }),
  title: z.string({ error: MISSING }).trim().min(1, { message: MISSING }).max(1000),
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
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? 'metadata accepts only status, type, language and title'
            : 'metadata must be an object with at least one property',
      },
    )
    .refine((m) => Object.values(m).some((v) => v !== undefined), {
      message: 'metadata must be an object with at least one property',
    }),
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

export const UploadFieldsSchema = z.object({
  spaceId: z.string().refine(isUuid, { message: 'spaceId must be a valid UUID' }).optional(),
  sourceVisibility: sourceVisibility.optional(),
  title: z.string().trim().max(1000, { message: 'title must be at most 1000 characters' }).optional(),
  description: z.string().max(10_000, { message: 'description must be at most 10000 characters' }).optional(),
  language: LANGUAGE.optional(),
  status: z
    .string()
    .optional()
    .refine((s) => s === undefined || s === '' || s === 'BACKGROUND_START', {
      message: 'Invalid status value, must be BACKGROUND_START',
    }),
  unpack: z
    .enum(['true', 'false'], { error: 'unpack must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type UploadFieldsInput = z.infer<typeof UploadFieldsSchema>;

// Text, URL and website sources (README "Text, URL and website knowledge").
const title = z
  .string({ error: 'title must be a string' })
  .trim()
  .min(1, { message: 'title must not be empty' })
  .max(1000, { message: 'title must be at most 1000 characters' });
const webUrl = z
  .string({ error: MISSING })
  .trim()
  .min(1, { message: MISSING })
  .max(2048, { message: 'url must be at most 2048 characters' });
const freeMetadata = z.record(z.string(), z.unknown(), { error: 'metadata must be an object' });

export const TEXT_MAX_CHARACTERS = 1_000_000;
export const CreateTextSchema = bodyObject({
  title: z.string({ error: MISSING }).trim().min(1, { message: MISSING }).max(1000, {
    message: 'title must be at most 1000 characters',
  }),
  content: z
    .string({ error: MISSING })
    .refine((s) => s.trim() !== '', { message: MISSING })
    .refine((s) => s.length <= TEXT_MAX_CHARACTERS, {
      message: `content must be at most ${TEXT_MAX_CHARACTERS} characters`,
    }),
  language: LANGUAGE.optional(),
  metadata: freeMetadata.optional(),
});
export type CreateTextInput = z.infer<typeof CreateTextSchema>;

export const CreateUrlSchema = bodyObject({
  url: webUrl,
  title: title.optional(),
  language: LANGUAGE.optional(),
});
export type CreateUrlInput = z.infer<typeof CreateUrlSchema>;

export const WEBSITE_MAX_PAGES = 1000;
export const WEBSITE_MAX_DEPTH = 10;
const PATH_PATTERN_MESSAGE = 'includePaths and excludePaths must be arrays of at most 50 paths starting with /';
const pathPatterns = z
  .array(
    z
      .string({ error: PATH_PATTERN_MESSAGE })
      .max(500, { message: PATH_PATTERN_MESSAGE })
      .refine((p) => p.startsWith('/'), { message: PATH_PATTERN_MESSAGE }),
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
});
export type CreateWebsiteInput = z.infer<typeof CreateWebsiteSchema>;

/** POST …/knowledge/text (201), …/knowledge/url and …/knowledge/website (200). */
export const SourceCreatedSchema = z.object({
  id: z.uuid(),
  knowledgeId: z.uuid(),
  jobId: z.string(),
  status: z.literal('BACKGROUND_START'),
});
export type SourceCreated = z.infer<typeof SourceCreatedSchema>;

/** POST …/knowledge/{knowledgeId}/recrawl. */
export const RecrawlResponseSchema = z.object({ jobId: z.string() });
export type RecrawlResponse = z.infer<typeof RecrawlResponseSchema>;
