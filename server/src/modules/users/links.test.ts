import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, linkBody, PORTAL, signUpBody, STRONG_PASSWORD, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;

async function signUp(email: string) {
  await server.request('POST', '/api/user', { body: signUpBody(email) });
  return server.latestLink(email);
}

describe('the emailed verification link', () => {
  it('is valid for 30 minutes: a minute later it leads to /email-verification-failed', async () => {
    const link = await signUp('expiry@acme-corp.in');
    server.clock.advance(29 * MINUTE);
    expect((await server.follow(link)).pathname).toBe('/create-password');
    server.clock.advance(2 * MINUTE);
    expect((await server.follow(link)).toString()).toBe(`${PORTAL}/email-verification-failed`);
  });

  it('is single use: opened again once the password is set, it leads to /email-verification-failed saying the email is verified', async () => {
    const link = await signUp('single@acme-corp.in');
    const target = await server.follow(link);
    const encryptedData = await server.encrypt({ token: target.searchParams.get('token'), password: STRONG_PASSWORD });
    const first = await server.request('POST', `/api/user/password/${target.searchParams.get('data')}`, { body: { encryptedData } });
    expect(first.body).toEqual({ data: { message: 'Your Password is generated. Login again to get in action.' } });
    expect((await server.follow(link)).toString()).toBe(`${PORTAL}/email-verification-failed?outcome=already-verified`);
    const again = await server.request('POST', `/api/user/password/${target.searchParams.get('data')}`, { body: { encryptedData } });
    expect(again.status).toBe(410);
    expect(again.body.err.message).toBe('This link has expired or has already been used');
  });

  it('cannot set the password of another user', async () => {
    const victim = await server.follow(await signUp('victim@acme-corp.in'));
    const attacker = await server.follow(await signUp('attacker@acme-corp.in'));
    const encryptedData = await server.encrypt({ token: attacker.searchParams.get('token'), password: STRONG_PASSWORD });
    const reply = await server.request('POST', `/api/user/password/${victim.searchParams.get('data')}`, { body: { encryptedData } });
    expect(reply.status).toBe(410);
    expect((await server.login('victim@acme-corp.in')).status).not.toBe(200);
  });

  it('refuses a password that breaks the rules, keeping the link usable', async () => {
    const target = await server.follow(await signUp('weak@acme-corp.in'));
    const encryptedData = await server.encrypt({ token: target.searchParams.get('token'), password: 'alllowercase1!' });
    const reply = await server.request('POST', `/api/user/password/${target.searchParams.get('data')}`, { body: { encryptedData } });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe('Password does not meet the requirements');
    expect((await server.follow(await server.latestLink('weak@acme-corp.in'))).pathname).toBe('/create-password');
  });

  it('an earlier link of a verified account also says the email is verified; one of an unverified account says nothing of the kind', async () => {
    const first = await signUp('twice@acme-corp.in');
    await server.request('POST', '/api/user/verification-link', { body: linkBody('twice@acme-corp.in') });
    const second = await server.follow(await server.latestLink('twice@acme-corp.in'));
    expect((await server.follow(first)).search).toBe('');
    const encryptedData = await server.encrypt({ token: second.searchParams.get('token'), password: STRONG_PASSWORD });
    await server.request('POST', `/api/user/password/${second.searchParams.get('data')}`, { body: { encryptedData } });
    expect((await server.follow(first)).searchParams.get('outcome')).toBe('already-verified');
  });

  it('an unknown token leads to the failure screen', async () => {
    expect((await server.follow(`${PORTAL}/api/user/verify-email/not-a-real-token-at-all`)).pathname).toBe('/email-verification-failed');
  });
});

describe('POST /api/user/verification-link (resend)', () => {
  it('sends a fresh link and retires the earlier one', async () => {
    const first = await signUp('resend@acme-corp.in');
    const reply = await server.request('POST', '/api/user/verification-link', { body: linkBody('resend@acme-corp.in') });
    expect(reply.body).toEqual({ data: { message: 'We have sent you the activation link on your email. Please check your Inbox.' } });
    const second = await server.latestLink('resend@acme-corp.in');
    expect(second).not.toBe(first);
    expect((await server.follow(first)).pathname).toBe('/email-verification-failed');
    expect((await server.follow(second)).pathname).toBe('/create-password');
  });

  it('refuses a fourth resend on the server, whatever the client does', async () => {
    await signUp('limit@acme-corp.in');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await server.request('POST', '/api/user/verification-link', { body: linkBody('limit@acme-corp.in') })).status).toBe(200);
    }
    const fourth = await server.request('POST', '/api/user/verification-link', { body: linkBody('limit@acme-corp.in') });
    expect(fourth.status).toBe(429);
    expect(fourth.body.err.message).toBe('You have exhausted the number of retries for email verification');
    expect(await server.mailTo('limit@acme-corp.in')).toHaveLength(4);
  });

  it('answers an unregistered email exactly as a registered one, and mails nothing', async () => {
    const reply = await server.request('POST', '/api/user/verification-link', { body: linkBody('nobody@acme-corp.in') });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { message: 'We have sent you the activation link on your email. Please check your Inbox.' } });
    expect(await server.mailTo('nobody@acme-corp.in')).toHaveLength(0);
  });

  it('still applies the work-email rule', async () => {
    const reply = await server.request('POST', '/api/user/verification-link', { body: linkBody('someone@yahoo.co.in') });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe('Only work emails are allowed');
  });
});
