// GET …/background-jobs: the workspace's recent jobs from Temporal's visibility store, filtered and paged,
// for workspace credentials only; an unreachable Temporal answers 503.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import type { z } from 'zod';
import type { JobSummarySchema } from '../../src/api/routes/roles/schema';
import { AppError } from '../../src/errors';
import { createSecretBox } from '../../src/services/secretBox';
import type { Deps } from '../../src/services/deps';
import { JOB_KINDS, listWorkspaceJobs, JOBS_UNAVAILABLE } from '../../src/services/operations/workspaceJobs';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import { uploadRequest, waitForJob } from '../helpers/knowledge';
import { assertError } from '../helpers/assertions';
import { stackWithTenant, type TestStack } from '../helpers/stack';

type Listed = z.infer<typeof JobSummarySchema>;

describe('GET background-jobs: the workspace recent jobs', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;
  const list = (query = '', h = headers) => stack.request('GET', v1(`/background-jobs${query}`), { headers: h });

  /** The listing once it holds every expected job (the visibility store indexes a start shortly after it). */
  async function listedWith(jobIds: string[], query = ''): Promise<Listed[]> {
    for (let i = 0; i < 600; i++) {
      const res = await list(query);
      assert.equal(res.status, 200, res.text);
      const jobs = res.body.jobs as Listed[];
      if (jobIds.every((id) => jobs.some((j) => j.jobId === id && j.status !== 'RUNNING'))) return jobs;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`jobs ${jobIds.join(', ')} never listed as closed`);
  }

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  it('lists jobs of several kinds, filters them, pages through them and refuses a role-bound token', async () => {
    const upload = await uploadRequest(stack.request, tenant.workspaceId, headers, {
      filename: 'notes.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('Background jobs are listed by workspace.'),
    });
    assert.equal(upload.status, 200, upload.text);
    const ingestJob = upload.body.jobId as string;
    const role = await stack.request('POST', v1('/role'), { headers, json: { name: 'Listers' } });
    assert.equal(role.status, 200, role.text);
    const roleJob = role.body.workflowId as string;
    await waitForJob(stack.request, tenant.workspaceId, headers, roleJob);
    const update = await stack.request('PUT', v1(`/role/${role.body.roleId}`), {
      headers,
      json: { name: 'Listers', description: 'renamed' },
    });
    assert.equal(update.status, 200, update.text);
    const updateJob = update.body.workflowId as string;
    for (const id of [ingestJob, updateJob]) {
      await waitForJob(stack.request, tenant.workspaceId, headers, id);
    }

    const all = await listedWith([ingestJob, roleJob, updateJob]);
    const byId = new Map(all.map((j) => [j.jobId, j]));
    const ingest = byId.get(ingestJob)!;
    assert.equal(ingest.kind, 'ingest');
    assert.equal(ingest.status, 'COMPLETED');
    assert.match(ingest.knowledgeId ?? '', /^[0-9a-f-]{36}$/, 'an ingestion names its item');
    assert.ok(Date.parse(ingest.startedAt) <= Date.parse(ingest.closedAt!));
    assert.equal(byId.get(roleJob)!.kind, 'role-create');
    assert.equal(byId.get(updateJob)!.kind, 'role-update');
    assert.equal(byId.get(updateJob)!.knowledgeId, null);
    const closed = all.map((j) => j.closedAt).filter((c): c is string => c !== null);
    assert.deepEqual(closed, [...closed].sort().reverse(), 'the most recently closed first');

    // Another workspace's jobs are not listed.
    const other = await createTenant(stack.deps.db);
    const otherHeaders = (await accessHeaders(stack, other)).headers;
    const otherList = await stack.request('GET', `/v1/workspaces/${other.workspaceId}/background-jobs`, {
      headers: otherHeaders,
    });
    assert.equal(otherList.status, 200, otherList.text);
    assert.deepEqual(otherList.body, { jobs: [], nextCursor: null });

    // Filters: by kind, by status.
    const ingests = await listedWith([ingestJob], '?kind=ingest');
    assert.ok(ingests.length > 0 && ingests.every((j) => j.kind === 'ingest'));
    assert.ok(!ingests.some((j) => j.jobId === roleJob));
    const completed = await listedWith([roleJob], '?status=COMPLETED&kind=role-create');
    assert.deepEqual(
      completed.map((j) => j.jobId),
      [roleJob],
    );
    const failed = await list('?status=FAILED');
    assert.equal(failed.status, 200, failed.text);
    assert.deepEqual(failed.body.jobs, []);

    // Pages of one: every job once, then no cursor.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < all.length + 2; page++) {
      const res = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.jobs.length <= 1);
      seen.push(...(res.body.jobs as Listed[]).map((j) => j.jobId));
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    assert.equal(cursor, null, 'the last page has no cursor');
    assert.deepEqual(new Set(seen), new Set(all.map((j) => j.jobId)));
    assert.equal(seen.length, all.length);

    // Bad input: 400 with the field named; a role-bound token: 403.
    assertError(await list('?limit=0'), 400, 'Invalid limit value, must be between 1 and 100');
    assertError(await list('?limit=101'), 400, 'Invalid limit value, must be between 1 and 100');
    assertError(await list('?status=NOT_FOUND'), 400);
    assertError(await list('?kind=a%22%20OR%20WorkspaceId!%3D%22'), 400);
    // A kind no job has is refused by name with the kinds there are (it used to list nothing, silently).
    const unknownKind = await list('?kind=whatever');
    assertError(unknownKind, 400, `kind must be one of ${JOB_KINDS.join(', ')}`);
    assert.equal(unknownKind.body.code, 'invalid_field');
    assert.equal(unknownKind.body.param, 'kind');
    assert.match(unknownKind.body.message, /ingest, ingest-text, .*role-create, .*source-sync/);
    assertError(await list('?cursor=not%20base64'), 400);
    assertError(await list('?cursor=AAAA'), 400, 'cursor is invalid');
    const firstPage = await list('?limit=1');
    assert.ok(firstPage.body.nextCursor, 'more than one job: a next page');
    const cursor1 = firstPage.body.nextCursor as string;
    assertError(await list(`?limit=1&kind=ingest&cursor=${cursor1}`), 400, 'cursor is invalid');
    const otherCursor = await stack.request(
      'GET',
      `/v1/workspaces/${other.workspaceId}/background-jobs?cursor=${cursor1}`,
      {
        headers: otherHeaders,
      },
    );
    assertError(otherCursor, 400, 'cursor is invalid');
    const put = await stack.request('PUT', v1('/background-jobs'), { headers, json: {} });
    assertError(put, 405);
    assert.deepEqual(
      put.headers.allow
        ?.split(',')
        .map((m: string) => m.trim())
        .sort(),
      ['GET', 'HEAD', 'POST'],
    );
    const reader = (await accessHeaders(stack, tenant, { roleId: role.body.roleId })).headers;
    assertError(await list('', reader), 403);
  });

  it('answers 503, not a hang, when Temporal does not answer, and logs why', async () => {
    const warned: string[] = [];
    const logger = { warn: (_: unknown, message: string) => warned.push(message) } as unknown as Deps['logger'];
    const connection = Connection.lazy({ address: '127.0.0.1:1' });
    const client = new Client({ connection, namespace: 'default' });
    try {
      await assert.rejects(
        listWorkspaceJobs(
          {
            temporal: { client, connection, namespace: 'default', taskQueue: 'none' },
            secrets: createSecretBox(randomBytes(32)),
            logger,
          },
          tenant.workspaceId,
          { limit: 10 },
        ),
        (err: unknown) => err instanceof AppError && err.status === 503 && err.message === JOBS_UNAVAILABLE,
      );
      assert.deepEqual(warned, ['background jobs could not be listed']);
    } finally {
      await connection.close();
    }
  });
});
