import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { seedReferenceData } from '../db/seed.js';

/** Runs one statement on the server as its administrator. */
async function asAdmin(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export type TestDatabase = DatabaseHandle & { url: string; setReachable: (reachable: boolean) => Promise<void> };

/**
 * A fresh, migrated and seeded database for one test file, dropped afterwards. `setReachable(false)`
 * makes it unavailable as an outage would (new connections refused, open ones ended) without
 * stopping the server other test files share; `setReachable(true)` ends the outage.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `verigate_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  await seedReferenceData(handle.db);
  return {
    ...handle,
    url: url.toString(),
    setReachable: async (reachable) => {
      await asAdmin(adminUrl, `alter database "${name}" with allow_connections ${reachable}`);
      if (!reachable) await asAdmin(adminUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    },
    close: async () => {
      await handle.close();
      await asAdmin(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
