// What a chunk's vector is computed from: the one function ingestion, the re-embed workflow and the retrieval
// bench share, so a scheme means the same text everywhere.
import assert from 'node:assert/strict';
import {
  EMBEDDING_TEXT_SCHEMES,
  HEADER_MIX_WEIGHT,
  MAX_HEADER_CHARS,
  embeddingText,
  headerText,
  proseVector,
} from '../../../src/domain/embeddingText';
import { embedChunkVectors } from '../../../src/services/search/embeddingSpace';

describe('embeddingText', () => {
  const chunk = 'dumps(obj, *, skipkeys=False)\nSerialize obj to a JSON formatted str.';
  const context = { title: 'json — JSON encoder and decoder', headings: ['Basic Usage', 'Encoders'] };

  it('embeds the chunk alone under the chunk scheme, whatever the context', () => {
    assert.equal(embeddingText('chunk', context, chunk), chunk);
  });

  it('puts the title on a line of its own before the chunk under the title scheme, without headings', () => {
    assert.equal(embeddingText('title', context, chunk), `json — JSON encoder and decoder\n${chunk}`);
  });

  it('adds the heading path after the title under title-heading', () => {
    assert.equal(
      embeddingText('title-heading', context, chunk),
      `json — JSON encoder and decoder — Basic Usage › Encoders\n${chunk}`,
    );
    assert.equal(embeddingText('title-heading', { title: 'Glossary' }, chunk), `Glossary\n${chunk}`);
    assert.equal(embeddingText('title-heading', { headings: ['Intro'] }, chunk), `Intro\n${chunk}`);
  });

  it('says a heading that repeats the title once (a Markdown file whose first line is its title)', () => {
    assert.equal(
      embeddingText('title-heading', { title: 'Runbook', headings: [' runbook ', 'Rotating keys'] }, chunk),
      `Runbook — Rotating keys\n${chunk}`,
    );
  });

  it('cuts a header past MAX_HEADER_CHARS, so the chunk itself still reaches the model', () => {
    const headings = Array.from({ length: 6 }, (_, i) => `${i} ${'h'.repeat(199)}`);
    const text = embeddingText('title-heading', { title: 'Guide', headings }, chunk);
    const [header, ...rest] = text.split('\n');
    assert.equal(header!.length, MAX_HEADER_CHARS);
    assert.ok(header!.startsWith('Guide — 0 hhh'));
    assert.equal(rest.join('\n'), chunk);
  });

  it('puts the heading path alone before the chunk under the bench variant heading', () => {
    assert.equal(embeddingText('heading', context, chunk), `Basic Usage › Encoders\n${chunk}`);
    assert.equal(embeddingText('heading', { title: 'Glossary' }, chunk), chunk);
  });

  it('keeps the header to one line and leaves a chunk without context unchanged', () => {
    assert.equal(embeddingText('title', { title: '  Release\n notes\t2024 ' }, chunk), `Release notes 2024\n${chunk}`);
    for (const scheme of EMBEDDING_TEXT_SCHEMES) {
      assert.equal(embeddingText(scheme, {}, chunk), chunk);
      assert.equal(embeddingText(scheme, { title: ' \n ', headings: ['', ' '] }, chunk), chunk);
      assert.equal(embeddingText(scheme, { title: null }, chunk), chunk);
    }
  });
});

describe("header-mix: the prose vector beside the chunk's own", () => {
  const close = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length && a.every((x, i) => Math.abs(x - (b[i] as number)) < 1e-12);

  it('embeds the chunk alone for its own vector, and takes the title-heading line as its header', () => {
    const context = { title: 'json — JSON encoder and decoder', headings: ['Basic Usage'] };
    assert.equal(embeddingText('header-mix', context, 'dumps(obj)'), 'dumps(obj)');
    assert.equal(headerText(context), 'json — JSON encoder and decoder — Basic Usage');
    assert.equal(headerText({ title: ' ', headings: [] }), '');
  });

  it('is normalize(own + 0.3 · header), and the own vector when there is no header or the sum is zero', () => {
    assert.equal(HEADER_MIX_WEIGHT, 0.3);
    const mixed = proseVector([1, 0], [0, 1]);
    assert.ok(close(mixed, [1 / Math.hypot(1, 0.3), 0.3 / Math.hypot(1, 0.3)]), JSON.stringify(mixed));
    assert.ok(Math.abs(Math.hypot(...mixed) - 1) < 1e-12);
    assert.deepEqual(proseVector([0.6, 0.8], undefined), [0.6, 0.8]);
    assert.deepEqual(proseVector([1, 0], [-1, 0], 1), [1, 0]);
  });

  it('builds both vectors in one embedding call, each distinct header once, and nothing more for other schemes', async () => {
    const asked: string[][] = [];
    // Chunk texts on the first axis; headers on the second (Guide) or third (anything else).
    const embed = async (texts: string[]) => {
      asked.push(texts);
      return texts.map((t) => (t.startsWith('chunk') ? [1, 0, 0] : t.startsWith('Guide') ? [0, 1, 0] : [0, 0, 1]));
    };
    const chunks = [
      { text: 'chunk one', title: 'Guide', headings: ['Install'] },
      { text: 'chunk two', title: 'Guide', headings: ['Install'] },
      { text: 'chunk three', title: 'Other' },
      { text: 'chunk four' },
    ];
    const built = await embedChunkVectors('header-mix', embed, chunks);
    assert.deepEqual(asked, [['chunk one', 'chunk two', 'chunk three', 'chunk four', 'Guide — Install', 'Other']]);
    const n = Math.hypot(1, 0.3);
    assert.deepEqual(built[0]?.vector, [1, 0, 0]);
    assert.ok(close(built[0]!.prose!, [1 / n, 0.3 / n, 0]));
    assert.ok(close(built[1]!.prose!, [1 / n, 0.3 / n, 0]));
    assert.ok(close(built[2]!.prose!, [1 / n, 0, 0.3 / n]));
    assert.deepEqual(built[3], { vector: [1, 0, 0], prose: [1, 0, 0] }, 'no header: the prose vector is its own');

    asked.length = 0;
    const plain = await embedChunkVectors('title', embed, chunks.slice(0, 1));
    assert.deepEqual(asked, [['Guide\nchunk one']]);
    assert.equal(plain[0]?.prose, undefined);
  });
});
