// File uploads: the multipart form, its answers (synchronous or BACKGROUND_START) and an upload's tracking.
import { z } from 'zod';
import { booleanFlag } from '../../../schemas/flags';
import { uuidInput } from '../../../schemas/ids';
import { documentedAs, timestamp, uuid } from '../../../openapi/operation';
import { attributesFormField } from '../../../schemas/filters';
import {
  DESCRIPTION_MAX_CHARACTERS,
  EXTERNAL_ID_UPSERT,
  KNOWLEDGE_STATUSES,
  LANGUAGE,
  externalIdField,
  knowledgeType,
  sourceVisibility,
} from '../schema';

/** The form's spaceId: what it is for, in the document and in the 404 for a space that does not exist. */
const SPACE_ID_USE =
  "Only for a file that goes to a user's space: the space's id (PUT /workspaces/{workspaceId}/activate-or-retrieve-user-space answers it). Leave it out for the workspace's knowledge; in /docs, clear the prefilled example id.";

export const UPLOAD_SPACE_HELP = { param: 'spaceId', hint: SPACE_ID_USE } as const;

export const UploadFieldsSchema = z.strictObject({
  spaceId: uuidInput('spaceId must be a valid UUID').optional().meta({ description: SPACE_ID_USE }),
  sourceVisibility: sourceVisibility.optional(),
  title: z.string().max(1000, { message: 'title must be at most 1000 characters' }).trim().optional(),
  description: z
    .string()
    .max(DESCRIPTION_MAX_CHARACTERS, {
      message: `description must be at most ${DESCRIPTION_MAX_CHARACTERS} characters`,
    })
    .optional(),
  language: LANGUAGE.optional(),
  status: z
    .string()
    .optional()
    .refine((s) => s === undefined || s === '' || s === 'BACKGROUND_START', {
      message: 'Invalid status value, must be BACKGROUND_START',
    })
    .meta({ enum: ['BACKGROUND_START'], description: 'BACKGROUND_START: answer at once; otherwise synchronous' }),
  unpack: booleanFlag('unpack', 'true: a ZIP archive becomes a FOLDER item with one child per member'),
  attributes: attributesFormField(),
  externalId: externalIdField(`${EXTERNAL_ID_UPSERT} (not with unpack=true)`)
    .meta({ example: 'policies/refunds-2025' })
    .optional(),
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
