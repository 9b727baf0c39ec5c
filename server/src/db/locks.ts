import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Serialises transactions that check and then write the same thing (an organisation's plans, a
 * user's first organisation, an organisation's test app): a PostgreSQL advisory lock on `key`,
 * held until the transaction ends, so the check of the next one sees what this one wrote.
 */
export async function lockUntilCommit(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
