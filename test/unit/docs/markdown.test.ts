// How the examples test reads the docs: which block is a step, which is its expected output, and when output
// matches it. These are what make a README edit that breaks a step fail.
import assert from 'node:assert/strict';
import { codeBlocks, matchesExpected, section } from '../../helpers/markdown';

describe('reading the documentation examples', () => {
  const doc = [
    '# Title',
    '## Quickstart',
    '```bash',
    'echo one',
    '```',
    '',
    '```text',
    'one',
    '```',
    'Some prose.',
    '```bash',
    'echo two',
    '```',
    'Prose between: not an expected output.',
    '```text',
    'two',
    '```',
    '## Next',
    '```bash',
    'echo outside',
    '```',
  ].join('\n');

  it("takes a section's blocks, pairing a text block right after a step as its expected output", () => {
    const { text, firstLine } = section(doc, 'Quickstart');
    const blocks = codeBlocks(text, firstLine);
    assert.deepEqual(
      blocks.map((b) => ({ lang: b.lang, code: b.code, line: b.line, expected: b.expected })),
      [
        { lang: 'bash', code: 'echo one', line: 3, expected: 'one' },
        { lang: 'bash', code: 'echo two', line: 11, expected: undefined },
        { lang: 'text', code: 'two', line: 15, expected: undefined },
      ],
    );
  });

  it('matches output line by line, … standing for text within one line only', () => {
    assert.ok(matchesExpected('Refund policy  0.58\n', 'Refund policy  …'));
    assert.ok(matchesExpected('workspace 1a, key sk-kws-x  \n\n', 'workspace …, key sk-kws-…'));
    // a document that should have vanished is still there: one line more than shown
    assert.ok(!matchesExpected('Refund policy  0.58\nEngineering on-call  0.1', 'Refund policy  …'));
    assert.ok(!matchesExpected('Engineering on-call  0.3', 'Refund policy  …'));
    assert.ok(!matchesExpected('', 'ACTIVE'));
    // regular-expression characters in the expected text are literal
    assert.ok(!matchesExpected('{"a":1}', '{"a":1.}'));
    assert.ok(matchesExpected('{"a":1}', '{"a":…}'));
  });

  it('names a missing heading', () => {
    assert.throws(() => section(doc, 'Nowhere'), /no heading "Nowhere"/);
  });
});
