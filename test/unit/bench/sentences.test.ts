// The retrieval bench's sentence splitter (bench/retrieval/sentences.ts): what a chunk's "best sentence" is taken from.
import assert from 'node:assert/strict';
import { sentencesOf } from '../../../bench/retrieval/sentences';

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
});
