// Our embedder against a reference computed outside our code (test/fixtures/embeddings/reference.json,
// written by scripts/embedding-reference.py: Hugging Face tokenizers over the model's own tokenizer.json,
// onnxruntime, the model card's pooling, sequence limit and prefixes). For each model: our tokenizer (over the
// vocab.txt converted from tokenizer.json, with MODEL_INFO.json's casing, limit and prefixes) gives the same
// ids, and our provider (its pooling, batching and padding) the same vectors. all-MiniLM-L6-v2 is always
// provisioned; the candidates (scripts/fetch-candidate-models.sh) and the opt-in all-mpnet-base-v2
// (scripts/fetch-mpnet-model.sh: <s> </s> specials, no token types) are checked when they are present.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalEmbeddingProvider, provisionedModelDir, readModelInfo } from '../../src/embeddings';
import { VOCAB_FILE } from '../../src/embeddings/modelFiles';
import { WordPieceTokenizer } from '../../src/embeddings/wordpiece';

// dist/test/embeddings -> the repository root
const ROOT = path.resolve(__dirname, '../../..');
const DEFAULT_MODEL = provisionedModelDir(ROOT);

interface Reference {
  texts: Array<{ kind: 'query' | 'passage'; text: string }>;
  /** Per model: ids and vectors per text (base64 of the components times 32767, little-endian int16). */
  models: Record<string, { ids: number[][]; vectors: string[] }>;
}
const reference = JSON.parse(
  readFileSync(path.join(ROOT, 'test/fixtures/embeddings/reference.json'), 'utf8'),
) as Reference;

function decode(vector: string): number[] {
  const bytes = Buffer.from(vector, 'base64');
  return Array.from({ length: bytes.length / 2 }, (_, i) => bytes.readInt16LE(2 * i) / 32767);
}
const cosine = (a: number[], b: number[]) => {
  const dot = (x: number[], y: number[]) => x.reduce((sum, v, i) => sum + v * (y[i] as number), 0);
  return dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));
};

/** Our ids and vectors for the reference texts, from the model directory as the service would run it. */
async function ours(modelDir: string): Promise<{ ids: number[][]; vectors: number[][] }> {
  const info = await readModelInfo(modelDir);
  const tokenizer = await WordPieceTokenizer.fromVocabFile(path.join(modelDir, VOCAB_FILE), {
    doLowerCase: info.doLowerCase,
    maxTokens: info.maxTokens,
    specialTokens: info.specialTokens,
  });
  const ids = reference.texts.map(({ kind, text }) =>
    tokenizer.encode((kind === 'query' ? info.queryPrefix : info.passagePrefix) + text),
  );
  const provider = await createLocalEmbeddingProvider({ modelDir, batchSize: 4 });
  try {
    // The passages in one call, so they are batched and padded as a document's chunks are.
    const passages = await provider.embedDocuments(
      reference.texts.filter((t) => t.kind === 'passage').map((t) => t.text),
    );
    const vectors: number[][] = [];
    for (const { kind, text } of reference.texts) {
      vectors.push(kind === 'query' ? await provider.embedQuery(text) : (passages.shift() as number[]));
    }
    return { ids, vectors };
  } finally {
    await provider.close();
  }
}

/** The texts (with what differs) on which our embedder departs from the reference. */
function departures(name: string, got: { ids: number[][]; vectors: number[][] }): string[] {
  const expected = reference.models[name];
  assert.ok(expected, `the fixture has no ${name}`);
  return reference.texts.flatMap(({ text }, i) => {
    const label = JSON.stringify(text.slice(0, 40));
    const sameIds = JSON.stringify(got.ids[i]) === JSON.stringify(expected.ids[i]);
    const similarity = cosine(got.vectors[i] as number[], decode(expected.vectors[i] as string));
    return [
      ...(sameIds ? [] : [`${label}: ids ${JSON.stringify(got.ids[i])}, expected ${JSON.stringify(expected.ids[i])}`]),
      ...(similarity > 0.9999 ? [] : [`${label}: cosine ${similarity.toFixed(5)} to the reference vector`]),
    ];
  });
}

