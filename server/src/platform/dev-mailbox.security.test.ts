import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server with `env`, its log lines collected. */
async function serverWith(env: Record<string, string>) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await createTestServer({ LOG_LEVEL: 'info', ...env }, { logStream });
  await server.request('POST', '/api/user/password-reset', {
    body: { email: 'someone@acme-corp.in', success_redirect: 'http://portal.test/a', failure_redirect: 'http://portal.test/b' },
  });
  return { server, lines };
}

const mailboxFrom = (target: TestServer, remoteAddress?: string, headers: Record<string, string> = {}) =>
  Promise.all(['/dev/mailbox', '/dev/mailbox/messages'].map((url) => target.request('GET', url, { headers, ...(remoteAddress ? { remoteAddress } : {}) })));

describe('the development mailbox', () => {
  it('is off unless DEV_MAILBOX asks for it, and the start log says where mail went', async () => {
    const { server: target, lines } = await serverWith({});
    for (const reply of await mailboxFrom(target)) {
      expect(reply.status).toBe(404);
      expect(reply.body.err.code).toBe('not_found');
    }
    expect(lines.some((line) => line.includes('DEV_MAILBOX'))).toBe(true);
  });

  it('with DEV_MAILBOX=true answers loopback clients only, whatever X-Forwarded-For says', async () => {
    const { server: target, lines } = await serverWith({ DEV_MAILBOX: 'true', TRUSTED_PROXIES: '203.0.113.5' });
    const [page, messages] = await mailboxFrom(target);
    expect(page!.status).toBe(200);
    expect(messages!.status).toBe(200);
    expect(Array.isArray(messages!.body)).toBe(true);
    for (const reply of [page!, messages!]) expect(reply.headers['cache-control']).toBe('no-store');
    expect(lines.some((line) => /mailbox is on/i.test(line) && line.includes('http://portal.test/dev/mailbox'))).toBe(true);

    for (const reply of await mailboxFrom(target, '203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })) expect(reply.status).toBe(404);
    for (const reply of await mailboxFrom(target, '192.0.2.10')) expect(reply.status).toBe(404);
    for (const reply of await mailboxFrom(target, '::1')) expect(reply.status).toBe(200);
    for (const reply of await mailboxFrom(target, '::ffff:127.0.0.1')) expect(reply.status).toBe(200);
  });

  it('is never served when NODE_ENV=production', async () => {
    const { server: target, lines } = await serverWith({ DEV_MAILBOX: 'true', NODE_ENV: 'production' });
    for (const reply of await mailboxFrom(target)) expect(reply.status).toBe(404);
    expect(lines.some((line) => line.includes('NODE_ENV=production'))).toBe(true);
  });

  it('is not served when mail is delivered by SMTP', async () => {
    const { server: target } = await serverWith({ DEV_MAILBOX: 'true', SMTP_URL: 'smtp://127.0.0.1:1', PAYMENT_GATEWAY: 'sandbox' });
    for (const reply of await mailboxFrom(target)) expect(reply.status).toBe(404);
  });
});
