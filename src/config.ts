// The service's configuration: parsed once from the environment with zod into a typed Config.
// Nothing else in the code base reads process.env.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_EMBEDDING_TEXT_SCHEME,
  DEPLOYMENT_TEXT_SCHEMES,
  type DeploymentTextScheme,
} from './domain/embeddingText';

/**
 * The winner on the labelled retrieval set (bench/retrieval, README "Retrieval quality"): 1,000 characters
 * without overlap beat 150 of overlap on both kinds of question (FP32 nDCG@10: semantic 0.755 against 0.702,
 * hybrid 0.767 against 0.732; paraphrases 0.690 against 0.651, identifiers 0.922 against 0.897).
 * Here, below src/extract, so that the configuration's defaults and the chunker share one value.
 */
export const DEFAULT_CHUNK_OPTIONS: Readonly<{ size: number; overlap: number }> = Object.freeze({
  size: 1000,
  overlap: 0,
});

/**
 * Largest text, Markdown, CSV or JSON file extracted in the worker rather than in the sandbox
 * (`EXTRACT_PLAIN_MAX_BYTES`, src/extract/plain.ts; README "Threat model", "Plain formats in the worker").
 * Parsing holds the worker's thread for a time linear in the file: the slowest input measured, a CSV of
 * one-character lines, about 0.3 s and 35 MB at 256 KiB on a loaded 2-core machine.
 */
export const DEFAULT_PLAIN_MAX_BYTES = 256 * 1024;
/**
 * The setting's ceiling: at 1 MiB that CSV holds the thread about 1.1 s and 100 MB, well inside the
 * activity's 2 s heartbeat interval and the API's 1 MiB JSON bodies; past it a file's parse could hold the
 * worker's event loop (heartbeats, other activities) for seconds, and its memory belongs under the sandbox's cap.
 */
export const MAX_PLAIN_MAX_BYTES = 1024 * 1024;

