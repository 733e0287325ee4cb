// Lengths as JSON Schema's maxLength counts them: code points, not UTF-16 units.
import assert from 'node:assert/strict';
import { longerThan } from '../../../src/domain/text';

describe('longerThan', () => {
  it('counts code points, so an emoji is one character', () => {
    assert.equal(longerThan('abc', 3), false);
    assert.equal(longerThan('abcd', 3), true);
    const emoji = '\u{1F600}'.repeat(3); // 6 UTF-16 units
    assert.equal(longerThan(emoji, 3), false);
    assert.equal(longerThan(`${emoji}a`, 3), true);
  });
});
