// Upload-to-searchable latency (synchronous, and BACKGROUND_START followed per spec rule 7) and ingestion
// throughput of a mixed corpus, through the real HTTPS API, Temporal worker, S3 and PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { accessHeaders, createTenant, type Tenant } from '../../test/helpers/factories';
import { followUpload, uploadRequest } from '../../test/helpers/knowledge';
import type { TestStack } from '../../test/helpers/stack';
import { round, sleep, summarize, type Summary } from '../lib/stats';
import { WorkflowIds } from '../../src/temporal/constants';
import { mixedCorpus, onePageText, type BenchFile } from './corpus';
import { countRoundTrips, type RoundTrips } from './roundTrips';

export interface Caller {
  tenant: Tenant;
  /** Bearer token and organizationid, for /v1 routes. */
  headers: Record<string, string>;
  /** Bearer token and x-api-key, for POST /workspaces/{id}/knowledge/search. */
  searchHeaders: Record<string, string>;
}

/** A fresh organization, workspace and API key, and an access token from the real token endpoint. */
export async function newCaller(stack: TestStack): Promise<Caller> {
  const tenant = await createTenant(stack.deps.db);
  const { token, headers } = await accessHeaders(stack, tenant);
  return { tenant, headers, searchHeaders: { authorization: `Bearer ${token}`, 'x-api-key': tenant.apiKey } };
}

export async function searchApi(
  stack: TestStack,
  caller: Caller,
  query: string,
  limit = 10,
): Promise<Array<{ id: string; score?: number }>> {
  const res = await stack.request('POST', `/workspaces/${caller.tenant.workspaceId}/knowledge/search`, {
    headers: caller.searchHeaders,
    json: { query, limit },
  });
  if (res.status !== 200) throw new Error(`semantic search answered ${res.status}: ${res.text}`);
  return res.body.results;
}

async function upload(stack: TestStack, caller: Caller, file: BenchFile, background: boolean) {
  const res = await uploadRequest(
    stack.request,
    caller.tenant.workspaceId,
    caller.headers,
    file,
    background ? { status: 'BACKGROUND_START' } : {},
  );
  if (res.status !== 200) throw new Error(`upload of ${file.filename} answered ${res.status}: ${res.text}`);
  return res.body as { uploadFileMetadataId: string; knowledgeId?: string; status: string };
}

export interface UploadLatencyResult {
  samples: number;
  warmups: number;
  /** POST to answer (the answer comes once the item is searchable). */
  totalMs: Summary;
  /** Answers that said COMPLETED, and items the follow-up search found. */
  completed: number;
  foundBySearch: number;
  chunksPerFile: number;
  fileBytes: number;
  /** The first measured sample's item (its chunks are the embedder's yardstick for one upload). */
  sampleKnowledgeId?: string;
  /** The first measured sample's ingestion workflow, in Temporal round trips. */
  roundTrips?: RoundTrips;
}

/** (a) Synchronous upload: POST .../knowledge/file answers when the item is searchable. One workspace per sample. */
export async function measureSyncUpload(stack: TestStack, samples: number, warmups = 2): Promise<UploadLatencyResult> {
  const totals: number[] = [];
  let completed = 0;
  let found = 0;
  let chunksPerFile = 0;
  let fileBytes = 0;
  let sampleKnowledgeId: string | undefined;
  let roundTrips: RoundTrips | undefined;
  for (let i = 0; i < warmups + samples; i++) {
    const caller = await newCaller(stack);
    const file = onePageText(i);
    const start = performance.now();
    const body = await upload(stack, caller, file, false);
    const ms = performance.now() - start;
    if (i < warmups) continue;
    totals.push(ms);
    if (body.status === 'COMPLETED') completed += 1;
    const results = await searchApi(stack, caller, file.query);
    if (results.some((r) => r.id === body.knowledgeId)) found += 1;
    if (i === warmups) {
      chunksPerFile = Number(
        (await stack.deps.db('knowledge_chunks').where({ knowledge_id: body.knowledgeId }).count({ n: '*' }))[0]?.n,
      );
      fileBytes = file.bytes.length;
      sampleKnowledgeId = body.knowledgeId;
      roundTrips = await countRoundTrips(
        stack,
        WorkflowIds.ingestFile(caller.tenant.workspaceId, body.uploadFileMetadataId),
      );
    }
  }
  return {
    samples,
    warmups,
    totalMs: summarize(totals),
    completed,
    foundBySearch: found,
    chunksPerFile,
    fileBytes,
    sampleKnowledgeId,
    roundTrips,
  };
}

