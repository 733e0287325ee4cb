// Tracing: one upload through the API produces one connected trace, from the HTTP server span through
// the workflow start, the workflow run and every activity (in-memory exporter, real Temporal dev server). When
// tracing is on is a unit test: test/unit/ops/tracing.test.ts.
import assert from 'node:assert/strict';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { loadConfig } from '../../src/config';
import { createTracing } from '../../src/observability/tracing';
import { accessHeaders, createTenant } from '../helpers/factories';
import { uploadRequest } from '../helpers/knowledge';
import { startStack, type TestStack } from '../helpers/stack';

describe('tracing (OpenTelemetry)', function () {
  this.timeout(120_000);
  const exporter = new InMemorySpanExporter();
  let stack: TestStack;

  before(async () => {
    const tracing = createTracing(loadConfig({}).observability.tracing, {
      process: 'test',
      spanProcessor: new SimpleSpanProcessor(exporter),
    });
    stack = await startStack({ tracing });
  });
  after(async () => {
    await stack?.close();
    await stack?.deps.tracing.shutdown();
  });

  it('follows one upload from the HTTP request through the workflow to every activity in one connected trace', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    exporter.reset();
    const upload = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'trace.txt', contentType: 'text/plain', bytes: Buffer.from('One trace per upload. '.repeat(20)) },
      { title: 'traced' },
    );
    assert.equal(upload.status, 200, upload.text);

    const isUploadTrace = (s: ReadableSpan) => s.name === 'POST /v1/workspaces/:workspaceId/knowledge/file';
    let spans: ReadableSpan[] = [];
    const deadline = Date.now() + 20_000;
    for (;;) {
      const root = exporter.getFinishedSpans().find(isUploadTrace);
      spans = root
        ? exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === root.spanContext().traceId)
        : [];
      if (
        spans.some((s) => s.name === 'RunActivity:indexSmallFile') &&
        spans.some((s) => s.name === 'RunWorkflow:ingestFileWorkflow')
      )
        break;
      if (Date.now() > deadline) throw new Error(`trace incomplete: ${spans.map((s) => s.name).join(', ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // The token request before the upload is a trace of its own, not part of this one.
    const names = spans.map((s) => s.name);
    for (const expected of [
      'POST /v1/workspaces/:workspaceId/knowledge/file',
      'StartWorkflow:ingestFileWorkflow',
      'RunWorkflow:ingestFileWorkflow',
      // A small file's indexing: one activity task (workflows/indexing.ts indexSmallFile).
      'StartActivity:indexSmallFile',
      'RunActivity:indexSmallFile',
    ]) {
      assert.ok(names.includes(expected), `${expected} missing from ${names.join(', ')}`);
    }
    // Connected: exactly one root (the HTTP server span); every other span's parent is in the trace.
    const ids = new Set(spans.map((s) => s.spanContext().spanId));
    const roots = spans.filter((s) => !s.parentSpanId);
    assert.deepEqual(
      roots.map((s) => s.name),
      ['POST /v1/workspaces/:workspaceId/knowledge/file'],
    );
    for (const s of spans)
      if (s.parentSpanId) assert.ok(ids.has(s.parentSpanId), `${s.name} has a parent outside the trace`);
    const root = roots[0]!;
    assert.equal(root.attributes['http.response.status_code'], 200);
    assert.equal(root.attributes['kws.request_id'], upload.headers['x-request-id']);
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const ancestry = (s: ReadableSpan) => {
      const chain = [s.name];
      for (let p = s.parentSpanId; p; p = byId.get(p)?.parentSpanId) chain.push(byId.get(p)!.name);
      return chain;
    };
    const activity = spans.find((s) => s.name === 'RunActivity:indexSmallFile')!;
    assert.ok(ancestry(activity).includes('RunWorkflow:ingestFileWorkflow'), ancestry(activity).join(' <- '));
    assert.equal(ancestry(activity).at(-1), root.name);
  });
});
