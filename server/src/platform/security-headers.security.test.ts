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
    server.request('POST', '/test/api/v1/in/identity/pan/lite', { body: {} }),
    server.request('GET', '/dev/mailbox/messages'),
  ]);

describe('security headers', () => {
  it('are on every answer: the portal, its files, the customer API, its errors, the provider API', async () => {
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

  it('add Strict-Transport-Security when PUBLIC_URL is https', async () => {
    const secure = await createTestServer({ PUBLIC_URL: 'https://portal.example' });
    try {
      const reply = await secure.request('GET', '/api/config');
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directivesOf(reply.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
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
