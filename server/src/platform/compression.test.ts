import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed customer API answers', () => {
  it('sends a large JSON answer brotli-compressed when accepted, gzip when only that is, and plain otherwise', async () => {
    const plain = await get('/api/organisation/categories');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/organisation/categories', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/organisation/categories', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const reply = await get('/api/crypto/public-key', 'br, gzip');
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.length).toBeLessThan(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the published OpenAPI document', async () => {
    const reply = await get('/openapi.json', 'br');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(reply.rawPayload).toString()).openapi).toMatch(/^3\.1/);
  });

  it('takes a request body as sent, never inflating a compressed one', async () => {
    const login = (payload: string | Buffer, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json', ...headers }, payload });
    const body = JSON.stringify({ email: 'nobody@verigate-test.io', password: 'Wrong!Pass1' });
    const inflatedWouldBe = await login(body);
    const garbled = await login('{not json');
    const gzipped = await login(gzipSync(body), { 'content-encoding': 'gzip' });
    expect(inflatedWouldBe.json().err.message).not.toBe(garbled.json().err.message);
    expect(gzipped.statusCode).toBe(400);
    expect(gzipped.json().err.message).toBe(garbled.json().err.message);
  });
});
