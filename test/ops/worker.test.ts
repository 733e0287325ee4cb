// The worker process: its own /metrics port (the service's activity metrics plus the Temporal SDK
// runtime's worker metrics), METRICS_TOKEN on it, a start that loads the kept workflow bundle, and a clean, silent
// exit on SIGTERM.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { startEmbeddedS3 } from '../../src/embedded/s3';
import { bundleKey } from '../../src/temporal/bundle';
import { bundledInterceptorModules, workflowsPath } from '../../src/temporal/worker';
import { createTestDatabase } from '../helpers/database';
import { testEnv } from '../helpers/env';
import { childEnv, freePort, repoRoot, startServiceProcess } from '../helpers/processes';
import { samples } from '../helpers/metrics';
import { workflowBundle } from '../helpers/stack';

describe('worker process: /metrics and shutdown', function () {
  this.timeout(120_000);

  it('serves the service and Temporal SDK metrics on WORKER_METRICS_PORT, behind METRICS_TOKEN, and stops cleanly on SIGTERM', async () => {
    // The build keeps the bundle of the compiled sources (after a quick transpile, the first start or test does).
    await workflowBundle();
    const key = await bundleKey(workflowsPath, bundledInterceptorModules());
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-worker-'));
    const testDb = await createTestDatabase('kws_worker');
    const s3 = await startEmbeddedS3({ dataDir: dir, bucket: 'kws-worker' });
    const port = await freePort();
    const taskQueue = `worker-${randomUUID()}`;
    const worker = await startServiceProcess(
      'worker',
      childEnv({
        DATABASE_URL: testDb.url,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_BUCKET: 'kws-worker',
        TEMPORAL_ADDRESS: testEnv.temporalAddress,
        TEMPORAL_TASK_QUEUE: taskQueue,
        JWT_SECRET: randomBytes(32).toString('hex'),
        AGENT_SECRET_KEY: randomBytes(32).toString('hex'),
        WORKER_METRICS_PORT: String(port),
        METRICS_TOKEN: 'worker-metrics-token',
        DATA_DIR: dir,
        LOG_LEVEL: 'info',
        // Tracing (an OTLP endpoint in the developer's environment) would add its modules: another bundle.
        OTEL_SDK_DISABLED: 'true',
      }),
    );
    try {
      const url = `http://127.0.0.1:${port}/metrics`;
      assert.equal((await fetch(url)).status, 401);
      assert.equal((await fetch(url, { headers: { authorization: 'Bearer nope' } })).status, 401);
      assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
      const scrape = async () => {
        const res = await fetch(url, { headers: { authorization: 'Bearer worker-metrics-token' } });
        assert.equal(res.status, 200);
        return res.text();
      };
      let text = '';
      for (let i = 0; i < 50 && !/^temporal_/m.test(text); i++) {
        text = await scrape();
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.match(text, /^temporal_worker_task_slots_available\{/m, 'the SDK runtime metrics are merged in');
      assert.ok(samples(text, 'process_resident_memory_bytes').some((s) => s.labels.process === 'worker'));
      assert.match(text, /^# TYPE kws_ingestion_stage_duration_seconds histogram/m);

      // Every metric the Grafana dashboard plots exists in the API's or the worker's exposition. The SDK's
      // task metrics appear once the worker has run a task: the orphan reaper's schedule is triggered for one.
      const dashboard = JSON.parse(await readFile(path.join(repoRoot, 'ops/grafana/dashboards/kws.json'), 'utf8')) as {
        panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
      };
      const wanted = dashboard.panels.flatMap((panel) =>
        panel.targets.map(({ expr }) => ({
          panel: panel.title,
          expr,
          names: [...expr.matchAll(/\b((?:kws|http|process|nodejs|temporal)_[a-z0-9_]*[a-z])/g)].map((m) => m[1]!),
        })),
      );
      const exposed = (exposition: string) =>
        new Set(
          [...exposition.matchAll(/^# TYPE (\S+) (\w+)/gm)].flatMap(([, name, type]) =>
            type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
          ),
        );
      const connection = await Connection.connect({ address: testEnv.temporalAddress });
      try {
        await new Client({ connection }).schedule.getHandle(`reap-orphan-uploads:${taskQueue}`).trigger();
      } finally {
        await connection.close();
      }
      let known = exposed(text);
      for (let i = 0; i < 100 && wanted.some((w) => w.names.some((n) => !known.has(n))); i++) {
        await new Promise((r) => setTimeout(r, 200));
        known = exposed(await scrape());
      }
      for (const { panel, expr, names } of wanted) {
        assert.ok(names.length > 0, `${panel}: ${expr}`);
        for (const name of names) assert.ok(known.has(name), `${panel}: ${name} is not exposed`);
      }
    } finally {
      const code = await worker.stop();
      const out = worker.output();
      await s3.stop();
      await testDb.drop();
      await rm(dir, { recursive: true, force: true });
      assert.equal(code, 0, out);
      assert.doesNotMatch(out, /"level":(50|60)|stop failed|Not running/, out);
      assert.match(out, /"msg":"worker stopped"/);
      assert.match(
        out,
        new RegExp(`"workflowBundle":"${key}".*"msg":"workflow bundle loaded"`),
        'no webpack at the start',
      );
      assert.doesNotMatch(out, /workflow bundle built/);
    }
  });
});
