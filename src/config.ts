// The service's configuration: parsed once from the environment with zod into a typed Config.
// Nothing else in the code base reads process.env.
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8443),
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
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  TEMPORAL_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(7233),

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
  CHUNK_SIZE: z.coerce.number().int().min(100).max(20_000).default(1000),
  CHUNK_OVERLAP: z.coerce.number().int().min(0).max(5000).default(150),
  ZIP_MAX_ENTRIES: z.coerce.number().int().min(1).default(1000),
  ZIP_MAX_TOTAL_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024 * 1024),
  ZIP_MAX_RATIO: z.coerce.number().min(1).default(100),

  EMBEDDING_PROVIDER: z.enum(['local', 'openai']).default('local'),
  EMBEDDING_MODEL_DIR: optionalString,
  EMBEDDING_BASE_URL: optionalString,
  EMBEDDING_API_KEY: optionalString,
  EMBEDDING_MODEL: optionalString,
  EMBEDDING_DIMENSION: z.coerce.number().int().min(1).max(16000).optional(),
  EMBEDDING_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(8),
  FILE_PURGE_DELAY: z.string().default('1 day'),

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
  AGENT_RUN_MAX_TOOL_ROUNDS: z.coerce.number().int().min(0).max(20).default(5),
  AGENT_RUN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  database: { url?: string; poolMax: number; embeddedPort: number };
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
  };
  auth: { jwtSecret?: string; accessTokenTtlSeconds: number };
  tls: { certFile?: string; keyFile?: string; trustProxy: boolean };
  limits: {
    maxJsonBodyBytes: number;
    maxUploadBytes: number;
    defaultStorageQuotaBytes: number;
    syncUploadTimeoutMs: number;
  };
  ingestion: {
    chunkSize: number;
    chunkOverlap: number;
    zip: { maxZipEntries: number; maxZipTotalBytes: number; maxZipRatio: number };
  };
  embeddings: {
    provider: 'local' | 'openai';
    modelDir?: string;
    baseUrl?: string;
    apiKey?: string;
    model?: string;
    dimension?: number;
    batchSize: number;
  };
  filePurgeDelay: string;
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
  };
  agent: {
    /** Key material for the agent servers' auth tokens at rest (AES-256-GCM); generated into DATA_DIR by npm start. */
    secretKey?: string;
    /** Development only: agent servers may be plain-HTTP URLs on a loopback address. */
    allowHttpLoopback: boolean;
    runMaxToolRounds: number;
    runTimeoutMs: number;
  };
}

export class ConfigError extends Error {}

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
  if (e.CHUNK_OVERLAP >= e.CHUNK_SIZE) {
    throw new ConfigError('Invalid configuration: CHUNK_OVERLAP must be smaller than CHUNK_SIZE');
  }
  if (e.EMBEDDING_PROVIDER === 'openai' && (!e.EMBEDDING_BASE_URL || !e.EMBEDDING_MODEL || !e.EMBEDDING_DIMENSION)) {
    throw new ConfigError(
      'Invalid configuration: EMBEDDING_PROVIDER=openai needs EMBEDDING_BASE_URL, EMBEDDING_MODEL and EMBEDDING_DIMENSION',
    );
  }
  if ((e.TLS_CERT_FILE === undefined) !== (e.TLS_KEY_FILE === undefined)) {
    throw new ConfigError('Invalid configuration: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither');
  }
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, embeddedPort: e.EMBEDDED_PG_PORT },
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
      cliPath: e.TEMPORAL_CLI_PATH,
      uiPort: e.TEMPORAL_UI_PORT,
      devPort: e.TEMPORAL_DEV_PORT,
    },
    auth: { jwtSecret: e.JWT_SECRET, accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS },
    tls: { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE, trustProxy: e.TRUST_PROXY },
    limits: {
      maxJsonBodyBytes: e.MAX_JSON_BODY_BYTES,
      maxUploadBytes: e.MAX_UPLOAD_BYTES,
      defaultStorageQuotaBytes: e.DEFAULT_STORAGE_QUOTA_BYTES,
      syncUploadTimeoutMs: e.SYNC_UPLOAD_TIMEOUT_MS,
    },
    ingestion: {
      chunkSize: e.CHUNK_SIZE,
      chunkOverlap: e.CHUNK_OVERLAP,
      zip: { maxZipEntries: e.ZIP_MAX_ENTRIES, maxZipTotalBytes: e.ZIP_MAX_TOTAL_BYTES, maxZipRatio: e.ZIP_MAX_RATIO },
    },
    embeddings: {
      provider: e.EMBEDDING_PROVIDER,
      modelDir: e.EMBEDDING_MODEL_DIR,
      baseUrl: e.EMBEDDING_BASE_URL,
      apiKey: e.EMBEDDING_API_KEY,
      model: e.EMBEDDING_MODEL,
      dimension: e.EMBEDDING_DIMENSION,
      batchSize: e.EMBEDDING_BATCH_SIZE,
    },
    filePurgeDelay: e.FILE_PURGE_DELAY,
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
      runMaxToolRounds: e.AGENT_RUN_MAX_TOOL_ROUNDS,
      runTimeoutMs: e.AGENT_RUN_TIMEOUT_MS,
    },
  };
}
