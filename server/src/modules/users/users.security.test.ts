import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userMessages } from '@verigate/contracts';
import { ALLOWLISTED, createTestServer, linkBody, signUpBody, STRONG_PASSWORD, type TestServer } from '../../test/harness.js';

let server: TestServer;
const OWNER = 'owner@acme-corp.in';
const OWNER_ADDRESS = '198.51.100.7';
const STRANGER_ADDRESS = '203.0.113.9';
const RATE_LIMIT_PER_EMAIL = 10;
const RATE_LIMIT_PER_IP = 60;

beforeAll(async () => {
  server = await createTestServer({ RATE_LIMIT_PER_EMAIL: String(RATE_LIMIT_PER_EMAIL), RATE_LIMIT_PER_IP: String(RATE_LIMIT_PER_IP) });
  await server.registerUser(OWNER);
  await server.registerUser(ALLOWLISTED[0]!);
});
afterAll(() => server.close());

const withCaptcha = async () => ({ captchaToken: await server.solveCaptcha() });

describe('login limits a stranger cannot spend for the owner', () => {
  it('ten captcha-less logins for the owner’s email, even from the owner’s address, do not lock the owner out', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const reply = await server.login(OWNER, 'Wrong!Pass1', {}, OWNER_ADDRESS);
      expect(reply.status).toBe(400);
      expect(reply.body.err.message).toBe(userMessages.captchaMissing);
    }
    const owner = await server.login(OWNER, STRONG_PASSWORD, await withCaptcha(), OWNER_ADDRESS);
    expect(owner.status).toBe(200);
  });

  it('wrong passwords with solved captchas lock out the stranger’s address, not the owner', async () => {
    const replies = [];
    for (let attempt = 0; attempt <= RATE_LIMIT_PER_EMAIL; attempt += 1)
      replies.push(await server.login(OWNER, 'Wrong!Pass1', await withCaptcha(), STRANGER_ADDRESS));
    expect(replies.slice(0, RATE_LIMIT_PER_EMAIL).every((reply) => reply.status === 401)).toBe(true);
    expect(replies.at(-1)!.status).toBe(429);
    expect((await server.login(OWNER, STRONG_PASSWORD, await withCaptcha(), STRANGER_ADDRESS)).status).toBe(429);
    expect((await server.login(OWNER, STRONG_PASSWORD, await withCaptcha(), OWNER_ADDRESS)).status).toBe(200);
  });

  it('still stops a flood from one address', async () => {
    const flooder = '192.0.2.77';
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= RATE_LIMIT_PER_IP; attempt += 1)
      statuses.push((await server.login(`x${attempt}@acme-corp.in`, 'Wrong!Pass1', {}, flooder)).status);
    expect(statuses.slice(0, RATE_LIMIT_PER_IP).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not tell an allow-listed email from any other: without a captcha a wrong password is a missing captcha', async () => {
    const allowlisted = await server.login(ALLOWLISTED[0]!, 'Wrong!Pass1');
    const registered = await server.login(OWNER, 'Wrong!Pass1');
    const unknown = await server.login('nobody@acme-corp.in', 'Wrong!Pass1');
    expect(allowlisted.status).toBe(400);
    expect(allowlisted.body).toEqual(registered.body);
    expect(allowlisted.body).toEqual(unknown.body);
    expect((await server.login(ALLOWLISTED[0]!)).status).toBe(200);
  });
});

