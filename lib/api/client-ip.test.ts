import { describe, expect, it } from 'vitest';
import { ipRange } from './client-ip';

describe('ipRange: the network one actor usually holds', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['::ffff:203.0.113.9', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (ip, range) => expect(ipRange(ip)).toBe(range));

  it('puts two addresses of one /64 together and neighbours apart', () => {
    expect(ipRange('2001:db8:1:2::a')).toBe(ipRange('2001:db8:1:2:ffff::b'));
    expect(ipRange('2001:db8:1:3::a')).not.toBe(ipRange('2001:db8:1:2::a'));
  });
});
