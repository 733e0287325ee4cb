// What a chunk's vector is computed from: the one function ingestion, the re-embed workflow and the retrieval
// bench share, so a scheme means the same text everywhere.
import assert from 'node:assert/strict';
import { EMBEDDING_TEXT_SCHEMES, MAX_HEADER_CHARS, embeddingText } from '../../../src/domain/embeddingText';

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
