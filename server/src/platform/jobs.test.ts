import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { eventually } from '../test/eventually.js';
import { createTestDatabase } from '../test/test-database.js';
import { startJobs, type Jobs } from './jobs.js';

let database: DatabaseHandle;
let first: Jobs;
let second: Jobs;
const log = Fastify({ logger: { level: 'silent' } }).log;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await startJobs(database.db, log);
  second = await startJobs(database.db, log);
});
afterAll(async () => {
  await first.stop();
  await second.stop();
  await database.close();
});

describe('the job queue', () => {
  it('runs a job sent in a transaction that committed, and never one whose transaction rolled back', async () => {
    const seen: string[] = [];
    await first.define('jobs-test-outbox');
    await first.work<{ label: string }>('jobs-test-outbox', async ({ label }) => {
      seen.push(label);
    });
    await database.db.transaction(async (tx) => {
      await first.send('jobs-test-outbox', { label: 'committed' }, { executor: tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await first.send('jobs-test-outbox', { label: 'rolled back' }, { executor: tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await first.send('jobs-test-outbox', { label: 'marker' });

    const labels = await eventually(
      () => [...seen],
      (value) => value.includes('marker') && value.includes('committed'),
    );
    expect(labels.sort()).toEqual(['committed', 'marker']);
  });

  it('hands each job to exactly one of two instances working the same queue', async () => {
    const handled: number[] = [];
    await first.define('jobs-test-shared');
    await second.define('jobs-test-shared');
    const handler = async ({ n }: { n: number }) => {
      handled.push(n);
    };
    await first.work('jobs-test-shared', handler, { batchSize: 5 });
    await second.work('jobs-test-shared', handler, { batchSize: 5 });
    for (let n = 0; n < 40; n++) await (n % 2 ? first : second).send('jobs-test-shared', { n });

    const all = await eventually(
      () => [...handled],
      (value) => value.length >= 40,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
  });

  it('retries a job whose handler threw', async () => {
    const attempts: number[] = [];
    await first.define('jobs-test-retry', { retryLimit: 2, retryDelay: 1, retryBackoff: false });
    await first.work<{ n: number }>('jobs-test-retry', async (_data, job) => {
      attempts.push(job.retryCount);
      if (attempts.length === 1) throw new Error('a passing fault');
    });
    await first.send('jobs-test-retry', { n: 1 });
    expect(
      await eventually(
        () => [...attempts],
        (value) => value.length >= 2,
      ),
    ).toEqual([0, 1]);
  });

  it('keeps its tables in a schema of its own', async () => {
    const { rows } = await database.pool.query<{ count: string }>(
      "select count(*) from information_schema.tables where table_schema = 'pgboss' and table_name = 'job'",
    );
    expect(rows[0]!.count).toBe('1');
    const application = await database.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name like 'job%'`,
    );
    expect(application.rows[0]).toEqual({ n: 0 });
  });

  it('stops only once a job fetched as it stopped is handled and completed, so the pool can close', async () => {
    const own = await createTestDatabase();
    const jobs = await startJobs(own.db, log);
    const handled: string[] = [];
    await jobs.define('jobs-test-stop');
    await jobs.send('jobs-test-stop', { label: 'in flight' });
    // Hold the job table so the worker's first fetch waits, in flight, while stop() is called.
    const locker = await own.pool.connect();
    await locker.query('begin');
    await locker.query('lock table pgboss.job in share mode');
    await jobs.work<{ label: string }>('jobs-test-stop', async ({ label }) => {
      handled.push(label);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = jobs.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await locker.query('commit');
    locker.release();
    await stopped;
    const state = await own.db.execute<{ state: string }>(sql`select state from pgboss.job where name = 'jobs-test-stop'`);
    await own.close();
    expect(handled).toEqual(['in flight']);
    expect(state.rows.map((row) => row.state)).toEqual(['completed']);
  });
});
