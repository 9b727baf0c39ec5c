import { webhookRetentionCutoff } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { poolOf } from '../../db/pool.js';

/** Rows deleted per statement, so no statement holds its locks for long. */
const DELETE_BATCH = 1000;

/**
 * Deletes, at `now`, each finished delivery whose last attempt (or creation, if it has none) is
 * older than the retention, with its attempts; then each event older than the retention with no
 * delivery left; then each live call's completion recorded before the retention. A pending
 * delivery is never deleted, nor its event. Batches of `batch` rows, each one short statement;
 * rows are claimed with SKIP LOCKED, so two instances running this at once share the rows instead
 * of waiting on each other, and neither deletes a row twice. Events
 * raised once per thing (a plan's expiry reminder) are due for days, not for the retention's 30:
 * one deleted here is never due again.
 */
export async function enforceWebhookRetention(
  db: Database,
  now: Date,
  batch = DELETE_BATCH,
): Promise<{ deliveries: number; events: number; completions: number }> {
  const pool = poolOf(db);
  const cutoff = webhookRetentionCutoff(now);
  const inBatches = async (statement: string): Promise<number> => {
    let deleted = 0;
    for (;;) {
      const { rowCount } = await pool.query(statement, [cutoff, batch]);
      deleted += rowCount ?? 0;
      if ((rowCount ?? 0) < batch) return deleted;
    }
  };
  // A delivery's attempts are never older than the delivery: created before the cutoff narrows the search.
  const deliveries = await inBatches(`
    delete from webhook_deliveries where id in (
      select d.id from webhook_deliveries d
       where d.outcome <> 'pending' and d.created_at < $1::timestamptz
         and not exists (select 1 from webhook_attempts a where a.delivery_id = d.id and a.attempted_at >= $1::timestamptz)
       order by d.created_at
       limit $2::int
       for update skip locked)`);
  const events = await inBatches(`
    delete from webhook_events where id in (
      select ev.id from webhook_events ev
       where ev.created_at < $1::timestamptz
         and not exists (select 1 from webhook_deliveries d where d.event_id = ev.id)
       order by ev.created_at
       limit $2::int
       for update skip locked)`);
  // A live call's completion is taken only within the retention (gateway/completions.ts): once
  // its record is gone, no callback can raise the event again.
  const completions = await inBatches(`
    delete from live_completions where request_id in (
      select c.request_id from live_completions c
       where c.completed_at < $1::timestamptz
       limit $2::int
       for update skip locked)`);
  return { deliveries, events, completions };
}
