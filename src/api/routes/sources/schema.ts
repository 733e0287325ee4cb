import { z } from 'zod';
import { GLOB_PATTERN } from '../../../connectors/glob';
import { SOURCE_KINDS } from '../../../connectors/registry';
import { RULE_LIMITS, rulesProblems, type SourceRule } from '../../../connectors/sourceRules';
import { timestamp, uuid } from '../../openapi/operation';
import { AttributesResponseSchema, attributesField } from '../../schemas/filters';
import { booleanFlag } from '../../schemas/flags';
import { queryInteger } from '../../schemas/integers';

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
    .array(z.uuid({ message: INVALID }).toLowerCase(), { error: INVALID })
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

// A source's rules (src/connectors/sourceRules.ts): the shape and its bounds here, each refusal naming the bound;
// what depends on the kind (which facts a match may read) in rulesFitKind.
const { rules: MAX_RULES, patterns: MAX_PATTERNS, patternLength: MAX_PATTERN, keyLength: MAX_KEY } = RULE_LIMITS;
const pattern = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .min(1, { message: `${what} must not be empty` })
    .max(MAX_PATTERN, { message: `${what} may be at most ${MAX_PATTERN} characters` });
const patternList = (what: string, description: string, itemPattern?: string) =>
  z
    .array(itemPattern ? pattern(what).meta({ pattern: itemPattern }) : pattern(what), {
      error: `${what}s must be a list`,
    })
    .min(1, { message: `${what}s must hold at least one ${what}` })
    .max(MAX_PATTERNS, { message: `${what}s may hold at most ${MAX_PATTERNS} patterns` })
    .meta({ description });
const factValues = (what: string, description: string) =>
  z
    .record(
      z
        .string()
        .min(1, { message: `a ${what} key must not be empty` })
        .max(MAX_KEY, {
          message: `a ${what} key may be at most ${MAX_KEY} characters`,
        }),
      z.union([
        pattern(`a ${what} value`),
        z
          .array(pattern(`a ${what} value`))
          .min(1)
          .max(MAX_PATTERNS, {
            message: `a ${what} key may list at most ${MAX_PATTERNS} values`,
          }),
      ]),
      { error: `${what} must be an object of values` },
    )
    .meta({ description });

export const RuleMatchSchema = z
  .strictObject(
    {
      paths: patternList(
        'path pattern',
        "Globs on the document's path within the source (any of them): an s3 key after the prefix, a repository " +
          "path, a URL's path without its leading /. `*` within a segment, `**` any segments, `?`, `[a-z]`.",
        GLOB_PATTERN,
      ).optional(),
      metadata: factValues(
        'metadata',
        's3: object user metadata (x-amz-meta-*, keys case-insensitive); every key must hold one of its values',
      ).optional(),
      tags: factValues('tags', 's3: object tags; every key must hold one of its values').optional(),
      owners: patternList(
        'owner',
        "git: owners from the repository's CODEOWNERS file (config.codeowners), e.g. @acme/hr (any of them)",
      ).optional(),
    },
    { error: 'match must be an object of paths, metadata, tags or owners' },
  )
  .meta({ id: 'SourceRuleMatch', description: 'Every condition given must hold' });

export const SourceRuleSchema = z
  .strictObject(
    {
      match: RuleMatchSchema,
      roleIds: z
        .array(z.uuid({ message: 'roleIds must hold role ids (UUIDs)' }).toLowerCase(), {
          error: 'roleIds must be a list',
        })
        .max(RULE_LIMITS.roleIds, { message: `a rule may give at most ${RULE_LIMITS.roleIds} roles` })
        .optional()
        .meta({ description: "The roles a matching document gets (absent: the source's own roleIds)" }),
      attributes: attributesField()
        .optional()
        .meta({ description: "Attributes a matching document gets over the source's" }),
    },
    { error: 'a rule must be an object {match, roleIds?, attributes?}' },
  )
  .meta({ id: 'SourceRule' });

const rulesField = () =>
  z
    .array(SourceRuleSchema, { error: 'rules must be a list of rules' })
    .max(MAX_RULES, { message: `rules may hold at most ${MAX_RULES} rules` })
    .meta({
      description:
        'Who may read each document, from where it lives: evaluated in order, the first rule whose match the ' +
        "document meets gives its roles and attributes; a document no rule matches gets the source's own. " +
        `At most ${MAX_RULES} rules of at most ${MAX_PATTERNS} patterns of ${MAX_PATTERN} characters. A change ` +
        'is applied to every document by a rules job (rulesJobId), without fetching or embedding anything.',
    });

