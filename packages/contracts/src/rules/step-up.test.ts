import { describe, expect, it } from 'vitest';
import { toggleKeyRequest } from '../app.js';
import { firstBrokenRule } from './rule.js';
import { otpRules, zpinRules } from './step-up.js';

describe('ZPIN (seed 000 §5)', () => {
  it.each([
    ['', 'ZPIN cannot be empty'],
    ['12a4', 'ZPIN should be numeric'],
    ['123', 'Invalid zpin, please re-enter'],
    ['12345', 'Invalid zpin, please re-enter'],
    ['0427', null],
  ])('%j → %s', (value, message) => expect(firstBrokenRule(zpinRules, value)).toBe(message));
});

describe('OTP (seed 000 §5)', () => {
  it.each([
    ['', 'Otp cannot be empty'],
    ['12345a', 'OTP should be numeric'],
    ['12345', 'OTP is invalid!, please re-enter'],
    ['004271', null],
  ])('%j → %s', (value, message) => expect(firstBrokenRule(otpRules, value)).toBe(message));
});

describe('step-up proofs', () => {
  const orgId = '0b1e3c58-2f7a-4c55-9e3b-7d0a4c1f9e21';
  it('take a ZPIN with the organisation, or an OTP with its relay, and nothing else', () => {
    expect(toggleKeyRequest.safeParse({ keyName: 'Main', orgId, zpin: '0427' }).success).toBe(true);
    expect(toggleKeyRequest.safeParse({ keyName: 'Main', relayId: orgId, otp: '004271' }).success).toBe(true);
    const none = toggleKeyRequest.safeParse({ keyName: 'Main' });
    expect(none.error?.issues[0]?.message).toBe('Verify with your ZPIN or an OTP to continue');
    expect(toggleKeyRequest.safeParse({ keyName: 'Main', orgId, zpin: '0427', otp: '004271' }).success).toBe(false);
  });
});
