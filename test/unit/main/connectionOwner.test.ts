// Whose connection it is, for the HTTP server's cap per client address (src/main/httpServer.ts).
import assert from 'node:assert/strict';
import { connectionOwner } from '../../../src/main/httpServer';

describe('connectionOwner: the address a connection counts against', () => {
  it('is an IPv4 address itself, also when IPv6 maps it', () => {
    assert.equal(connectionOwner('203.0.113.7'), '203.0.113.7');
    assert.equal(connectionOwner('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(connectionOwner('::FFFF:198.51.100.1'), '198.51.100.1');
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const owner = '2001:db8:85a3:8d3::/64';
    for (const address of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3:0000:0000:0000:0001',
      '2001:db8:85a3:8d3::1',
      '2001:db8:85a3:8d3::',
    ]) {
      assert.equal(connectionOwner(address), owner, address);
    }
    assert.equal(connectionOwner('::1'), '0:0:0:0::/64');
    assert.equal(connectionOwner('fe80::1'), 'fe80:0:0:0::/64');
    assert.notEqual(connectionOwner('2001:db8:85a3:8d4::1'), owner);
  });

  it('is empty for a socket without an address (already closed)', () => {
    assert.equal(connectionOwner(undefined), '');
  });
});