describe('emailed links a stranger cannot spend for the owner', () => {
  const resetFrom = (address: string) =>
    server.request('POST', '/api/user/password-reset', { body: linkBody(OWNER, '/password-reset-link-expiry'), remoteAddress: address });

  it('password reset: the stranger’s address runs out, the owner still gets a link', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= RATE_LIMIT_PER_EMAIL; attempt += 1) statuses.push((await resetFrom(STRANGER_ADDRESS)).status);
    expect(statuses.slice(0, RATE_LIMIT_PER_EMAIL).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const before = (await server.mailTo(OWNER)).length;
    expect((await resetFrom(OWNER_ADDRESS)).status).toBe(200);
    expect((await server.mailTo(OWNER)).length).toBe(before + 1);
    expect(await server.latestLink(OWNER)).toContain('/api/user/password-reset/');
  });

  it('verification resend: the stranger’s three do not use up the owner’s three', async () => {
    const email = 'unverified@acme-corp.in';
    expect((await server.request('POST', '/api/user', { body: signUpBody(email) })).status).toBe(200);
    const resendFrom = (address: string) => server.request('POST', '/api/user/verification-link', { body: linkBody(email), remoteAddress: address });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await resendFrom(STRANGER_ADDRESS)).status).toBe(200);
    const fourth = await resendFrom(STRANGER_ADDRESS);
    expect(fourth.status).toBe(429);
    expect(fourth.body.err.message).toBe(userMessages.resendExhausted);
    expect((await resendFrom(OWNER_ADDRESS)).status).toBe(200);
    const link = await server.latestLink(email);
    expect((await server.follow(link)).pathname).toBe('/create-password');
  });

  it('forgot-password and resend do the same work for a known and an unknown email: one job each, the lookup after answering', async () => {
    const known = ALLOWLISTED[0]!;
    const unknown = 'ghost@acme-corp.in';
    const jobsFor = async () =>
      (
        await server.db.execute<{ name: string; data: Record<string, string> }>(
          sql`select name, data from pgboss.job where data->>'email' in (${known}, ${unknown}) order by created_on`,
        )
      ).rows.map((job) => [job.name, job.data.purpose, job.data.email, Object.keys(job.data).sort().join()]);
    for (const path of ['/api/user/password-reset', '/api/user/verification-link']) {
      const replies = [await server.request('POST', path, { body: linkBody(known) }), await server.request('POST', path, { body: linkBody(unknown) })];
      expect(replies[0]!.status).toBe(200);
      expect(replies[0]!.body).toEqual(replies[1]!.body);
    }
    const fields = 'email,failure_redirect,purpose,success_redirect';
    expect(await jobsFor()).toEqual([
      ['user-links', 'reset', known, fields],
      ['user-links', 'reset', unknown, fields],
      ['user-links', 'verify', known, fields],
      ['user-links', 'verify', unknown, fields],
    ]);
    // The known, verified account gets its reset link and no verification link; the unknown email gets nothing.
    const mail = await server.mailTo(known);
    expect(mail[0]!.text).toContain('/api/user/password-reset/');
    expect(mail.filter((message) => message.text.includes('/api/user/verify-email/'))).toHaveLength(1);
    expect(await server.mailTo(unknown)).toHaveLength(0);
  });
});

describe('change password', () => {
  it(`allows ${RATE_LIMIT_PER_EMAIL} attempts a window, then refuses even the right current password`, async () => {
    const token = (await server.login(ALLOWLISTED[0]!)).body.data.token as string;
    const change = async (currentPassword: string) =>
      server.request('PUT', '/api/user/change-password', {
        token,
        body: { encryptedData: await server.encrypt({ currentPassword, newPassword: 'Brand!New1' }) },
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) statuses.push((await change('Wrong!Pass1')).status);
    expect(statuses.slice(0, RATE_LIMIT_PER_EMAIL).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(RATE_LIMIT_PER_EMAIL).every((status) => status === 429)).toBe(true);
    expect((await change(STRONG_PASSWORD)).status).toBe(429);
  });
});

describe('answers that carry a secret or personal data', () => {
  it('are never stored by a cache: login, profile', async () => {
    const login = await server.login(ALLOWLISTED[0]!);
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const profile = await server.request('GET', `/api/user/${login.body.data.user._id}`, { token: login.body.data.token });
    expect(profile.headers['cache-control']).toBe('no-store');
  });
});

describe('a parallel burst', () => {
  const count = (statuses: number[], status: number) => statuses.filter((value) => value === status).length;

  it(`of wrong passwords with solved captchas gets exactly ${RATE_LIMIT_PER_EMAIL} answers, the rest 429`, async () => {
    const address = '198.51.100.99';
    const captchas = [];
    for (let attempt = 0; attempt < 2 * RATE_LIMIT_PER_EMAIL; attempt += 1) captchas.push(await withCaptcha());
    const replies = await Promise.all(captchas.map((captcha) => server.login(OWNER, 'Wrong!Pass1', captcha, address)));
    const statuses = replies.map((reply) => reply.status);
    expect(count(statuses, 401)).toBe(RATE_LIMIT_PER_EMAIL);
    expect(count(statuses, 429)).toBe(RATE_LIMIT_PER_EMAIL);
  });

  it(`of wrong current passwords gets exactly ${RATE_LIMIT_PER_EMAIL} answers, the rest 429`, async () => {
    const email = 'burst@acme-corp.in';
    await server.registerUser(email);
    const token = (await server.login(email, STRONG_PASSWORD, await withCaptcha())).body.data.token as string;
    const bodies = [];
    for (let attempt = 0; attempt < 2 * RATE_LIMIT_PER_EMAIL; attempt += 1)
      bodies.push({ encryptedData: await server.encrypt({ currentPassword: 'Wrong!Pass1', newPassword: 'Brand!New1' }) });
    const replies = await Promise.all(bodies.map((body) => server.request('PUT', '/api/user/change-password', { token, body })));
    const statuses = replies.map((reply) => reply.status);
    expect(count(statuses, 400)).toBe(RATE_LIMIT_PER_EMAIL);
    expect(count(statuses, 429)).toBe(RATE_LIMIT_PER_EMAIL);
  });
});
