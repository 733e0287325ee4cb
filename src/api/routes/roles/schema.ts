import { z } from 'zod';
import { CUSTOMER_ROLE_ID } from '../../../domain/roles';
import { uuidInput } from '../../schemas/ids';
import { NON_BLANK, timestamp, uuid, type SchemaOverride } from '../../openapi/operation';
import { filterQueryParam } from '../../schemas/filters';
import { queryInteger } from '../../schemas/integers';
import { typeMessage } from '../../validate';
import { RoleViaSchema, VisibilityRoleSchema } from '../knowledge/schema';
import { JOB_KINDS } from '../../../services/operations/workspaceJobs';

const MISSING = 'Missing required field';
const INVALID = 'Invalid field value';
export { CUSTOMER_ROLE_ID };

const name = z
  .string({ error: INVALID })
  .trim()
  .min(1, { message: INVALID })
  .max(255, { message: INVALID })
  .meta({ pattern: NON_BLANK });
const description = z.string({ error: INVALID }).max(2000, { message: INVALID }).nullable();
const customerRoleId = z.string({ error: INVALID }).regex(CUSTOMER_ROLE_ID, { message: INVALID }).meta({
  description: 'Customer-chosen identifier: 1 to 255 letters, digits, _ or -; unique in the workspace, case-sensitive',
});

/**
 * A customerRoleId a request names to pick a role (tokens, user spaces): checked against the spec's format
 * (at most 255 letters, digits, hyphens, underscores) before any lookup.
 */
export const CUSTOMER_ROLE_ID_FORMAT =
  'customerRoleId must be 1 to 255 characters: letters, digits, hyphen or underscore';
export const CustomerRoleIdReference = z
  .string({ error: 'customerRoleId must be a string' })
  .regex(CUSTOMER_ROLE_ID, { message: CUSTOMER_ROLE_ID_FORMAT });

export const CreateRoleSchema = z.strictObject(
  {
    // A missing (or null) name is "Missing required field"; any other bad value "Invalid field value".
    name: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MISSING : INVALID) })
      .trim()
      .min(1, { message: INVALID })
      .max(255, { message: INVALID })
      .meta({ pattern: NON_BLANK }),
    description: description.optional(),
    customerRoleId: customerRoleId.nullable().optional(),
  },
  { error: MISSING },
);
export type CreateRoleInput = z.infer<typeof CreateRoleSchema>;

/** An update must change something: an empty body would start a job that changes nothing. */
export const ROLE_UPDATE_EMPTY = 'At least one field required: name, description or customerRoleId';
export const UpdateRoleSchema = z
  .strictObject(
    {
      name: name.optional(),
      description: description.optional(),
      customerRoleId: customerRoleId.nullable().optional(),
    },
    { error: INVALID },
  )
  .refine((b) => b.name !== undefined || b.description !== undefined || b.customerRoleId !== undefined, {
    message: ROLE_UPDATE_EMPTY,
    params: {
      code: 'missing_field',
      param: 'name, description, customerRoleId',
      hint: 'Send name, description or customerRoleId (fields left out stay unchanged).',
    },
  })
  .meta({ override: ({ jsonSchema }: SchemaOverride) => void (jsonSchema.minProperties = 1) });
export type UpdateRoleInput = z.infer<typeof UpdateRoleSchema>;

export const FindRolesSchema = z
  .strictObject(
    {
      customerRoleId: z.string({ error: INVALID }).optional(),
      name: z.string({ error: INVALID }).optional(),
    },
    { error: 'At least one search criterion required' },
  )
  .refine((b) => (b.customerRoleId ?? '') !== '' || (b.name ?? '').trim() !== '', {
    message: 'At least one search criterion required',
    params: {
      code: 'missing_field',
      param: 'customerRoleId, name',
      hint: 'Send customerRoleId or a non-blank name (or both): the roles that match are returned.',
    },
  })
  .meta({
    override: ({ jsonSchema }: SchemaOverride) => {
      jsonSchema.anyOf = [
        { required: ['customerRoleId'], properties: { customerRoleId: { minLength: 1 } } },
        { required: ['name'], properties: { name: { pattern: NON_BLANK } } },
      ];
    },
  });
