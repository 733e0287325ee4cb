// The anonymous rate budget's key: one per IPv4 client, one per IPv6 /64, one IPv4 host under every spelling.
import assert from 'node:assert/strict';
import { anonymousBudgetKey } from '../../../src/policies/rateBudgets';

describe('anonymousBudgetKey', function () {
  it('keys an IPv4 client by its address, also when written inside IPv6', function () {
    assert.equal(anonymousBudgetKey('198.51.100.7'), 'ip:198.51.100.7');
    for (const spelling of ['::ffff:198.51.100.7', '64:ff9b::c633:6407', '2002:c633:6407::1']) {
      assert.equal(anonymousBudgetKey(spelling), 'ip:198.51.100.7', spelling);
    }
  });

  it('keys an IPv6 client by its /64, so addresses rotated inside it share one budget', function () {
    const key = anonymousBudgetKey('2001:db8:1:2::1');
    assert.equal(key, 'ip6:2001:db8:1:2::/64');
    assert.equal(anonymousBudgetKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'), key);
    assert.equal(anonymousBudgetKey('[2001:db8:1:2:a:b:c:d]'), key);
    assert.notEqual(anonymousBudgetKey('2001:db8:1:3::1'), key);
  });

  it('leaves out a port a proxy wrote beside the address', function () {
    assert.equal(anonymousBudgetKey('198.51.100.7:5678'), 'ip:198.51.100.7');
    assert.equal(anonymousBudgetKey('[2001:db8:1:2::1]:443'), 'ip6:2001:db8:1:2::/64');
    assert.equal(anonymousBudgetKey('[::ffff:198.51.100.7]:80'), 'ip:198.51.100.7');
  });

  it('keeps what is not an IP address as it is (no client address: one shared key)', function () {
    assert.equal(anonymousBudgetKey(''), 'ip:');
  });
});
