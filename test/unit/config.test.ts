// Configuration validation: settings with bounds refuse values outside them with the variable's name; defaults
// derived from the machine.
import assert from 'node:assert/strict';
import os from 'node:os';
import {
  ConfigError,
  DEFAULT_PLAIN_MAX_BYTES,
  defaultEmbeddingThreads,
  loadConfig,
  MAX_PLAIN_MAX_BYTES,
} from '../../src/config';

describe('configuration', () => {
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
});