export type FindRolesInput = z.infer<typeof FindRolesSchema>;

const ROLE_IDS = 'roleIds must be an array of valid UUIDs';
export const RoleIdsSchema = z.strictObject(
  {
    roleIds: z
      .array(uuidInput(ROLE_IDS, { typeError: ROLE_IDS }), {
        error: ROLE_IDS,
      })
      .min(1, { message: ROLE_IDS })
      .max(100, { message: 'roleIds may hold at most 100 ids' }),
  },
  { error: ROLE_IDS },
);
export type RoleIdsInput = z.infer<typeof RoleIdsSchema>;

export const RbacStatusSchema = z.strictObject(
  { rbacEnabled: z.boolean({ error: 'rbacEnabled must be a boolean' }) },
  { error: 'rbacEnabled must be a boolean' },
);

export const BackgroundJobsSchema = z.strictObject(
  {
    jobIds: z
      .array(
        z
          .string({ error: typeMessage('jobIds must be an array of strings') })
          .min(1)
          .max(1000),
        {
          error: 'jobIds must be an array of strings',
        },
      )
      .min(1, { message: 'jobIds must be a non-empty array of strings' })
      .max(100, { message: 'jobIds may hold at most 100 ids' }),
  },
  { error: 'jobIds must be an array of strings' },
);

/** A website crawl job's `progress` in the background-jobs answer (README "RBAC, roles and jobs"). */
export const CrawlProgressSchema = z
  .strictObject({
    pagesDone: z.int().min(0).meta({ description: 'Pages (and linked files) indexed, or found unchanged' }),
    pagesDiscovered: z.int().min(0).meta({ description: 'Pages (and linked files) listed so far (within maxPages)' }),
    pagesFailed: z.int().min(0).meta({ description: 'Pages whose fetch or indexing failed (the sync lists why)' }),
    pagesSkipped: z.int().min(0).meta({ description: 'Always 0: a URL that is not a document is not counted' }),
  })
  .meta({ id: 'CrawlProgress' });
export type CrawlProgressOutput = z.infer<typeof CrawlProgressSchema>;

/** A retrieval evaluation's `progress` (docs/guides/retrieval-evaluation.md). */
export const EvaluationProgressSchema = z
  .strictObject({
    questionsDone: z.int().min(0).meta({ description: 'Questions evaluated under every run' }),
    questionsTotal: z.int().min(0).meta({ description: "The evaluation's questions" }),
  })
  .meta({ id: 'EvaluationProgress' });

/** A re-embed job's `progress` (`kws reembed`; README "Re-embedding with another model"). */
export const ReembedProgressSchema = z
  .strictObject({
    phase: z.enum(['building', 'indexing', 'switching', 'done']).meta({
      description: 'building the new vectors (catch-up rounds included), their index, the atomic switch, done',
    }),
    chunksDone: z
      .int()
      .min(0)
      .optional()
      .meta({ description: "This workspace's chunks with a vector of the new model (workspace credentials only)" }),
    chunksTotal: z
      .int()
      .min(0)
      .optional()
      .meta({ description: "All of this workspace's chunks (workspace credentials only)" }),
  })
  .meta({ id: 'ReembedProgress' });

/** A rules job's `progress`: a change of a source's rules applied to its documents (docs/guides/sources.md). */
export const RulesProgressSchema = z
  .strictObject({
    documentsDone: z.int().min(0).meta({ description: "The source's documents the rules job has given the rules" }),
    documentsTotal: z.int().min(0).meta({ description: "All of the source's documents" }),
  })
  .meta({ id: 'RulesProgress' });

// Responses: what the presenters produce (presenters.ts returns these types).

