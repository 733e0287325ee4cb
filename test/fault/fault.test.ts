// Fault tolerance with the API and the worker as separate processes (node dist/src/main/{api,worker}.js):
// kill -9 of the worker mid-ingestion, mid-replace and mid-cascade-delete, a restart of the Temporal server with its
// database, PostgreSQL stopped under load, and storage gone during ingestion. Each prints its recovery
// time ([fault] lines) and appends it to $KWS_RUN_DIR/fault-recovery.json.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDb, type Db } from '../../src/db/knex';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { startEmbeddedS3, type EmbeddedS3 } from '../../src/embedded/s3';
import { startTemporalDevServer } from '../../src/embedded/temporal';
import { createBlobStore, type BlobStore } from '../../src/storage/blobStore';
import { uploadKey } from '../../src/storage/keys';
import { INLINE_INGEST_MAX_BYTES } from '../../src/workflows/contracts';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testEnv } from '../helpers/env';
import { createTenant, type Tenant } from '../helpers/factories';
import { createClient, type Request } from '../helpers/http';
import { multipartBody, uploadRequest } from '../helpers/knowledge';
import { childEnv, freePort, startServiceProcess, type ServiceProcess } from '../helpers/processes';
import { specFields } from '../helpers/assertions';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BUCKET = 'kws-fault';
const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 120_000, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

async function record(scenario: string, figures: Record<string, number>) {
  console.log(
    `      [fault] ${scenario}: ${Object.entries(figures)
      .map(([k, v]) => `${k} ${v} s`)
      .join(', ')}`,
  );
  const dir = process.env.KWS_RUN_DIR ?? os.tmpdir();
  await mkdir(dir, { recursive: true });
  await appendFile(
    path.join(dir, 'fault-recovery.json'),
    `${JSON.stringify({ scenario, ...figures, at: new Date().toISOString() })}\n`,
  );
}

/** Distinct sentences, so every chunk is its own text (corpus(160): 136 chunks, three embedding batches). */
const corpus = (chunks: number) =>
  Array.from(
    { length: chunks * 12 },
    (_, i) => `Sentence ${i} of the fault corpus mentions topic ${i % 97} and value ${(i * 7919) % 10007}.`,
  ).join(' ');

interface Harness {
  dir: string;
  testDb: TestDatabase;
  db: Db;
  s3: EmbeddedS3;
  s3Port: number;
  /** The harness's bucket, as the service reaches it. */
  blobs: BlobStore;
  env: NodeJS.ProcessEnv;
  api?: ServiceProcess & { url?: string };
  worker?: ServiceProcess;
  request: Request;
  tenant: Tenant;
  headers: Record<string, string>;
  startWorker(): Promise<ServiceProcess>;
  /** Run by close, first (servers a scenario started beside the harness's own). */
  cleanups: Array<() => Promise<void>>;
  close(): Promise<void>;
}

