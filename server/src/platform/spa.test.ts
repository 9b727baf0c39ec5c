import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

let server: TestServer;
const INDEX = `<!doctype html><div id="root"></div><script type="module" src="/assets/index-Abc123.js"></script>${'<!-- padding -->'.repeat(80)}`;
const LOGIN = INDEX.replace('<div id="root"></div>', '<div id="root"><div inert><main>Sign in to your account</main></div></div>');
const EARLY_SCRIPT = 'startEarlyGet("/summary")';
const DASHBOARD = INDEX.replace('<div id="root">', `<script>${EARLY_SCRIPT}</script><link rel="modulepreload" href="/assets/shell-Def456.js"><div id="root">`);
const SCRIPT = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen ${i}`))};`;

/** A built portal as `vite build` leaves it: hashed assets with brotli and gzip copies beside them. */
function writeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'verigate-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = { 'index.html': INDEX, 'login.html': LOGIN, 'dashboard.html': DASHBOARD, 'assets/index-Abc123.js': SCRIPT };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), content);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  return dist;
}

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

beforeAll(async () => {
  server = await createTestServer({ WEB_DIST: writeDist() });
});
afterAll(() => server.close());

describe('serving the portal', () => {
  it.each(['/', '/login', '/application/dashboard', '/no/such/page'])('answers %s with the app, whose router decides', async (url) => {
    const reply = await server.request('GET', url);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain('<div id="root">');
  });

  it('answers /login with its page drawn at build time, and other paths without it', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Fbilling']) expect((await server.request('GET', url)).body).toBe(LOGIN);
    for (const url of ['/application/apps', '/sign-up', '/login/other']) expect((await server.request('GET', url)).body).toBe(INDEX);
  });

  it('answers the dashboard with its page that names the scripts it needs', async () => {
    for (const url of ['/application/dashboard', '/application/dashboard/', '/application/dashboard?tab=usage']) {
      expect((await server.request('GET', url)).body).toBe(DASHBOARD);
    }
  });

  it("allows the dashboard page's own script by its hash, and no page another's", async () => {
    const hash = `'sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}'`;
    const policy = async (url: string) => String((await server.request('GET', url)).headers['content-security-policy']);
    for (const url of ['/application/dashboard', '/application/dashboard/']) expect(await policy(url)).toContain(`script-src 'self' ${hash};`);
    for (const url of ['/login', '/application/apps', '/', '/api/config']) {
      const other = await policy(url);
      expect(other).toContain("script-src 'self';");
      expect(other).not.toContain('sha256-');
    }
    // The rest of the dashboard's policy is the portal's.
    expect((await policy('/application/dashboard')).replace(` ${hash}`, '')).toBe(await policy('/application/apps'));
  });

  it('answers a HEAD of a page as its GET, without the body, and refuses other methods', async () => {
    for (const url of ['/login', '/application/dashboard']) {
      const [head, page] = await Promise.all([server.app.inject({ method: 'HEAD', url }), server.app.inject({ method: 'GET', url })]);
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(page.headers['content-type']);
      expect(head.headers['content-length']).toBe(page.headers['content-length']);
      expect(head.body).toBe('');
    }
    expect((await server.app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/application/dashboard' })).statusCode).toBe(404);
  });

  it('serves files and answers a missing file or API route with 404', async () => {
    expect((await server.request('GET', '/favicon.svg')).status).toBe(200);
    expect((await server.request('GET', '/assets/missing-1234.js')).status).toBe(404);
    const api = await server.request('GET', '/api/nothing');
    expect(api.status).toBe(404);
    expect(api.body.err.code).toBe('not_found');
  });
});

describe('compressed and cached assets', () => {
  it('sends the brotli copy to a browser that accepts it, and says the answer depends on Accept-Encoding', async () => {
    const reply = await get('/assets/index-Abc123.js', 'gzip, deflate, br, zstd');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toContain('javascript');
    expect(reply.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const reply = await get('/assets/index-Abc123.js', 'gzip');
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(reply.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const reply = await get('/assets/index-Abc123.js');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toContain('accept-encoding');
    expect(reply.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year without asking again', async () => {
    for (const encoding of [undefined, 'gzip', 'br']) {
      expect((await get('/assets/index-Abc123.js', encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it.each(['/', '/login', '/index.html', '/application/dashboard', '/application/apps'])(
    'makes browsers revalidate %s, compressed as accepted',
    async (url) => {
      const page = ({ '/login': LOGIN, '/application/dashboard': DASHBOARD } as Record<string, string>)[url] ?? INDEX;
      const reply = await get(url, 'gzip, br');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['content-type']).toContain('text/html');
      expect(reply.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(page);
      expect((await get(url)).body).toBe(page);
    },
  );

  it('makes browsers revalidate files whose name carries no hash', async () => {
    const reply = await get('/favicon.svg', 'br');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['content-encoding']).toBeUndefined();
  });
});
