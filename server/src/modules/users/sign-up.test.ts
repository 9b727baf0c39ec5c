import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { createTestServer, PORTAL, signUpBody, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const userCount = async () => (await server.db.select({ n: count() }).from(users))[0]!.n;

describe('POST /api/user (sign-up)', () => {
  it('creates the user and mails a verification link that leads to /create-password', async () => {
    const reply = await server.request('POST', '/api/user', { body: signUpBody('meera@acme-corp.in', { first_name: 'Meera', last_name: 'Iyer' }) });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { message: 'We have sent you the activation link on your email. Please check your Inbox.' } });
    const [mail] = await server.mailTo('meera@acme-corp.in');
    expect(mail?.subject).toBe('Verify your email for Verigate');
    expect(mail?.html).toContain('Hi Meera,');
    const target = await server.follow(await server.latestLink('meera@acme-corp.in'));
    expect(`${target.origin}${target.pathname}`).toBe(`${PORTAL}/create-password`);
    expect(target.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    expect(target.searchParams.get('data')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes a pasted email and names with spaces around them, and keeps them trimmed', async () => {
    const reply = await server.request('POST', '/api/user', { body: signUpBody('  pasted@acme-corp.in ', { first_name: ' Meera ', last_name: 'Iyer  ' }) });
    expect(reply.status).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'pasted@acme-corp.in'));
    expect([user?.firstName, user?.lastName]).toEqual(['Meera', 'Iyer']);
  });

  it('refuses a free-mail address with the exact sign-up message and stores nothing', async () => {
    const before = await userCount();
    const reply = await server.request('POST', '/api/user', { body: signUpBody('someone@gmail.com') });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe('Only work emails are allowed. Submit your request here');
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ first_name: 'A1', last_name: 'Rao' }, 'should contain alphabets only!'],
    [{ first_name: 'Al', last_name: 'Rao' }, 'must be at least 3 characters long'],
    [{ first_name: '', last_name: 'Rao' }, 'First name cannot be empty'],
    [{ first_name: 'Asha', last_name: 'R@o' }, 'should contain alphabets only!'],
  ])('applies the name rules: %j → %s', async (name, message) => {
    const reply = await server.request('POST', '/api/user', { body: { ...signUpBody('names@acme-corp.in'), name } });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe(message);
  });

  it('requires consent', async () => {
    const reply = await server.request('POST', '/api/user', { body: { ...signUpBody('consent@acme-corp.in'), is_consent_provided: false } });
    expect(reply.body.err.message).toBe('Please provide consent!');
  });

  it('refuses a second account for the same email, in any letter case', async () => {
    await server.request('POST', '/api/user', { body: signUpBody('twice@acme-corp.in') });
    const reply = await server.request('POST', '/api/user', { body: signUpBody('Twice@Acme-Corp.in') });
    expect(reply.status).toBe(409);
    expect(reply.body.err.message).toBe('An account with this email already exists');
  });

  it('refuses redirects that leave the portal, so the email cannot become an open redirect', async () => {
    const before = await userCount();
    const reply = await server.request('POST', '/api/user', {
      body: { ...signUpBody('redirect@acme-corp.in'), success_redirect: 'https://evil.example/create-password' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe('Redirect URLs must point to this portal');
    expect(await userCount()).toBe(before);
    expect(await server.mailTo('redirect@acme-corp.in')).toHaveLength(0);
  });

  describe('bad input gets a 4xx with a clear message and changes nothing', () => {
    it.each([
      ['malformed JSON', { rawBody: '{"name":' }, 400, 'Malformed JSON body'],
      ['an empty body', { rawBody: '' }, 400, 'Request body is empty'],
      ['a wrong type', { body: { ...signUpBody('types@acme-corp.in'), email: 42 } }, 400, 'email: must be a string'],
      ['a missing field', { body: { ...signUpBody('missing@acme-corp.in'), success_redirect: undefined } }, 400, 'success_redirect: must be an absolute URL'],
      ['an extra field', { body: { ...signUpBody('extra@acme-corp.in'), role: 'admin' } }, 400, 'Unrecognized key: "role"'],
      ['an oversized body', { body: { ...signUpBody('big@acme-corp.in'), padding: 'x'.repeat(70_000) } }, 413, 'Request body is too large'],
      ['a non-JSON content type', { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } }, 415, 'Unsupported content type'],
    ])('%s', async (_label, options, status, message) => {
      const before = await userCount();
      const reply = await server.request('POST', '/api/user', options as never);
      expect(reply.status).toBe(status);
      expect(reply.body.err.message).toBe(message);
      expect(await userCount()).toBe(before);
    });
  });
});
