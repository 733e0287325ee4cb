// Helpers for knowledge tests: multipart bodies, uploads, and polling as a client following spec rule 7.
import { randomBytes } from 'node:crypto';
import { headerText, proseVector } from '../../src/domain/embeddingText';
import type { Request, TestResponse } from './http';
import type { TestStack } from './stack';

/** A form with the fields and, when given, a file part (with no Content-Type header when contentType is ''). */
export function multipartBody(
  fields: Record<string, string | undefined>,
  file?: { filename: string; contentType: string; bytes: Buffer },
): { body: Buffer; contentType: string } {
  const boundary = `----kws${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n${file.contentType ? `Content-Type: ${file.contentType}\r\n` : ''}\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadRequest(
  request: Request,
  workspaceId: string,
  headers: Record<string, string>,
  file: { filename: string; contentType: string; bytes: Buffer },
  fields: Record<string, string | undefined> = {},
): Promise<TestResponse> {
  const { body, contentType } = multipartBody(fields, file);
  return request('POST', `/v1/workspaces/${workspaceId}/knowledge/file`, {
    headers: { ...headers, 'content-type': contentType },
    raw: body,
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Spec rule 7: poll upload-file-metadata until knowledge is non-null, then get-knowledge until
 * COMPLETED or BACKGROUND_ERROR. Returns every status observed, in order, and the final item.
 */
export async function followUpload(
  request: Request,
  workspaceId: string,
  headers: Record<string, string>,
  uploadId: string,
  timeoutMs = 120_000,
): Promise<{ statuses: string[]; item: TestResponse['body']; nullPolls: number }> {
  const deadline = Date.now() + timeoutMs;
  let knowledgeId: string | undefined;
  let nullPolls = 0;
  while (!knowledgeId) {
    const meta = await request('GET', `/v1/workspaces/${workspaceId}/upload-file-metadata/${uploadId}`, { headers });
    if (meta.status !== 200) throw new Error(`upload-file-metadata answered ${meta.status}: ${meta.text}`);
    if (meta.body.spaceKnowledge !== null) throw new Error('spaceKnowledge should be null');
    if (meta.body.knowledge) knowledgeId = meta.body.knowledge.id;
    else nullPolls += 1;
    if (Date.now() > deadline) throw new Error('knowledge never appeared');
    if (!knowledgeId) await sleep(25);
  }
  const statuses: string[] = [];
  for (;;) {
    const item = await request('GET', `/v1/workspaces/${workspaceId}/knowledge/${knowledgeId}`, { headers });
    if (item.status !== 200) throw new Error(`get-knowledge answered ${item.status}: ${item.text}`);
    if (statuses[statuses.length - 1] !== item.body.status) statuses.push(item.body.status);
    if (item.body.status === 'COMPLETED' || item.body.status === 'BACKGROUND_ERROR') {
      return { statuses, item: item.body, nullPolls };
    }
    if (Date.now() > deadline) throw new Error(`still ${item.body.status} at the deadline`);
    await sleep(100);
  }
}

/** Polls background-jobs until the job is no longer RUNNING; returns its entry. */
export async function waitForJob(
  request: Request,
  workspaceId: string,
  headers: Record<string, string>,
  jobId: string,
  timeoutMs = 120_000,
): Promise<{ status: string; [key: string]: unknown }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await request('POST', `/v1/workspaces/${workspaceId}/background-jobs`, {
      headers,
      json: { jobIds: [jobId] },
    });
    if (res.status !== 200) throw new Error(`background-jobs answered ${res.status}: ${res.text}`);
    if (res.body.jobs[0].status !== 'RUNNING') return res.body.jobs[0];
    await sleep(100);
  }
  throw new Error(`job ${jobId} still running`);
}

/**
 * Whether the prose vector (EMBEDDING_TEXT_SCHEME=header-mix) of an item's chunk, the first that `where` picks, is
 * its own vector mixed with the header of `title` (a chunk under no heading): which title the vectors carry.
 */
export async function proseCarriesTitle(
  stack: Pick<TestStack, 'deps'>,
  where: Record<string, unknown>,
  title: string,
): Promise<boolean> {
  const row = await stack.deps
    .db('knowledge_chunks')
    .select({ own: 'embedding', prose: 'embedding_prose' })
    .where(where)
    .first();
  const [header] = await stack.deps.embeddings.embedDocuments([headerText({ title })]);
  const expected = proseVector(JSON.parse(row.own) as number[], header);
  const prose = JSON.parse(row.prose) as number[];
  return prose.reduce((sum, x, i) => sum + x * expected[i]!, 0) > 0.999; // unit vectors, one at half precision
}
