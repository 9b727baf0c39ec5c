import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@verigate/contracts';
import { checkTarget, isRefusedAddress } from './address-guard.js';

/**
 * IPv6 forms that reach a private IPv4 address, or a network that is local by definition, are
 * refused like the IPv4 address itself; the same forms carrying a public IPv4 address, and
 * ordinary global IPv6 addresses, are not.
 */

const refused: Record<string, string[]> = {
  '6to4 carrying a private, loopback or metadata IPv4 address': [
    '2002:a00:1::1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101:1::5',
    '2002:ac10:0:1::',
  ],
  'Teredo (2001::/32)': ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1', '2001:0:ffff::'],
  'NAT64 carrying a private, loopback or metadata IPv4 address': ['64:ff9b::10.0.0.1', '64:ff9b::7f00:1', '64:ff9b::169.254.169.254', '64:ff9b::c0a8:1'],
  'local-use NAT64 (64:ff9b:1::/48)': ['64:ff9b:1::8.8.8.8'],
  'IPv4-mapped': ['::ffff:10.0.0.1', '::ffff:a00:1', '::ffff:169.254.169.254', '::ffff:127.0.0.1'],
  'IPv4-compatible': ['::10.0.0.1', '::127.0.0.1', '::169.254.169.254', '::8.8.8.8'],
  'IPv4-translated': ['::ffff:0:10.0.0.1', '::ffff:0:7f00:1'],
  'unique-local (fc00::/7)': ['fc00::1', 'fd12:3456:789a::1', 'fdff:ffff::'],
  multicast: ['ff02::1', 'ff05::1:3', 'ff0e::101'],
  'link-local, site-local, documentation and discard-only': ['fe80::1', 'fe80::1%eth0', 'fec0::1', '2001:db8::1', '100::1'],
};

describe('the address guard', () => {
  for (const [form, addresses] of Object.entries(refused)) {
    it(`refuses ${form}`, () => {
      for (const address of addresses) expect(isRefusedAddress(address), address).toBe(true);
    });
  }

  it('lets through 6to4 and NAT64 carrying a public IPv4 address, and global IPv6 addresses', () => {
    for (const address of [
      '2002:808:808::1',
      '2002:5db8:d70e::',
      '64:ff9b::8.8.8.8',
      '64:ff9b::5db8:d70e',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '2a00:1450:4001:80b::200e',
    ])
      expect(isRefusedAddress(address), address).toBe(false);
  });

  it('refuses such addresses written in a webhook URL, in production mode', async () => {
    for (const url of [
      'https://[2002:a00:1::1]/hooks',
      'https://[64:ff9b::a9fe:a9fe]/hooks',
      'https://[2001::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://[fd00::5]/hooks',
      'https://[ff02::1]/hooks',
    ]) {
      const checked = await checkTarget(url, { allowHttp: false, allowPrivate: false });
      expect(checked, url).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlPrivate });
    }
    const allowed = await checkTarget('https://[2002:808:808::1]/hooks', { allowHttp: false, allowPrivate: false });
    expect(allowed.ok).toBe(true);
  });
});