/** The largest values the retrieval evaluation bounds may be set to (the OpenAPI document states these). */
export const RETRIEVAL_EVAL_CEILINGS = { questions: 1000, runs: 10, queryChars: 1000 } as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
/** A duration in Temporal's ms-style format: '90 seconds', '15 minutes', '1 hour', '2 days'. */
const duration = z.string().regex(/^\d+(\.\d+)?\s*(ms|milliseconds?|s|seconds?|m|minutes?|h|hours?|d|days?)$/i, {
  message: "a duration such as '30 seconds', '15 minutes' or '1 hour'",
});
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8443),
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, message: 'an absolute http(s) URL such as https://kws.example.com' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: optionalString,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),

  S3_ENDPOINT: optionalString,
  S3_BUCKET: z.string().min(3).max(63).default('kws-files'),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(true),

  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('kws'),
  TEMPORAL_CLI_PATH: optionalString,
  // Where `npm run setup` provisions its tools (scripts/setup.sh reads the same variable; <repo>/.tools unset): the
  // Temporal CLI and the local model are looked up there unless TEMPORAL_CLI_PATH or EMBEDDING_MODEL_DIR name them.
  KWS_TOOLS_DIR: optionalString,
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  TEMPORAL_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  // The dev server's two further listeners, pinned so they are known own components (it would pick random ports).
  TEMPORAL_HTTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  TEMPORAL_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),

  JWT_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(31 * 24 * 3600)
    .default(3600),

  TLS_CERT_FILE: optionalString,
  TLS_KEY_FILE: optionalString,
  TRUST_PROXY: bool.default(false),
  // Behind TRUST_PROXY: how many proxies append to X-Forwarded-For; the client is the address the outermost saw.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),

  MAX_JSON_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  DEFAULT_STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 1024 * 1024 * 1024),
  SYNC_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  CHUNK_SIZE: z.coerce.number().int().min(100).max(20_000).default(DEFAULT_CHUNK_OPTIONS.size),
  CHUNK_OVERLAP: z.coerce.number().int().min(0).max(5000).default(DEFAULT_CHUNK_OPTIONS.overlap),
  ZIP_MAX_ENTRIES: z.coerce.number().int().min(1).default(1000),
  ZIP_MAX_TOTAL_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024 * 1024),
  ZIP_MAX_RATIO: z.coerce.number().min(1).default(100),
  EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  EXTRACT_MAX_MEMORY_MB: z.coerce.number().int().min(128).default(1024),
  EXTRACT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  EXTRACT_CHILD_MAX_FILES: z.coerce.number().int().min(1).max(10_000).default(50),
  EXTRACT_MAX_TEXT_CHARS: z.coerce.number().int().min(1000).default(5_000_000),
  EXTRACT_PLAIN_MAX_BYTES: z.coerce.number().int().min(0).max(MAX_PLAIN_MAX_BYTES).default(DEFAULT_PLAIN_MAX_BYTES),
  MAX_CONCURRENT_UPLOADS: z.coerce.number().int().min(1).default(8),
  // Of those, what one workspace may hold at once (src/policies/uploadShare.ts); unset: a quarter, at least one.
  MAX_CONCURRENT_UPLOADS_PER_WORKSPACE: z.coerce.number().int().min(1).optional(),
  // The slowest an upload's body may arrive, judged over every REQUEST_TIMEOUT_MS it is read; 0: no floor.
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(0)
    .default(8 * 1024),
  ORPHAN_UPLOAD_GRACE: duration.default('1 hour'),
  ORPHAN_REAP_INTERVAL: duration.default('15 minutes'),

  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  HTTP_KEEPALIVE_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1024),
  // Open connections from one client address (an IPv6 address counts by its /64); 0: no cap. Unset: 256, or none
  // behind TRUST_PROXY, where every connection comes from the proxy (which bounds its clients' connections).
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DB_WORKER_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(300_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  RATE_LIMIT_REQUESTS: z.coerce.number().int().min(0).default(6000),
  RATE_LIMIT_ANONYMOUS_REQUESTS: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_SUBJECT_REQUESTS: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_END_USER_REQUESTS: z.coerce.number().int().min(0).default(6000),
  // All of a workspace's integrator credentials (its API keys and their tokens) together; 0: no ceiling.
  RATE_LIMIT_WORKSPACE_REQUESTS: z.coerce.number().int().min(0).default(24_000),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).default(32),
  // Requests of one workspace's credentials running at once on one API process (unset: DATABASE_POOL_MAX - 2, at
  // least 1; 0: no gate), and how long one more waits its turn before 429 (0: refused at once; below
  // REQUEST_TIMEOUT_MS).
  RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_WORKSPACE_QUEUE_MS: z.coerce.number().int().min(0).default(20_000),

  SPACE_MAX_MESSAGES: z.coerce.number().int().min(1).default(10_000),
  SPACE_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  SPACE_MAX_MESSAGES_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024 * 1024),
  SPACE_MAX_GROUPS: z.coerce.number().int().min(1).default(100),
  WORKSPACE_MAX_SPACES: z.coerce.number().int().min(1).default(100_000),
  ROLE_MAX_SPACES: z.coerce.number().int().min(1).default(100),
  AGENT_MAX_THREADS_PER_SUBJECT: z.coerce.number().int().min(1).default(1000),
  WORKSPACE_MAX_AGENT_THREADS: z.coerce.number().int().min(1).default(100_000),
  AGENT_MAX_BYTES_PER_SUBJECT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(128 * 1024 * 1024),
  AGENT_MAX_RUNS_PER_SUBJECT: z.coerce.number().int().min(1).max(1000).default(2),
  WORKSPACE_MAX_SOURCES: z.coerce.number().int().min(1).max(100_000).default(100),
  WORKSPACE_MAX_API_KEYS: z.coerce.number().int().min(1).max(100_000).default(100),

  OUTBOUND_DENY_TARGETS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5}$/, {
          message: 'a comma-separated list of host:port targets, e.g. temporal-ui:8080,grafana:3000',
        }),
      ),
    ),

  EMBEDDING_PROVIDER: z.enum(['local', 'openai']).default('local'),
  EMBEDDING_MODEL_DIR: optionalString,
  EMBEDDING_BASE_URL: optionalString,
  EMBEDDING_API_KEY: optionalString,
  EMBEDDING_MODEL: optionalString,
  EMBEDDING_DIMENSION: z.coerce.number().int().min(1).max(16000).optional(),
  EMBEDDING_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(8),
  EMBEDDING_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  EMBEDDING_NEXT_MODEL_DIR: optionalString,
  EMBEDDING_TEXT_SCHEME: z
    .enum(DEPLOYMENT_TEXT_SCHEMES, {
      message: `one of ${DEPLOYMENT_TEXT_SCHEMES.map((s) => `'${s}'`).join(', ')} (the chunk alone, and for prose queries the chunk mixed with its title and headings; the chunk alone; the item's title then the chunk; the title and the chunk's section headings then the chunk)`,
    })
    .default(DEFAULT_EMBEDDING_TEXT_SCHEME),
  RERANK_URL: optionalString,
  RERANK_API_KEY: optionalString,
  RERANK_MODEL: optionalString,
  RERANK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  FILE_PURGE_DELAY: z.string().default('1 day'),
  VERSION_RETENTION: duration.default('30 days'),
  MAX_VERSIONS_PER_ITEM: z.coerce.number().int().min(1).max(1000).default(20),
  MAX_MANUAL_CHUNKS_PER_ITEM: z.coerce.number().int().min(0).max(100_000).default(1000),

  CRAWL_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  CRAWL_POLITENESS_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  CRAWL_PAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  CRAWL_MAX_PAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  CRAWL_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  CRAWL_USER_AGENT: z.string().trim().min(1).max(200).default('KnowledgeWorkspaceBot/0.1'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),

  AGENT_SECRET_KEY: optionalString,
  AGENT_ALLOW_HTTP_LOOPBACK: bool.default(false),
  AGENT_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  AGENT_RUN_MAX_TOOL_ROUNDS: z.coerce.number().int().min(0).max(20).default(5),
  AGENT_RUN_MAX_TOOL_CALLS: z.coerce.number().int().min(0).max(500).default(20),
  AGENT_RUN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  METRICS_TOKEN: optionalString,
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  // The standard OpenTelemetry variables that decide whether traces are exported; the exporter reads
  // its own further OTEL_EXPORTER_OTLP_* settings (headers, timeout) as the specification defines.
  OTEL_SDK_DISABLED: bool.default(false),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'console', 'none']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalString,
  OTEL_SERVICE_NAME: optionalString,

  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  WEBHOOK_RETRY_INITIAL_INTERVAL: z.string().default('10 seconds'),
  WEBHOOK_RETRY_MAX_INTERVAL: z.string().default('1 hour'),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
  WEBHOOK_MAX_ENDPOINTS: z.coerce.number().int().min(1).max(10_000).default(100),
  WEBHOOK_MAX_CONCURRENT_DELIVERIES: z.coerce.number().int().min(1).max(1000).default(10),

  // Retrieval evaluations (docs/guides/retrieval-evaluation.md): the request bounds can only be lowered (the
  // OpenAPI document states the ceilings), the per-workspace counts set freely.
  RETRIEVAL_EVAL_MAX_QUESTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(RETRIEVAL_EVAL_CEILINGS.questions)
    .default(RETRIEVAL_EVAL_CEILINGS.questions),
  RETRIEVAL_EVAL_MAX_RUNS: z.coerce
    .number()
    .int()
    .min(1)
    .max(RETRIEVAL_EVAL_CEILINGS.runs)
    .default(RETRIEVAL_EVAL_CEILINGS.runs),
  RETRIEVAL_EVAL_MAX_QUERY_CHARS: z.coerce
    .number()
    .int()
    .min(1)
    .max(RETRIEVAL_EVAL_CEILINGS.queryChars)
    .default(RETRIEVAL_EVAL_CEILINGS.queryChars),
  RETRIEVAL_EVAL_MAX_RUNNING: z.coerce.number().int().min(1).max(1000).default(2),
  RETRIEVAL_EVAL_MAX_RUNNING_TOTAL: z.coerce.number().int().min(1).max(10_000).default(8),
  RETRIEVAL_EVAL_MAX_STORED: z.coerce.number().int().min(1).max(100_000).default(100),
  // Question runs (questions × runs) a workspace's evaluations may be created with per clock hour; 0: unlimited.
  RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR: z.coerce.number().int().min(0).max(100_000_000).default(30_000),
});

