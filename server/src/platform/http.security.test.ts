import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';

let server: TestServer;
let port: number;
const REQUEST_TIMEOUT_MS = 1500;
const HEADERS_TIMEOUT_MS = 1000;
const MAX_CONNECTIONS_PER_CLIENT = 5;

beforeAll(async () => {
  server = await createTestServer({
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    MAX_CONNECTIONS_PER_CLIENT: String(MAX_CONNECTIONS_PER_CLIENT),
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server.close();
});

interface Held {
  socket: Socket;
  /** Everything the server sent, once it closed the connection; after `ms` without a close, 'still open'. */
  closed(ms: number): Promise<{ answer: string; afterMs: number } | 'still open'>;
}

/** Opens a connection and writes `text`, keeping it open. */
async function hold(text: string): Promise<Held> {
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = Date.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  const ended = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  if (text) socket.write(text);
  return {
    socket,
    async closed(ms) {
      const outcome = await Promise.race([ended, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);
      return outcome === 'still open' ? outcome : { answer, afterMs: outcome };
    },
  };
}

describe('slow clients', () => {
  it('a connection that sent its headers and part of a body is cut off after REQUEST_TIMEOUT_MS', async () => {
    const held = await hold(
      'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"encryptedData":"',
    );
    const outcome = await held.closed(REQUEST_TIMEOUT_MS + 3000);
    expect(outcome).not.toBe('still open');
    if (outcome === 'still open') return;
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
  });

  it('a connection that never finishes its headers is cut off after HEADERS_TIMEOUT_MS', async () => {
    const held = await hold('GET /api/config HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const outcome = await held.closed(HEADERS_TIMEOUT_MS + 3000);
    expect(outcome).not.toBe('still open');
  });

  it(`one client holds at most ${MAX_CONNECTIONS_PER_CLIENT} connections at once; the next is closed at once`, async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS_PER_CLIENT }, () => hold('')));
    const extra = await hold('');
    expect(await extra.closed(1000)).not.toBe('still open');
    for (const connection of held) expect(await connection.closed(50)).toBe('still open');
    for (const connection of held) connection.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = await hold('GET /api/config HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    const outcome = await later.closed(2000);
    expect(outcome === 'still open' ? outcome : outcome.answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('with the database unavailable', () => {
  it('the customer API answers 503 in the {err} envelope, and recovers without a restart', async () => {
    const { token, userId } = await server.signedInUser(ALLOWLISTED[0]!);
    expect((await server.request('GET', `/api/user/${userId}`, { token })).status).toBe(200);
    await server.database.refuseConnections();
    try {
      for (const reply of [await server.request('GET', `/api/user/${userId}`, { token }), await server.login(ALLOWLISTED[0]!)]) {
        expect(reply.status).toBe(503);
        expect(reply.body).toEqual({ err: { status: 503, code: 'unavailable', message: 'Service temporarily unavailable' } });
      }
      expect((await server.request('GET', '/api/config')).status).toBe(200);
    } finally {
      await server.database.allowConnections();
    }
    expect((await server.request('GET', `/api/user/${userId}`, { token })).status).toBe(200);
    expect((await server.login(ALLOWLISTED[0]!)).status).toBe(200);
  });
});
