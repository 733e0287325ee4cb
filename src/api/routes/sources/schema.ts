import { z } from 'zod';
import { SOURCE_KINDS } from '../../../connectors/registry';
import { timestamp, uuid } from '../../openapi/operation';
import { AttributesResponseSchema, attributesField } from '../knowledge/filters';

const INVALID = 'Invalid field value';
const MISSING = 'Missing required field';

/** The shortest schedule interval: a sync a minute at most. */
export const MIN_INTERVAL_SECONDS = 60;
export const MAX_INTERVAL_SECONDS = 30 * 24 * 3600;

const ScheduleSchema = z
  .strictObject(
    {
      intervalSeconds: z
        .number({ error: INVALID })
        .int({ message: INVALID })
        .min(MIN_INTERVAL_SECONDS, { message: INVALID })
        .max(MAX_INTERVAL_SECONDS, { message: INVALID })
        .optional()
        .meta({ description: 'Seconds between scheduled syncs (default 21600, six hours)' }),
      paused: z
        .boolean({ error: INVALID })
        .optional()
        .meta({ description: 'Pause (true) or resume (false) the schedule' }),
    },
    { error: INVALID },
  )
  .meta({ description: 'A Temporal schedule (overlap policy SKIP: a sync never starts while one runs)' });

const common = {
  name: z
    .string({ error: INVALID })
    .min(1, { message: INVALID })
    .max(200, { message: INVALID })
    .optional()
    .meta({ description: "The source's name (also its root item's title)" }),
  roleIds: z
    .array(z.uuid({ message: INVALID }), { error: INVALID })
    .max(100, { message: INVALID })
    .optional()
    .meta({ description: 'Roles every item of the source is visible to under RBAC (inherited at read time)' }),
  attributes: attributesField().optional(),
  maxDeleteShare: z
    .number({ error: INVALID })
    .min(0, { message: INVALID })
    .max(1, { message: INVALID })
    .optional()
    .meta({
      description: 'The largest share of its items one sync may delete without ?confirmDeletes=true (default 0.5)',
    }),
};

const kindBodies = Object.entries(SOURCE_KINDS).map(([name, k]) =>
  z.strictObject(
    {
      kind: z.literal(name).meta({ description: k.description }),
      config: k.config,
      ...(k.secrets ? { secrets: k.secrets.optional().meta({ description: 'Sealed at rest, never returned' }) } : {}),
      schedule: ScheduleSchema.optional(),
      ...common,
    },
    { error: MISSING },
  ),
);

export const CreateSourceSchema = z.discriminatedUnion(
  'kind',
  kindBodies as unknown as [(typeof kindBodies)[number], ...(typeof kindBodies)[number][]],
  { error: MISSING },
);
export type CreateSourceInput = z.infer<typeof CreateSourceSchema>;

const kinds = Object.values(SOURCE_KINDS);
/** One of the kinds' schemas (a union once there is more than one kind). */
const anyOf = (schemas: z.ZodType<Record<string, unknown>>[]): z.ZodType<Record<string, unknown>> =>
  schemas.length === 1
    ? schemas[0]!
    : (z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]) as z.ZodType<Record<string, unknown>>);

export const UpdateSourceSchema = z.strictObject(
  {
    config: anyOf(kinds.map((k) => k.config))
      .optional()
      .meta({ description: "The whole new config (one of the source's own kind: 400 otherwise)" }),
    secrets: anyOf(kinds.flatMap((k) => (k.secrets ? [k.secrets] : [])))
      .nullable()
      .optional()
      .meta({ description: 'New credentials (null removes them); sealed, never returned' }),
    schedule: ScheduleSchema.nullable().optional().meta({ description: 'null removes the schedule' }),
    ...common,
    attributes: attributesField().nullable().optional(),
  },
  { error: INVALID },
);
export type UpdateSourceInput = z.infer<typeof UpdateSourceSchema>;

const booleanQuery = z
  .enum(['true', 'false'], { error: INVALID })
  .optional()
  .transform((v) => v === 'true');

export const DeleteSourceQuerySchema = z.object({
  deleteItems: booleanQuery.meta({ description: "Also delete the source's items (a cascade delete job)" }),
});

export const SyncNowQuerySchema = z.object({
  confirmDeletes: booleanQuery.meta({
    description: "Let this sync delete more than the source's maxDeleteShare of its items",
  }),
});

export const SyncsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: INVALID })
    .int({ message: INVALID })
    .min(1, { message: INVALID })
    .max(200, { message: INVALID })
    .default(50),
});

// Responses: what presentSource and presentSync (src/presenters/sources.ts) produce.

export const SourceSyncSchema = z
  .strictObject({
    id: uuid('The sync'),
    sourceId: uuid('The source'),
    jobId: z.string().meta({ description: 'The Temporal workflow id of the sync' }),
    trigger: z.enum(['manual', 'schedule']),
    status: z.enum(['RUNNING', 'COMPLETED', 'FAILED', 'NEEDS_CONFIRMATION', 'SKIPPED']),
    error: z.string().nullable().meta({ description: 'Why it failed or stopped, in plain words' }),
    seen: z.number().int().meta({ description: 'Documents the source listed' }),
    added: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    deleted: z.number().int(),
    failed: z.number().int(),
    chunksEmbedded: z.number().int().meta({ description: 'Chunks extracted and embedded (0 when nothing changed)' }),
    failures: z.array(z.strictObject({ key: z.string(), reason: z.string() })),
    startedAt: timestamp,
    finishedAt: timestamp.nullable(),
  })
  .meta({ id: 'SourceSync' });
export type SourceSync = z.infer<typeof SourceSyncSchema>;

export const SourceSchema = z
  .strictObject({
    id: uuid('The source'),
    workspaceId: uuid('The workspace'),
    kind: z.enum(Object.keys(SOURCE_KINDS) as [string, ...string[]]),
    name: z.string(),
    config: z.record(z.string(), z.unknown()).meta({ description: "The kind's config (never its secrets)" }),
    hasSecrets: z.boolean().meta({ description: 'Whether credentials are stored (sealed)' }),
    rootId: uuid('The item whose children the documents become (roles and attributes inherited from it)'),
    schedule: z.strictObject({ intervalSeconds: z.number().int(), paused: z.boolean() }).nullable(),
    roleIds: z.array(z.uuid()),
    attributes: AttributesResponseSchema,
    maxDeleteShare: z.number(),
    lastSync: SourceSyncSchema.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Source' });
export type Source = z.infer<typeof SourceSchema>;

export const SourceListSchema = z.strictObject({ sources: z.array(SourceSchema) });
export type SourceList = z.infer<typeof SourceListSchema>;
export const SourceSyncListSchema = z.strictObject({ syncs: z.array(SourceSyncSchema) });
export type SourceSyncList = z.infer<typeof SourceSyncListSchema>;
export const SyncStartedSchema = z.strictObject({
  started: z.boolean().meta({ description: 'false: a sync of the source was running, and is the one answered' }),
  sync: SourceSyncSchema,
});
export type SyncStarted = z.infer<typeof SyncStartedSchema>;
export const SourceDeletedSchema = z.strictObject({
  success: z.literal(true),
  jobId: z.string().optional().meta({ description: "The cascade delete of the source's items (deleteItems=true)" }),
});