/** Adds the issues of rules the source's kind cannot evaluate (src/connectors/sourceRules.ts rulesProblems). */
function checkRulesFor(
  kind: string,
  rules: SourceRule[] | undefined,
  config: unknown,
  ctx: { addIssue(issue: z.core.$ZodRawIssue): void },
): void {
  const codeowners = typeof (config as { codeowners?: unknown } | undefined)?.codeowners === 'string';
  for (const problem of rulesProblems(rules ?? [], kind, { codeowners })) {
    ctx.addIssue({
      code: 'custom',
      message: problem.message,
      path: problem.path,
      input: undefined,
      // The error body's help fields: which field, what to do.
      params: {
        code: 'invalid_source_rule',
        param: problem.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join(''),
        hint: problem.hint,
      },
    });
  }
}

/**
 * The rules as a source of this kind (and config) can evaluate them: a PATCH or a dry run, whose kind is the stored
 * source's, checks `{rules}` with it after the body's shape.
 */
export const rulesFitKind = (kind: string, config: unknown) =>
  z
    .object({ rules: z.array(z.any()) })
    .superRefine((body, ctx) => checkRulesFor(kind, body.rules as SourceRule[], config, ctx));

const kindBodies = Object.entries(SOURCE_KINDS).map(([name, k]) =>
  z
    .strictObject(
      {
        kind: z.literal(name).meta({ description: k.description }),
        config: k.config,
        ...(k.secrets ? { secrets: k.secrets.optional().meta({ description: 'Sealed at rest, never returned' }) } : {}),
        schedule: ScheduleSchema.optional(),
        ...common,
        rules: rulesField().optional(),
      },
      { error: MISSING },
    )
    .superRefine((body, ctx) => checkRulesFor(name, body.rules, body.config, ctx)),
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

/**
 * A change's config and secrets as the stored source's kind takes them (the body names no kind, so the
 * document's schema is every kind's): checked first, so a field of another kind is named with this kind's fields.
 */
export function kindFieldsOf(kind: string): z.ZodObject | undefined {
  const k = (SOURCE_KINDS as Record<string, (typeof SOURCE_KINDS)[keyof typeof SOURCE_KINDS]>)[kind];
  if (!k) return undefined;
  return z.object({
    config: k.config.optional(),
    ...(k.secrets ? { secrets: k.secrets.nullable().optional() } : {}),
  });
}

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
    rules: rulesField()
      .optional()
      .meta({ description: 'The whole new list of rules ([] removes them); a rules job applies the change' }),
  },
  { error: INVALID },
);
export type UpdateSourceInput = z.infer<typeof UpdateSourceSchema>;

/** POST …/sources/{sourceId}/rules:preview: the rules (and default roles) to try; absent, the current ones. */
export const PreviewRulesSchema = z
  .strictObject(
    {
      rules: rulesField().optional(),
      roleIds: z
        .array(z.uuid({ message: 'roleIds must hold role ids (UUIDs)' }).toLowerCase(), {
          error: 'roleIds must be a list',
        })
        .max(100, { message: 'roleIds may hold at most 100 roles' })
        .optional()
        .meta({ description: "The source's own roles to try (the default of documents no rule matches)" }),
      limit: z
        .number({ error: 'limit must be an integer from 1 to 1000' })
        .int({ message: 'limit must be an integer from 1 to 1000' })
        .min(1, { message: 'limit must be an integer from 1 to 1000' })
        .max(1000, { message: 'limit must be an integer from 1 to 1000' })
        .default(100)
        .meta({ description: 'The most changes listed (all are counted)' }),
    },
    { error: INVALID },
  )
  .meta({ id: 'SourceRulesPreviewRequest' });
export type PreviewRulesInput = z.infer<typeof PreviewRulesSchema>;

export const DeleteSourceQuerySchema = z.object({
  deleteItems: booleanFlag('deleteItems', "Also delete the source's items (a cascade delete job)"),
});

export const SyncNowQuerySchema = z.object({
  confirmDeletes: booleanFlag(
    'confirmDeletes',
    "Let this sync delete more than the source's maxDeleteShare of its items",
  ),
});