describe('local embedder against a reference embedding (tokenizers + onnxruntime)', function () {
  this.timeout(180_000);

  it('the fixture covers queries and passages past 256 tokens, for each model', () => {
    assert.ok(reference.texts.some((t) => t.kind === 'query') && reference.texts.some((t) => t.kind === 'passage'));
    assert.ok(reference.models['bge-small-en-v1.5']?.ids.some((ids) => ids.length === 512));
    assert.ok(reference.models['all-MiniLM-L6-v2']?.ids.some((ids) => ids.length === 256));
    assert.ok(reference.models['all-mpnet-base-v2']?.ids.some((ids) => ids.length === 384));
  });

  for (const name of Object.keys(reference.models)) {
    it(`${name}: the same token ids and vectors (cosine > 0.9999) for every text`, async function () {
      const dir = provisionedModelDir(ROOT, name);
      if (DEFAULT_MODEL !== dir && !existsSync(path.join(dir, 'MODEL_INFO.json'))) {
        this.skip(); // a candidate model that scripts/fetch-candidate-models.sh has not fetched here
      }
      assert.deepEqual(departures(name, await ours(dir)), []);
    });
  }

  it('gives each caller its own vectors when passes regroup texts of like length across concurrent callers', async () => {
    // Three callers at once, each with long passages and a short header after them (as header-mix embeds a
    // page): a pass takes like lengths from any caller and leaves the headers for a pass of their own.
    const dir = DEFAULT_MODEL;
    const expected = reference.models['all-MiniLM-L6-v2'];
    assert.ok(expected);
    const passages = reference.texts.flatMap((t, i) => (t.kind === 'passage' ? [{ text: t.text, i }] : []));
    const headers = ['Built-in Functions', 'asyncio: Event Loop > Running and stopping', 'The glossary'];
    const provider = await createLocalEmbeddingProvider({ modelDir: dir, batchSize: 4 });
    try {
      const callers = headers.map((header, c) => {
        const own = passages.filter((_, k) => k % headers.length === c);
        return { own, header, vectors: provider.embedDocuments([...own.map((p) => p.text), header]) };
      });
      const answered = await Promise.all(callers.map((c) => c.vectors));
      const alone = await Promise.all(headers.map(async (h) => (await provider.embedDocuments([h]))[0] as number[]));
      callers.forEach((caller, c) => {
        const got = answered[c] as number[][];
        assert.equal(got.length, caller.own.length + 1);
        caller.own.forEach((p, k) => {
          const similarity = cosine(got[k] as number[], decode(expected.vectors[p.i] as string));
          assert.ok(similarity > 0.9999, `caller ${c}, passage ${k}: cosine ${similarity} to its reference`);
        });
        const header = cosine(got[caller.own.length] as number[], alone[c] as number[]);
        assert.ok(header > 0.9999, `caller ${c}'s header: cosine ${header} to the header embedded alone`);
      });
    } finally {
      await provider.close();
    }
  });

  it('tells a model described with the wrong pooling or sequence limit from the reference', async () => {
    // all-MiniLM-L6-v2's files with bge's MODEL_INFO.json settings: CLS pooling, 512 tokens.
    const source = DEFAULT_MODEL;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-misdescribed-model-'));
    try {
      for (const f of ['model.onnx', VOCAB_FILE]) await symlink(path.join(source, f), path.join(dir, f));
      const info = { ...(await readModelInfo(source)), pooling: 'cls', maxTokens: 512 };
      await writeFile(path.join(dir, 'MODEL_INFO.json'), JSON.stringify(info));
      const found = departures('all-MiniLM-L6-v2', await ours(dir));
      assert.ok(
        found.some((d) => /ids/.test(d)),
        'the 512-token limit must show in the long passage ids',
      );
      assert.ok(found.filter((d) => /cosine/.test(d)).length === reference.texts.length, found.join('\n'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
