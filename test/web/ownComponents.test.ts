// The service's own components are never an outbound target (Security III, findings 1 and 2): a table of every
// component, each a real server (the suite's PostgreSQL and Temporal dev server with its Web UI, an embedded S3
// store, a listener where the embedded PostgreSQL socket would be, an API listener, a worker metrics server, an
// OTLP collector), under every outbound use (crawl, URL item, s3 and git sources, webhook, agent server, reranker,
// embedding API), by address and by name, with every private-network setting on. A server that is no component of
// ours stays reachable.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { loadConfig, type Config } from '../../src/config';
import { gitSourceKind } from '../../src/connectors/git';
import type { SourceContext } from '../../src/connectors/kind';
import { s3Kind } from '../../src/connectors/s3';
import { websiteKind } from '../../src/connectors/website';
import { startEmbeddedS3, type EmbeddedS3 } from '../../src/embedded/s3';
import { loadOrCreateTlsCertificate } from '../../src/embedded/tls';
import { createOpenAIEmbeddingProvider } from '../../src/embeddings/openai';
import { createHttpReranker } from '../../src/embeddings/rerank';
import { startHttpServer, type RunningServer } from '../../src/main/httpServer';
import { createMetrics } from '../../src/observability/metrics';
import { startMetricsServer, type MetricsServer } from '../../src/observability/metricsServer';
import { agentAddressPolicy, checkServerUrl } from '../../src/services/agent/agent';
import { streamChatRound } from '../../src/services/agent/chatCompletions';
import { checkFetchableUrl } from '../../src/services/knowledge/textAndWebItems';
import { postWebhook, webhookAddressPolicy } from '../../src/services/webhooks/webhookDelivery';
import { fetchPolicy, fetchWebDocument } from '../../src/web/document';
import { checkUrlAddress, operatorServerPolicy, systemResolver } from '../../src/web/fetch';
import { ownComponentList, resolveOwnComponents, type OwnComponents } from '../../src/web/ownComponents';
import { testEnv } from '../helpers/env';

const REFUSED = /is not allowed: the service does not connect to its address/;

/** What one outbound use answers for a target: the error's message, or 'reached'. */
type Use = (target: URL) => Promise<string>;

const outcome = async (attempt: () => Promise<unknown>): Promise<string> => {
  try {
    await attempt();
    return 'reached';
  } catch (err) {
    return (err as Error).message;
  }
};

