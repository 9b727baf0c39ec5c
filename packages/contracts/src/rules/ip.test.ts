import { isIP as nodeIsIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isIpOrCidr, isPrivateAddress, isTooWide, normaliseIp, parseIpEntry, privateAddressHint } from './ip.js';
import { isIP } from './ip-address.js';

describe('IP entry (seed 000 §5)', () => {
  it('accepts IPv4, IPv6 and CIDR ranges, comma separated', () => {
    expect(parseIpEntry('203.0.113.7, 2001:db8::1,10.0.0.0/8, 2001:db8::/32', [])).toEqual({
      ips: ['203.0.113.7', '2001:db8::1', '10.0.0.0/8', '2001:db8::/32'],
    });
  });

  it.each([
    [',203.0.113.7', 'IP address cannot start with a ,'],
    ['203.0.113.7,', 'IP address cannot start with a ,'],
    ['203.0.113.256', 'Enter a valid IP Address'],
    ['example.com', 'Enter a valid IP Address'],
    ['10.0.0.0/33', 'Enter a valid IP Address'],
    ['2001:db8::/129', 'Enter a valid IP Address'],
    ['203.0.113.7, 203.0.113.7', 'This IP Address already exists'],
  ])('%j → %s', (entry, error) => expect(parseIpEntry(entry, [])).toEqual({ error }));

  it('finds duplicates in the list and the removed list, IPv6 in any spelling', () => {
    expect(parseIpEntry('203.0.113.7', ['203.0.113.7'])).toEqual({ error: 'This IP Address already exists' });
    expect(parseIpEntry('2001:DB8:0:0::1', [], ['2001:db8::1'])).toEqual({ error: 'This IP Address already exists' });
    expect(normaliseIp('::ffff:192.0.2.1')).toBe(normaliseIp('0:0:0:0:0:ffff:c000:201'));
  });

  it.each([
    '::',
    '::1',
    '1::',
    'fe80::1:2',
    '2001:db8:85a3:0:0:8a2e:370:7334',
    '::ffff:192.0.2.1',
    '1:2:3:4:5:6:7:8',
    '1.2.3.4',
    ':::',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    'gggg::1',
    '1.2.3',
    ':1',
    '1:',
    '01.2.3.4',
    '1:2:3:4:5:6:7::',
  ])('agrees with node:net on %s', (value) => expect(isIP(value)).toBe(nodeIsIP(value)));

  it('checks CIDR prefixes', () => {
    expect(isIpOrCidr('192.168.0.0/16')).toBe(true);
    expect(isIpOrCidr('192.168.0.0/16/1')).toBe(false);
    expect(isIpOrCidr('192.168.0.0/x')).toBe(false);
  });
});

describe('ranges that open the whitelist to the internet', () => {
  it.each([
    ['0.0.0.0/0', true],
    ['::/0', true],
    ['10.0.0.0/7', true],
    ['10.0.0.0/8', false],
    ['2001:db8::/31', true],
    ['2001:db8::/32', false],
    ['203.0.113.7', false],
    ['ALL', false],
  ])('%s is too wide: %s', (value, wide) => expect(isTooWide(value)).toBe(wide));

  it('the entry field refuses them with the reason', () => {
    const result = parseIpEntry('203.0.113.7, 0.0.0.0/0', []);
    expect(result).toEqual({ error: expect.stringContaining('0.0.0.0/0 would let far too many addresses call with this app') });
    expect(result).toEqual({ error: expect.stringContaining('turn IP whitelisting off to allow all addresses') });
  });
});

describe('private addresses', () => {
  it.each([
    ['10.0.0.5', true],
    ['10.255.255.255', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['172.15.255.255', false],
    ['192.168.1.0/24', true],
    ['192.169.0.1', false],
    ['11.0.0.1', false],
    ['fc00::1', true],
    ['fd12:3456::/48', true],
    ['fe80::1', false],
    ['2001:db8::1', false],
    ['not an ip', false],
  ])('%s is private: %s', (value, isPrivate) => expect(isPrivateAddress(value)).toBe(isPrivate));

  it('gets a hint that calls arrive from public addresses', () => {
    expect(privateAddressHint('10.0.0.5')).toMatch(/^10\.0\.0\.5 is a private address: calls reach Verigate from your public internet address/);
  });
});