export interface Config {
  host: string;
  port: number;
  /** Where clients reach the service (links in answers, such as an error's docUrl); unset: its own address. */
  publicUrl?: string;
  dataDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  database: {
    url?: string;
    poolMax: number;
    embeddedPort: number;
    /** statement_timeout of the API's queries and of the worker's (0: none). */
    statementTimeoutMs: number;
    workerStatementTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
  };
  s3: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  temporal: {
    address?: string;
    namespace: string;
    taskQueue: string;
    cliPath?: string;
    uiPort: number;
    devPort: number;
    /** The frontend's HTTP API (grpc-gateway): TEMPORAL_HTTP_PORT, else TEMPORAL_DEV_PORT + 10 (Temporal's 7243). */
    httpPort: number;
    /** The server's Prometheus /metrics: TEMPORAL_METRICS_PORT, else TEMPORAL_DEV_PORT + 20 (7253). */
    metricsPort: number;
  };
  auth: { jwtSecret?: string; accessTokenTtlSeconds: number };
  /** trustProxyHops: the X-Forwarded-For entries (from the right) written by trusted proxies. */
  tls: { certFile?: string; keyFile?: string; trustProxy: boolean; trustProxyHops: number };
  limits: {
    maxJsonBodyBytes: number;
    maxUploadBytes: number;
    defaultStorageQuotaBytes: number;
    syncUploadTimeoutMs: number;
    maxConcurrentUploads: number;
    /** Uploads one workspace may be receiving at once; unset: src/policies/uploadShare.ts decides. */
    maxConcurrentUploadsPerWorkspace?: number;
    /** The slowest an upload's body may arrive (bytes a second, over each REQUEST_TIMEOUT_MS); 0: no floor. */
    uploadMinBytesPerSecond: number;
    requestTimeoutMs: number;
  };
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    idleTimeoutMs: number;
    maxConnections: number;
    /** Open connections from one client address (an IPv6 address by its /64); 0: no cap. */
    maxConnectionsPerAddress: number;
  };
  /**
   * Request limits over a fixed window (0 requests: no limit; docs/reference/limits.md): `requests` per
   * workspace credential (the integrator's API key and its tokens without role or subject), `subjectRequests`
   * per end user (a subject, a role's tokens without one, a user space token's user), `endUserRequests` for all
   * of a workspace's end users together, `workspaceRequests` for all of a workspace's integrator credentials
   * together, `anonymousRequests` per client address without a valid credential.
   */
  rateLimit: {
    requests: number;
    anonymousRequests: number;
    subjectRequests: number;
    endUserRequests: number;
    workspaceRequests: number;
    windowSeconds: number;
    /**
     * Requests one end user, or one client address without a valid credential, may have in flight at once on one
     * API process (0: no limit). The window's budgets bound how many; this bounds how many at the same time (each
     * holds its body, its answer and a database connection while it runs).
     */
    concurrentRequests: number;
    /**
     * Requests of one workspace's credentials (its integrator's and its end users' alike) running at once on one
     * API process once their body has been read (0: no gate; uploads pass by); more wait their turn in arrival
     * order, up to `workspaceQueueMs` (below REQUEST_TIMEOUT_MS), then 429. One tenant's burst then runs at most
     * this many requests at once (most use one database connection, some two), and another workspace's requests
     * start beside it instead of behind it.
     */
    workspaceConcurrentRequests: number;
    workspaceQueueMs: number;
  };
  /** What one space, subject or workspace may hold (docs/reference/limits.md); past one, a 4xx naming it. */
  bounds: {
    spaceMessages: number;
    spaceMessageBytes: number;
    spaceMessagesBytes: number;
    spaceGroups: number;
    workspaceSpaces: number;
    /** New spaces the tokens of one role (without a subject) may create (ROLE_MAX_SPACES). */
    roleSpaces: number;
    agentThreadsPerSubject: number;
    agentBytesPerSubject: number;
    agentRunsPerSubject: number;
    workspaceAgentThreads: number;
    workspaceSources: number;
    workspaceApiKeys: number;
  };
  /** Outbound requests: further targets of the deployment no request may reach (src/web/ownComponents.ts). */
  outbound: { denyTargets: string[] };
  ingestion: {
    chunkSize: number;
    chunkOverlap: number;
    zip: { maxZipEntries: number; maxZipTotalBytes: number; maxZipRatio: number };
    maxTextChars: number;
    /** Largest plain file (text, Markdown, CSV, JSON) extracted without the sandbox; 0: every file in it. */
    plainMaxBytes: number;
    sandbox: { timeoutMs: number; maxMemoryMb: number; concurrency: number; maxFilesPerChild: number };
    orphanGrace: string;
    orphanReapInterval: string;
  };
  embeddings: {
    provider: 'local' | 'openai';
    modelDir?: string;
    baseUrl?: string;
    apiKey?: string;
    model?: string;
    dimension?: number;
    batchSize: number;
    /**
     * The local model's onnxruntime intra-op threads (EMBEDDING_THREADS). Default: one fewer than the cores
     * (defaultEmbeddingThreads), so the model leaves a core to the worker's own threads (workflow tasks,
     * extraction, database and S3 calls) and the API beside it; docs/operations "Sizing" has the figures.
     */
    threads?: number;
    /** The local model a re-embed builds (`kws reembed`, workflows/reembed.ts); the worker loads it. */
    nextModelDir?: string;
    /**
     * The text each chunk's vector is computed from (EMBEDDING_TEXT_SCHEME, domain/embeddingText): ingestion, chunk
     * edits, links and the re-embed workflow embed with it, with `title` hybrid mode reads identifier-shaped
     * queries apart and with `header-mix` (the default) prose queries read the prose vectors (services/search
     * retrievalSettingsFor). Set it alike on the API and the worker.
     */
    textScheme: DeploymentTextScheme;
  };
  /** The reranker (src/embeddings/rerank.ts): an HTTP /rerank endpoint; none when url is unset. */
  rerank: {
    url?: string;
    apiKey?: string;
    model?: string;
    /** One attempt, no retry: past it the results come back un-reranked. */
    timeoutMs: number;
  };
  filePurgeDelay: string;
  /** Versions no longer current: kept this long, at most this many per item; manual chunks per item. */
  versions: { retention: string; maxVersions: number; maxManualChunks: number };
  shutdownTimeoutMs: number;
  /** Fetching web pages (URL items and website crawls). */
  web: {
    /** Lift the SSRF address rule (development and tests only). */
    allowPrivateNetworks: boolean;
    /** Least time between two requests of one crawl, in ms (robots.txt's Crawl-delay can raise it). */
    politenessDelayMs: number;
    /** Longest one page or file may take to fetch, redirects included. */
    timeoutMs: number;
    /** Largest HTML page read, in bytes. */
    maxPageBytes: number;
    /** Largest linked file read, in bytes. */
    maxFileBytes: number;
    userAgent: string;
    /**
     * Resolves host names for the creation-time URL check (the system resolver when unset). Never read from the
     * environment: tests serve the API with a resolver of their own (one that never answers, for instance).
     */
    resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
  };
  agent: {
    /** Key material for the agent servers' auth tokens at rest (AES-256-GCM); generated into DATA_DIR by npm start. */
    secretKey?: string;
    /** Development only: agent servers may be plain-HTTP URLs on a loopback address. */
    allowHttpLoopback: boolean;
    /** Lift the outbound address rule for agent servers (self-hosted models on private networks). */
    allowPrivateNetworks: boolean;
    runMaxToolRounds: number;
    /** The tools one run executes at most (AGENT_RUN_MAX_TOOL_CALLS); later calls answer an error to the model. */
    runMaxToolCalls: number;
    runTimeoutMs: number;
  };
  observability: {
    metricsToken?: string;
    workerMetricsPort: number;
    /** Traces are off unless an exporter is chosen (OTEL_TRACES_EXPORTER) or an OTLP endpoint is set. */
    tracing: { exporter: 'otlp' | 'console' | 'none'; serviceName?: string; endpoint?: string };
  };
  webhooks: {
    timeoutMs: number;
    retryInitialInterval: string;
    retryMaxInterval: string;
    maxAttempts: number;
    /** Deliveries to loopback, private and link-local addresses (refused by default). */
    allowPrivateTargets: boolean;
    /** Endpoints one workspace may hold (every event fans out to each subscribed one). */
    maxEndpoints: number;
    /**
     * Delivery attempts one worker process runs at once, on a task queue of their own (deliveriesQueue): slow
     * receivers fill these slots, never the ingestion's.
     */
    maxConcurrentDeliveries: number;
  };
  /** Bounds of retrieval evaluations: per request (questions, runs, query length) and per workspace. */
  retrievalEvaluations: EvaluationBounds;
}

