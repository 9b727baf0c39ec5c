import { describe, expect, it } from 'vitest';
import { toggleKeyRequest } from '../app.js';
import { firstBrokenRule } from './rule.js';
import { STEP_UP_MESSAGES, newZpinRules, otpRules, zpinRules } from './step-up.js';

describe('ZPIN (seed 000 §5)', () => {
  it.each([
    ['', 'ZPIN cannot be empty'],
    ['12a4', 'ZPIN should be numeric'],
    ['123', 'Invalid zpin, please re-enter'],
    ['12345', 'Invalid zpin, please re-enter'],
    ['0427', null],
  ])('%j → %s', (value, message) => expect(firstBrokenRule(zpinRules, value)).toBe(message));
});

describe('a ZPIN being chosen', () => {
  it.each(['1111', '0000', '9999', '1234', '0123', '6789', '4321', '9876', '3210', '1212', '2580', '1004', '2000', '6969'])(
    'refuses the guessable %s with one message',
    (zpin) => expect(firstBrokenRule(newZpinRules, zpin)).toBe(STEP_UP_MESSAGES.zpinWeak),
  );

  it.each(['0427', '1357', '4826', '7391', '1235', '9870'])('accepts %s', (zpin) => expect(firstBrokenRule(newZpinRules, zpin)).toBeNull());

  it('keeps the seed messages for what is not four digits', () => {
    expect(firstBrokenRule(newZpinRules, '')).toBe('ZPIN cannot be empty');
    expect(firstBrokenRule(newZpinRules, '11a1')).toBe('ZPIN should be numeric');
    expect(firstBrokenRule(newZpinRules, '111')).toBe('Invalid zpin, please re-enter');
  });

  it('still lets a weak ZPIN set before confirm a change', () => {
    expect(firstBrokenRule(zpinRules, '1111')).toBeNull();
  });
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
