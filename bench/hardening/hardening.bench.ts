// `npm run bench -- hardening`: what the ingestion hardening costs and bounds, at the default limits.
//  1. Each hostile fixture uploaded alone through the whole service: its end state, the time from the
//     upload's answer to BACKGROUND_ERROR (or COMPLETED), the extraction process's peak RSS, and how much
//     the worker process (this one) grew.
//  2. The API process's peak RSS while 8 clients upload 100 MB files at once: the API runs as a process
//     of its own (dist/src/main/api.js; KWS_BENCH_API_ENTRY may point at another build, e.g. the one
//     before streaming), its uploads going to an S3 server in this process and to a task queue no
//     worker polls (nothing is ingested).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../src/db/knex';
import { startEmbeddedS3 } from '../../src/embedded/s3';
import { bootstrap } from '../../src/services/operations/admin';
import { accessHeaders, createTenant } from '../../test/helpers/factories';
import { followUpload, uploadRequest } from '../../test/helpers/knowledge';
import type { TestStack } from '../../test/helpers/stack';
import * as hostile from '../../test/fixtures/hostile';

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface HostileFigure {
  fixture: string;
  bytes: number;
  status: string;
  messageError?: string;
  /** From the upload's answer to the end state. */
  msToEnd: number;
  sandboxMs?: number;
  sandboxPeakRssMb?: number;
  workerRssGrowthMb: number;
}

const rssMb = () => Math.round(process.memoryUsage().rss / MB);

export async function measureHostileFiles(stack: TestStack): Promise<HostileFigure[]> {
  const tenant = await createTenant(stack.deps.db);
  const { headers } = await accessHeaders(stack, tenant);
  const fixtures: [string, string, () => Promise<Buffer>][] = [
    ['inflate-512mb.pdf', 'application/pdf', () => hostile.makePdfInflateBomb()],
    ['deep-nesting.pdf', 'application/pdf', async () => hostile.makeDeepPdf()],
    ['entities.docx', DOCX, () => hostile.makeDocxEntityBomb()],
    ['document-200mb.docx', DOCX, () => hostile.makeHugeDocx()],
    ['shared-strings.xlsx', XLSX, () => hostile.makeXlsxHugeSharedStrings()],
    ['docx-bombs.zip', 'application/zip', () => hostile.makeZipOfDocxBombs()],
  ];
  const figures: HostileFigure[] = [];
  for (const [name, type, make] of fixtures) {
    const bytes = await make();
    const rssBefore = rssMb();
    const res = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: name, contentType: type, bytes },
      { status: 'BACKGROUND_START' },
    );
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.text}`);
    const answered = Date.now();
    const { item } = await followUpload(
      stack.request,
      tenant.workspaceId,
      headers,
      res.body.uploadFileMetadataId,
      600_000,
    );
    const extraction = stack.extractions.find((e) => e.filename === name);
    figures.push({
      fixture: name,
      bytes: bytes.length,
      status: item.status,
      messageError: item.messageError,
      msToEnd: Date.now() - answered,
      sandboxMs: extraction?.usage?.ms,
      sandboxPeakRssMb: extraction?.usage?.peakRssMb,
      workerRssGrowthMb: rssMb() - rssBefore,
    });
    console.log(`[bench] ${JSON.stringify(figures[figures.length - 1])}`);
  }
  return figures;
}

export interface UploadMemoryFigure {
  apiEntry: string;
  clients: number;
  fileBytes: number;
  statuses: number[];
  seconds: number;
  apiIdleRssMb: number;
  apiPeakRssMb: number;
}

/** Peak RSS (the kernel's high-water mark) and current RSS of a process, in MiB. */
async function memoryOf(pid: number): Promise<{ peak: number; now: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) };
}

export async function measureUploadMemory(opts: {
  adminUrl: string;
  temporalAddress: string;
  apiEntry: string;
  clients?: number;
  fileBytes?: number;
}): Promise<UploadMemoryFigure> {
  const clients = opts.clients ?? 8;
  const fileBytes = opts.fileBytes ?? 100_000_000;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-bench-upload-'));
  const dbName = `kws_bench_upload_${Date.now()}`;
  const admin = createDb(opts.adminUrl, 1);
  await admin.raw(`CREATE DATABASE "${dbName}"`);
  await admin.destroy();
  const url = new URL(opts.adminUrl);
  url.pathname = `/${dbName}`;
  const s3 = await startEmbeddedS3({ dataDir, bucket: 'kws-bench' });
  const api = spawn(process.execPath, [opts.apiEntry], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: url.toString(),
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_BUCKET: 'kws-bench',
      TEMPORAL_ADDRESS: opts.temporalAddress,
      TEMPORAL_TASK_QUEUE: `nobody-${randomUUID()}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // A standalone process refuses to start without its own agent key (config.ts), as without JWT_SECRET.
      AGENT_SECRET_KEY: randomBytes(32).toString('hex'),
      RATE_LIMIT_REQUESTS: '0',
    },
  });
  const db = createDb(url.toString(), 2);
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      api.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /"url":"(https:[^"]+)"/.exec(out);
        if (m) resolve(m[1]!);
      });
      api.stderr.on('data', (d: Buffer) => (out += d.toString()));
      api.once('exit', (code) => reject(new Error(`API exited with ${code}: ${out}`)));
    });
    const ca = await readFile(path.join(dataDir, 'tls', 'cert.pem'), 'utf8');
    const tenant = await bootstrap({ db }, { organizationName: 'bench', workspaceName: 'bench', apiKeyName: 'bench' });
    const call = (method: string, pathname: string, headers: Record<string, string>, body?: Buffer) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = https.request(new URL(pathname, baseUrl), { method, headers, ca }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const token = JSON.parse(
      (
        await call('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
          'x-api-key': tenant.apiKey,
          'content-type': 'application/json',
        })
      ).text,
    ).token as string;
    const idle = await memoryOf(api.pid!);

    const chunk = Buffer.from('Line of a large plain-text upload for the memory benchmark.\n'.repeat(17_500));
    const upload = () =>
      new Promise<number>((resolve, reject) => {
        const boundary = `----kwsbench${randomUUID()}`;
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="status"\r\n\r\nBACKGROUND_START\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
        );
        const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
        const req = https.request(
          new URL(`/v1/workspaces/${tenant.workspaceId}/knowledge/file`, baseUrl),
          {
            method: 'POST',
            ca,
            headers: {
              authorization: `Bearer ${token}`,
              organizationid: tenant.organizationId,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(head.length + fileBytes + tail.length),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        void (async () => {
          req.write(head);
          for (let sent = 0; sent < fileBytes; sent += chunk.length) {
            const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
            if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
          }
          req.end(tail);
        })();
      });
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: clients }, upload));
    const seconds = (Date.now() - started) / 1000;
    const after = await memoryOf(api.pid!);
    return {
      apiEntry: opts.apiEntry,
      clients,
      fileBytes,
      statuses,
      seconds: Math.round(seconds * 10) / 10,
      apiIdleRssMb: idle.now,
      apiPeakRssMb: after.peak,
    };
  } finally {
    api.kill('SIGKILL');
    await db.destroy();
    await s3.stop();
    const a = createDb(opts.adminUrl, 1);
    await a.raw(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await a.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}
