import { DAY_MS, LOG_RETENTION_DAYS } from '@verigate/contracts';
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { poolOf } from '../../db/pool.js';
import { organisations } from '../../db/schema.js';
import { API_LOGS, dropMonthsBefore, ensurePartitions, monthOf, type Month } from '../usage/service.js';

/** The longest retention: months wholly older than it are dropped as partitions. */
export const LONGEST_RETENTION_DAYS = Math.max(...LOG_RETENTION_DAYS);
/** Expired rows of a shorter retention are deleted this many at a time, so no statement holds locks for long. */
const DELETE_BATCH = 10_000;

/**
 * Enforces the organisations' log retention at `now` (the reads already hide what it removes):
 * the months ahead are made ready; every month of `api_logs` that ended before the longest
 * retention began is detached CONCURRENTLY and dropped whole (no row-by-row delete for the bulk
 * of the data); then the rows past a shorter retention, and strays of the catch-alls past the
 * longest, are deleted in batches on the organisation's index. Returns the months dropped and the
 * rows deleted.
 */
export async function enforceRetention(db: Database, now: Date): Promise<{ droppedMonths: Month[]; deletedRows: number }> {
  const pool = poolOf(db);
  await ensurePartitions(pool, now, API_LOGS);
  // A month is dropped only once its last instant is older than the longest retention.
  const droppedMonths = await dropMonthsBefore(pool, API_LOGS, monthOf(new Date(now.getTime() - LONGEST_RETENTION_DAYS * DAY_MS)));
  const deleteBatches = async (where: string, values: unknown[]) => {
    let deleted = 0;
    for (;;) {
      const { rowCount } = await pool.query(
        `delete from api_logs where (id, created_at) in (select id, created_at from api_logs where ${where} limit ${DELETE_BATCH})`,
        values,
      );
      deleted += rowCount ?? 0;
      if ((rowCount ?? 0) < DELETE_BATCH) return deleted;
    }
  };
  let deletedRows = await deleteBatches('created_at < $1::timestamptz', [new Date(now.getTime() - LONGEST_RETENTION_DAYS * DAY_MS)]);
  const shorter = await db
    .select({ id: organisations.id, days: organisations.logRetentionDays })
    .from(organisations)
    .where(lt(organisations.logRetentionDays, LONGEST_RETENTION_DAYS));
  for (const organisation of shorter) {
    deletedRows += await deleteBatches('organisation_id = $1::uuid and created_at < $2::timestamptz', [
      organisation.id,
      new Date(now.getTime() - organisation.days * DAY_MS),
    ]);
  }
  return { droppedMonths, deletedRows };
}
