// Knowledge items' request and response schemas, and the fields and helpers the sub-resources' schemas share
// (title, language, external id, body objects, the item as every read shows it).
import { z } from 'zod';
import { LANGUAGE_TAG } from '../../../domain/language';
import { LISTED_CONTENT_MAX_CHARS } from '../../../domain/listing';
import { longerThan } from '../../../domain/text';
import { NON_BLANK, timestamp, uuid, type SchemaOverride } from '../../openapi/operation';
import { attributesField, AttributesResponseSchema, filterQueryParam } from '../../schemas/filters';
import { queryInteger } from '../../schemas/integers';
import { typeMessage } from '../../validate';

const intParam = (name: string, min: number, max: number, fallback: number) =>
  queryInteger(name, { min, max, fallback, message: `Invalid ${name} value, must be between ${min} and ${max}` });

export const KNOWLEDGE_LIST_MAX_LIMIT = 100;
/** Deepest page of the paged listings: deeper offsets only cost the database a long scan. */
export const MAX_PAGE = 10_000;

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
export const EXTERNAL_ID_UPSERT =
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

export const MISSING = 'Missing required field';

export const bodyObject = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: MISSING });

export const KNOWLEDGE_TYPES = ['FILE', 'URL', 'LINK', 'STRING'] as const;
export const RESERVED_FIELD_TYPES = ['URL', 'FILE', 'LINK', 'STRING', 'WEBSITE', 'SEARCH_INDEX'] as const;
export const KNOWLEDGE_STATUSES = ['COMPLETED', 'BACKGROUND_START', 'BACKGROUND_ERROR'] as const;
/** A language tag field, refused by its own name (language, metadata.language). */
const languageField = (name: string) => {
  const message = `${name} must be a language code such as en or pt-BR`;
  return z.string({ error: message }).regex(LANGUAGE_TAG, { message });
};
export const LANGUAGE = languageField('language').meta({
  description:
    "The item's language (BCP 47): keyword search stems its words and drops stop words under PostgreSQL's text " +
    'search configuration for it (en: english, de: german, …). Without one, text that reads as English is ' +
    'indexed as English and other text word for word; `und` (undetermined) is always word for word.',
  example: 'en',
});

export const DESCRIPTION_MAX_CHARACTERS = 10_000;

/** A link's title (or a metadata title), refused by its own name; its bounds are said by the validator. */
const linkTitle = (name: string) =>
  z
    .string({ error: typeMessage(`${name} must be a string`) })
    .max(1000)
    .trim()
    .min(1)
    .meta({ pattern: NON_BLANK });

/**
 * A link's or a text's metadata: free keys, and the keys the spec names (title, description, language) checked as
 * the other routes check those fields (the upload's title, description and language).
 */
const itemMetadata = (description: string) =>
  z
    .looseObject(
      {
        title: linkTitle('metadata.title').optional(),
        description: z
          .string({ error: typeMessage('metadata.description must be a string') })
          .max(DESCRIPTION_MAX_CHARACTERS)
          .optional(),
        language: languageField('metadata.language').optional(),
      },
      { error: 'metadata must be an object' },
    )
    .meta({
      description,
      // Its keys are text as any request string is (the document adds the clean-text pattern to propertyNames).
      override: ({ jsonSchema }: SchemaOverride) => {
        jsonSchema.propertyNames = { type: 'string' };
      },
    });

