import path from 'node:path';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { repoRoot } from '../paths.js';
import * as schema from './schema.js';

export type Database = NodePgDatabase<typeof schema>;
/**
 * The database or one of its transactions. A write that must commit or roll back with its
 * caller's change (an audit row, an onboarding step, an app's product) takes the caller's.
 */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export const migrationsFolder = path.join(repoRoot, 'server', 'drizzle');

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export async function openDatabase(url: string): Promise<DatabaseHandle> {
  // A database that cannot be reached fails a request within seconds (answered 503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server ended (restart, failover, a dropped test database) is removed by
  // the pool itself and replaced on the next checkout; unhandled, its 'error' would crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  await migrateUnderLock(pool);
  return { db, pool, close: () => pool.end() };
}

const MIGRATION_LOCK = 727_100;

/** Several instances may start at once; one migrates while the others wait. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
