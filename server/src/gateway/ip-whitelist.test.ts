import { describe, expect, it } from 'vitest';
import { clientAddress, whitelistMatcher } from './ip-whitelist.js';

describe('IP whitelist matching', () => {
  it('lets every address in with ALL', () => {
    const allows = whitelistMatcher(['ALL']);
    expect(allows('203.0.113.9')).toBe(true);
    expect(allows('2001:db8::1')).toBe(true);
  });

  it('matches IPv4 addresses and CIDR ranges', () => {
    const allows = whitelistMatcher(['203.0.113.7', '10.1.0.0/16']);
    expect(allows('203.0.113.7')).toBe(true);
    expect(allows('203.0.113.8')).toBe(false);
    expect(allows('10.1.255.254')).toBe(true);
    expect(allows('10.2.0.1')).toBe(false);
  });

  it('matches IPv6 addresses however they are written, and IPv6 ranges', () => {
    const allows = whitelistMatcher(['2001:DB8::5', '2001:db8:abcd::/48']);
    expect(allows('2001:db8:0:0:0:0:0:5')).toBe(true);
    expect(allows('2001:db8::6')).toBe(false);
    expect(allows('2001:db8:abcd:12::1')).toBe(true);
    expect(allows('2001:db8:abce::1')).toBe(false);
  });

  it('treats an IPv4-mapped IPv6 client or entry as IPv4', () => {
    expect(clientAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(clientAddress('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(whitelistMatcher(['10.1.0.0/16'])('::ffff:10.1.2.3')).toBe(true);
    expect(whitelistMatcher(['::ffff:10.1.2.3'])('10.1.2.3')).toBe(true);
    expect(whitelistMatcher(['::ffff:10.1.0.0/112'])('10.1.9.9')).toBe(true);
  });

  it('refuses everyone with an empty list, and ignores malformed entries and addresses', () => {
    expect(whitelistMatcher([])('127.0.0.1')).toBe(false);
    expect(whitelistMatcher(['not-an-ip', '10.0.0.0/33'])('10.0.0.1')).toBe(false);
    expect(whitelistMatcher(['10.0.0.0/8'])('garbage')).toBe(false);
  });
});