export const CreateLinkSchema = bodyObject({
  type: z.literal('LINK', { error: (issue) => (issue.input === undefined ? MISSING : 'Type must be LINK') }),
  url: z.string({ error: MISSING }).trim().min(1, { message: MISSING }).meta({
    format: 'uri',
    pattern: '^https?://[^\\s/?#]+[^\\s]*$',
    description: 'An http(s) URL (stored, never fetched)',
  }),
  title: linkTitle('title').optional(),
  metadata: itemMetadata(
    'Free key-value metadata. Known keys: title (the title when title is not sent, else the URL; title wins when ' +
      'both are sent), description (searchable with the title and URL), language (BCP 47).',
  ).optional(),
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

export const SOURCE_VISIBILITIES = ['none', 'source', 'download'] as const;
export const sourceVisibility = z.enum(SOURCE_VISIBILITIES, {
  error: 'sourceVisibility must be one of none, source, download',
});

// Text, URL and website sources (README "Text, URL and website knowledge").
export const title = z
  .string({ error: 'title must be a string' })
  .max(1000, { message: 'title must be at most 1000 characters' })
  .trim()
  .min(1, { message: 'title must not be empty' })
  .meta({ pattern: NON_BLANK, description: "The item's title (default: the page's own title, else the URL)" });
export const webUrl = z
  .string({ error: MISSING })
  .max(2048, { message: 'url must be at most 2048 characters' })
  .trim()
  .min(1, { message: MISSING })
  .meta({
    format: 'uri',
    pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://',
    description: 'An http(s) URL whose host resolves to a public address (400 otherwise)',
  });

export const TEXT_MAX_CHARACTERS = 1_000_000;
/** What the body limit means for text: a schema bounds characters, the body limit bytes (issue 43, ST201). */
export const TEXT_BODY_LIMIT_NOTE =
  'The whole JSON body is also limited to MAX_JSON_BODY_BYTES (1 MiB by default): text whose encoded body is larger ' +
  'answers 413 (code body_too_large) before it is read, however few characters it has; upload long text as a file ' +
  '(POST …/knowledge/file) instead.';
const textContent = z
  .string({ error: MISSING })
  .refine((s) => s.trim() !== '', { message: MISSING })
  .refine((s) => !longerThan(s, TEXT_MAX_CHARACTERS), {
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
  metadata: itemMetadata(
    'Free key-value metadata. Known keys: title (title, which is required, is the title), language (the ' +
      "item's language when language is not sent; language wins when both are), description.",
  ).optional(),
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

export const knowledgeType = z
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

/** PUT …/knowledge/{knowledgeId}/file (202). */
/** What a replacement warns of: the current version's manual chunk edits do not carry over to the new one. */
export const ReplaceWarningSchema = z
  .strictObject({
    code: z.literal('MANUAL_EDITS_DROPPED'),
    message: z.string(),
    chunks: z.int().min(1).meta({ description: 'Chunks of the current version added, edited or disabled by hand' }),
  })
  .meta({ id: 'ReplaceWarning' });
export const warnings = z
  .array(ReplaceWarningSchema)
  .optional()
  .meta({ description: 'Present when the replacement leaves manual chunk edits behind (restoring brings them back)' });

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

/** Present (true) only where a listing cut the item's content (domain/listing.ts). */
export const contentTruncatedField = z
  .literal(true)
  .optional()
  .meta({
    description:
      `Present when the content shown is the first ${LISTED_CONTENT_MAX_CHARS} characters of a longer text: ` +
      'GET /v1/workspaces/{workspaceId}/knowledge/{knowledgeId} answers the whole text',
  });

export const KnowledgeSchema = z
  .strictObject({
    id: uuid('The knowledge item'),
    type: knowledgeType,
    content: z.string().meta({
      description: `URL, file path or text; in a list, at most ${LISTED_CONTENT_MAX_CHARS} characters (contentTruncated)`,
    }),
    contentTruncated: contentTruncatedField,
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

export const UPDATE_NEEDS_FIELD = 'Send at least one of attributes, text';
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
  .refine((b) => b.attributes !== undefined || b.text !== undefined, {
    message: UPDATE_NEEDS_FIELD,
    params: {
      code: 'missing_field',
      param: 'attributes, text',
      hint: "Send attributes (the item's own fields; null clears them) or text (a STRING item's new text), or both.",
    },
  })
  .meta({
    override: ({ jsonSchema }: SchemaOverride) => {
      jsonSchema.anyOf = [{ required: ['attributes'] }, { required: ['text'] }];
    },
  });
export type UpdateKnowledgeInput = z.infer<typeof UpdateKnowledgeSchema>;

export const ReservedFieldUpdatedSchema = z.strictObject({
  knowledgeId: uuid('The item'),
  jobId: z
    .string()
    .optional()
    .meta({
      description:
        'Present when the title changed and EMBEDDING_TEXT_SCHEME puts titles in vectors (header-mix, the default; ' +
        "title; title-heading), or the item is a link (its chunk's text is its title, description and URL): the " +
        'background job (title-vectors:<workspaceId>:<knowledgeId>:<stamp>) that computes those vectors again ' +
        'from the new title. Until it completes, semantic search reads the vectors ' +
        'of the old title. POST …/background-jobs with this id follows it.',
    }),
});
export const DeletedSchema = z.strictObject({ success: z.literal(true) });
export const CascadeDeleteSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  jobId: z.string().meta({ description: 'The cascade-delete workflow (cascade-delete:<workspaceId>:<knowledgeId>)' }),
});
