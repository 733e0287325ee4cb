// docker-compose.yml as the docker compose CLI reads it: scripts/compose-check loads it with compose-go (the
// CLI's loader; built by scripts/setup.sh) and prints the normalized project, which must hold the stack the
// README promises, wired together (the application's environment is a valid config, Prometheus scrapes the
// ports the api and worker serve, Grafana mounts its provisioning and the dashboard where that provisioning
// looks). Without a required secret, or with a dangling reference, the loader refuses the file.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/config';
import { SearchAttributes } from '../../src/workflows/contracts';
import { testEnv } from '../helpers/env';
import { repoRoot } from '../helpers/processes';

const run = promisify(execFile);
const composeFile = path.join(repoRoot, 'docker-compose.yml');

// The secrets the file's header tells an operator to export; compose must refuse to start without each.
const secrets: Record<string, string> = {
  POSTGRES_PASSWORD: 'pg-secret-value',
  MINIO_ROOT_PASSWORD: 'minio-root-secret',
  S3_SECRET_ACCESS_KEY: 's3-app-secret',
  JWT_SECRET: 'j'.repeat(32),
  AGENT_SECRET_KEY: 'k'.repeat(32),
  GRAFANA_ADMIN_PASSWORD: 'grafana-secret',
};

interface Volume {
  type: string;
  source: string;
  target: string;
}
interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[] | null;
  entrypoint?: string[] | null;
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  ports?: Array<{ target: number; published: string }>;
  volumes?: Volume[];
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
}
const serviceNames = [
  'api',
  'createbuckets',
  'grafana',
  'minio',
  'postgres',
  'prometheus',
  'temporal',
  'temporal-search-attributes',
  'temporal-ui',
  'worker',
] as const;
interface Project {
  services: Record<(typeof serviceNames)[number], Service>;
}

const assignments = (vars: Record<string, string>) => Object.entries(vars).map(([k, v]) => `${k}=${v}`);

function check(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(testEnv.composeCheckPath, args, { maxBuffer: 16 * 1024 * 1024 }).then(
    (out) => ({ code: 0, ...out }),
    (err: { code?: number; stdout?: string; stderr?: string }) => {
      if (typeof err.code !== 'number') throw err;
      return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
    },
  );
}

async function load(file: string, vars: Record<string, string>): Promise<Project> {
  const out = await check([file, ...assignments(vars)]);
  assert.equal(out.code, 0, `compose-check refused ${file}: ${out.stderr}`);
  return JSON.parse(out.stdout) as Project;
}

async function yamlFile<T>(file: string): Promise<T> {
  const out = await check(['--yaml', file]);
  assert.equal(out.code, 0, out.stderr);
  return JSON.parse(out.stdout) as T;
}

const env = (s: Service) => Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, v ?? '']));
const condition = (s: Service, dependency: string) => s.depends_on?.[dependency]?.condition;
const bind = (s: Service, target: string) => {
  const v = (s.volumes ?? []).find((x) => x.target === target);
  assert.ok(v, `no volume at ${target}`);
  assert.equal(v.type, 'bind');
  return v.source;
};

