import { describe, expect, it } from 'vitest';
import { createAppRequest, generateKeyRequest, updateWhitelistRequest } from './app.js';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;
const whitelist = (ips: string[]) => updateWhitelistRequest.safeParse({ whitelisted_ips: ips, zpin: '1234', orgId: '5f0c7a4e-4a8f-4c1e-9b1a-1f2e3d4c5b6a' });

describe('app and key names', () => {
  it('trims an app name before it is checked and kept', () => {
    expect(createAppRequest.parse({ name: '  Test App  ' })).toEqual({ name: 'Test App' });
    expect(firstMessage(createAppRequest.safeParse({ name: '   ' }))).toBe('Name is required to create a new app');
  });

  it('trims a key name', () => expect(generateKeyRequest.parse({ keyName: ' Server 1 ' })).toEqual({ keyName: 'Server 1' }));
});

describe('IP whitelist payload', () => {
  it.each(['0.0.0.0/0', '::/0', '10.0.0.0/7', '2001:db8::/31', '203.0.113.0/1'])('refuses the range %s, saying why', (range) => {
    const message = firstMessage(whitelist(['203.0.113.7', range]));
    expect(message).toContain(`${range} would let far too many addresses call`);
    expect(message).toContain('/8 or longer (IPv4) or /32 or longer (IPv6)');
  });

  it.each([['203.0.113.0/8'], ['2001:db8::/32'], ['203.0.113.7'], ['10.1.2.3'], ['ALL']])('accepts %s', (ip) => expect(whitelist([ip]).success).toBe(true));
});