export interface EvaluationBounds {
  maxQuestions: number;
  maxRuns: number;
  maxQueryChars: number;
  /** Evaluations RUNNING at once in one workspace. */
  maxRunning: number;
  /** Evaluations RUNNING at once in the whole deployment (every workspace's together). */
  maxRunningTotal: number;
  /** Evaluations one workspace keeps (delete old ones to make room). */
  maxStored: number;
  /** Question runs (questions × runs) one workspace's evaluations may be created with per clock hour; 0: unbounded. */
  questionRunsPerHour: number;
}

export class ConfigError extends Error {}

/**
 * The local model's threads when EMBEDDING_THREADS is unset: one fewer than the cores this process may use
 * (at least one). On 2 cores, one thread left the embedder faster, not slower, under load, and ingestion
 * closer to the embedder's own rate, than onnxruntime's own choice (issue 42's A/B, docs/operations "Sizing").
 */
export function defaultEmbeddingThreads(cores = os.availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** A path in the tools folder KWS_TOOLS_DIR names (relative to the working directory, as setup reads it), if set. */
const inTools = (toolsDir: string | undefined, ...parts: string[]) =>
  toolsDir === undefined ? undefined : path.resolve(toolsDir, ...parts);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  if (e.JWT_SECRET !== undefined && Buffer.byteLength(e.JWT_SECRET) < 32) {
    throw new ConfigError('Invalid configuration: JWT_SECRET must be at least 32 bytes');
  }
  if (e.AGENT_SECRET_KEY !== undefined && Buffer.byteLength(e.AGENT_SECRET_KEY) < 32) {
    throw new ConfigError('Invalid configuration: AGENT_SECRET_KEY must be at least 32 bytes');
  }
  if (e.AGENT_ALLOW_HTTP_LOOPBACK && !e.AGENT_ALLOW_PRIVATE_NETWORKS) {
    throw new ConfigError(
      'Invalid configuration: AGENT_ALLOW_HTTP_LOOPBACK needs AGENT_ALLOW_PRIVATE_NETWORKS (loopback is a private address)',
    );
  }
  if (e.CHUNK_OVERLAP >= e.CHUNK_SIZE) {
    throw new ConfigError('Invalid configuration: CHUNK_OVERLAP must be smaller than CHUNK_SIZE');
  }
  if (e.EMBEDDING_PROVIDER === 'openai' && (!e.EMBEDDING_BASE_URL || !e.EMBEDDING_MODEL || !e.EMBEDDING_DIMENSION)) {
    throw new ConfigError(
      'Invalid configuration: EMBEDDING_PROVIDER=openai needs EMBEDDING_BASE_URL, EMBEDDING_MODEL and EMBEDDING_DIMENSION',
    );
  }
  if (e.RERANK_URL !== undefined && !/^https?:\/\/[^\s/?#]+/i.test(e.RERANK_URL)) {
    throw new ConfigError('Invalid configuration: RERANK_URL must be an http(s) URL such as http://tei:8080/rerank');
  }
  if (
    e.RATE_LIMIT_SUBJECT_REQUESTS > 0 &&
    e.RATE_LIMIT_END_USER_REQUESTS > 0 &&
    2 * e.RATE_LIMIT_SUBJECT_REQUESTS > e.RATE_LIMIT_END_USER_REQUESTS
  ) {
    throw new ConfigError(
      'Invalid configuration: RATE_LIMIT_END_USER_REQUESTS must be at least twice RATE_LIMIT_SUBJECT_REQUESTS ' +
        '(one end user must not be able to spend the budget all end users share)',
    );
  }
  if (
    e.RATE_LIMIT_REQUESTS > 0 &&
    e.RATE_LIMIT_WORKSPACE_REQUESTS > 0 &&
    e.RATE_LIMIT_WORKSPACE_REQUESTS < e.RATE_LIMIT_REQUESTS
  ) {
    throw new ConfigError(
      'Invalid configuration: RATE_LIMIT_WORKSPACE_REQUESTS must be at least RATE_LIMIT_REQUESTS ' +
        "(the workspace's keys together must have room for one key's budget)",
    );
  }
  if (e.RATE_LIMIT_WORKSPACE_QUEUE_MS >= e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration: RATE_LIMIT_WORKSPACE_QUEUE_MS must be below REQUEST_TIMEOUT_MS ' +
        "(a request waiting for its workspace's turn would otherwise be answered 503 by the request timer, never 429)",
    );
  }
  const temporalHttpPort = e.TEMPORAL_HTTP_PORT ?? e.TEMPORAL_DEV_PORT + 10;
  const temporalMetricsPort = e.TEMPORAL_METRICS_PORT ?? e.TEMPORAL_DEV_PORT + 20;
  if (temporalHttpPort > 65535 || temporalMetricsPort > 65535) {
    throw new ConfigError(
      'Invalid configuration: TEMPORAL_DEV_PORT leaves no room for the default TEMPORAL_HTTP_PORT (+10) and ' +
        'TEMPORAL_METRICS_PORT (+20); set both',
    );
  }
  const temporalPorts = [e.TEMPORAL_DEV_PORT, e.TEMPORAL_UI_PORT, temporalHttpPort, temporalMetricsPort];
  if (new Set(temporalPorts).size !== temporalPorts.length) {
    throw new ConfigError(
      'Invalid configuration: TEMPORAL_DEV_PORT, TEMPORAL_UI_PORT, TEMPORAL_HTTP_PORT and TEMPORAL_METRICS_PORT ' +
        'must be four different ports',
    );
  }
  if ((e.TLS_CERT_FILE === undefined) !== (e.TLS_KEY_FILE === undefined)) {
    throw new ConfigError('Invalid configuration: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither');
  }
  return {
    host: e.HOST,
    port: e.PORT,
    ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL } : {}),
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    database: {
      url: e.DATABASE_URL,
      poolMax: e.DATABASE_POOL_MAX,
      embeddedPort: e.EMBEDDED_PG_PORT,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      workerStatementTimeoutMs: e.DB_WORKER_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      cliPath: e.TEMPORAL_CLI_PATH ?? inTools(e.KWS_TOOLS_DIR, 'bin', 'temporal'),
      uiPort: e.TEMPORAL_UI_PORT,
      devPort: e.TEMPORAL_DEV_PORT,
      httpPort: temporalHttpPort,
      metricsPort: temporalMetricsPort,
    },
    auth: { jwtSecret: e.JWT_SECRET, accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS },
    tls: {
      certFile: e.TLS_CERT_FILE,
      keyFile: e.TLS_KEY_FILE,
      trustProxy: e.TRUST_PROXY,
      trustProxyHops: e.TRUST_PROXY_HOPS,
    },
    limits: {
      maxJsonBodyBytes: e.MAX_JSON_BODY_BYTES,
      maxUploadBytes: e.MAX_UPLOAD_BYTES,
      defaultStorageQuotaBytes: e.DEFAULT_STORAGE_QUOTA_BYTES,
      syncUploadTimeoutMs: e.SYNC_UPLOAD_TIMEOUT_MS,
      maxConcurrentUploads: e.MAX_CONCURRENT_UPLOADS,
      maxConcurrentUploadsPerWorkspace: e.MAX_CONCURRENT_UPLOADS_PER_WORKSPACE,
      uploadMinBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEPALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : 256),
    },
    rateLimit: {
      requests: e.RATE_LIMIT_REQUESTS,
      anonymousRequests: e.RATE_LIMIT_ANONYMOUS_REQUESTS,
      subjectRequests: e.RATE_LIMIT_SUBJECT_REQUESTS,
      endUserRequests: e.RATE_LIMIT_END_USER_REQUESTS,
      workspaceRequests: e.RATE_LIMIT_WORKSPACE_REQUESTS,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      concurrentRequests: e.RATE_LIMIT_CONCURRENT_REQUESTS,
      workspaceConcurrentRequests: e.RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS ?? Math.max(1, e.DATABASE_POOL_MAX - 2),
      workspaceQueueMs: e.RATE_LIMIT_WORKSPACE_QUEUE_MS,
    },
    bounds: {
      spaceMessages: e.SPACE_MAX_MESSAGES,
      spaceMessageBytes: e.SPACE_MAX_MESSAGE_BYTES,
      spaceMessagesBytes: e.SPACE_MAX_MESSAGES_BYTES,
      spaceGroups: e.SPACE_MAX_GROUPS,
      workspaceSpaces: e.WORKSPACE_MAX_SPACES,
      roleSpaces: e.ROLE_MAX_SPACES,
      agentThreadsPerSubject: e.AGENT_MAX_THREADS_PER_SUBJECT,
      agentBytesPerSubject: e.AGENT_MAX_BYTES_PER_SUBJECT,
      agentRunsPerSubject: e.AGENT_MAX_RUNS_PER_SUBJECT,
      workspaceAgentThreads: e.WORKSPACE_MAX_AGENT_THREADS,
      workspaceSources: e.WORKSPACE_MAX_SOURCES,
      workspaceApiKeys: e.WORKSPACE_MAX_API_KEYS,
    },
    outbound: { denyTargets: e.OUTBOUND_DENY_TARGETS },
    ingestion: {
      chunkSize: e.CHUNK_SIZE,
      chunkOverlap: e.CHUNK_OVERLAP,
      zip: { maxZipEntries: e.ZIP_MAX_ENTRIES, maxZipTotalBytes: e.ZIP_MAX_TOTAL_BYTES, maxZipRatio: e.ZIP_MAX_RATIO },
      maxTextChars: e.EXTRACT_MAX_TEXT_CHARS,
      plainMaxBytes: e.EXTRACT_PLAIN_MAX_BYTES,
      sandbox: {
        timeoutMs: e.EXTRACT_TIMEOUT_MS,
        maxMemoryMb: e.EXTRACT_MAX_MEMORY_MB,
        concurrency: e.EXTRACT_CONCURRENCY,
        maxFilesPerChild: e.EXTRACT_CHILD_MAX_FILES,
      },
      orphanGrace: e.ORPHAN_UPLOAD_GRACE,
      orphanReapInterval: e.ORPHAN_REAP_INTERVAL,
    },
    embeddings: {
      provider: e.EMBEDDING_PROVIDER,
      modelDir: e.EMBEDDING_MODEL_DIR ?? inTools(e.KWS_TOOLS_DIR, 'models', 'all-MiniLM-L6-v2'),
      baseUrl: e.EMBEDDING_BASE_URL,
      apiKey: e.EMBEDDING_API_KEY,
      model: e.EMBEDDING_MODEL,
      dimension: e.EMBEDDING_DIMENSION,
      batchSize: e.EMBEDDING_BATCH_SIZE,
      threads: e.EMBEDDING_THREADS ?? defaultEmbeddingThreads(),
      nextModelDir: e.EMBEDDING_NEXT_MODEL_DIR,
      textScheme: e.EMBEDDING_TEXT_SCHEME,
    },
    rerank: { url: e.RERANK_URL, apiKey: e.RERANK_API_KEY, model: e.RERANK_MODEL, timeoutMs: e.RERANK_TIMEOUT_MS },
    filePurgeDelay: e.FILE_PURGE_DELAY,
    versions: {
      retention: e.VERSION_RETENTION,
      maxVersions: e.MAX_VERSIONS_PER_ITEM,
      maxManualChunks: e.MAX_MANUAL_CHUNKS_PER_ITEM,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    web: {
      allowPrivateNetworks: e.CRAWL_ALLOW_PRIVATE_NETWORKS,
      politenessDelayMs: e.CRAWL_POLITENESS_DELAY_MS,
      timeoutMs: e.CRAWL_PAGE_TIMEOUT_MS,
      maxPageBytes: e.CRAWL_MAX_PAGE_BYTES,
      maxFileBytes: e.CRAWL_MAX_FILE_BYTES,
      userAgent: e.CRAWL_USER_AGENT,
    },
    agent: {
      secretKey: e.AGENT_SECRET_KEY,
      allowHttpLoopback: e.AGENT_ALLOW_HTTP_LOOPBACK,
      allowPrivateNetworks: e.AGENT_ALLOW_PRIVATE_NETWORKS,
      runMaxToolRounds: e.AGENT_RUN_MAX_TOOL_ROUNDS,
      runMaxToolCalls: e.AGENT_RUN_MAX_TOOL_CALLS,
      runTimeoutMs: e.AGENT_RUN_TIMEOUT_MS,
    },
    observability: {
      metricsToken: e.METRICS_TOKEN,
      workerMetricsPort: e.WORKER_METRICS_PORT,
      tracing: {
        exporter: e.OTEL_SDK_DISABLED
          ? 'none'
          : (e.OTEL_TRACES_EXPORTER ??
            (e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? 'otlp' : 'none')),
        serviceName: e.OTEL_SERVICE_NAME,
        endpoint: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_ENDPOINT,
      },
    },
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryInitialInterval: e.WEBHOOK_RETRY_INITIAL_INTERVAL,
      retryMaxInterval: e.WEBHOOK_RETRY_MAX_INTERVAL,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      maxEndpoints: e.WEBHOOK_MAX_ENDPOINTS,
      maxConcurrentDeliveries: e.WEBHOOK_MAX_CONCURRENT_DELIVERIES,
    },
    retrievalEvaluations: {
      maxQuestions: e.RETRIEVAL_EVAL_MAX_QUESTIONS,
      maxRuns: e.RETRIEVAL_EVAL_MAX_RUNS,
      maxQueryChars: e.RETRIEVAL_EVAL_MAX_QUERY_CHARS,
      maxRunning: e.RETRIEVAL_EVAL_MAX_RUNNING,
      maxRunningTotal: e.RETRIEVAL_EVAL_MAX_RUNNING_TOTAL,
      maxStored: e.RETRIEVAL_EVAL_MAX_STORED,
      questionRunsPerHour: e.RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR,
    },
  };
}