async function harness(
  opts: { databaseUrl?: string; temporalAddress?: string; startWorker?: boolean; env?: Record<string, string> } = {},
): Promise<Harness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-fault-'));
  const testDb = await createTestDatabase('kws_fault');
  const databaseUrl = opts.databaseUrl ?? testDb.url;
  const db = opts.databaseUrl ? createDb(databaseUrl, 4) : testDb.db;
  const s3Port = await freePort();
  const s3 = await startEmbeddedS3({ dataDir: dir, bucket: BUCKET, port: s3Port });
  const blobs = createBlobStore({
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    bucket: BUCKET,
    region: 'us-east-1',
    forcePathStyle: true,
  });
  const env = childEnv({
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_BUCKET: BUCKET,
    TEMPORAL_ADDRESS: opts.temporalAddress ?? testEnv.temporalAddress,
    TEMPORAL_TASK_QUEUE: `fault-${randomUUID()}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AGENT_SECRET_KEY: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: '0',
    WORKER_METRICS_PORT: '0',
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
    FILE_PURGE_DELAY: '1 second',
    SYNC_UPLOAD_TIMEOUT_MS: '1000',
    DATABASE_POOL_MAX: '4',
    ...opts.env,
  });
  const api = await startServiceProcess('api', env);
  const ca = (await import('node:fs/promises')).readFile(path.join(dir, 'tls', 'cert.pem'), 'utf8');
  const request = createClient(api.url!, await ca);
  const tenant = await createTenant(db);
  const token = await request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
    headers: { 'x-api-key': tenant.apiKey },
    json: {},
  });
  const headers = { authorization: `Bearer ${token.body.token}`, organizationid: tenant.organizationId };
  const h: Harness = {
    dir,
    testDb,
    db,
    s3,
    s3Port,
    blobs,
    env,
    api,
    request,
    tenant,
    headers,
    async startWorker() {
      h.worker = await startServiceProcess('worker', env);
      return h.worker;
    },
    cleanups: [],
    async close() {
      for (const cleanup of h.cleanups) await cleanup().catch(() => undefined);
      await h.worker?.stop().catch(() => undefined);
      await h.api?.stop().catch(() => undefined);
      h.blobs.close();
      await h.s3.stop();
      if (opts.databaseUrl) await db.destroy();
      await testDb.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  if (opts.startWorker !== false) await h.startWorker();
  return h;
}

async function itemStatus(h: Harness, knowledgeId: string): Promise<string | undefined> {
  return (await knowledgeRepo.findKnowledge(h.db, h.tenant.workspaceId, knowledgeId))?.status;
}

/** The item's chunks (of one version, given one). */
async function chunkCounts(h: Harness, knowledgeId: string, version?: number) {
  const [row] = await h
    .db('knowledge_chunks')
    .where({ knowledge_id: knowledgeId, ...(version === undefined ? {} : { version }) })
    .select(
      h.db.raw('count(*)::int as total'),
      h.db.raw('count(distinct chunk_index)::int as distinct'),
      h.db.raw('count(embedding)::int as embedded'),
    );
  return row as { total: number; distinct: number; embedded: number };
}

async function bucketKeys(h: Harness): Promise<string[]> {
  return h.blobs.list('');
}

async function killMidIngestion(): Promise<void> {
  const h = await harness();
  try {
    const upload = await uploadRequest(
      h.request,
      h.tenant.workspaceId,
      h.headers,
      {
        filename: 'long.txt',
        contentType: 'text/plain',
        bytes: Buffer.from(corpus(160)),
      },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(upload.status, 200, upload.text);
    const meta = await until('knowledge item', async () => {
      const m = await h.request(
        'GET',
        `/v1/workspaces/${h.tenant.workspaceId}/upload-file-metadata/${upload.body.uploadFileMetadataId}`,
        { headers: h.headers },
      );
      return m.body.knowledge?.id as string | undefined;
    });
    const partial = await until(
      'part of the chunks embedded',
      async () => {
        const c = await chunkCounts(h, meta);
        // Batches of EMBED_BATCH_CHUNKS (64) land whole, one at a time: killed at 64 or 128 of the 136.
        return c.embedded > 0 && c.embedded < c.total ? c : undefined;
      },
      180_000,
      100,
    );
    await h.worker!.kill9();
    const killedAt = Date.now();
    await h.startWorker();
    const restartedAt = Date.now();
    await until('COMPLETED', async () => (await itemStatus(h, meta)) === 'COMPLETED', 180_000);
    const done = Date.now();
    const c = await chunkCounts(h, meta);
    assert.equal(c.total, c.distinct, 'no duplicate chunk');
    assert.equal(c.embedded, c.total, 'every chunk embedded');
    assert.ok(c.total > partial.total - 1 && c.total >= partial.total);
    const items = await h.db('knowledge').where({ workspace_id: h.tenant.workspaceId });
    assert.equal(items.length, 1, 'exactly the one item');
    assert.deepEqual(await bucketKeys(h), [items[0].storage_key], 'the one stored file, nothing orphaned');
    await record('worker kill -9 mid-ingestion', {
      embeddedAtKill: partial.embedded,
      restartToCompleted: seconds(done - restartedAt),
      killToCompleted: seconds(done - killedAt),
    });
  } finally {
    await h.close();
  }
}

async function killMidReplace(): Promise<void> {
  const h = await harness();
  try {
    const ws = h.tenant.workspaceId;
    const OLD = 'Kestrel quay keeps the brass harbour bell polished.';
    const upload = await uploadRequest(
      h.request,
      ws,
      h.headers,
      { filename: 'old.txt', contentType: 'text/plain', bytes: Buffer.from(OLD) },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(upload.status, 200, upload.text);
    const id = await until('knowledge item', async () => {
      const m = await h.request(
        'GET',
        `/v1/workspaces/${ws}/upload-file-metadata/${upload.body.uploadFileMetadataId}`,
        {
          headers: h.headers,
        },
      );
      return m.body.knowledge?.id as string | undefined;
    });
    await until('version 1 COMPLETED', async () => (await itemStatus(h, id)) === 'COMPLETED', 180_000);
    // A subscriber, so each knowledge.completed the workspace emits is recorded as a delivery.
    const endpoint = randomUUID();
    await h.db('webhook_endpoints').insert({
      id: endpoint,
      workspace_id: ws,
      url: 'https://hooks.invalid/kws',
      secret: randomBytes(16).toString('hex'),
      events: ['knowledge.completed'],
    });
    /** What a keyword search answers: the old text, the new one, or both. */
    const serving = async () => {
      const res = await h.request('POST', `/workspaces/${ws}/knowledge/search`, {
        headers: { ...h.headers, 'x-api-key': h.tenant.apiKey },
        json: { query: 'kestrel quay fault corpus', mode: 'keyword', limit: 10 },
      });
      assert.equal(res.status, 200, res.text);
      const text = (res.body.results as Array<{ content: string }>).map((r) => r.content).join('\n');
      return { old: text.includes('Kestrel quay'), new: text.includes('fault corpus') };
    };
    assert.deepEqual(await serving(), { old: true, new: false });

    const { body, contentType } = multipartBody(
      {},
      { filename: 'new.txt', contentType: 'text/plain', bytes: Buffer.from(corpus(160)) },
    );
    const put = await h.request('PUT', `/v1/workspaces/${ws}/knowledge/${id}/file`, {
      headers: { ...h.headers, 'content-type': contentType },
      raw: body,
    });
    assert.equal(put.status, 202, put.text);
    const ofVersion2 = () => chunkCounts(h, id, 2);
    const partial = await until(
      'part of the new version embedded',
      async () => {
        const c = await ofVersion2();
        // Killed at 64 of the 136, with a whole batch to go: the old version must still serve right after.
        return c.embedded > 0 && c.embedded < c.total - 64 ? c : undefined;
      },
      180_000,
      100,
    );
    assert.deepEqual(await serving(), { old: true, new: false }, 'the old version serves during the replace');
    await h.worker!.kill9();
    const killedAt = Date.now();
    assert.deepEqual(await serving(), { old: true, new: false }, 'the old version serves with the worker gone');
    const during = await h.request('GET', `/v1/workspaces/${ws}/knowledge/${id}`, { headers: h.headers });
    assert.equal(during.body.version, 1, during.text);
    await h.startWorker();
    const restartedAt = Date.now();
    await until(
      'version 2 current',
      async () => (await knowledgeRepo.findKnowledge(h.db, ws, id))?.current_version === 2,
      180_000,
    );
    const done = Date.now();
    assert.deepEqual(await serving(), { old: false, new: true }, 'the new version serves after the switch');
    const c = await ofVersion2();
    assert.equal(c.total, c.distinct, 'no duplicate chunk');
    assert.equal(c.embedded, c.total, 'every chunk embedded');
    assert.ok(c.total >= partial.total);
    const versions = await h.db('knowledge_versions').where({ knowledge_id: id }).orderBy('number');
    assert.deepEqual(
      versions.map((v: { number: number; status: string }) => [v.number, v.status]),
      [
        [1, 'COMPLETED'],
        [2, 'COMPLETED'],
      ],
    );
    // Exactly one completion: one knowledge.completed, for version 2 (the workflow has finished by then).
    await until('the replace workflow finished', async () => {
      const job = await h.request('POST', `/v1/workspaces/${ws}/background-jobs`, {
        headers: h.headers,
        json: { jobIds: [put.body.jobId] },
      });
      return job.body.jobs?.[0]?.status === 'COMPLETED' ? true : undefined;
    });
    const completed = await h
      .db('webhook_deliveries')
      .where({ endpoint_id: endpoint, event_type: 'knowledge.completed' });
    // Version 1's own event may be recorded after the subscription (its workflow records it once the status has
    // flipped): only the events of later versions count.
    assert.deepEqual(
      completed
        .map((d: { payload: { data: { knowledgeId: string; version?: number } } }) => [
          d.payload.data.knowledgeId,
          d.payload.data.version,
        ])
        .filter((pair) => pair[1] !== 1),
      [[id, 2]],
    );
    await record('worker kill -9 mid-replace', {
      embeddedAtKill: partial.embedded,
      restartToSwitched: seconds(done - restartedAt),
      killToSwitched: seconds(done - killedAt),
    });
  } finally {
    await h.close();
  }
}

async function killMidCascadeDelete(): Promise<void> {
  const h = await harness();
  try {
    const ws = h.tenant.workspaceId;
    // root -> middle -> 1,000 leaves (20 with stored files); root -> 10 more leaves; one unrelated item with a file.
    const root = await knowledgeRepo.insertKnowledge(h.db, ws, { createdBy: null, type: 'WEBSITE', title: 'root' });
    const middle = await knowledgeRepo.insertKnowledge(h.db, ws, {
      createdBy: null,
      type: 'WEBSITE',
      title: 'middle',
      parentId: root.id,
    });
    const rows = [];
    for (let i = 0; i < 1010; i++) {
      const key = i < 20 ? uploadKey(h.tenant.organizationId, ws, randomUUID(), `f${i}.txt`) : null;
      if (key) await h.blobs.put(key, Buffer.from(`file ${i}`), 'text/plain');
      rows.push({
        id: randomUUID(),
        workspace_id: ws,
        organization_id: h.tenant.organizationId,
        type: 'URL',
        title: `leaf ${i}`,
        parent_id: i < 1000 ? middle.id : root.id,
        status: 'COMPLETED',
        storage_key: key,
      });
    }
    const cols = Object.keys((await h.db('knowledge').where({ id: root.id }).first()) as object);
    await h.db.batchInsert(
      'knowledge',
      rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => cols.includes(k)))),
      500,
    );
    const keepKey = uploadKey(h.tenant.organizationId, ws, randomUUID(), 'keep.txt');
    await h.blobs.put(keepKey, Buffer.from('keep'), 'text/plain');
    const keep = await knowledgeRepo.insertKnowledge(h.db, ws, { createdBy: null, type: 'STRING', title: 'keep' });
    await h.db('knowledge').where({ id: keep.id }).update({ storage_key: keepKey });

    // Hold the middle node's row: the batch that reaches it (after its 1,000 leaves) blocks there.
    const lock = await h.db.transaction();
    await lock('knowledge').where({ id: middle.id }).forUpdate().first();
    const del = await h.request('DELETE', `/v1/workspaces/${ws}/knowledge/${root.id}/children`, { headers: h.headers });
    assert.equal(del.status, 200, del.text);
    await until('the leaves deleted, the batch blocked at the middle node', async () => {
      const left = await h.db('knowledge').where({ workspace_id: ws }).count<{ count: number }[]>('* as count');
      return Number(left[0]!.count) <= 13 ? true : undefined;
    });
    await sleep(500);
    await h.worker!.kill9();
    await lock.rollback();
    const killedAt = Date.now();
    await h.startWorker();
    const restartedAt = Date.now();
    await until(
      'cascade finished',
      async () => (await knowledgeRepo.findKnowledge(h.db, ws, root.id)) === undefined,
      180_000,
    );
    const deletedAt = Date.now();
    await until(
      'files purged',
      async () => {
        const keys = await bucketKeys(h);
        return keys.length === 1 ? keys : undefined;
      },
      60_000,
    );
    const purgedAt = Date.now();
    assert.deepEqual(await bucketKeys(h), [keepKey]);
    const left = await h.db('knowledge').where({ workspace_id: ws }).select('id');
    assert.deepEqual(
      left.map((r: { id: string }) => r.id),
      [keep.id],
    );
    await record('worker kill -9 mid-cascade-delete', {
      restartToDeleted: seconds(deletedAt - restartedAt),
      killToDeleted: seconds(deletedAt - killedAt),
      restartToFilesPurged: seconds(purgedAt - restartedAt),
    });
  } finally {
    await h.close();
  }
}

async function killMidSourceSync(): Promise<void> {
  // The source's bucket: the customer's own S3 server on loopback, allowed in both processes (the API checks a
  // source's endpoint when it is created, the worker at every sync). Never the service's own store, which the door
  // refuses whatever the private-network setting (Security III).
  const h = await harness({ startWorker: false, env: { CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' } });
  try {
    const customer = await startEmbeddedS3({ dataDir: path.join(h.dir, 'customer'), bucket: 'customer-docs' });
    const customerBlobs = createBlobStore({
      endpoint: customer.endpoint,
      accessKeyId: customer.accessKeyId,
      secretAccessKey: customer.secretAccessKey,
      bucket: 'customer-docs',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    await customerBlobs.ensureBucket();
    await h.startWorker();
    const ws = h.tenant.workspaceId;
    const DOCS = 60;
    for (let i = 0; i < DOCS; i++) {
      await customerBlobs.put(`source/doc-${i}.txt`, Buffer.from(`Document ${i}. ${corpus(2)}`), 'text/plain');
    }
    const created = await h.request('POST', `/v1/workspaces/${ws}/sources`, {
      headers: h.headers,
      json: {
        kind: 's3',
        config: { endpoint: customer.endpoint, bucket: 'customer-docs', prefix: 'source/' },
        secrets: { accessKeyId: customer.accessKeyId, secretAccessKey: customer.secretAccessKey },
      },
    });
    h.cleanups.push(async () => {
      customerBlobs.close();
      await customer.stop();
    });
    assert.equal(created.status, 201, created.text);
    const sourceId = created.body.id as string;
    const started = await h.request('POST', `/v1/workspaces/${ws}/sources/${sourceId}/sync`, { headers: h.headers });
    assert.equal(started.status, 202, started.text);
    const syncId = started.body.sync.id as string;
    const syncRow = () => h.db('source_syncs').where({ id: syncId }).first();
    const partial = await until(
      'part of the documents synced',
      async () => {
        const s = await syncRow();
        return s && s.added > 0 && s.added < DOCS ? s : undefined;
      },
      180_000,
      100,
    );
    await h.worker!.kill9();
    const killedAt = Date.now();
    await h.startWorker();
    const s = await until(
      'the sync finished',
      async () => {
        const row = await syncRow();
        return row && row.status !== 'RUNNING' ? row : undefined;
      },
      240_000,
    );
    const done = Date.now();
    assert.equal(s.status, 'COMPLETED', JSON.stringify(s));
    assert.deepEqual([s.seen, s.added, s.updated, s.deleted, s.failed], [DOCS, DOCS, 0, 0, 0], 'each counted once');
    const items = await h.db('knowledge').where({ workspace_id: ws, type: 'FILE' });
    assert.equal(items.length, DOCS, 'one item per document');
    assert.ok(items.every((i) => i.status === 'COMPLETED'));
    const docs = await h.db('source_documents').where({ source_id: sourceId });
    assert.equal(new Set(docs.map((d) => d.knowledge_id)).size, DOCS);
    assert.ok(docs.every((d) => d.fingerprint === d.listed_fingerprint));
    const [dup] = await h.db
      .raw(
        `SELECT count(*)::int AS n FROM (SELECT knowledge_id, version, chunk_index FROM knowledge_chunks
           WHERE workspace_id = ? GROUP BY 1, 2, 3 HAVING count(*) > 1) d`,
        [ws],
      )
      .then((r: { rows: Array<{ n: number }> }) => r.rows);
    assert.equal(dup!.n, 0, 'no duplicate chunk');
    assert.equal((await h.db('source_syncs').where({ source_id: sourceId })).length, 1, 'one sync');
    await record('worker kill -9 mid-sync', { addedAtKill: partial.added, killToCompleted: seconds(done - killedAt) });
  } finally {
    await h.close();
  }
}

async function killMidEvaluation(): Promise<void> {
  const h = await harness();
  try {
    const ws = h.tenant.workspaceId;
    const TOPICS = ['harbour', 'orchard', 'glacier', 'market', 'library', 'railway', 'vineyard', 'observatory'];
    for (const topic of TOPICS) {
      const res = await h.request('POST', `/v1/workspaces/${ws}/knowledge/text`, {
        headers: h.headers,
        json: {
          title: topic,
          content: `The ${topic} committee met and agreed on the ${topic} budget.`,
          externalId: topic,
        },
      });
      assert.equal(res.status, 201, res.text);
    }
    await until('the pages indexed', async () => {
      const rows = await h.db('knowledge').where({ workspace_id: ws, status: 'COMPLETED' });
      return rows.length === TOPICS.length;
    });
    const QUESTIONS = 240;
    const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
      kind: i % 2 === 0 ? 'paraphrase' : 'identifier',
      query: `question ${i}: what did the ${TOPICS[i % TOPICS.length]} committee decide`,
      relevant: [{ externalId: TOPICS[i % TOPICS.length] }],
    }));
    const created = await h.request('POST', `/v1/workspaces/${ws}/retrieval-evaluations`, {
      headers: h.headers,
      json: { questions, runs: [{ mode: 'semantic' }, { mode: 'hybrid' }] },
    });
    assert.equal(created.status, 202, created.text);
    const id = created.body.id as string;
    const row = () => h.db('retrieval_evaluations').where({ id }).first();
    const partial = await until(
      'part of the questions evaluated',
      async () => {
        const r = await row();
        return r.questions_done > 0 && r.questions_done < QUESTIONS - 40 ? r : undefined;
      },
      180_000,
      50,
    );
    await h.worker!.kill9();
    const killedAt = Date.now();
    const before = await h
      .db('retrieval_evaluation_results')
      .where({ evaluation_id: id })
      .select('position', 'run_index', 'created_at');
    await h.startWorker();
    const done = await until(
      'the evaluation completed',
      async () => {
        const r = await row();
        return r.status !== 'RUNNING' ? r : undefined;
      },
      240_000,
    );
    const completedAt = Date.now();
    assert.equal(done.status, 'COMPLETED', JSON.stringify(done));
    assert.equal(done.questions_done, QUESTIONS);
    const results = await h.db('retrieval_evaluation_results').where({ evaluation_id: id });
    assert.equal(results.length, QUESTIONS * 2, 'one result per question and run');
    assert.ok(
      results.every((r: { writes: number }) => r.writes === 1),
      'each written once',
    );
    // The questions recorded before the kill kept their results: none was evaluated again.
    const recorded = new Map(
      results.map((r: { position: number; run_index: number; created_at: Date }) => [
        `${r.position}:${r.run_index}`,
        r.created_at.getTime(),
      ]),
    );
    for (const r of before as Array<{ position: number; run_index: number; created_at: Date }>) {
      assert.equal(recorded.get(`${r.position}:${r.run_index}`), r.created_at.getTime());
    }
    await record('worker kill -9 mid-evaluation', {
      questionsDoneAtKill: partial.questions_done,
      killToCompleted: seconds(completedAt - killedAt),
    });
  } finally {
    await h.close();
  }
}

describe('fault tolerance (separate API and worker processes)', function () {
  this.timeout(300_000);
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  // The kill -9 scenarios (each a function above, named for its test) spend most of their time waiting (for Temporal to give up on the killed worker's
  // activities, for processes to start): each has its own API, worker, database and bucket, so they run at once,
  // started together and each awaited by its own test. Their recovery figures are taken with the others running.
  describe('kill -9 of the worker, the scenarios at once', function () {
    const outcomes = new Map<() => Promise<void>, Promise<void>>();
    before(() => {
      for (const scenario of [
        killMidIngestion,
        killMidReplace,
        killMidCascadeDelete,
        killMidSourceSync,
        killMidEvaluation,
      ]) {
        const outcome = scenario();
        outcome.catch(() => undefined); // awaited (and failed) by its own test
        outcomes.set(scenario, outcome);
      }
    });

    it('kill -9 of the worker mid-ingestion: the upload finishes after a restart, no lost item, no duplicate chunk, no orphaned blob', () =>
      outcomes.get(killMidIngestion));

    it('kill -9 of the worker mid-replace: the old version serves throughout, the new one completes exactly once after a restart', () =>
      outcomes.get(killMidReplace));

    it('kill -9 of the worker mid-cascade-delete: the delete finishes after a restart, purging every file of the tree and nothing else', () =>
      outcomes.get(killMidCascadeDelete));

    it('kill -9 of the worker mid-sync of an s3 source: the sync resumes and finishes exactly once', () =>
      outcomes.get(killMidSourceSync));

    it('kill -9 of the worker mid-evaluation: the evaluation completes after a restart, each question evaluated once', () =>
      outcomes.get(killMidEvaluation));
  });

  it('restart of the Temporal server with its database: running workflows resume and complete', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-fault-temporal-'));
    const [port, uiPort, httpPort, metricsPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const start = () =>
      startTemporalDevServer({
        dataDir,
        cliPath: testEnv.temporalCliPath,
        port,
        uiPort,
        httpPort,
        metricsPort,
        namespace: 'default',
      });
    let temporal = await start();
    try {
      h = await harness({ temporalAddress: temporal.address });
      const upload = await uploadRequest(
        h.request,
        h.tenant.workspaceId,
        h.headers,
        {
          filename: 'during-restart.txt',
          contentType: 'text/plain',
          bytes: Buffer.from(corpus(160)),
        },
        { status: 'BACKGROUND_START' },
      );
      assert.equal(upload.status, 200, upload.text);
      const knowledgeId = await until('knowledge item', async () => {
        const m = await h!.request(
          'GET',
          `/v1/workspaces/${h!.tenant.workspaceId}/upload-file-metadata/${upload.body.uploadFileMetadataId}`,
          { headers: h!.headers },
        );
        return m.body.knowledge?.id as string | undefined;
      });
      await until('embedding under way', async () => (await chunkCounts(h!, knowledgeId)).embedded > 0, 120_000, 100);
      await temporal.stop();
      const stoppedAt = Date.now();
      assert.notEqual(
        await itemStatus(h, knowledgeId),
        'COMPLETED',
        'the workflow was still running when the server stopped',
      );
      await sleep(3000);
      temporal = await start();
      const restartedAt = Date.now();
      await until(
        'COMPLETED after the restart',
        async () => (await itemStatus(h!, knowledgeId)) === 'COMPLETED',
        180_000,
      );
      const done = Date.now();
      const c = await chunkCounts(h, knowledgeId);
      assert.equal(c.total, c.distinct);
      assert.equal(c.embedded, c.total);
      // The API's client reconnected too: a new upload runs end to end.
      const after = await uploadRequest(h.request, h.tenant.workspaceId, h.headers, {
        filename: 'after.txt',
        contentType: 'text/plain',
        bytes: Buffer.from('Uploaded after the Temporal server came back.'),
      });
      assert.ok([200].includes(after.status), after.text);
      await until(
        'second upload completed',
        async () => (await itemStatus(h!, after.body.knowledgeId)) === 'COMPLETED',
        60_000,
      );
      await record('Temporal server restart', {
        down: seconds(restartedAt - stoppedAt),
        restartToCompleted: seconds(done - restartedAt),
      });
    } finally {
      await h?.close();
      h = undefined;
      await temporal.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL stopped under load: 503 {error, message} while it is down, recovery without a restart, no acknowledged write lost', async () => {
    const pgBin = '/usr/lib/postgresql/15/bin';
    const pgDir = await mkdtemp(path.join(os.tmpdir(), 'kws-fault-pg-'));
    const pgPort = await freePort();
    const asPg = (cmd: string, args: string[]) =>
      process.getuid?.() === 0
        ? run('runuser', ['-u', 'postgres', '--', path.join(pgBin, cmd), ...args])
        : run(path.join(pgBin, cmd), args);
    const { chown } = await import('node:fs/promises');
    if (process.getuid?.() === 0) await run('chown', ['postgres', pgDir]);
    void chown;
    await asPg('initdb', ['-D', `${pgDir}/data`, '-U', 'kws', '--auth=trust', '-E', 'UTF8']);
    // Durable settings: an acknowledged commit survives an immediate (crash) stop.
    const pgStart = () =>
      asPg('pg_ctl', [
        '-D',
        `${pgDir}/data`,
        '-l',
        `${pgDir}/log`,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${pgPort} -k /tmp -c listen_addresses=127.0.0.1`,
        'start',
      ]);
    await pgStart();
    const url = `postgres://kws@127.0.0.1:${pgPort}/postgres`;
    const setup = createDb(url, 1);
    await setup.raw('CREATE DATABASE kws_fault_pg');
    await setup.destroy();
    try {
      h = await harness({ databaseUrl: `postgres://kws@127.0.0.1:${pgPort}/kws_fault_pg` });
      const acked: string[] = [];
      const statuses: number[] = [];
      const bodies: unknown[] = [];
      let stop = false;
      let n = 0;
      const load = (async () => {
        while (!stop) {
          n += 1;
          const res = await h!
            .request('POST', `/v1/workspaces/${h!.tenant.workspaceId}/knowledge/link`, {
              headers: h!.headers,
              json: { type: 'LINK', url: `https://example.com/doc/${n}`, title: `doc ${n}` },
            })
            .catch(() => undefined);
          if (!res) continue;
          statuses.push(res.status);
          if (res.status === 201) acked.push(res.body.id);
          else bodies.push(res.body);
          if (res.status !== 201) await sleep(100);
        }
      })();
      await until('writes acknowledged', async () => (acked.length >= 5 ? true : undefined));
      await asPg('pg_ctl', ['-D', `${pgDir}/data`, '-m', 'immediate', 'stop']);
      const stoppedAt = Date.now();
      await until(
        '503s while down',
        async () => (statuses.filter((s) => s === 503).length >= 3 ? true : undefined),
        60_000,
      );
      const ready = await h.request('GET', '/health/ready');
      assert.equal(ready.status, 503);
      assert.equal(ready.body.checks.database.status, 'down');
      await pgStart();
      const startedAt = Date.now();
      const ackedBefore = acked.length;
      await until(
        'writes acknowledged again',
        async () => (acked.length >= ackedBefore + 3 ? true : undefined),
        60_000,
      );
      const recoveredAt = Date.now();
      stop = true;
      await load;
      const unexpected = statuses.filter((s) => s !== 201 && s !== 503);
      assert.deepEqual(unexpected, [], `only 201 and 503: ${JSON.stringify(bodies.slice(0, 3))}`);
      for (const b of bodies)
        assert.deepEqual(specFields(b), { error: 'Service Unavailable', message: 'Service temporarily unavailable' });
      const stored = new Set(
        (await h.db('knowledge').where({ workspace_id: h.tenant.workspaceId }).select('id')).map(
          (r: { id: string }) => r.id,
        ),
      );
      const lost = acked.filter((id) => !stored.has(id));
      assert.deepEqual(lost, [], 'no acknowledged write lost');
      await record('PostgreSQL stopped under load', {
        down: seconds(startedAt - stoppedAt),
        startToFirstWrite: seconds(recoveredAt - startedAt),
        acknowledged: acked.length,
        answered503: statuses.filter((s) => s === 503).length,
      });
    } finally {
      await h?.close().catch(() => undefined);
      h = undefined;
      await asPg('pg_ctl', ['-D', `${pgDir}/data`, '-m', 'fast', 'stop']).catch(() => undefined);
      await rm(pgDir, { recursive: true, force: true });
    }
  });

  it('storage unavailable during ingestion: the activity retries and the items complete once storage is back', async () => {
    h = await harness({ startWorker: false });
    // An inline file (its steps are local activities) and one over INLINE_INGEST_MAX_BYTES (activity tasks,
    // whose retries the server shows): mostly spaces, a few chunks once extracted.
    const upload = await uploadRequest(
      h.request,
      h.tenant.workspaceId,
      h.headers,
      {
        filename: 'stored.txt',
        contentType: 'text/plain',
        bytes: Buffer.concat([
          Buffer.from('Bytes that wait in object storage while it is away. '),
          Buffer.alloc(INLINE_INGEST_MAX_BYTES, ' '),
          Buffer.from('The end of a large file.'),
        ]),
      },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(upload.status, 200, upload.text);
    const inline = await uploadRequest(
      h.request,
      h.tenant.workspaceId,
      h.headers,
      { filename: 'small.txt', contentType: 'text/plain', bytes: Buffer.from('A small file waits in storage too.') },
      { status: 'BACKGROUND_START' },
    );
    assert.equal(inline.status, 200, inline.text);
    await h.s3.stop();
    const downAt = Date.now();
    // While storage is away an upload is refused cleanly (503), not half-written.
    const refused = await uploadRequest(h.request, h.tenant.workspaceId, h.headers, {
      filename: 'refused.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('no storage'),
    });
    assert.equal(refused.status, 503, refused.text);
    assert.deepEqual(specFields(refused.body), {
      error: 'Service Unavailable',
      message: 'Service temporarily unavailable',
    });
    await h.startWorker();
    const handle = await import('@temporalio/client').then(async ({ Connection, Client }) => {
      const connection = await Connection.connect({ address: testEnv.temporalAddress });
      return { client: new Client({ connection }), connection };
    });
    try {
      const wf = handle.client.workflow.getHandle(upload.body.jobId);
      await until(
        'extraction failing and retried',
        async () => {
          const d = await wf.describe();
          const pending = d.raw.pendingActivities?.[0];
          return pending && (pending.attempt ?? 0) >= 2 ? true : undefined;
        },
        60_000,
        300,
      );
      h.s3 = await startEmbeddedS3({ dataDir: h.dir, bucket: BUCKET, port: h.s3Port });
      const backAt = Date.now();
      const result = (await wf.result()) as { status: string };
      const inlineResult = (await handle.client.workflow.getHandle(inline.body.jobId).result()) as { status: string };
      const done = Date.now();
      assert.equal(result.status, 'COMPLETED');
      assert.equal(inlineResult.status, 'COMPLETED');
      const items = await h.db('knowledge').where({ workspace_id: h.tenant.workspaceId });
      assert.equal(items.length, 2, 'the refused upload left no item');
      assert.deepEqual(
        items.map((i) => i.status),
        ['COMPLETED', 'COMPLETED'],
      );
      assert.equal(
        (
          await h
            .db('upload_file_metadata')
            .where({ workspace_id: h.tenant.workspaceId })
            .count<{ count: number }[]>('* as count')
        )[0]!.count,
        2,
      );
      await record('storage unavailable during ingestion', {
        down: seconds(backAt - downAt),
        backToCompleted: seconds(done - backAt),
      });
    } finally {
      await handle.connection.close();
    }
  });
});