export interface BackgroundLatencyResult {
  samples: number;
  warmups: number;
  /** POST to the first semantic search that returns the item. */
  totalMs: Summary;
  /** POST answer (BACKGROUND_START). */
  postMs: Summary;
  /** POST to COMPLETED observed by the rule 7 poll. */
  completedMs: Summary;
  /** COMPLETED observed to the search that found it (normally one search). */
  searchMs: Summary;
  searchesNeeded: number;
  polling: string;
}

/** (b) BACKGROUND_START upload, then polling per spec rule 7 until COMPLETED, then a semantic search that finds it. */
export async function measureBackgroundUpload(
  stack: TestStack,
  samples: number,
  warmups = 2,
): Promise<BackgroundLatencyResult> {
  const totals: number[] = [];
  const posts: number[] = [];
  const completions: number[] = [];
  const searches: number[] = [];
  let searchesNeeded = 0;
  for (let i = 0; i < warmups + samples; i++) {
    const caller = await newCaller(stack);
    const file = onePageText(500 + i);
    const start = performance.now();
    const body = await upload(stack, caller, file, true);
    const posted = performance.now();
    const { item } = await followUpload(
      stack.request,
      caller.tenant.workspaceId,
      caller.headers,
      body.uploadFileMetadataId,
    );
    if (item.status !== 'COMPLETED') throw new Error(`ingestion of ${file.filename} ended ${item.status}`);
    const completedAt = performance.now();
    let tries = 0;
    for (;;) {
      tries += 1;
      const results = await searchApi(stack, caller, file.query);
      if (results.some((r) => r.id === item.id)) break;
      if (tries >= 50) throw new Error(`${file.filename} is COMPLETED but search does not find it`);
      await sleep(20);
    }
    const foundAt = performance.now();
    if (i < warmups) continue;
    totals.push(foundAt - start);
    posts.push(posted - start);
    completions.push(completedAt - start);
    searches.push(foundAt - completedAt);
    searchesNeeded = Math.max(searchesNeeded, tries);
  }
  return {
    samples,
    warmups,
    totalMs: summarize(totals),
    postMs: summarize(posts),
    completedMs: summarize(completions),
    searchMs: summarize(searches),
    searchesNeeded,
    polling: 'test/helpers/knowledge followUpload: upload-file-metadata every 25 ms, then get-knowledge every 100 ms',
  };
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

export interface ThroughputResult {
  /** The corpus's workspace (its chunks are the embedder's yardstick). */
  workspaceId: string;
  files: number;
  bytes: number;
  uploadConcurrency: number;
  /** All POSTs answered (BACKGROUND_START). */
  uploadPhaseMs: number;
  /** First POST to every item COMPLETED (or BACKGROUND_ERROR). */
  totalMs: number;
  completed: number;
  errors: Array<{ title: string; message: string | null }>;
  /** Sum of knowledge.metadata.extraction.pageCount. */
  pages: number;
  /** Distinct (item, page number) among the chunks. */
  chunkPages: number;
  chunks: number;
  pagesPerSecond: number;
  chunksPerSecond: number;
  filesPerSecond: number;
  byType: Array<{ mimetype: string; files: number; pages: number; chunks: number }>;
  cpu: IngestionCpu;
}

/**
 * The CPU the ingestion took in this process (every thread: the bench's client, API, Temporal worker,
 * embedding model) and in its extraction children, and that as a share of the machine's cores over the step: near 100% means the
 * step is bound by CPU, not by waiting. PostgreSQL and the Temporal server are other processes, not counted.
 */
export interface IngestionCpu {
  processSeconds: number;
  /** Children's CPU during the step, exited or still running (Linux: /proc); undefined elsewhere. */
  childrenSeconds?: number;
  cores: number;
  shareOfCores: number;
}

/** Fields of a /proc/<pid>/stat line after the command (state is index 0). */
function statFields(file: string): string[] {
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * Seconds of CPU of this process's children (Linux: /proc), or undefined without /proc: those that exited
 * and were waited for (cutime + cstime), and, per pid, those still running (utime + stime), such as the
 * extraction sandbox's pooled children. Fields are in clock ticks (100/s).
 */
function childrenCpuSeconds(): { exited: number; live: Map<number, number> } | undefined {
  try {
    const own = statFields('/proc/self/stat');
    const live = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(entry)) continue;
      try {
        const f = statFields(`/proc/${entry}/stat`);
        // ppid is index 1; utime and stime are 11 and 12.
        if (Number(f[1]) === process.pid) live.set(Number(entry), (Number(f[11]) + Number(f[12])) / 100);
      } catch {
        // gone meanwhile
      }
    }
    return { exited: (Number(own[13]) + Number(own[14])) / 100, live };
  } catch {
    return undefined;
  }
}

