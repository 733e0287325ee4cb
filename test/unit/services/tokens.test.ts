// The token service's verdicts, with a clock of the test's own: a token verified once is answered from the kept
// verdicts until it expires (checked again at every use), and a kept verdict never lends itself to another token.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createTokenService } from '../../../src/services/access/tokens';
import type { TokenClaims } from '../../../src/policies/tokenClaims';

describe('token service', () => {
  const secret = new TextEncoder().encode('a test secret of at least thirty-two bytes');
  const claims = (): TokenClaims => ({
    tokenType: 'access',
    organizationId: randomUUID(),
    workspaceId: randomUUID(),
    apiKeyId: randomUUID(),
  });
  let clock = Date.now();
  const service = () => createTokenService(secret, 60, { now: () => clock });
  beforeEach(() => (clock = Date.now()));

  it('keeps answering a verified token until it expires, then refuses it as expired', async () => {
    const tokens = service();
    const token = await tokens.sign(claims(), 60);
    const first = await tokens.check(token);
    assert.equal(first.ok, true);
    const again = await tokens.check(token);
    assert.deepEqual(again, first);
    clock += 61_000;
    const late = await tokens.check(token);
    assert.equal(late.ok, false);
    assert.equal(!late.ok && late.reason, 'expired');
    assert.ok(!late.ok && late.reason === 'expired' && late.expiredAt instanceof Date);
    assert.equal((await tokens.check(token)).ok, false, 'refused again once its remembered verdict is gone');
  });

  it('answers a copy of the claims, so a caller cannot change what the next request reads', async () => {
    const tokens = service();
    const issued = claims();
    const token = await tokens.sign(issued);
    const first = await tokens.check(token);
    assert.ok(first.ok);
    first.claims.workspaceId = randomUUID();
    const second = await tokens.check(token);
    assert.ok(second.ok);
    assert.equal(second.claims.workspaceId, issued.workspaceId);
  });

  it('refuses a forged signature, another key and an edited payload after the genuine token was verified', async () => {
    const tokens = service();
    const token = await tokens.sign(claims());
    assert.equal((await tokens.check(token)).ok, true);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    // Another first character: all six of its bits are the signature's. (Writing "AA" over the last two, as this
    // test did, left the signature as it was once in 1,024 tokens: the last ten bits zero, the final character's
    // two spare bits ignored by the decoder.)
    const forged = await tokens.check(`${head}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    assert.equal(!forged.ok && forged.reason, 'signature');
    const edited = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), workspaceId: randomUUID() }),
    );
    const tampered = await tokens.check(`${head}.${edited.toString('base64url')}.${signature}`);
    assert.equal(!tampered.ok && tampered.reason, 'signature');
    const other = createTokenService(new TextEncoder().encode('another secret of at least thirty-two bytes'), 60);
    const refused = await other.check(token);
    assert.equal(!refused.ok && refused.reason, 'signature');
  });
});
