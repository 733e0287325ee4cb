// Chunking (src/extract/chunk.ts), property-based: chunks are trimmed slices of one page within the size, cover
// every non-space character, overlap by at most `overlap`, cut words only when they must, and stay linear.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { chunkPages, DEFAULT_CHUNK_OPTIONS, type Chunk } from '../../../src/extract/chunk';
import type { ExtractedPage } from '../../../src/extract/types';

describe('chunkPages', function () {
  const words = fc.stringMatching(/^[a-z]{1,12}$/);
  const separators = fc.constantFrom(' ', ' ', ' ', '. ', '.\n', '\n\n', ', ', '\t');
  const pageText = fc
    .array(fc.tuple(words, separators), { maxLength: 400 })
    .map((parts) => parts.map(([w, s]) => w + s).join(''));
  const pagesArb = fc
    .array(pageText, { minLength: 1, maxLength: 4 })
    .map((texts) => texts.map((text, i): ExtractedPage => ({ pageNumber: i + 1, text })));
  const optionsArb = fc
    .integer({ min: 20, max: 400 })
    .chain((size) => fc.record({ size: fc.constant(size), overlap: fc.integer({ min: 0, max: size - 1 }) }));

  const chunksOf = (chunks: Chunk[], pageNumber: number) => chunks.filter((c) => c.pageNumber === pageNumber);
  const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);

  it('every chunk is a trimmed, non-empty slice of one page, at most size long, indexed in order', function () {
    fc.assert(
      fc.property(pagesArb, optionsArb, (pages, opts) => {
        const chunks = chunkPages(pages, opts);
        chunks.forEach((chunk, i) => {
          const page = pages.find((p) => p.pageNumber === chunk.pageNumber)!;
          assert.equal(chunk.index, i);
          assert.ok(chunk.text.length > 0 && chunk.text.length <= opts.size);
          assert.equal(chunk.text, chunk.text.trim());
          assert.equal(page.text.slice(chunk.charStart, chunk.charStart + chunk.text.length), chunk.text);
        });
      }),
    );
  });

  it('covers every non-space character, keeps page order, and never splits a word shorter than a chunk', function () {
    fc.assert(
      fc.property(pagesArb, optionsArb, (pages, opts) => {
        const chunks = chunkPages(pages, opts);
        for (const page of pages) {
          const own = chunksOf(chunks, page.pageNumber);
          const covered = new Uint8Array(page.text.length);
          for (const c of own) covered.fill(1, c.charStart, c.charStart + c.text.length);
          for (let i = 0; i < page.text.length; i++)
            if (!isSpace(page.text[i])) assert.equal(covered[i], 1, `char ${i} of page ${page.pageNumber}`);
          for (const c of own) {
            // Words are at most 12 letters and chunks at least 20 characters: no word may be cut.
            assert.ok(
              isSpace(page.text[c.charStart - 1]) || c.charStart === 0,
              `chunk starts mid-word at ${c.charStart}`,
            );
            assert.ok(
              isSpace(page.text[c.charStart + c.text.length]) || /[.,]/.test(page.text[c.charStart + c.text.length]!),
              'chunk ends mid-word',
            );
          }
        }
        assert.deepEqual(
          chunks.map((c) => c.pageNumber),
          [...chunks.map((c) => c.pageNumber)].sort((a, b) => a - b),
        );
      }),
    );
  });

  it('consecutive chunks of a page move forward and overlap by at most `overlap` characters', function () {
    fc.assert(
      fc.property(pagesArb, optionsArb, (pages, opts) => {
        const chunks = chunkPages(pages, opts);
        for (const page of pages) {
          const own = chunksOf(chunks, page.pageNumber);
          for (let i = 1; i < own.length; i++) {
            const prev = own[i - 1]!;
            const prevEnd = prev.charStart + prev.text.length;
            assert.ok(own[i]!.charStart > prev.charStart);
            assert.ok(
              prevEnd - own[i]!.charStart <= opts.overlap,
              `overlap ${prevEnd - own[i]!.charStart} > ${opts.overlap}`,
            );
          }
        }
      }),
    );
  });

  it('is deterministic', function () {
    fc.assert(
      fc.property(pagesArb, optionsArb, (pages, opts) =>
        assert.deepEqual(chunkPages(pages, opts), chunkPages(pages, opts)),
      ),
    );
  });

  it('overlaps by whole words when it can', function () {
    const text = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkPages([{ pageNumber: 1, text }], { size: 100, overlap: 30 });
    assert.ok(chunks.length > 5);
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]!;
      const overlap = prev.charStart + prev.text.length - chunks[i]!.charStart;
      assert.ok(overlap > 0 && overlap <= 30, `overlap ${overlap}`);
      assert.ok(prev.text.endsWith(chunks[i]!.text.slice(0, overlap)));
      assert.match(chunks[i]!.text, /^word\d+ /);
    }
  });

  it('prefers a paragraph break, then a sentence end, then a line break, then a space', function () {
    const para = 'a'.repeat(30) + ' word. ' + 'b'.repeat(20) + '\n\n' + 'c'.repeat(40);
    assert.equal(chunkPages([{ pageNumber: 1, text: para }], { size: 70, overlap: 0 })[0]!.text, para.split('\n\n')[0]);
    const sentence = 'First sentence here. Second one goes on and on without end';
    assert.equal(
      chunkPages([{ pageNumber: 1, text: sentence }], { size: 36, overlap: 0 })[0]!.text,
      'First sentence here.',
    );
    const quoted = 'He said "stop here." and then continued for quite a while';
    assert.equal(
      chunkPages([{ pageNumber: 1, text: quoted }], { size: 30, overlap: 0 })[0]!.text,
      'He said "stop here."',
    );
    const spaces = 'alpha beta gamma delta epsilon zeta eta theta';
    assert.equal(chunkPages([{ pageNumber: 1, text: spaces }], { size: 20, overlap: 0 })[0]!.text, 'alpha beta gamma');
  });

  it('cuts a word only when it is longer than a chunk, and never between surrogate halves', function () {
    const chunks = chunkPages([{ pageNumber: 1, text: 'x'.repeat(25) }], { size: 10, overlap: 0 });
    assert.deepEqual(
      chunks.map((c) => c.text.length),
      [10, 10, 5],
    );
    const emoji = '😀'.repeat(10);
    for (const c of chunkPages([{ pageNumber: 1, text: emoji }], { size: 5, overlap: 0 })) {
      assert.ok(!/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(c.text), JSON.stringify(c.text));
    }
  });

  it('keeps page numbers, skips empty pages, and does not join pages', function () {
    const chunks = chunkPages(
      [
        { pageNumber: 1, text: 'Page one text.' },
        { pageNumber: 2, text: '   \n  ' },
        { pageNumber: 3, text: 'Page three text.' },
      ],
      DEFAULT_CHUNK_OPTIONS,
    );
    assert.deepEqual(chunks, [
      { index: 0, pageNumber: 1, text: 'Page one text.', charStart: 0 },
      { index: 1, pageNumber: 3, text: 'Page three text.', charStart: 0 },
    ]);
  });

  it('stays linear on long texts without paragraph or line breaks', function () {
    const text = 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(80_000); // 4.5 MB, one line
    const start = Date.now();
    const chunks = chunkPages([{ pageNumber: 1, text }], DEFAULT_CHUNK_OPTIONS);
    assert.ok(Date.now() - start < 2000, `took ${Date.now() - start} ms`);
    assert.ok(chunks.length > text.length / 1000);
  });

  it('rejects impossible options', function () {
    assert.throws(() => chunkPages([], { size: 0, overlap: 0 }), RangeError);
    assert.throws(() => chunkPages([], { size: 10, overlap: 10 }), RangeError);
    assert.throws(() => chunkPages([], { size: 10, overlap: -1 }), RangeError);
    assert.deepEqual(DEFAULT_CHUNK_OPTIONS, { size: 1000, overlap: 0 });
  });
});