describe("the service's own components are never an outbound target (every component, every use)", function () {
  this.timeout(180_000);
  let dataDir: string;
  let config: Config;
  let own: OwnComponents;
  let s3: EmbeddedS3;
  /**
   * Where `npm start` serves PGlite's wire protocol (the URL as src/embedded/postgres.ts reports it): a plain
   * listener stands in (the component is refused by its
   * address, before any connection; PGlite itself would hold this process's thread for seconds while it starts).
   */
  let embeddedPg: { server: net.Server; port: number; url: string };
  let api: RunningServer;
  let metrics: MetricsServer;
  let otlp: http.Server;
  let stranger: http.Server;
  const hits = { api: 0, otlp: 0, stranger: 0 };
  const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
  const listen = async (handler: http.RequestListener) => {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return server;
  };

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-own-'));
    s3 = await startEmbeddedS3({ dataDir, bucket: 'kws-files' });
    const pgSocket = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => pgSocket.listen(0, '127.0.0.1', () => resolve()));
    const pgPort = (pgSocket.address() as AddressInfo).port;
    embeddedPg = { server: pgSocket, port: pgPort, url: `postgres://postgres@127.0.0.1:${pgPort}/postgres` };
    const app = new Koa();
    app.use((ctx) => {
      hits.api += 1;
      ctx.body = { ok: true };
    });
    const tls = await loadOrCreateTlsCertificate({ dataDir, hostnames: ['localhost', '127.0.0.1'] });
    api = await startHttpServer(app, { host: '127.0.0.1', port: 0, tls });
    metrics = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      metrics: createMetrics(),
      authorized: () => true,
    });
    otlp = await listen((_req, res) => {
      hits.otlp += 1;
      res.end('{}');
    });
    stranger = await listen((_req, res) => {
      hits.stranger += 1;
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    });
    // Every private-network setting on: what an operator who crawls an intranet configures.
    config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(api.port),
      DATABASE_URL: testEnv.databaseAdminUrl,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      TEMPORAL_ADDRESS: testEnv.temporalAddress,
      TEMPORAL_UI_PORT: testEnv.temporalUiPort ?? '8233',
      // The dev server's HTTP API and metrics, which scripts/services.sh pins as src/embedded/temporal.ts does.
      ...(testEnv.temporalHttpPort ? { TEMPORAL_HTTP_PORT: testEnv.temporalHttpPort } : {}),
      ...(testEnv.temporalMetricsPort ? { TEMPORAL_METRICS_PORT: testEnv.temporalMetricsPort } : {}),
      WORKER_METRICS_PORT: String(metrics.port),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${portOf(otlp)}`,
      CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
      CRAWL_POLITENESS_DELAY_MS: '0',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      AGENT_ALLOW_PRIVATE_NETWORKS: 'true',
      AGENT_ALLOW_HTTP_LOOPBACK: 'true',
      LOG_LEVEL: 'silent',
    });
    // As src/main builds it: the configured components, and the embedded PostgreSQL socket the process serves.
    own = await resolveOwnComponents([
      ...ownComponentList(config),
      ...ownComponentList(config, { databaseUrl: embeddedPg.url }),
    ]);
  });

  after(async () => {
    await api?.close(100);
    await metrics?.close();
    for (const server of [otlp, stranger]) await new Promise((resolve) => server?.close(resolve));
    await s3?.stop();
    await new Promise((resolve) => embeddedPg?.server.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  const components = (): Array<[string, URL]> => {
    const { uiPort, httpPort, metricsPort } = config.temporal;
    return [
      ['S3 store', new URL(`${s3.endpoint}/kws-files/`)],
      ['Temporal frontend', new URL(`http://${testEnv.temporalAddress}/`)],
      ['Temporal Web UI', new URL(`http://127.0.0.1:${uiPort}/api/v1/namespaces/default/workflows`)],
      ['Temporal HTTP API', new URL(`http://127.0.0.1:${httpPort}/api/v1/namespaces/default/workflows`)],
      ['Temporal metrics', new URL(`http://127.0.0.1:${metricsPort}/metrics`)],
      ['PostgreSQL', new URL(`http://127.0.0.1:${new URL(testEnv.databaseAdminUrl).port}/`)],
      ['embedded PostgreSQL socket', new URL(`http://127.0.0.1:${embeddedPg.port}/`)],
      ['the API', new URL(`https://127.0.0.1:${api.port}/health`)],
      ['worker metrics', new URL(metrics.url)],
      ['OTLP collector', new URL(`http://127.0.0.1:${portOf(otlp)}/v1/traces`)],
    ];
  };

  const context = (): SourceContext => ({
    signal: new AbortController().signal,
    heartbeat: () => undefined,
    previous: new Map(),
    // `<bucket>.localhost` (virtual-hosted addressing) resolves as localhost does.
    addressPolicy: {
      allowPrivateNetworks: true,
      own,
      resolve: (name) => (name.endsWith('.localhost') ? systemResolver('localhost') : systemResolver(name)),
    },
    web: config.web,
  });
  const drain = async (entries: AsyncIterable<unknown>) => {
    for await (const entry of entries) void entry;
  };

  const uses = (): Array<[string, Use]> => [
    ['crawl', (t) => outcome(() => drain(websiteKind.list(context(), websiteConfig(t), undefined)))],
    ['URL item (creation check)', (t) => outcome(() => checkFetchableUrl({ config, ownComponents: own }, t.href))],
    ['URL item (fetch)', (t) => outcome(() => fetchWebDocument(t, config.web, fetchPolicy(config.web, own)))],
    [
      's3 source',
      (t) =>
        outcome(() =>
          drain(
            s3Kind.list(
              context(),
              { endpoint: t.origin, bucket: 'kws-files', region: 'us-east-1', prefix: '', forcePathStyle: true },
              { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
            ),
          ),
        ),
    ],
    [
      's3 source (virtual-hosted)',
      (t) =>
        outcome(() =>
          drain(
            s3Kind.list(
              context(),
              {
                endpoint: `${t.protocol}//localhost:${t.port}`,
                bucket: 'kws-files',
                region: 'us-east-1',
                prefix: '',
                forcePathStyle: false,
              },
              undefined,
            ),
          ),
        ),
    ],
    [
      'git source',
      (t) => outcome(() => drain(gitSourceKind.list(context(), { url: `${t.origin}/repo.git`, paths: ['**'] }, {}))),
    ],
    ['webhook (creation check)', (t) => outcome(() => checkUrlAddress(t, webhookAddressPolicy(config.webhooks, own)))],
    [
      'webhook (delivery)',
      async (t) => {
        const attempt = await postWebhook(t.href, {}, '{}', { timeoutMs: 2000, allowPrivateTargets: true, own });
        return attempt.error ?? 'reached';
      },
    ],
    ['agent server (registration)', (t) => outcome(() => checkServerUrl(t.href, config, own))],
    [
      'agent server (run)',
      (t) =>
        outcome(() =>
          streamChatRound({
            url: t.href,
            body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
            signal: new AbortController().signal,
            limits: { contentChars: 1000, argumentsChars: 1000, toolCalls: 1 },
            onDelta: () => undefined,
            policy: agentAddressPolicy(config, own),
          }),
        ),
    ],
    [
      'reranker',
      (t) =>
        outcome(() =>
          createHttpReranker({ url: t.href, timeoutMs: 2000, policy: operatorServerPolicy(own) }).rerank('q', ['a']),
        ),
    ],
    [
      'embedding API',
      (t) =>
        outcome(() =>
          createOpenAIEmbeddingProvider({
            baseUrl: t.href,
            model: 'm',
            dimension: 4,
            maxRetries: 0,
            policy: operatorServerPolicy(own),
          }).embedQuery('q'),
        ),
    ],
  ];

  const websiteConfig = (t: URL) => ({ url: t.href, maxPages: 2, maxDepth: 0, includePaths: [], excludePaths: [] });
  /** The same target by name: localhost, and a name the host's resolver maps to it (when it has one). */
  const byName = (t: URL) => {
    const named = new URL(t.href);
    named.hostname = 'localhost';
    return named;
  };

  it('refuses every component under every use, by address and by name, before any request', async () => {
    const before = { ...hits };
    const reached: string[] = [];
    for (const [component, target] of components()) {
      for (const [use, attempt] of uses()) {
        for (const url of [target, byName(target)]) {
          const result = await attempt(url);
          if (!REFUSED.test(result)) reached.push(`${use} → ${component} at ${url.host}: ${result}`);
        }
      }
    }
    assert.deepEqual(reached, [], 'every attempt is refused by the door');
    assert.deepEqual(hits, before, 'no component we can observe received a request');
  });

  it("the table's Temporal HTTP API and metrics are the suite's dev server's live listeners", async () => {
    // Read directly (no door): the refusals above are of servers that answer, not of closed ports.
    const { httpPort, metricsPort } = config.temporal;
    const workflows = await fetch(`http://127.0.0.1:${httpPort}/api/v1/namespaces/default/workflows`);
    assert.equal(workflows.status, 200, 'the HTTP API lists workflows to anyone who reaches it');
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    assert.equal(scraped.status, 200);
    assert.match(await scraped.text(), /^# HELP /m);
  });

  it('a Temporal cluster elsewhere: its HTTP API (7243 by default) and metrics are refused on its host', async () => {
    const cluster = await resolveOwnComponents(
      ownComponentList(loadConfig({ TEMPORAL_ADDRESS: '10.9.8.7:7233', TEMPORAL_METRICS_PORT: '8000' })),
    );
    assert.equal(cluster.componentAt('10.9.8.7', 7243), 'Temporal HTTP API');
    assert.equal(cluster.componentAt('10.9.8.7', 8000), 'Temporal metrics');
    assert.equal(cluster.componentAt('10.9.8.7', 8233), 'Temporal Web UI');
    // Under npm start the frontend is the dev server on 127.0.0.1: each listener is listed (and logged) once.
    const local = ownComponentList(loadConfig({ TEMPORAL_ADDRESS: '127.0.0.1:7233' })).map(
      (c) => `${c.host}:${c.port}`,
    );
    assert.deepEqual(local, [...new Set(local)]);
    assert.ok(local.includes('127.0.0.1:8233') && local.includes('127.0.0.1:7243'));
    assert.throws(() => loadConfig({ TEMPORAL_DEV_PORT: '65530' }), /TEMPORAL_HTTP_PORT/);
    assert.throws(() => loadConfig({ TEMPORAL_HTTP_PORT: '8233' }), /four different ports/);
  });

  it('still reaches a server that is no component of the service', async () => {
    const target = new URL(`http://127.0.0.1:${portOf(stranger)}/page`);
    for (const [use, attempt] of uses()) {
      const result = await attempt(target);
      assert.doesNotMatch(result, REFUSED, `${use}: ${result}`);
    }
    assert.ok(hits.stranger > 0);
  });

  it('knows each component once, and the configured deny list as well', async () => {
    const listed = own.components.map((c) => c.name);
    const names = ['PostgreSQL', 'S3 store', 'Temporal frontend', 'Temporal Web UI', 'Temporal HTTP API'];
    for (const name of [...names, 'Temporal metrics', 'the API']) {
      assert.ok(listed.includes(name), name);
    }
    const denied = await resolveOwnComponents(
      ownComponentList(loadConfig({ OUTBOUND_DENY_TARGETS: 'grafana.internal:3000, 10.1.2.3:9001' })),
    );
    assert.equal(denied.componentNamed('grafana.internal', 3000), 'OUTBOUND_DENY_TARGETS');
    assert.equal(denied.componentAt('10.1.2.3', 9001), 'OUTBOUND_DENY_TARGETS');
    assert.equal(denied.componentAt('::ffff:10.1.2.3', 9001), 'OUTBOUND_DENY_TARGETS', 'in any spelling');
    assert.equal(denied.componentAt('10.1.2.3', 9002), undefined, 'another port of the host is not ours');
    assert.throws(() => loadConfig({ OUTBOUND_DENY_TARGETS: 'no-port' }), /host:port/);
  });
});
