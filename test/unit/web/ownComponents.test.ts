// The own-components check sees one host under every spelling of its address (an attacker's review: an IPv6
// address that embeds the IPv4 address of the service's PostgreSQL, through NAT64 or 6to4, was not matched).
// Pure: components are given by IP literal or a resolve function; nothing connects.
import assert from 'node:assert/strict';
import { canonicalAddress } from '../../../src/web/address';
import { resolveOwnComponents } from '../../../src/web/ownComponents';

describe('own components under every spelling of their address', function () {
  it('canonicalAddress writes an IPv4 host once, whether given as IPv4 or inside IPv6', function () {
    for (const spelling of [
      '10.0.0.5',
      '::ffff:10.0.0.5', // IPv4-mapped
      '::ffff:a00:5',
      '[::ffff:10.0.0.5]',
      '::ffff:0:10.0.0.5', // IPv4-translated (SIIT)
      '64:ff9b::10.0.0.5', // NAT64
      '64:ff9b::a00:5',
      '2002:a00:5::1', // 6to4
    ]) {
      assert.equal(canonicalAddress(spelling), '10.0.0.5', spelling);
    }
    assert.equal(canonicalAddress('2001:DB8::1'), '2001:db8:0:0:0:0:0:1');
    // Not an embedding prefix: stays IPv6.
    assert.equal(canonicalAddress('64:ff9c::a00:5'), '64:ff9c:0:0:0:0:a00:5');
    // Longer than any IPv6 text: not parsed (a trailing-quad expression would backtrack on the digits).
    const digits = `${'1'.repeat(50_000)}x`;
    assert.equal(canonicalAddress(digits), digits);
    assert.equal(
      canonicalAddress('ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.254'),
      'ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe',
    );
  });

  it('componentAt matches a remote component reached through NAT64, 6to4 or SIIT addresses, and only on its port', async function () {
    const own = await resolveOwnComponents(
      [
        { name: 'PostgreSQL', host: 'db.internal', port: 5432 },
        { name: 'S3', host: '192.0.2.10', port: 9000 },
      ],
      async (host) => (host === 'db.internal' ? ['10.0.0.5'] : []),
    );
    for (const address of ['10.0.0.5', '::ffff:10.0.0.5', '64:ff9b::a00:5', '2002:a00:5::1', '::ffff:0:10.0.0.5']) {
      assert.equal(own.componentAt(address, 5432), 'PostgreSQL', address);
      assert.equal(own.componentAt(address, 5433), undefined, `${address}, another port`);
    }
    assert.equal(own.componentAt('64:ff9b::c000:20a', 9000), 'S3');
    assert.equal(own.componentNamed('[2002:c000:20a::]', 9000), 'S3');
    assert.equal(own.componentAt('64:ff9b::a00:6', 5432), undefined, 'another IPv4 host');
  });

  it('a local component is matched at loopback spelt through NAT64 or 6to4', async function () {
    const own = await resolveOwnComponents([{ name: 'Temporal Web UI', host: '127.0.0.1', port: 8233 }]);
    for (const address of ['127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::', '::ffff:127.0.0.1', '::1']) {
      assert.equal(own.componentAt(address, 8233), 'Temporal Web UI', address);
    }
  });
});
