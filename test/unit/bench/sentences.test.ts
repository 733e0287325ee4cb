// The retrieval bench's sentence splitter (bench/retrieval/sentences.ts): what a chunk's "best sentence" is taken from.
import assert from 'node:assert/strict';
import { sentencesOf, sentenceWindowFrom, windowsOf } from '../../../bench/retrieval/sentences';

describe('sentences of a chunk (retrieval bench)', () => {
  it('split at line ends and after . ! ? before a capital, dropping short pieces', () => {
    const text =
      'Thread.join(timeout=None)\n' +
      'Wait until the thread terminates. This blocks the calling thread until it ends!   Is that all? yes, e.g. ' +
      'when join() is called.\nShort line.\n';
    assert.deepEqual(sentencesOf(text), [
      'Thread.join(timeout=None)',
      'Wait until the thread terminates.',
      'This blocks the calling thread until it ends!',
      'Is that all? yes, e.g. when join() is called.',
    ]);
  });

  it('keep a dotted name or a lower-case continuation inside its sentence', () => {
    assert.deepEqual(sentencesOf('Use os.path.join to build a path. then check it with os.path.exists.', 10), [
      'Use os.path.join to build a path. then check it with os.path.exists.',
    ]);
    assert.deepEqual(sentencesOf(''), []);
  });

  it('join sentences into windows of at most N characters, a longer sentence alone', () => {
    const sentences = ['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(70), 'd'.repeat(20)];
    assert.deepEqual(windowsOf(sentences, 61), [`${'a'.repeat(30)} ${'b'.repeat(30)}`, 'c'.repeat(70), 'd'.repeat(20)]);
    assert.deepEqual(windowsOf(sentences, 60), ['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(70), 'd'.repeat(20)]);
    assert.deepEqual(windowsOf(sentences, undefined), sentences);
    assert.deepEqual(windowsOf([], 100), []);
  });

  it('read KWS_RETRIEVAL_SENTENCE_WINDOW, refusing what is not a window', () => {
    assert.equal(sentenceWindowFrom(undefined), undefined);
    assert.equal(sentenceWindowFrom('300'), 300);
    assert.throws(() => sentenceWindowFrom('ten'), /KWS_RETRIEVAL_SENTENCE_WINDOW: ten/);
    assert.throws(() => sentenceWindowFrom('10'), /at least 25/);
  });
});
