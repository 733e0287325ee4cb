// Secrets at rest (src/services/secretBox.ts): a sealed value opens only under its key and context, intact,
// with the full 16-byte GCM tag.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createSecretBox } from '../../../src/services/secretBox';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));
  const sealed = box.seal('sk-agent-token', 'agent-server:w:s');
  const parts = sealed.split('.');
  const withTag = (tag: Buffer) => [parts[0], parts[1], tag.toString('base64url'), parts[3]].join('.');
  const tag = Buffer.from(parts[2]!, 'base64url');

  it('opens what it sealed, only under the same key and context', () => {
    assert.equal(tag.length, 16);
    assert.equal(box.open(sealed, 'agent-server:w:s'), 'sk-agent-token');
    assert.throws(() => box.open(sealed, 'agent-server:w:other'));
    assert.throws(() => createSecretBox(randomBytes(32)).open(sealed, 'agent-server:w:s'));
  });

  it('refuses a truncated tag (a prefix of the right one), which GCM alone would accept', () => {
    for (const length of [4, 8, 12, 13, 15]) {
      assert.throws(() => box.open(withTag(tag.subarray(0, length)), 'agent-server:w:s'), `a ${length}-byte tag`);
    }
    assert.throws(() => box.open(withTag(Buffer.concat([tag, Buffer.from([0])])), 'agent-server:w:s'));
  });
});
