import { describe, expect, it } from 'vitest';
import { loginEmailRules, recoveryEmailRules, signUpEmailRules } from './email.js';
import { firstNameRules, lastNameRules } from './names.js';
import { changeNewPasswordRules, confirmPasswordRules, currentPasswordRules, loginPasswordRules, newPasswordChecklist, newPasswordRules } from './password.js';
import { firstBrokenRule, type Rule } from './rule.js';

const check = (rules: readonly Rule[]) => (value: string) => firstBrokenRule(rules, value);

describe('email (seed 000 §5)', () => {
  const signUp = check(signUpEmailRules);
  const recovery = check(recoveryEmailRules);
  const login = check(loginEmailRules);

  it.each([
    ['', 'Email cannot be empty'],
    ['   ', 'Email cannot be empty'],
    ['not-an-email', 'Enter a valid email'],
    ['a@b', 'Enter a valid email'],
    ['1priya@acme.in', 'Email cannot start with a number'],
  ])('sign-up %j → %s', (value, message) => expect(signUp(value)).toBe(message));

  it.each(['gmail.com', 'outlook.com', 'yahoo.co.in', 'icloud.com', 'hotmail.com', 'rediffmail.com', 'verigate.com'])(
    'refuses the free or private domain %s with the sign-up and recovery wordings',
    (domain) => {
      expect(signUp(`priya@${domain}`)).toBe('Only work emails are allowed. Submit your request here');
      expect(recovery(`priya@${domain}`)).toBe('Only work emails are allowed');
    },
  );

  it('accepts a work email and caps sign-up at 64 characters', () => {
    expect(signUp('priya.sharma@acme-finance.co.in')).toBeNull();
    expect(signUp(`${'a'.repeat(55)}@acme.com`)).toBeNull();
    expect(signUp(`${'a'.repeat(56)}@acme.com`)).toBe('Email should not exceed 64 characters');
  });

  it('login refuses special characters in the local part but allows free-mail domains', () => {
    expect(login('priya+test@acme.in')).toBe('Enter a valid email');
    expect(login('priya#1@acme.in')).toBe('Enter a valid email');
    expect(login('priya.sharma@gmail.com')).toBeNull();
  });
});

describe('sign-up names (seed 000 §5)', () => {
  const first = check(firstNameRules);
  const last = check(lastNameRules);

  it.each([
    ['', 'First name cannot be empty'],
    ['Ra', 'must be at least 3 characters long'],
    ['Ravi2', 'should contain alphabets only!'],
    ['Ravi-Kumar', 'should contain alphabets only!'],
    ['A'.repeat(21), 'must be at most 20 characters long'],
  ])('first name %j → %s', (value, message) => expect(first(value)).toBe(message));

  it('accepts letters and spaces from 3 to 20 characters', () => {
    expect(first('Ravi Kumar')).toBeNull();
    expect(last('Rao')).toBeNull();
    expect(last('A'.repeat(20))).toBeNull();
    expect(last('')).toBe('Last name cannot be empty');
  });
});

describe('new password (seed 000 §5)', () => {
  const failing = (value: string) => newPasswordChecklist.filter((rule) => !rule.test(value)).map((rule) => rule.message);

  it('lists exactly the rules a candidate breaks', () => {
    expect(failing('abc')).toEqual(['At least one uppercase letter', 'At least one number', 'At least one special character', '8 to 15 characters']);
    expect(failing('ABCDEFGH1!')).toEqual(['At least one lowercase letter']);
    expect(failing('Abcdefgh!')).toEqual(['At least one number']);
    expect(failing('Abcdefg1')).toEqual(['At least one special character']);
    expect(failing('Abcdefghijk1!xyz')).toEqual(['8 to 15 characters']);
    expect(failing('Str0ng!Pass')).toEqual([]);
  });

  it('holds at 8 and 15 characters', () => {
    expect(check(newPasswordRules)('Abcdef1!')).toBeNull();
    expect(check(newPasswordRules)('Abcdefghijkl1!x')).toBeNull();
    expect(check(newPasswordRules)('Abcde1!')).toBe('Password does not meet the requirements');
    expect(check(newPasswordRules)('')).toBe('Password cannot be empty');
  });
});

describe('login and change password (seed 000 §5)', () => {
  it('login needs a password', () => {
    expect(check(loginPasswordRules)('')).toBe('Password cannot be empty');
    expect(check(loginPasswordRules)('anything')).toBeNull();
  });

  it('change password: all three required, at most 15', () => {
    expect(check(currentPasswordRules)('')).toBe('Current Password cannot be empty');
    expect(check(changeNewPasswordRules)('')).toBe('New Password cannot be empty');
    expect(check(confirmPasswordRules)('')).toBe('Confirm Password cannot be empty');
    expect(check(currentPasswordRules)('x'.repeat(16))).toBe('Current Password should not exceed 15 characters');
    expect(check(changeNewPasswordRules)('weakpassword')).toBe('Password does not meet the requirements');
  });
});

describe('credential size', () => {
  it('the longest login the rules allow fits one RSA-4096 OAEP-SHA-256 block (446 bytes)', () => {
    const email = `${'a'.repeat(55)}@acme.com`;
    const password = '€'.repeat(64); // 3 bytes in UTF-8: the most any UTF-16 unit takes
    expect(firstBrokenRule(loginEmailRules, email)).toBeNull();
    expect(firstBrokenRule(loginPasswordRules, password)).toBeNull();
    expect(Buffer.byteLength(JSON.stringify({ email, password }))).toBeLessThanOrEqual(446);
  });
});
