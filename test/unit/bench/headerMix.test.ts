// The retrieval bench's header-mix variant (bench/retrieval/context.bench.ts): each chunk's vector is its own plus w
// times its section header's, normalised, with each distinct header embedded once.
import assert from 'node:assert/strict';
import { headerMixVectors } from '../../../bench/retrieval/context.bench';
import type { DocPage } from '../../../bench/retrieval/pydoc';

describe('header-mix vectors (retrieval bench)', () => {
  it("mix each chunk's vector with its section header's, embedding each header once", async () => {
    const page = {
      path: 'library/json.html',
      title: 'json — JSON encoder and decoder',
      text: 'Basic usage\nBody one.\nEncoders\nBody two.',
      headings: [
        { at: 0, level: 2, text: 'Basic usage' },
        { at: 22, level: 2, text: 'Encoders' },
      ],
    } satisfies DocPage;
    const asked: string[][] = [];
    // A made-up embedding: chunk texts on the first axis, headers on the second (one per distinct header).
    const embed = async (texts: string[]) => {
      asked.push(texts);
      return texts.map((t) => (t.startsWith('json') ? [0, 1, t.includes('Encoders') ? 1 : 0] : [1, 0, 0]));
    };
    const chunks = [
      { page, text: 'Body one.', charStart: 12 },
      { page, text: 'More of one.', charStart: 16 },
      { page, text: 'Body two.', charStart: 31 },
    ];
    const built = await headerMixVectors(embed, 0.5)(chunks);
    const vectors = built.map((v) => v.prose);
    assert.deepEqual(built[0]?.vector, [1, 0, 0], 'the chunk vector is its own');
    // One call: the chunks, then each distinct header once (the service's embedChunkVectors).
    assert.equal(asked.length, 1);
    assert.deepEqual(asked[0]?.slice(0, 3), ['Body one.', 'More of one.', 'Body two.']);
    assert.equal(asked[0]?.length, 5, 'two sections, two header texts');
    assert.ok(asked[0]?.slice(3).every((h) => h.startsWith('json — JSON encoder and decoder')));
    const expected = (v: number[]) => v.map((x) => x / Math.hypot(...v));
    const close = (a: number[], b: number[]) => a.every((x, i) => Math.abs(x - (b[i] as number)) < 1e-12);
    assert.ok(close(vectors[0] as number[], expected([1, 0.5, 0])), JSON.stringify(vectors[0]));
    assert.ok(close(vectors[1] as number[], expected([1, 0.5, 0])), JSON.stringify(vectors[1]));
    assert.ok(close(vectors[2] as number[], expected([1, 0.5, 0.5])), JSON.stringify(vectors[2]));
  });
});
