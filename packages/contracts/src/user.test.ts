import { describe, expect, it } from 'vitest';
import { encryptedRequest, signUpRequest } from './user.js';

const valid = {
  name: { first_name: 'Priya', last_name: 'Sharma' },
  email: 'priya@acme.in',
  success_redirect: 'http://localhost:8080/create-password',
  failure_redirect: 'http://localhost:8080/email-verification-failed',
  is_consent_provided: true,
};

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('sign-up payload', () => {
  it('accepts the seed payload', () => expect(signUpRequest.safeParse(valid).success).toBe(true));

  it('reports one message per field: the first broken rule', () => {
    const result = signUpRequest.safeParse({ ...valid, email: '' });
    expect(result.error?.issues).toHaveLength(1);
    expect(firstMessage(result)).toBe('Email cannot be empty');
  });

  it('treats a missing email as empty and a refused consent as missing consent', () => {
    const { email: _email, ...withoutEmail } = valid;
    expect(firstMessage(signUpRequest.safeParse(withoutEmail))).toBe('Email cannot be empty');
    expect(firstMessage(signUpRequest.safeParse({ ...valid, is_consent_provided: false }))).toBe('Please provide consent!');
  });

  it('trims the email before it is checked and kept', () => {
    expect(signUpRequest.parse({ ...valid, email: '  priya@acme.in ' }).email).toBe('priya@acme.in');
    expect(signUpRequest.parse({ ...valid, name: { first_name: ' Priya ', last_name: 'Sharma  ' } }).name).toEqual({
      first_name: 'Priya',
      last_name: 'Sharma',
    });
  });

  it('refuses unknown fields', () => {
    expect(signUpRequest.safeParse({ ...valid, admin: true }).success).toBe(false);
  });
});

describe('credential envelope', () => {
  it('takes base64 only', () => {
    expect(encryptedRequest.safeParse({ encryptedData: 'QUJD' }).success).toBe(true);
    expect(firstMessage(encryptedRequest.safeParse({ encryptedData: 'not base64' }))).toBe('must be base64');
    expect(firstMessage(encryptedRequest.safeParse({}))).toBe('is required');
  });
});
