// Versions of an item: the list, the {version} path parameter, a replaced file's form and its answer.
import { z } from 'zod';
import { documentedAs, timestamp, uuid } from '../../../openapi/operation';
import { VERSION_STATUSES, warnings } from '../schema';

/** PUT …/knowledge/{knowledgeId}/file: the new file alone (the item keeps its title, roles and the rest). */
export const ReplaceFileFieldsSchema = z.strictObject({});
export const ReplaceFileFormSchema = ReplaceFileFieldsSchema.extend({
  file: documentedAs(z.string(), {
    type: 'string',
    format: 'binary',
    description: 'The new file (one of the accepted types; it may differ from the old one)',
  }),
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
    createdBy: z.enum(['apiKey', 'workspace', 'role', 'userSpace']).nullable().meta({
      description:
        "The kind of credential that made the version (version 1: the one that created the item; a source's sync: workspace). null: a version 1 recorded before migration 0040, or an item seeded by the admin CLI",
    }),
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
const VERSION_PATTERN = /^[1-9][0-9]{0,8}$/;
/** The {version} of …/versions/{version}/restore: a positive integer. */
export const VersionNumberSchema = z.object({
  version: z
    .string({ error: VERSION_NUMBER })
    .refine((v) => VERSION_PATTERN.test(v), {
      message: VERSION_NUMBER,
      params: {
        code: 'invalid_field',
        param: 'version',
        hint: 'version is a version number, a positive integer (1, 2, …): GET …/knowledge/{knowledgeId}/versions lists them.',
      },
    })
    .transform(Number)
    .meta({ pattern: VERSION_PATTERN.source, description: 'The version to make current (its number)' }),
});

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
