// Metrics, request ids and search attributes through the real stack: /metrics labels latency by route
// template, ingestion by MIME type and stage, search by plan; METRICS_TOKEN protects it; X-Request-Id is
// honoured or generated, is on every log line of the request, and travels into the workflows the
// request starts (memo and search attributes), where the Web UI's list queries find it.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createApp } from '../../src/api/app';
import { startHttpServer } from '../../src/main/httpServer';
import { createLogger } from '../../src/main/logger';
import { type Tenant } from '../helpers/factories';
import { createClient } from '../helpers/http';
import { uploadRequest } from '../helpers/knowledge';
import { samples } from '../helpers/metrics';
import { stackWithTenant, type TestStack } from '../helpers/stack';
import { specFields } from '../helpers/assertions';

const text = (s: string) => ({ filename: 'note.txt', contentType: 'text/plain', bytes: Buffer.from(s) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function poll<T>(fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('observability', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;

  before(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  describe('GET /metrics', () => {
    it('labels request latency by route template, never the raw path, and reports ingestion, search, embeddings and process metrics', async () => {
      const upload = await uploadRequest(
        stack.request,
        tenant.workspaceId,
        headers,
        text('Metrics are scraped by Prometheus. '.repeat(10)),
        { title: 'metrics note' },
      );
      assert.equal(upload.status, 200, upload.text);
      const knowledgeId = upload.body.knowledgeId as string;
      assert.equal(
        (await stack.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge/${knowledgeId}`, { headers }))
          .status,
        200,
      );
      const search = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query: 'who scrapes metrics?', limit: 5 },
      });
      assert.equal(search.status, 200, search.text);
      assert.equal((await stack.request('GET', '/no/such/route')).status, 404);

      const res = await stack.request('GET', '/metrics');
      assert.equal(res.status, 200);
      assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      const http = samples(res.text, 'http_request_duration_seconds_count');
      const routes = new Set(http.map((s) => s.labels.route));
      assert.ok(routes.has('/v1/workspaces/:workspaceId/knowledge/:knowledgeId'), [...routes].join(', '));
      assert.ok(routes.has('/v1/workspaces/:workspaceId/knowledge/file'));
      assert.ok(routes.has('unmatched'));
      for (const s of http) {
        assert.doesNotMatch(s.labels.route!, /[0-9a-f]{8}-[0-9a-f]{4}/, `raw id in route label ${s.labels.route}`);
        assert.ok(s.labels.method && s.labels.status, JSON.stringify(s.labels));
      }
      // The registry is the suite's: other tests' calls on this route (401s, 404s) are counted beside this one.
      const gets = http.filter(
        (s) => s.labels.route === '/v1/workspaces/:workspaceId/knowledge/:knowledgeId' && s.labels.method === 'GET',
      );
      assert.ok(
        gets.some((s) => s.labels.status === '200' && s.value >= 1),
        JSON.stringify(gets),
      );

      const stages = samples(res.text, 'kws_ingestion_stage_duration_seconds_count').filter(
        (s) => s.labels.mime === 'text/plain' && s.labels.outcome === 'success',
      );
      assert.deepEqual(new Set(stages.map((s) => s.labels.stage)), new Set(['create', 'extract', 'embed', 'complete']));
      const total = samples(res.text, 'kws_ingestion_duration_seconds_count').find(
        (s) => s.labels.mime === 'text/plain' && s.labels.outcome === 'completed',
      );
      assert.ok(total && total.value >= 1);
      // Where one file's time goes, step by step: the API's (upload, its S3 put, the workflow start) and the
      // worker's (an inline text file is read into memory and extracted in process).
      const steps = new Set(
        samples(res.text, 'kws_ingestion_step_duration_seconds_count')
          .filter((s) => s.value >= 1)
          .map((s) => s.labels.step),
      );
      for (const step of [
        'upload',
        's3_put',
        'workflow_start',
        'download',
        'extract_in_process',
        'chunk',
        'insert',
        'embed',
        'status',
      ]) {
        assert.ok(steps.has(step), `${step} in ${[...steps].join(', ')}`);
      }
      const plans = samples(res.text, 'kws_search_duration_seconds_count');
      assert.ok(
        plans.some((s) => s.labels.plan === 'exact' && s.value >= 1),
        JSON.stringify(plans),
      );
      assert.ok(samples(res.text, 'kws_embedding_chunks_total').some((s) => s.value >= 1));
      assert.ok(samples(res.text, 'process_cpu_user_seconds_total').length === 1);
      assert.ok(samples(res.text, 'nodejs_eventloop_lag_p99_seconds').length === 1);
    });

    it('counts an ingestion that fails by MIME type and stage', async () => {
      const bad = await uploadRequest(stack.request, tenant.workspaceId, headers, {
        filename: 'empty.txt',
        contentType: 'text/plain',
        bytes: Buffer.from('   \n  '),
      });
      assert.equal(bad.status, 422, bad.text);
      const res = await stack.request('GET', '/metrics');
      const failed = samples(res.text, 'kws_ingestion_failures_total').find(
        (s) => s.labels.mime === 'text/plain' && s.labels.stage === 'extract',
      );
      assert.ok(
        failed && failed.value >= 1,
        res.text
          .split('\n')
          .filter((l) => l.includes('failures'))
          .join('\n'),
      );
    });

    it('needs Authorization: Bearer <METRICS_TOKEN> when one is set, and is never behind workspace credentials', async () => {
      const token = 'metrics-secret-0123456789';
      const guarded = await stack.serve({
        ...stack.deps,
        config: { ...stack.deps.config, observability: { ...stack.deps.config.observability, metricsToken: token } },
      });
      const none = await guarded.request('GET', '/metrics');
      assert.equal(none.status, 401);
      assert.deepEqual(specFields(none.body), { error: 'Unauthorized', message: 'Invalid or missing metrics token' });
      assert.equal(none.body.hint, 'This deployment sets METRICS_TOKEN: send Authorization: Bearer <METRICS_TOKEN>.');
      assert.equal(
        (await guarded.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).status,
        401,
      );
      // A workspace credential is not a metrics credential.
      assert.equal((await guarded.request('GET', '/metrics', { headers })).status, 401);
      const ok = await guarded.request('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      assert.equal(ok.status, 200);
      assert.match(ok.text, /^# HELP /m);
      const post = await guarded.request('POST', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      assert.equal(post.status, 405);
      assert.match(String(post.headers.allow), /GET/);
    });
  });

  describe('request ids', () => {
    it('honours a well-formed X-Request-Id, replaces a malformed one, and sets one on every response', async () => {
      const mine = await stack.request('GET', '/health', { headers: { 'x-request-id': 'client-req_1.2-3' } });
      assert.equal(mine.headers['x-request-id'], 'client-req_1.2-3');
      for (const bad of ['has space', 'x'.repeat(129), 'semi;colon', 'a%b', '']) {
        const res = await stack.request('GET', '/health', { headers: { 'x-request-id': bad } });
        assert.match(String(res.headers['x-request-id']), UUID, bad);
      }
      const missing = await stack.request('GET', '/v1/workspaces/x/knowledge');
      assert.equal(missing.status, 401);
      assert.match(String(missing.headers['x-request-id']), UUID);
      const notFound = await stack.request('GET', '/nowhere');
      assert.match(String(notFound.headers['x-request-id']), UUID);
    });

    it('puts the request id on every log line written while serving the request', async () => {
      const lines: Array<Record<string, unknown>> = [];
      const sink = new Writable({
        write(chunk: Buffer, _enc, cb) {
          for (const l of chunk.toString().split('\n').filter(Boolean))
            lines.push(JSON.parse(l) as Record<string, unknown>);
          cb();
        },
      });
      const app = createApp({ ...stack.deps, logger: createLogger({ logLevel: 'debug' }, 'kws-test', sink) });
      const server = await startHttpServer(app, { host: '127.0.0.1', port: 0, tls: stack.tls });
      try {
        const request = createClient(server.url, stack.ca);
        await request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge`, {
          headers: { ...headers, 'x-request-id': 'log-line-check-1' },
        });
        await request('GET', '/nowhere', { headers: { 'x-request-id': 'log-line-check-2' } });
      } finally {
        await server.close(1000);
      }
      const mine = lines.filter((l) => l.msg === 'request');
      assert.equal(mine.length, 2);
      assert.deepEqual(
        mine.map((l) => [l.requestId, l.route, l.status]),
        [
          ['log-line-check-1', '/v1/workspaces/:workspaceId/knowledge', 200],
          ['log-line-check-2', 'unmatched', 404],
        ],
      );
      assert.ok(
        lines.every((l) => typeof l.requestId === 'string'),
        JSON.stringify(lines),
      );
    });

    it('carries the request id into the workflows it starts, with search attributes the Web UI can query', async () => {
      const requestId = `upload-${Date.now()}`;
      const upload = await uploadRequest(
        stack.request,
        tenant.workspaceId,
        { ...headers, 'x-request-id': requestId },
        text('Follow one upload from the HTTP log to the Temporal Web UI.'),
        { status: 'BACKGROUND_START' },
      );
      assert.equal(upload.status, 200, upload.text);
      assert.equal(upload.headers['x-request-id'], requestId);
      const jobId = upload.body.jobId as string;
      const handle = stack.deps.temporal.client.workflow.getHandle(jobId);
      await handle.result();
      const d = await handle.describe();
      assert.equal(d.memo?.requestId, requestId);
      const sa = d.searchAttributes as Record<string, unknown[]>;
      assert.deepEqual(sa.RequestId, [requestId]);
      assert.deepEqual(sa.WorkspaceId, [tenant.workspaceId]);
      assert.deepEqual(sa.JobKind, ['ingest']);
      const meta = await stack.request(
        'GET',
        `/v1/workspaces/${tenant.workspaceId}/upload-file-metadata/${upload.body.uploadFileMetadataId}`,
        { headers },
      );
      assert.deepEqual(sa.KnowledgeId, [meta.body.knowledge.id]);

      // The Web UI's list queries (visibility is eventually consistent).
      const list = async (query: string) => {
        const ids: string[] = [];
        for await (const w of stack.deps.temporal.client.workflow.list({ query })) ids.push(w.workflowId);
        return ids;
      };
      const byRequest = await poll(async () => {
        const ids = await list(`RequestId="${requestId}"`);
        return ids.length > 0 ? ids : undefined;
      });
      assert.deepEqual(byRequest, [jobId]);
      const byItem = await poll(async () => {
        const ids = await list(`KnowledgeId="${meta.body.knowledge.id}" AND JobKind="ingest"`);
        return ids.length > 0 ? ids : undefined;
      });
      assert.deepEqual(byItem, [jobId]);
      const byWorkspace = await list(`WorkspaceId="${tenant.workspaceId}"`);
      assert.ok(byWorkspace.includes(jobId));
      assert.ok(!(await list(`WorkspaceId="${tenant.workspaceId}-other"`)).includes(jobId));
    });
  });
});
