import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'verigate-headers-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log("portal");');
  server = await createTestServer({ WEB_DIST: webDist, DEV_MAILBOX: 'true' });
});
afterAll(async () => {
  await server.close();
  await rm(webDist, { recursive: true, force: true });
});

/** The policy's directives by name. */
const directivesOf = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

const answers = () =>
  Promise.all([
    server.request('GET', '/'),
    server.request('GET', '/application/manage-apps'),
    server.request('GET', '/assets/app.js'),
    server.request('GET', '/api/config'),
    server.request('GET', '/api/no-such-call'),
    server.request('GET', '/dev/mailbox/messages'),
  ]);

/** The provider API's answers: a call, an unknown product, a path the router cannot decode, an unknown version. */
const providerAnswers = () =>
  Promise.all([
    server.request('POST', '/test/api/v1/in/identity/pan/lite', { body: {} }),
    server.request('POST', '/live/api/v1/in/identity/no/such', { body: {} }),
    server.request('POST', '/test/api/v1/in/identity/pan/%E0%A4%A'),
    server.request('GET', '/test/api/v9/anything'),
  ]);

describe('security headers', () => {
  it('are on every answer of the portal: its pages, its files, the customer API, its errors', async () => {
    for (const reply of await answers()) {
      const policy = directivesOf(reply.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['permissions-policy']).toContain('camera=()');
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("are an API's on every answer of the provider API: nothing loaded, no framing, no sniffing, none of a page's", async () => {
    for (const reply of await providerAnswers()) {
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(directivesOf(reply.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['cache-control']).toBe('no-store');
      for (const page of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'strict-transport-security'])
        expect(reply.headers[page]).toBeUndefined();
    }
  });

  it('add Strict-Transport-Security when PUBLIC_URL is https, to the provider API too', async () => {
    const secure = await createTestServer({ PUBLIC_URL: 'https://portal.example' });
    try {
      const reply = await secure.request('GET', '/api/config');
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directivesOf(reply.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
      const call = await secure.request('POST', '/test/api/v1/in/identity/pan/lite', { body: {} });
      expect(call.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });

  it('give a route its own narrow policy: the mailbox page runs no script and calls nothing', async () => {
    const page = await server.request('GET', '/dev/mailbox');
    expect(page.status).toBe(200);
    const policy = directivesOf(page.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const portal = directivesOf((await server.request('GET', '/')).headers['content-security-policy']);
    expect(portal['script-src']).toEqual(["'self'"]);
  });
});
