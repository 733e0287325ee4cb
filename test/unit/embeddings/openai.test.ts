// The OpenAI-compatible embedding provider against a real HTTP server on 127.0.0.1 that imitates /embeddings:
// what it sends, how it batches, retries and times out, and which answers it refuses.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { createEmbeddingProvider, createOpenAIEmbeddingProvider, type EmbeddingError } from '../../../src/embeddings';
import { operatorServerPolicy } from '../../../src/web/fetch';
import { NO_OWN_COMPONENTS } from '../../../src/web/ownComponents';

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);
const norm = (a: number[]) => Math.sqrt(dot(a, a));

interface RecordedRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: { model: string; input: string[] };
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'hang';

/** A real HTTP server speaking OpenAI's /embeddings; `reply` decides each answer (default: a valid one). */
async function startEmbeddingsServer(reply?: (req: RecordedRequest, n: number) => Reply) {
  const requests: RecordedRequest[] = [];
  // Requests counted as their headers arrive (requests: once the body has been read too).
  const arrived = { count: 0 };
  const server = http.createServer((req, res) => {
    arrived.count += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { url: req.url ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()) };
      requests.push(recorded);
      const answer = reply?.(recorded, requests.length) ?? { status: 200, body: validResponse(recorded.body.input, 4) };
      if (answer === 'hang') return; // never answers: the client's timeout must fire
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    arrived,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Vectors that identify their text ([length, 1, 0, ...], not normalised), answered in reverse order. */
function validResponse(input: string[], dimension: number) {
  const data = input.map((text, index) => ({
    object: 'embedding',
    index,
    embedding: Array.from({ length: dimension }, (_, i) => (i === 0 ? text.length : i === 1 ? 1 : 0)),
  }));
  return { object: 'list', model: 'm', data: data.reverse(), usage: { prompt_tokens: 1, total_tokens: 1 } };
}

describe('OpenAI-compatible embedding provider', () => {
  let server: Awaited<ReturnType<typeof startEmbeddingsServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('batches, sends model and key, sorts by index and normalises', async () => {
    server = await startEmbeddingsServer();
    const provider = createOpenAIEmbeddingProvider({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      baseUrl: server.baseUrl + '/',
      apiKey: 'sk-test-secret',
      model: 'text-embedding-test',
      dimension: 4,
      batchSize: 2,
    });
    const texts = ['a', 'bbb', 'cc', 'dddd', 'eeeee'];
    const vectors = await provider.embedDocuments(texts);
    assert.deepEqual(
      server.requests.map((r) => r.body.input),
      [['a', 'bbb'], ['cc', 'dddd'], ['eeeee']],
    );
    for (const r of server.requests) {
      assert.equal(r.url, '/v1/embeddings');
      assert.equal(r.headers.authorization, 'Bearer sk-test-secret');
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.body.model, 'text-embedding-test');
    }
    texts.forEach((text, i) => {
      const v = vectors[i] as number[];
      assert.ok(Math.abs(norm(v) - 1) < 1e-12);
      assert.ok(Math.abs((v[0] as number) / (v[1] as number) - text.length) < 1e-9, `vector ${i} belongs to "${text}"`);
    });
    assert.equal(provider.dimension, 4);
    assert.equal(provider.modelVersion, 'text-embedding-test@4');
  });

  it('sends no Authorization header without a key, and adds the query instruction to queries only', async () => {
    server = await startEmbeddingsServer();
    const provider = createOpenAIEmbeddingProvider({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      baseUrl: server.baseUrl,
      model: 'bge',
      dimension: 4,
      queryPrefix: 'Represent this sentence for searching relevant passages: ',
    });
    await provider.embedQuery('refunds');
    await provider.embedDocuments(['refunds']);
    assert.equal(server.requests[0]?.headers.authorization, undefined);
    assert.deepEqual(server.requests[0]?.body.input, [
      'Represent this sentence for searching relevant passages: refunds',
    ]);
    assert.deepEqual(server.requests[1]?.body.input, ['refunds']);
  });

  it('rejects vectors of another dimension with a clear, non-retryable error', async () => {
    server = await startEmbeddingsServer((req) => ({ status: 200, body: validResponse(req.body.input, 3) }));
    const provider = createOpenAIEmbeddingProvider({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      baseUrl: server.baseUrl,
      model: 'm',
      dimension: 4,
    });
    await assert.rejects(provider.embedDocuments(['x']), (err: EmbeddingError) => {
      assert.equal(err.code, 'DIMENSION_MISMATCH');
      assert.equal(err.retryable, false);
      assert.match(err.message, /3 dimensions .*expected 4/);
      return true;
    });
    assert.equal(server.requests.length, 1, 'a dimension mismatch is not retried');
  });

  it('retries 503 and 429 with backoff, then succeeds', async () => {
    server = await startEmbeddingsServer((req, n) =>
      n === 1
        ? { status: 503, body: { error: { message: 'loading model' } } }
        : n === 2
          ? { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } }
          : { status: 200, body: validResponse(req.body.input, 4) },
    );
    const provider = createOpenAIEmbeddingProvider({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      baseUrl: server.baseUrl,
      model: 'm',
      dimension: 4,
      retryBaseDelayMs: 20,
    });
    const [v] = await provider.embedDocuments(['hello']);
    assert.equal(v?.length, 4);
    assert.equal(server.requests.length, 3);
  });

  it('gives up after the bounded retries, without leaking the key', async () => {
    const apiKey = 'sk-very-secret-key';
    // A server that echoes the key back must not get it into the error message.
    server = await startEmbeddingsServer((req) => ({ status: 503, body: { error: `${req.headers.authorization}` } }));
    const provider = createOpenAIEmbeddingProvider({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      baseUrl: server.baseUrl,
      apiKey,
      model: 'm',
      dimension: 4,
      maxRetries: 2,
      retryBaseDelayMs: 10,
    });
    await assert.rejects(provider.embedDocuments(['x']), (err: EmbeddingError) => {
      assert.equal(err.code, 'UNAVAILABLE');
      assert.equal(err.retryable, true);
      assert.match(err.message, /after 3 attempts: HTTP 503/);
      assert.ok(!err.message.includes(apiKey), err.message);
      return true;
    });
    assert.equal(server.requests.length, 3);
  });

  it('does not retry a refused request (401)', async () => {
    server = await startEmbeddingsServer(() => ({ status: 401, body: { error: { message: 'Incorrect API key' } } }));
    const provider = createOpenAIEmbeddingProvider({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      baseUrl: server.baseUrl,
      apiKey: 'k',
      model: 'm',
      dimension: 4,
    });
    await assert.rejects(
      provider.embedDocuments(['x']),
      (err: EmbeddingError) => err.code === 'HTTP' && !err.retryable && /HTTP 401/.test(err.message),
    );
    assert.equal(server.requests.length, 1);
  });

  it('times out a request that never answers', async () => {
    server = await startEmbeddingsServer(() => 'hang');
    const provider = createOpenAIEmbeddingProvider({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      baseUrl: server.baseUrl,
      model: 'm',
      dimension: 4,
      timeoutMs: 500,
      maxRetries: 1,
      retryBaseDelayMs: 10,
    });
    await assert.rejects(
      provider.embedQuery('x'),
      (err: EmbeddingError) => err.code === 'UNAVAILABLE' && /no answer within 500 ms/.test(err.message),
    );
    // The server and the client share this process: on a loaded machine the retry's timeout can fire before the
    // server's side has run, so the count is awaited (both attempts reach it: the timeout is well above a send).
    for (let waited = 0; server.arrived.count < 2 && waited < 5000; waited += 20) await delay(20);
    assert.equal(server.arrived.count, 2, 'the request and its one retry');
  });

  it('rejects a response that does not answer every input', async () => {
    server = await startEmbeddingsServer((req) => ({
      status: 200,
      body: { data: validResponse(req.body.input, 4).data.slice(1) },
    }));
    const provider = createOpenAIEmbeddingProvider({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      baseUrl: server.baseUrl,
      model: 'm',
      dimension: 4,
    });
    await assert.rejects(provider.embedDocuments(['a', 'b']), (err: EmbeddingError) => err.code === 'BAD_RESPONSE');
  });

  it('names the missing settings', async () => {
    await assert.rejects(
      createEmbeddingProvider(
        { provider: 'openai', modelDir: '', batchSize: 8, baseUrl: 'http://127.0.0.1:1/v1' },
        NO_OWN_COMPONENTS,
      ),
      /EMBEDDING_MODEL, EMBEDDING_DIMENSION/,
    );
  });
});
