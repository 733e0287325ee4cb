// Configuration validation: settings with bounds refuse values outside them with the variable's name; defaults
// derived from the machine; the embedding text scheme and the retrieval settings it brings.
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import {
  ConfigError,
  DEFAULT_PLAIN_MAX_BYTES,
  defaultEmbeddingThreads,
  loadConfig,
  MAX_PLAIN_MAX_BYTES,
} from '../../src/config';
import { DEFAULT_RETRIEVAL, retrievalSettingsFor, searchDeps } from '../../src/services/search/search';
import { provisionedModelDir } from '../../src/embeddings';
import { testConfig } from '../helpers/testDeps';
import type { Deps } from '../../src/services/deps';

describe('configuration', () => {
  describe('PUBLIC_URL', () => {
    it('is unset by default (links use the service address) and loses a trailing slash', () => {
      assert.equal(loadConfig({}).publicUrl, undefined);
      assert.equal(loadConfig({ PUBLIC_URL: '' }).publicUrl, undefined);
      assert.equal(loadConfig({ PUBLIC_URL: 'https://kws.example.com/' }).publicUrl, 'https://kws.example.com');
      assert.equal(loadConfig({ PUBLIC_URL: 'https://example.com/kws' }).publicUrl, 'https://example.com/kws');
    });

    for (const value of ['kws.example.com', 'ftp://kws.example.com', 'not a url']) {
      it(`refuses ${JSON.stringify(value)}`, () => {
        assert.throws(
          () => loadConfig({ PUBLIC_URL: value }),
          (err: unknown) => err instanceof ConfigError && /PUBLIC_URL/.test(err.message),
        );
      });
    }
  });

  describe('HTTP_MAX_CONNECTIONS_PER_ADDRESS', () => {
    it("defaults to 256, and to no cap behind TRUST_PROXY (every connection is the proxy's); a value set wins", () => {
      assert.equal(loadConfig({}).http.maxConnectionsPerAddress, 256);
      assert.equal(loadConfig({ TRUST_PROXY: 'true' }).http.maxConnectionsPerAddress, 0);
      assert.equal(
        loadConfig({ TRUST_PROXY: 'true', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '64' }).http.maxConnectionsPerAddress,
        64,
      );
      assert.equal(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).http.maxConnectionsPerAddress, 0);
      assert.throws(() => loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '-1' }), /HTTP_MAX_CONNECTIONS_PER_ADDRESS/);
    });
  });

  describe('RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS', () => {
    it('defaults to DATABASE_POOL_MAX - 2 (at least 1), leaving room in the pool beside one workspace; a value set wins', () => {
      const gate = (env: Record<string, string>) => loadConfig(env).rateLimit.workspaceConcurrentRequests;
      assert.equal(gate({}), 8);
      assert.equal(gate({ DATABASE_POOL_MAX: '40' }), 38);
      assert.equal(gate({ DATABASE_POOL_MAX: '2' }), 1);
      assert.equal(gate({ RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS: '0' }), 0);
      assert.equal(gate({ RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS: '3', DATABASE_POOL_MAX: '40' }), 3);
      assert.equal(loadConfig({}).rateLimit.workspaceQueueMs, 20_000);
      assert.throws(() => gate({ RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS: '-1' }), /RATE_LIMIT_WORKSPACE_CONCURRENT/);
      // A wait as long as the request timer would be answered 503 by it, never 429.
      assert.throws(
        () => loadConfig({ RATE_LIMIT_WORKSPACE_QUEUE_MS: '30000' }),
        /RATE_LIMIT_WORKSPACE_QUEUE_MS must be below REQUEST_TIMEOUT_MS/,
      );
      assert.equal(
        loadConfig({ RATE_LIMIT_WORKSPACE_QUEUE_MS: '30000', REQUEST_TIMEOUT_MS: '60000' }).rateLimit.workspaceQueueMs,
        30_000,
      );
    });
  });

  describe('KWS_TOOLS_DIR', () => {
    it('is where the Temporal CLI and the local model are looked up, as setup provisions them there', () => {
      const config = loadConfig({ KWS_TOOLS_DIR: '/srv/kws-tools' });
      assert.equal(config.temporal.cliPath, '/srv/kws-tools/bin/temporal');
      assert.equal(config.embeddings.modelDir, '/srv/kws-tools/models/all-MiniLM-L6-v2');
      assert.equal(loadConfig({ KWS_TOOLS_DIR: 'tools' }).temporal.cliPath, path.resolve('tools/bin/temporal'));
    });

    it('gives way to TEMPORAL_CLI_PATH and EMBEDDING_MODEL_DIR, and leaves both to the project folder unset', () => {
      const named = loadConfig({
        KWS_TOOLS_DIR: '/srv/kws-tools',
        TEMPORAL_CLI_PATH: '/usr/local/bin/temporal',
        EMBEDDING_MODEL_DIR: '/srv/models/minilm',
      });
      assert.equal(named.temporal.cliPath, '/usr/local/bin/temporal');
      assert.equal(named.embeddings.modelDir, '/srv/models/minilm');
      assert.equal(loadConfig({}).temporal.cliPath, undefined);
      assert.equal(loadConfig({}).embeddings.modelDir, undefined);
    });

    it("is where the tests and benchmarks find their models too, as the service does (a second clone reusing the first's tools)", () => {
      assert.equal(provisionedModelDir('/repo', 'all-mpnet-base-v2', {}), '/repo/.tools/models/all-mpnet-base-v2');
      assert.equal(
        provisionedModelDir('/repo', undefined, { KWS_TOOLS_DIR: '/srv/kws-tools' }),
        '/srv/kws-tools/models/all-MiniLM-L6-v2',
      );
      const saved = process.env.KWS_TOOLS_DIR;
      process.env.KWS_TOOLS_DIR = '/srv/kws-tools';
      try {
        const config = testConfig('/tmp/kws-test-data', { taskQueue: 'q' });
        assert.equal(config.embeddings.modelDir, '/srv/kws-tools/models/all-MiniLM-L6-v2');
      } finally {
        if (saved === undefined) delete process.env.KWS_TOOLS_DIR;
        else process.env.KWS_TOOLS_DIR = saved;
      }
    });
  });

  describe('EXTRACT_PLAIN_MAX_BYTES', () => {
    it('defaults to 256 KiB', () => {
      assert.equal(DEFAULT_PLAIN_MAX_BYTES, 256 * 1024);
      assert.equal(loadConfig({}).ingestion.plainMaxBytes, DEFAULT_PLAIN_MAX_BYTES);
    });

    it('accepts 0 (every file in the sandbox) up to 1 MiB', () => {
      for (const value of [0, 1, 4096, MAX_PLAIN_MAX_BYTES]) {
        assert.equal(loadConfig({ EXTRACT_PLAIN_MAX_BYTES: String(value) }).ingestion.plainMaxBytes, value);
      }
      assert.equal(MAX_PLAIN_MAX_BYTES, 1024 * 1024);
    });

    for (const value of ['-1', String(MAX_PLAIN_MAX_BYTES + 1), '1.5', 'lots']) {
      it(`refuses ${JSON.stringify(value)}`, () => {
        assert.throws(
          () => loadConfig({ EXTRACT_PLAIN_MAX_BYTES: value }),
          (err: unknown) => err instanceof ConfigError && /EXTRACT_PLAIN_MAX_BYTES/.test(err.message),
        );
      });
    }
  });

  describe('EMBEDDING_THREADS', () => {
    it('defaults to one fewer than the cores, at least one', () => {
      assert.equal(loadConfig({}).embeddings.threads, Math.max(1, os.availableParallelism() - 1));
      assert.equal(defaultEmbeddingThreads(1), 1);
      assert.equal(defaultEmbeddingThreads(2), 1);
      assert.equal(defaultEmbeddingThreads(8), 7);
    });

    it('takes a count of threads', () => {
      assert.equal(loadConfig({ EMBEDDING_THREADS: '3' }).embeddings.threads, 3);
    });

    for (const value of ['0', '-2', '1.5', 'all']) {
      it(`refuses ${JSON.stringify(value)}`, () => {
        assert.throws(
          () => loadConfig({ EMBEDDING_THREADS: value }),
          (err: unknown) => err instanceof ConfigError && /EMBEDDING_THREADS/.test(err.message),
        );
      });
    }
  });

  describe('EMBEDDING_TEXT_SCHEME', () => {
    /** The retrieval settings a search on a process of this configuration runs with. */
    const searchSettings = (env: NodeJS.ProcessEnv) =>
      searchDeps({ config: loadConfig(env) } as unknown as Deps).retrieval;

    it("defaults to 'header-mix': prose queries on the prose vectors with feedback, every query with the page bonus 0.1", () => {
      assert.equal(loadConfig({}).embeddings.textScheme, 'header-mix');
      assert.deepEqual(searchSettings({}), {
        ...DEFAULT_RETRIEVAL,
        fusion: { kind: 'convex', alpha: 0.8, itemBonus: 0.1 },
        proseVectors: true,
        feedback: { beta: 0.5 },
      });
      assert.equal(DEFAULT_RETRIEVAL.proseVectors, undefined);
      assert.equal(DEFAULT_RETRIEVAL.feedback, undefined);
    });

    it("takes 'chunk': the chunk alone embedded, hybrid's page bonus following the query's shape", () => {
      assert.equal(loadConfig({ EMBEDDING_TEXT_SCHEME: 'chunk' }).embeddings.textScheme, 'chunk');
      assert.equal(searchSettings({ EMBEDDING_TEXT_SCHEME: 'chunk' }), DEFAULT_RETRIEVAL);
      // Prose queries a page bonus of 0.15; identifier-shaped ones every lexeme and 0.1, as every query had before,
      // their RAG passages ranked by the lexemes each holds where some chunk holds them all.
      assert.deepEqual(DEFAULT_RETRIEVAL.fusion, { kind: 'convex', alpha: 0.8, itemBonus: 0.15 });
      assert.deepEqual(DEFAULT_RETRIEVAL.identifierHybrid, {
        keywordMatch: DEFAULT_RETRIEVAL.hybridKeywordMatch,
        fusion: { kind: 'convex', alpha: 0.8, itemBonus: 0.1 },
        rankHeld: { passages: 'matched' },
      });
    });

    it("takes 'title', with identifier-shaped queries read apart in hybrid mode (the pairing measured)", () => {
      assert.equal(loadConfig({ EMBEDDING_TEXT_SCHEME: 'title' }).embeddings.textScheme, 'title');
      // As measured: every query the page bonus 0.1, identifier-shaped queries any lexeme.
      const measured = { kind: 'convex', alpha: 0.8, itemBonus: 0.1 } as const;
      assert.deepEqual(searchSettings({ EMBEDDING_TEXT_SCHEME: 'title' }), {
        ...DEFAULT_RETRIEVAL,
        fusion: measured,
        identifierHybrid: { keywordMatch: 'any', fusion: measured },
      });
      assert.deepEqual(retrievalSettingsFor('chunk'), DEFAULT_RETRIEVAL);
    });

    it("takes 'title-heading' (heading paths recorded since migration 0035), with the same hybrid setting", () => {
      assert.equal(loadConfig({ EMBEDDING_TEXT_SCHEME: 'title-heading' }).embeddings.textScheme, 'title-heading');
      assert.deepEqual(searchSettings({ EMBEDDING_TEXT_SCHEME: 'title-heading' }), retrievalSettingsFor('title'));
    });

    // `heading` is a bench variant only.
    for (const value of ['Title', 'heading', 'title heading', ' ']) {
      it(`refuses ${JSON.stringify(value)}, naming the variable and the values allowed`, () => {
        assert.throws(
          () => loadConfig({ EMBEDDING_TEXT_SCHEME: value }),
          (err: unknown) =>
            err instanceof ConfigError &&
            /^Invalid configuration: EMBEDDING_TEXT_SCHEME: one of 'header-mix', 'chunk', 'title', 'title-heading' /.test(
              err.message,
            ),
        );
      });
    }
  });
});