export const SyncsQuerySchema = z.object({
  limit: queryInteger('limit', { min: 1, max: 200, fallback: 50 }),
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
    failures: z.array(z.strictObject({ key: z.string(), reason: z.string() })).meta({
      description: 'The documents that failed, with why (the first 200); each is tried again at the next sync',
    }),
    skipped: z
      .number()
      .int()
      .meta({
        description:
          'Listed documents of a type the service does not index (an image, a Makefile): not fetched again until ' +
          'they change',
      }),
    skips: z.array(z.strictObject({ key: z.string(), reason: z.string() })).meta({
      description: "The skipped documents, with why (the first 200), e.g. 'unsupported file type (.png)'",
    }),
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
    rules: z.array(SourceRuleSchema).meta({ description: 'The rules, in the order they are evaluated' }),
    rulesJobId: z
      .string()
      .nullable()
      .meta({ description: 'The job applying the last change of the rules (background-jobs shows its progress)' }),
    lastSync: SourceSyncSchema.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    secretsDropped: z
      .literal(true)
      .optional()
      .meta({
        description:
          'Only in the answer to a PATCH whose config sends the source elsewhere (another endpoint, bucket or ' +
          'repository) without new secrets: the stored secrets were dropped, so they never reach the new place. ' +
          'Send them again (PATCH {"secrets": …}) before the next sync',
      }),
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

// GET …/sources/{sourceId}/rules and the dry run.

const RuleNumber = z
  .int()
  .min(0)
  .meta({ description: "The rule's number in the list (1 is the first); 0 is the source's default" });

const RuleRoles = z.strictObject({
  rule: RuleNumber.nullable().meta({ description: 'null: the source has no rules (its roles are on its root item)' }),
  roleIds: z.array(z.uuid()),
});

export const SourceRulesResponseSchema = z
  .strictObject({
    sourceId: uuid('The source'),
    rulesVersion: z.int().min(0).meta({ description: 'Counts the changes of the rules' }),
    rbacStatus: z.enum(['ACTIVE', 'INACTIVE']),
    rules: z.array(
      z.strictObject({
        rule: RuleNumber,
        match: RuleMatchSchema,
        roleIds: z.array(z.uuid()).meta({ description: "The roles it gives (the source's own when it names none)" }),
        attributes: AttributesResponseSchema,
        documents: z.int().min(0).meta({ description: 'Documents it gives roles to now' }),
      }),
    ),
    default: z.strictObject({
      rule: z.literal(0),
      roleIds: z.array(z.uuid()),
      documents: z.int().min(0).meta({ description: 'Documents no rule matches' }),
    }),
    documents: z.int().min(0).meta({ description: 'Documents of the source with an item' }),
    pending: z
      .int()
      .min(0)
      .meta({ description: 'Documents not yet given the current rules (the rules job or the next sync will)' }),
    jobId: z.string().nullable().meta({ description: 'The job applying the last change of the rules' }),
    unreached: z
      .strictObject({
        count: z.int().min(0),
        documents: z.array(
          z.strictObject({ knowledgeId: uuid('The item'), title: z.string(), key: z.string().nullable() }),
        ),
      })
      .meta({
        description:
          "The source's items no role reaches (none on them or their parent): under ACTIVE RBAC no role-bound " +
          'token reads them (the first 50)',
      }),
  })
  .meta({ id: 'SourceRules' });
export type SourceRulesResponse = z.infer<typeof SourceRulesResponseSchema>;

export const RulesPreviewSchema = z
  .strictObject({
    documents: z.int().min(0).meta({ description: 'Documents of the source with an item, all evaluated' }),
    changing: z.int().min(0).meta({ description: 'Of them, those whose roles would change' }),
    rules: z
      .array(z.strictObject({ rule: RuleNumber, documents: z.int().min(0) }))
      .meta({ description: 'How many documents each rule would give roles to (rule 0: the default)' }),
    changes: z.array(
      z.strictObject({
        knowledgeId: uuid('The item'),
        key: z.string().meta({ description: "The document's key in the source" }),
        path: z.string().meta({ description: 'The path the rules match' }),
        from: RuleRoles,
        to: RuleRoles,
      }),
    ),
    truncated: z.boolean().meta({ description: 'More documents change than `changes` lists (see limit)' }),
  })
  .meta({ id: 'SourceRulesPreview' });
export type RulesPreviewResponse = z.infer<typeof RulesPreviewSchema>;