describe('docker-compose.yml (compose-go, the docker compose loader)', function () {
  this.timeout(30_000);
  let services: Project['services'];
  before(async () => {
    services = (await load(composeFile, secrets)).services;
  });

  it('has exactly the promised services', () => {
    assert.deepEqual(Object.keys(services).sort(), [...serviceNames]);
  });

  it('runs PostgreSQL 15 with pgvector, Temporal on it with its Web UI, and MinIO with the bucket', () => {
    const { postgres, temporal, minio, createbuckets } = services;
    assert.match(postgres.image ?? '', /^pgvector\/pgvector:pg15$/);
    assert.equal(env(postgres).POSTGRES_PASSWORD, secrets.POSTGRES_PASSWORD);
    assert.ok(postgres.healthcheck);
    assert.match(temporal.image ?? '', /^temporalio\/auto-setup:/);
    assert.equal(env(temporal).POSTGRES_SEEDS, 'postgres');
    assert.equal(condition(temporal, 'postgres'), 'service_healthy');
    assert.ok(temporal.healthcheck);
    const ui = services['temporal-ui'];
    assert.match(ui.image ?? '', /^temporalio\/ui:/);
    assert.equal(env(ui).TEMPORAL_ADDRESS, 'temporal:7233');
    assert.ok(ui.ports?.some((p) => p.target === 8080));
    assert.match(minio.image ?? '', /^minio\/minio:/);
    assert.equal(env(minio).MINIO_ROOT_PASSWORD, secrets.MINIO_ROOT_PASSWORD);
    assert.equal(condition(createbuckets, 'minio'), 'service_healthy');
    assert.match((createbuckets.entrypoint ?? []).join(' '), /mc mb --ignore-existing/);
  });

  it('runs Temporal with eager activity execution and fair dispatch on, from the mounted dynamic config', async () => {
    const { temporal } = services;
    const target = env(temporal).DYNAMIC_CONFIG_FILE_PATH;
    assert.ok(target, 'DYNAMIC_CONFIG_FILE_PATH is set');
    const source = bind(temporal, target);
    const config = await yamlFile<Record<string, Array<{ value: unknown }>>>(source);
    assert.deepEqual(config['system.enableActivityEagerExecution'], [{ value: true }]);
    assert.deepEqual(config['matching.enableFairness'], [{ value: true }], 'fair dispatch round the workspaces');
  });

  it('registers every search attribute the workflows set, once Temporal is healthy', () => {
    const oneShot = services['temporal-search-attributes'];
    assert.equal(condition(oneShot, 'temporal'), 'service_healthy');
    const script = (oneShot.entrypoint ?? []).join('\n');
    const declared = script
      .match(/for name in ([^;]+);/)?.[1]
      ?.trim()
      .split(/\s+/);
    assert.deepEqual(
      declared?.sort(),
      Object.values(SearchAttributes)
        .map((k) => k.name)
        .sort(),
    );
    assert.match(script, /search-attribute create .*--type Keyword/);
  });

  it('builds api and worker from the Dockerfile with an environment the service accepts', async () => {
    const { api, worker } = services;
    await stat(path.join(api.build?.context ?? '', api.build?.dockerfile ?? ''));
    assert.deepEqual(api.command, ['node', 'dist/src/main/api.js']);
    assert.deepEqual(worker.command, ['node', 'dist/src/main/worker.js']);
    for (const dep of ['postgres', 'temporal', 'minio']) assert.equal(condition(api, dep), 'service_healthy', dep);
    for (const dep of ['createbuckets', 'temporal-search-attributes'])
      assert.equal(condition(api, dep), 'service_completed_successfully', dep);
    assert.equal(condition(worker, 'api'), 'service_healthy');
    for (const s of [api, worker]) {
      assert.ok((s.deploy?.replicas ?? 1) >= 1);
      const config = loadConfig(env(s));
      assert.equal(config.database.url, `postgres://kws:${secrets.POSTGRES_PASSWORD}@postgres:5432/kws`);
      assert.equal(config.s3.endpoint, 'http://minio:9000');
      assert.equal(config.s3.secretAccessKey, secrets.S3_SECRET_ACCESS_KEY);
      assert.equal(config.temporal.address, 'temporal:7233');
      assert.equal(config.auth.jwtSecret, secrets.JWT_SECRET);
      assert.equal(config.agent.secretKey, secrets.AGENT_SECRET_KEY);
    }
    // The service's MinIO user is the one createbuckets creates.
    assert.equal(env(api).S3_ACCESS_KEY_ID, env(services.createbuckets).S3_ACCESS_KEY_ID);
    assert.equal(env(api).S3_SECRET_ACCESS_KEY, env(services.createbuckets).S3_SECRET_ACCESS_KEY);
  });

  it('has Prometheus scrape the api and worker metrics ports', async () => {
    const { prometheus, api, worker } = services;
    assert.match(prometheus.image ?? '', /^prom\/prometheus:/);
    const configPath = bind(prometheus, '/etc/prometheus/prometheus.yml');
    assert.ok((prometheus.command ?? []).includes('--config.file=/etc/prometheus/prometheus.yml'));
    interface ScrapeConfig {
      job_name: string;
      scheme: string;
      metrics_path: string;
      dns_sd_configs: Array<{ names: string[]; port: number }>;
    }
    const config = await yamlFile<{ scrape_configs: ScrapeConfig[] }>(configPath);
    const target = (service: string) => {
      const job = config.scrape_configs.find((j) => j.dns_sd_configs.some((d) => d.names.includes(service)));
      assert.ok(job, `no scrape job for ${service}`);
      assert.equal(job.metrics_path, '/metrics');
      return { scheme: job.scheme, port: job.dns_sd_configs[0]?.port };
    };
    assert.deepEqual(target('api'), { scheme: 'https', port: loadConfig(env(api)).port });
    assert.deepEqual(target('worker'), {
      scheme: 'http',
      port: loadConfig(env(worker)).observability.workerMetricsPort,
    });
  });

  it('provisions Grafana with the Prometheus data source and the service dashboard', async () => {
    const { grafana, prometheus } = services;
    assert.match(grafana.image ?? '', /^grafana\/grafana:/);
    assert.equal(env(grafana).GF_SECURITY_ADMIN_PASSWORD, secrets.GRAFANA_ADMIN_PASSWORD);
    const provisioning = bind(grafana, '/etc/grafana/provisioning');
    const datasources = await yamlFile<{ datasources: Array<{ uid: string; type: string; url: string }> }>(
      path.join(provisioning, 'datasources', 'prometheus.yml'),
    );
    const ds = datasources.datasources.find((d) => d.type === 'prometheus');
    assert.ok(ds, 'no Prometheus data source');
    assert.equal(ds.type, 'prometheus');
    const promPort = prometheus.ports?.[0]?.target;
    assert.equal(ds.url, `http://prometheus:${promPort}`);
    const providers = await yamlFile<{ providers: Array<{ type: string; options: { path: string } }> }>(
      path.join(provisioning, 'dashboards', 'kws.yml'),
    );
    const [provider] = providers.providers;
    assert.ok(provider, 'no dashboard provider');
    assert.equal(provider.type, 'file');
    const dashboardsDir = bind(grafana, provider.options.path);
    const files = (await readdir(dashboardsDir)).filter((f) => f.endsWith('.json'));
    assert.deepEqual(files, ['kws.json']);
    const dashboard = JSON.parse(await readFile(path.join(dashboardsDir, 'kws.json'), 'utf8')) as {
      panels: Array<{ title: string; datasource: { uid: string }; targets: Array<{ expr: string }> }>;
    };
    assert.ok(dashboard.panels.length >= 10);
    for (const panel of dashboard.panels) {
      assert.equal(panel.datasource.uid, ds.uid, panel.title);
      assert.ok(panel.targets.length > 0, panel.title);
    }
  });

  it('is refused without each required secret', async () => {
    for (const name of Object.keys(secrets)) {
      const { [name]: _omitted, ...rest } = secrets;
      const out = await check([composeFile, ...assignments(rest)]);
      assert.equal(out.code, 1, `loaded without ${name}`);
      assert.match(out.stderr, new RegExp(`required variable ${name} is missing a value`));
    }
  });

  it('is refused when a service depends on one that does not exist', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-compose-'));
    try {
      const broken = (await readFile(composeFile, 'utf8')).replace(
        /(\n {2}prometheus:\n(?: {4}.*\n)*? {4}depends_on:\n)/,
        '$1      - alertmanager\n',
      );
      assert.match(broken, /- alertmanager/);
      const file = path.join(dir, 'docker-compose.yml');
      await writeFile(file, broken);
      const out = await check([file, ...assignments(secrets)]);
      assert.equal(out.code, 1);
      assert.match(out.stderr, /alertmanager/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
