import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

let server: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'verigate-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  server = await createTestServer({ WEB_DIST: dist });
});
afterAll(() => server.close());

describe('serving the portal', () => {
  it.each(['/', '/login', '/application/dashboard', '/no/such/page'])('answers %s with the app, whose router decides', async (url) => {
    const reply = await server.request('GET', url);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain('<div id="root">');
  });

  it('serves files and answers a missing file or API route with 404', async () => {
    expect((await server.request('GET', '/favicon.svg')).status).toBe(200);
    expect((await server.request('GET', '/assets/missing-1234.js')).status).toBe(404);
    const api = await server.request('GET', '/api/nothing');
    expect(api.status).toBe(404);
    expect(api.body.err.code).toBe('not_found');
  });
});