/** CPU seconds of children between two readings (a live child counts from its first reading, or from 0). */
function childrenCpuBetween(
  a: ReturnType<typeof childrenCpuSeconds>,
  b: ReturnType<typeof childrenCpuSeconds>,
): number | undefined {
  if (!a || !b) return undefined;
  let sum = b.exited - a.exited;
  for (const [pid, seconds] of b.live) sum += seconds - (a.live.get(pid) ?? 0);
  // A child live at the start that exited and was waited for since: cutime holds all of it, so take off
  // what it had already used at the start.
  for (const [pid, seconds] of a.live) if (!b.live.has(pid)) sum -= seconds;
  return sum;
}

/** Starts counting; the returned function gives the CPU since then over `wallMs`. */
function cpuMeter(): (wallMs: number) => IngestionCpu {
  const process0 = process.cpuUsage();
  const children0 = childrenCpuSeconds();
  return (wallMs) => {
    const used = process.cpuUsage(process0);
    const processSeconds = (used.user + used.system) / 1e6;
    const children1 = childrenCpuSeconds();
    const childrenSeconds = childrenCpuBetween(children0, children1);
    const cores = os.availableParallelism();
    return {
      processSeconds: round(processSeconds, 2),
      childrenSeconds: childrenSeconds === undefined ? undefined : round(childrenSeconds, 2),
      cores,
      shareOfCores: round((processSeconds + (childrenSeconds ?? 0)) / ((wallMs / 1000) * cores), 3),
    };
  };
}

/**
 * Uploads `corpus` (the mixed corpus unless given) as BACKGROUND_START into one workspace and times until
 * every item is done (or `timeoutMs` passes).
 */
export async function measureIngestionThroughput(
  stack: TestStack,
  uploadConcurrency = 4,
  corpus?: BenchFile[],
  timeoutMs = 5 * 60_000,
): Promise<ThroughputResult> {
  const db = stack.deps.db;
  const caller = await newCaller(stack);
  const ws = caller.tenant.workspaceId;
  const files = corpus ?? (await mixedCorpus());
  const start = performance.now();
  const cpuSince = cpuMeter();
  await mapLimit(files, uploadConcurrency, (f) => upload(stack, caller, f, true));
  const uploaded = performance.now();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db('upload_file_metadata as u')
      .leftJoin('knowledge as k', 'k.id', 'u.knowledge_id')
      .where('u.workspace_id', ws)
      .select(
        db.raw(`count(*) filter (where k.status in ('COMPLETED', 'BACKGROUND_ERROR'))::int as done`),
        db.raw('count(*)::int as total'),
      );
    if (row.done >= files.length) break;
    if (Date.now() > deadline) throw new Error(`ingestion stalled: ${row.done} of ${files.length} done`);
    await sleep(50);
  }
  const totalMs = performance.now() - start;
  const cpu = cpuSince(totalMs);

  const byType: Array<{ mimetype: string; files: number; pages: number; chunks: number }> = (
    await db.raw(
      `select k.mimetype, count(*)::int as files,
              coalesce(sum((k.metadata->'extraction'->>'pageCount')::int), 0)::int as pages,
              coalesce(sum(ch.n), 0)::int as chunks
         from knowledge k
         left join lateral (select count(*) as n from knowledge_chunks c where c.knowledge_id = k.id) ch on true
        where k.workspace_id = ? and k.status = 'COMPLETED'
        group by k.mimetype order by k.mimetype`,
      [ws],
    )
  ).rows;
  const [{ n: chunkPages }] = (
    await db.raw(
      `select count(*)::int as n from (select distinct knowledge_id, page_number from knowledge_chunks where workspace_id = ?) s`,
      [ws],
    )
  ).rows;
  const errors = await db('knowledge')
    .where({ workspace_id: ws, status: 'BACKGROUND_ERROR' })
    .select('title', 'message_error as message');
  const pages = byType.reduce((a, t) => a + t.pages, 0);
  const chunks = byType.reduce((a, t) => a + t.chunks, 0);
  const seconds = totalMs / 1000;
  return {
    workspaceId: ws,
    files: files.length,
    bytes: files.reduce((a, f) => a + f.bytes.length, 0),
    uploadConcurrency,
    uploadPhaseMs: round(uploaded - start),
    totalMs: round(totalMs),
    completed: byType.reduce((a, t) => a + t.files, 0),
    errors,
    pages,
    chunkPages,
    chunks,
    pagesPerSecond: round(pages / seconds, 2),
    chunksPerSecond: round(chunks / seconds, 2),
    filesPerSecond: round(files.length / seconds, 2),
    byType,
    cpu,
  };
}