export const RoleSchema = z
  .strictObject({
    id: uuid('Internal role id'),
    name: z.string(),
    description: z.string().nullable(),
    customerRoleId: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof RoleSchema>;

export const RoleListSchema = z.strictObject({ roles: z.array(RoleSchema), total: z.int().min(0) });
export type RoleList = z.infer<typeof RoleListSchema>;

export const KnowledgeRoleSchema = z
  .strictObject({
    id: uuid('Internal role id'),
    name: z.string(),
    description: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).meta({ description: 'Custom metadata' }),
  })
  .meta({ id: 'KnowledgeRole' });
export type KnowledgeRole = z.infer<typeof KnowledgeRoleSchema>;

export const RbacStatusResponseSchema = z
  .strictObject({
    workspaceId: uuid('The workspace'),
    rbacEnabled: z.boolean(),
    rbacStatus: z.enum(['ACTIVE', 'INACTIVE']),
  })
  .meta({ id: 'RbacStatus' });
export type RbacStatus = z.infer<typeof RbacStatusResponseSchema>;

export const RoleCreatedSchema = z.strictObject({
  workflowId: z.string().meta({ description: 'The role-create workflow (role-create:<workspaceId>:<content hash>)' }),
  roleId: uuid('The id the role has (derived from the workflow id, so a repeated create makes no second role)'),
});
export const RoleUpdatedSchema = z.strictObject({
  workflowId: uuid('The role-update workflow'),
  role: RoleSchema.meta({ description: 'The role as it will be' }),
});
export const RoleDeletedSchema = z.strictObject({
  workflowId: z.string().meta({ description: 'The deletion job: poll POST …/background-jobs until it is COMPLETED' }),
  roleId: uuid('The role being deleted (it exists until the job has run)'),
  message: z.string(),
});

export const RoleAssignmentSchema = z.strictObject({
  workspaceId: uuid('The workspace'),
  knowledgeId: uuid('The knowledge item'),
  organizationId: uuid('The organization'),
  roleIds: z.array(uuid('A role')),
  workflowId: z.string().meta({
    description:
      "The request's role-assignment job: role-assign or role-unassign, the item, the roles' hash and the request's number (each request has its own; the last request of each role wins, whatever order the jobs run in)",
  }),
});
export type RoleAssignment = z.infer<typeof RoleAssignmentSchema>;

export const JOB_STATUSES = [
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'CANCELED',
  'TERMINATED',
  'TIMED_OUT',
  'NOT_FOUND',
] as const;
export const JobStateSchema = z
  .strictObject({
    jobId: z.string(),
    status: z.enum(JOB_STATUSES),
    type: z.string().optional().meta({ description: 'The workflow type' }),
    startedAt: timestamp.optional(),
    closedAt: timestamp.nullable().optional(),
    error: z
      .string()
      .optional()
      .meta({
        description:
          "Why a FAILED job failed. A source sync's reason (it names the source's bucket, endpoint or repository) only " +
          'to the credentials that manage sources; any other reads "The job failed"',
      }),
    progress: z
      .union([CrawlProgressSchema, ReembedProgressSchema, EvaluationProgressSchema, RulesProgressSchema])
      .optional()
      .meta({
        description:
          "A website crawl's progress (crawl jobs; only to a credential that may read the website item), a " +
          "re-embed's (reembedWorkflow jobs), a retrieval evaluation's or a source rules job's (workspace credentials only)",
      }),
  })
  .meta({ id: 'JobState' });
export const BackgroundJobsResponseSchema = z.strictObject({ jobs: z.array(JobStateSchema) });
export type BackgroundJobsResponse = z.infer<typeof BackgroundJobsResponseSchema>;

/** GET …/background-jobs: the workspace's recent jobs, filtered and paged. */
export const JOB_LIST_MAX_LIMIT = 100;
export const LISTED_JOB_STATUSES = JOB_STATUSES.filter((s) => s !== 'NOT_FOUND') as Exclude<
  (typeof JOB_STATUSES)[number],
  'NOT_FOUND'
>[];
export const JobListMessages = {
  status: `status must be one of ${LISTED_JOB_STATUSES.join(', ')}`,
  kind: `kind must be one of ${JOB_KINDS.join(', ')}`,
  limit: `Invalid limit value, must be between 1 and ${JOB_LIST_MAX_LIMIT}`,
  cursor: 'cursor must be the nextCursor of a previous page',
} as const;
export const BackgroundJobListQuerySchema = z.object({
  status: z
    .enum(LISTED_JOB_STATUSES, { error: JobListMessages.status })
    .optional()
    .meta({ description: 'Only jobs in this status' }),
  kind: z
    .enum(JOB_KINDS, { error: JobListMessages.kind })
    .optional()
    .meta({ description: "Only jobs of this kind (a job id's prefix: ingest, role-update, source-sync, webhook, …)" }),
  limit: queryInteger('limit', { min: 1, max: JOB_LIST_MAX_LIMIT, fallback: 20, message: JobListMessages.limit }),
  cursor: z
    .string({ error: JobListMessages.cursor })
    .regex(/^[A-Za-z0-9_.-]{1,8192}$/, { message: JobListMessages.cursor })
    .optional()
    .meta({ description: "The previous page's nextCursor" }),
});
export const JobSummarySchema = z
  .strictObject({
    jobId: z.string().meta({ description: 'The Temporal workflow id (POST …/background-jobs reads its state)' }),
    kind: z.string().meta({ description: `What the job does: one of ${JOB_KINDS.join(', ')} (or job)` }),
    type: z.string().meta({ description: 'The workflow type' }),
    status: z.enum(LISTED_JOB_STATUSES),
    startedAt: timestamp,
    closedAt: timestamp.nullable(),
    knowledgeId: z.string().nullable().meta({ description: 'The knowledge item the job concerns (null: none)' }),
  })
  .meta({ id: 'JobSummary' });
export const BackgroundJobListSchema = z.strictObject({
  jobs: z.array(JobSummarySchema).meta({ description: 'Running jobs first, then the most recently closed' }),
  nextCursor: z.string().nullable().meta({ description: 'The next page (null: this is the last)' }),
});
export type BackgroundJobList = z.infer<typeof BackgroundJobListSchema>;

/** GET …/knowledge/{knowledgeId}/access: the role asked about (none: the workspace) and a search's filter. */
export const KnowledgeAccessQuerySchema = z.object({
  roleId: z.uuid({ message: 'roleId must be a valid UUID' }).toLowerCase().optional(),
  filter: filterQueryParam(),
});

const HIDING_RULE = z.enum(['FILTER', 'RBAC_ON', 'NOT_ASSIGNED', 'CHUNKS_DISABLED', 'NOT_COMPLETED']).meta({
  description:
    'FILTER: the filter does not let the item through; RBAC_ON: RBAC is ACTIVE and no role is assigned to the ' +
    'item or its parent; NOT_ASSIGNED: RBAC is ACTIVE and the role is assigned neither to the item nor to its ' +
    'parent; CHUNKS_DISABLED: no chunk of the current version is enabled; NOT_COMPLETED: not processed yet',
});

export const KnowledgeAccessSchema = z
  .strictObject({
    knowledgeId: uuid('The knowledge item'),
    rbacStatus: z.enum(['ACTIVE', 'INACTIVE']),
    roleId: uuid('The role asked about').nullable(),
    visible: z
      .boolean()
      .meta({ description: "Whether a search with the role's token (or the workspace's) can find it" }),
    hiddenBy: HIDING_RULE.nullable().meta({ description: 'The first rule that hides the item (null: visible)' }),
    reasons: z.array(z.strictObject({ rule: HIDING_RULE, message: z.string() })),
    via: RoleViaSchema.nullable().meta({
      description: 'How the role reaches the item under RBAC: assigned to it, to its parent, or by a source rule',
    }),
    sourceRule: z
      .strictObject({
        sourceId: uuid('The source the item came from'),
        sourceName: z.string(),
        rule: z
          .int()
          .min(0)
          .nullable()
          .meta({ description: 'The rule that gives the item its roles (0: the default; null: the source has none)' }),
        label: z.string().meta({ description: 'How explanations name it: "source rule <n>" or "source default"' }),
        roleIds: z.array(z.uuid()).meta({ description: 'The roles that rule gives' }),
      })
      .nullable()
      .meta({ description: 'For an item a source with rules brought: the rule it matched (workspace credentials)' }),
    roles: z.array(VisibilityRoleSchema).meta({ description: 'The roles that see the item under RBAC' }),
    chunks: z.strictObject({ total: z.int().min(0), enabled: z.int().min(0) }),
  })
  .meta({ id: 'KnowledgeAccess' });
export type KnowledgeAccessResponse = z.infer<typeof KnowledgeAccessSchema>;
