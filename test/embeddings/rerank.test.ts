// The HTTP reranker against a real /rerank server started here: what it sends, which answers it reads, and
// the failures it reports (RerankError) instead of scores.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpReranker, RerankError, rerankerFromSettings } from '../../src/embeddings/rerank';
import { NO_OWN_COMPONENTS } from '../../src/web/ownComponents';
import { operatorServerPolicy } from '../../src/web/fetch';

type Reply = { status: number; body: string } | 'hang';

async function startServer(reply: (body: Record<string, unknown>) => Reply) {
  const bodies: Array<Record<string, unknown>> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      bodies.push(body);
      const answer = reply(body);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rerank`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (body: unknown): Reply => ({ status: 200, body: JSON.stringify(body) });

async function rejectsWith(promise: Promise<unknown>, code: RerankError['code'], pattern?: RegExp) {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof RerankError, String(err));
    assert.equal(err.code, code, err.message);
    if (pattern) assert.match(err.message, pattern);
    return true;
  });
}

describe('HTTP reranker', function () {
  this.timeout(20_000);
  let reply: (body: Record<string, unknown>) => Reply;
  let server: Awaited<ReturnType<typeof startServer>>;

  before(async () => {
    server = await startServer((body) => reply(body));
  });
  after(() => server.close());

  it("sends TEI's body without a model and returns the scores in the texts' order", async () => {
    reply = () =>
      json([
        { index: 1, score: 0.9 },
        { index: 0, score: 0.1 },
      ]);
    const reranker = createHttpReranker({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      url: server.url,
      timeoutMs: 2000,
    });
    assert.deepEqual(await reranker.rerank('q', ['a', 'b']), [0.1, 0.9]);
    assert.deepEqual(server.bodies.at(-1), { query: 'q', texts: ['a', 'b'], raw_scores: false, truncate: true });
    assert.deepEqual(await reranker.rerank('q', []), [], 'nothing to rerank: no request');
    assert.equal(server.bodies.length, 1);
  });

  it('maps raw logits through the logistic function', async () => {
    reply = () =>
      json({
        results: [
          { index: 0, relevance_score: 2 },
          { index: 1, relevance_score: -3 },
        ],
      });
    const reranker = createHttpReranker({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      url: server.url,
      model: 'm',
      timeoutMs: 2000,
    });
    const [a, b] = await reranker.rerank('q', ['a', 'b']);
    assert.equal(a, 1 / (1 + Math.exp(-2)));
    assert.equal(b, 1 / (1 + Math.exp(3)));
    assert.deepEqual(server.bodies.at(-1), { model: 'm', query: 'q', documents: ['a', 'b'], top_n: 2 });
  });

  it('refuses answers that do not score every text exactly once', async () => {
    const reranker = createHttpReranker({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      url: server.url,
      timeoutMs: 2000,
    });
    const bad: unknown[] = [
      [{ index: 0, score: 0.5 }],
      [
        { index: 0, score: 0.5 },
        { index: 0, score: 0.4 },
      ],
      [
        { index: 0, score: 0.5 },
        { index: 2, score: 0.4 },
      ],
      [
        { index: 0, score: 'high' },
        { index: 1, score: 0.4 },
      ],
      { data: [] },
    ];
    for (const body of bad) {
      reply = () => json(body);
      await rejectsWith(reranker.rerank('q', ['a', 'b']), 'BAD_RESPONSE');
    }
    reply = () => ({ status: 200, body: 'not json' });
    await rejectsWith(reranker.rerank('q', ['a', 'b']), 'BAD_RESPONSE', /non-JSON/);
  });

  it('reports HTTP errors without the API key, timeouts, oversized answers and refused addresses', async () => {
    reply = () => ({ status: 401, body: '{"error":"bad key secret-123"}' });
    const withKey = createHttpReranker({
      policy: operatorServerPolicy(NO_OWN_COMPONENTS),
      url: server.url,
      apiKey: 'secret-123',
      timeoutMs: 2000,
    });
    await rejectsWith(withKey.rerank('q', ['a']), 'HTTP', /HTTP 401/);
    await withKey.rerank('q', ['a']).catch((err: Error) => assert.ok(!err.message.includes('secret-123')));

    reply = () => 'hang';
    const started = Date.now();
    await rejectsWith(
      createHttpReranker({ policy: operatorServerPolicy(NO_OWN_COMPONENTS), url: server.url, timeoutMs: 200 }).rerank(
        'q',
        ['a'],
      ),
      'TIMEOUT',
    );
    assert.ok(Date.now() - started < 5000);

    reply = () => json([{ index: 0, score: 0.5, padding: 'x'.repeat(5000) }]);
    await rejectsWith(
      createHttpReranker({
        policy: operatorServerPolicy(NO_OWN_COMPONENTS),
        url: server.url,
        timeoutMs: 2000,
        maxBytes: 1000,
      }).rerank('q', ['a']),
      'BAD_RESPONSE',
      /larger than 1000 bytes/,
    );

    // Cloud metadata stays refused whatever the setting (the one door out's rule).
    await rejectsWith(
      createHttpReranker({
        policy: operatorServerPolicy(NO_OWN_COMPONENTS),
        url: 'http://169.254.169.254/rerank',
        timeoutMs: 2000,
      }).rerank('q', ['a']),
      'UNAVAILABLE',
    );
  });

  it('is absent without RERANK_URL', () => {
    assert.equal(rerankerFromSettings({ timeoutMs: 1000 }, NO_OWN_COMPONENTS), null);
    assert.equal(rerankerFromSettings({ url: server.url, timeoutMs: 1000 }, NO_OWN_COMPONENTS)?.name, 'http');
  });
});
