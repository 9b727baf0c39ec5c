import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/seed.js';
import { startTestPostgres, type TestPostgres } from '../server/src/test/test-postgres.js';

export type Postgres = TestPostgres;

/** DATABASE_URL, or an embedded PostgreSQL of the bench's own, durable like production: its commits are part of what is measured. */
export const startPostgres = (): Promise<Postgres> => startTestPostgres({ durable: true });

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated and seeded database of the bench's own on `postgres`; `drop` removes it. */
export async function benchDatabase(postgres: Postgres): Promise<DatabaseHandle & { url: string; drop: () => Promise<void> }> {
  const name = `verigate_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgres.adminUrl, `create database "${name}"`);
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  await seedReferenceData(handle.db);
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await adminQuery(postgres.adminUrl, `drop database if exists "${name}" with (force)`).catch(() => undefined);
    },
  };
}
