import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CREDENTIALS_CHANNEL } from '../platform/change-feed.js';
import { systemClock } from '../platform/clock.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createCredentialCache } from './credentials.js';

let database: TestDatabase;
/** A connection of the test's own, outside the pool the cache listens from. */
let observer: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  observer = new pg.Client({ connectionString: database.url });
  await observer.connect();
});

afterAll(async () => {
  await observer?.end();
  await database?.close();
});

const quietLog = () => {
  const warn = vi.fn();
  return { warn, log: { warn } as unknown as FastifyBaseLogger };
};

/** The backend whose last statement was LISTEN on the channel: the cache's listening connection. */
async function listeningBackend(): Promise<number | undefined> {
  const { rows } = await observer.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and query = $1', [
    `LISTEN ${CREDENTIALS_CHANNEL}`,
  ]);
  return rows[0]?.pid;
}

const terminate = (pid: number) => observer.query('select pg_terminate_backend($1)', [pid]);
const isRunning = async (pid: number) => (await observer.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount === 1;

describe('the credential cache’s change feed', () => {
  it('listens again after its connection is lost, and says so once', async () => {
    const { warn, log } = quietLog();
    const cache = await createCredentialCache(database.db, { clock: systemClock, log, reconnectMs: 20 });
    try {
      const first = await listeningBackend();
      expect(first).toBeDefined();
      await terminate(first!);

      await vi.waitFor(async () => {
        const again = await listeningBackend();
        expect(again).toBeDefined();
        expect(again).not.toBe(first);
      });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![1]).toBe('credential change feed lost; reconnecting');
    } finally {
      await cache.close();
    }
  });

  it('closes its connection on closing, saying nothing as it ends', async () => {
    const { warn, log } = quietLog();
    const cache = await createCredentialCache(database.db, { clock: systemClock, log, reconnectMs: 20 });
    const listening = await listeningBackend();
    expect(listening).toBeDefined();
    await cache.close();

    await vi.waitFor(async () => expect(await isRunning(listening!)).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warn).not.toHaveBeenCalled();
    expect(await listeningBackend()).toBeUndefined();
  });

  it('runs onConnected on each connection it makes, and what that took on the session is released when the cache closes', async () => {
    const { log } = quietLog();
    const LOCK = 4242;
    const lockFree = async () => {
      const { rows } = await observer.query<{ free: boolean }>('select pg_try_advisory_lock($1) as free', [LOCK]);
      if (rows[0]!.free) await observer.query('select pg_advisory_unlock($1)', [LOCK]);
      return rows[0]!.free;
    };
    const sessions: number[] = [];
    const cache = await createCredentialCache(database.db, {
      clock: systemClock,
      log,
      reconnectMs: 20,
      onConnected: async (connection) => {
        const { rows } = await connection.query<{ pid: number }>('select pg_backend_pid() as pid, pg_advisory_lock($1)', [LOCK]);
        sessions.push(rows[0]!.pid);
      },
    });
    try {
      expect(sessions).toEqual([await listeningBackend()]);
      expect(await lockFree()).toBe(false);

      await terminate(sessions[0]!);
      await vi.waitFor(async () => expect(sessions).toHaveLength(2));
      expect(sessions[1]).not.toBe(sessions[0]);
      await vi.waitFor(async () => expect(await listeningBackend()).toBe(sessions[1]));
      expect(await lockFree()).toBe(false);
    } finally {
      await cache.close();
    }
    await vi.waitFor(async () => expect(await lockFree()).toBe(true));
  });
});
