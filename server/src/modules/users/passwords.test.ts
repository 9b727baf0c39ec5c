import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, linkBody, PORTAL, STRONG_PASSWORD, type TestServer } from '../../test/harness.js';

let server: TestServer;
const [EMAIL, OTHER] = ALLOWLISTED as [string, string];
let userId: string;
let otherId: string;

beforeAll(async () => {
  server = await createTestServer();
  userId = await server.registerUser(EMAIL);
  otherId = await server.registerUser(OTHER);
});
afterAll(() => server.close());

const resetBody = () => linkBody(EMAIL, '/password-reset-link-expiry');

async function resetTo(password: string) {
  await server.request('POST', '/api/user/password-reset', { body: resetBody() });
  const target = await server.follow(await server.latestLink(EMAIL));
  const encryptedData = await server.encrypt({ reset_token: target.searchParams.get('reset_token'), password });
  return server.request('PUT', '/api/user/password-reset', { body: { encryptedData } });
}

describe('password reset', () => {
  it('mails a link to /create-password; the new password works and the old one fails', async () => {
    const request = await server.request('POST', '/api/user/password-reset', { body: resetBody() });
    expect(request.body).toEqual({ data: { message: 'We have sent you the Reset link on your email. Please check your Inbox.' } });
    const target = await server.follow(await server.latestLink(EMAIL));
    expect(`${target.origin}${target.pathname}`).toBe(`${PORTAL}/create-password`);
    const encryptedData = await server.encrypt({ reset_token: target.searchParams.get('reset_token'), password: 'N3w!Secret' });
    const reset = await server.request('PUT', '/api/user/password-reset', { body: { encryptedData } });
    expect(reset.body).toEqual({ data: { message: 'Your Password has been Reset Successfully' } });
    expect((await server.login(EMAIL, 'N3w!Secret')).status).toBe(200);
    expect((await server.login(EMAIL, STRONG_PASSWORD, { captchaToken: await server.solveCaptcha() })).status).toBe(401);
    expect((await resetTo(STRONG_PASSWORD)).status).toBe(200);
  });

  it('the link is single use and expires after 30 minutes', async () => {
    await server.request('POST', '/api/user/password-reset', { body: resetBody() });
    const link = await server.latestLink(EMAIL);
    const token = (await server.follow(link)).searchParams.get('reset_token');
    const use = async () =>
      server.request('PUT', '/api/user/password-reset', { body: { encryptedData: await server.encrypt({ reset_token: token, password: STRONG_PASSWORD }) } });
    expect((await use()).status).toBe(200);
    expect((await use()).body.err.message).toBe('This link has expired or has already been used');
    expect((await server.follow(link)).toString()).toBe(`${PORTAL}/password-reset-link-expiry`);

    await server.request('POST', '/api/user/password-reset', { body: resetBody() });
    const late = await server.latestLink(EMAIL);
    server.clock.advance(31 * 60_000);
    expect((await server.follow(late)).pathname).toBe('/password-reset-link-expiry');
  });

  it('answers an unregistered email like a registered one and mails nothing', async () => {
    const reply = await server.request('POST', '/api/user/password-reset', { body: linkBody('ghost@acme-corp.in') });
    expect(reply.body).toEqual({ data: { message: 'We have sent you the Reset link on your email. Please check your Inbox.' } });
    expect(await server.mailTo('ghost@acme-corp.in')).toHaveLength(0);
  });

  it('applies the work-email rule', async () => {
    const reply = await server.request('POST', '/api/user/password-reset', { body: linkBody('me@hotmail.com') });
    expect(reply.body.err.message).toBe('Only work emails are allowed');
  });
});

describe('PUT /api/user/change-password', () => {
  const change = async (token: string, fields: Record<string, unknown>) =>
    server.request('PUT', '/api/user/change-password', { token, body: { encryptedData: await server.encrypt(fields) } });

  it('needs the right current password and a new one that keeps the rules', async () => {
    const token = (await server.login(EMAIL)).body.data.token as string;
    expect((await change(token, { currentPassword: 'Wrong!Pass1', newPassword: 'Brand!New1' })).body.err.message).toBe('Current Password is incorrect');
    expect((await change(token, { currentPassword: STRONG_PASSWORD, newPassword: '' })).body.err.message).toBe('New Password cannot be empty');
    expect((await change(token, { currentPassword: STRONG_PASSWORD, newPassword: 'Way!TooLong12345' })).body.err.message).toBe(
      'New Password should not exceed 15 characters',
    );
    expect((await change(token, { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD })).body.err.message).toBe(
      'New Password must differ from the current one',
    );
  });

  it('changes it, keeps this session and ends the others', async () => {
    const token = (await server.login(EMAIL)).body.data.token as string;
    const elsewhere = (await server.login(EMAIL)).body.data.token as string;
    const reply = await change(token, { currentPassword: STRONG_PASSWORD, newPassword: 'Brand!New1' });
    expect(reply.body).toEqual({ data: { message: 'Your Password has been changed successfully' } });
    expect((await server.request('GET', `/api/user/${userId}`, { token })).status).toBe(200);
    expect((await server.request('GET', `/api/user/${userId}`, { token: elsewhere })).status).toBe(401);
    expect((await server.login(EMAIL, 'Brand!New1')).status).toBe(200);
    await change(token, { currentPassword: 'Brand!New1', newPassword: STRONG_PASSWORD });
  });

  it('needs a session', async () => {
    expect((await server.request('PUT', '/api/user/change-password', { body: { encryptedData: 'abcd' } })).status).toBe(401);
  });
});

describe('GET /api/user/{userId}', () => {
  it('answers one’s own profile', async () => {
    const token = (await server.login(EMAIL)).body.data.token as string;
    const reply = await server.request('GET', `/api/user/${userId}`, { token });
    expect(reply.body.data).toMatchObject({ _id: userId, email: EMAIL, roles: [] });
  });

  it('answers another user’s id or an unknown id as not found, and a malformed id as a bad request', async () => {
    const token = (await server.login(EMAIL)).body.data.token as string;
    const other = await server.request('GET', `/api/user/${otherId}`, { token });
    expect(other.status).toBe(404);
    expect(other.body.err.message).toBe('User not found');
    expect((await server.request('GET', '/api/user/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
    const malformed = await server.request('GET', '/api/user/not-a-uuid', { token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err.message).toBe('Unknown user');
  });
});

describe('an auto-generated password', () => {
  it('is replaced by its signed-in owner without a link token, once', async () => {
    await server.db.update(users).set({ isPasswordAutogenerated: true }).where(eq(users.id, otherId));
    const login = await server.login(OTHER);
    expect(login.body.data.user.isPasswordAutogenerated).toBe(true);
    const token = login.body.data.token as string;
    const set = async (as: string | undefined, id: string) =>
      server.request('POST', `/api/user/password/${id}`, {
        ...(as ? { token: as } : {}),
        body: { encryptedData: await server.encrypt({ password: 'Own!Choice9' }) },
      });
    expect((await set(undefined, otherId)).status).toBe(401);
    expect((await set(token, userId)).status).toBe(401);
    expect((await set(token, otherId)).body).toEqual({ data: { message: 'Your Password is generated. Login again to get in action.' } });
    const next = await server.login(OTHER, 'Own!Choice9');
    expect(next.body.data.user.isPasswordAutogenerated).toBe(false);
    expect((await set(next.body.data.token, otherId)).status).toBe(409);
  });
});

describe('unknown routes', () => {
  it('answer 404 in the envelope', async () => {
    const reply = await server.request('GET', '/api/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body.err.code).toBe('not_found');
  });
});
