import type pg from 'pg';
import { productByArn } from '@verigate/catalog';
import { addRollupCounts, ROLLUP_COUNT_COLUMNS, ROLLUP_COUNTS, ROLLUP_DAY, ROLLUP_SUMS } from '../../db/rollup-columns.js';
import { addDays, daysBetween, previousPeriod, type DateRange, type TransactionStatsRow, type UsagePoint } from '@verigate/contracts';

/**
 * The dashboard's figures, read from the daily rollups only (usage_daily per organisation, day,
 * product and environment; usage_daily_by_app the same per app), summed over the writer slots
 * that added to them. Past days are folded into one row per key (foldRollupSlots), so a range of
 * 120 days for one organisation is about 120 × products × 2 rows, whatever the number of calls.
 */

export interface UsageSeries {
  usage: UsagePoint[];
  total: number;
  previousTotal: number;
}

/** Calls per day of the range (every day, zero included), and the totals of the range and of the period before it. */
export async function usageSeries(pool: pg.Pool, organisationId: string, range: DateRange, arn: string | undefined): Promise<UsageSeries> {
  const previous = previousPeriod(range);
  const values: unknown[] = [organisationId, previous.start_date, range.end_date];
  if (arn !== undefined) values.push(arn);
  const { rows } = await pool.query<{ day: string; calls: string }>(
    `select to_char(day, 'YYYY-MM-DD') as day, sum(calls) as calls from usage_daily
     where organisation_id = $1 and day >= $2::date and day <= $3::date${arn !== undefined ? ' and product_arn = $4' : ''}
     group by day`,
    values,
  );
  const byDay = new Map(rows.map((row) => [row.day, Number(row.calls)]));
  const usage: UsagePoint[] = [];
  for (let offset = 0; offset <= daysBetween(range.start_date, range.end_date); offset += 1) {
    const date = addDays(range.start_date, offset);
    usage.push({ date, transaction_count: byDay.get(date) ?? 0 });
  }
  const total = usage.reduce((sum, point) => sum + point.transaction_count, 0);
  const previousTotal = rows.filter((row) => row.day < range.start_date).reduce((sum, row) => sum + Number(row.calls), 0);
  return { usage, total, previousTotal };
}

/** Per product over the range, for one app and environment or all: credits spent and calls by charge and outcome. */
export async function statsByProduct(
  pool: pg.Pool,
  organisationId: string,
  range: DateRange,
  filter: { app_id?: string | undefined; env?: string | undefined },
): Promise<TransactionStatsRow[]> {
  const values: unknown[] = [organisationId, range.start_date, range.end_date];
  const clauses = ['organisation_id = $1', 'day >= $2::date', 'day <= $3::date'];
  if (filter.app_id !== undefined) {
    values.push(filter.app_id);
    clauses.push(`app_id = $${values.length}::uuid`);
  }
  if (filter.env !== undefined) {
    values.push(filter.env);
    clauses.push(`env = $${values.length}`);
  }
  const { rows } = await pool.query<{ product_arn: string; test_credits: string; billable: string; success: string; failure: string }>(
    `select product_arn, sum(test_credits) as test_credits, sum(billable) as billable, sum(success) as success, sum(calls - success) as failure
     from ${filter.app_id === undefined ? 'usage_daily' : 'usage_daily_by_app'}
     where ${clauses.join(' and ')}
     group by product_arn order by product_arn`,
    values,
  );
  return rows.map((row) => ({
    product_arn: row.product_arn,
    product_name: productByArn(row.product_arn)?.name ?? row.product_arn,
    test_credits: Number(row.test_credits),
    billable_txn_count: Number(row.billable),
    success_txn_count: Number(row.success),
    failure_txn_count: Number(row.failure),
  }));
}

/** Every call the organisation made, as long as its month is kept. */
export async function totalCalls(pool: pg.Pool, organisationId: string): Promise<number> {
  const { rows } = await pool.query<{ total: string | null }>('select sum(calls) as total from usage_daily where organisation_id = $1', [organisationId]);
  return Number(rows[0]!.total ?? 0);
}

/** One rollup table's rows of the days before $1 in writer slots folded into slot 0 of their key. */
const foldSlots = (table: string, key: string) => `with moved as (
  delete from ${table} where day < $1::date and slot <> 0
  returning ${key}, ${ROLLUP_COUNT_COLUMNS}
)
insert into ${table} as u (${key}, slot, ${ROLLUP_COUNT_COLUMNS})
select ${key}, 0, ${ROLLUP_SUMS} from moved group by ${key} order by ${key}
on conflict (${key}, slot) do update set ${addRollupCounts('u')}`;

/**
 * Folds the rollup rows that the gateway's writer slots added to, for the days before `beforeDay`,
 * into one row per key (slot 0), in one transaction: the slots keep instances from queueing on one
 * row while a day is written, and once it is over one row per key is cheaper to read. Readers sum
 * the slots, so they count the same before, during and after. Returns how many keys were folded into.
 */
export async function foldRollupSlots(pool: pg.Pool, beforeDay: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const byApp = await client.query(foldSlots('usage_daily_by_app', 'organisation_id, app_id, day, product_arn, env'), [beforeDay]);
    const daily = await client.query(foldSlots('usage_daily', 'organisation_id, day, product_arn, env'), [beforeDay]);
    await client.query('commit');
    return (byApp.rowCount ?? 0) + (daily.rowCount ?? 0);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Rebuilds an organisation's rollups from its rows, in one transaction: for rows that reached
 * `transactions` without the gateway (a bulk load, an import, a repair), while the organisation makes
 * no calls: a call recorded during the rebuild could be counted twice.
 */
export async function rebuildRollups(pool: pg.Pool, organisationId: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('delete from usage_daily_by_app where organisation_id = $1', [organisationId]);
    await client.query('delete from usage_daily where organisation_id = $1', [organisationId]);
    await client.query(
      `insert into usage_daily (organisation_id, day, product_arn, env, ${ROLLUP_COUNT_COLUMNS})
       select organisation_id, ${ROLLUP_DAY}, product_arn, env, ${ROLLUP_COUNTS} from transactions where organisation_id = $1 group by 1, 2, 3, 4`,
      [organisationId],
    );
    await client.query(
      `insert into usage_daily_by_app (organisation_id, app_id, day, product_arn, env, ${ROLLUP_COUNT_COLUMNS})
       select organisation_id, app_id, ${ROLLUP_DAY}, product_arn, env, ${ROLLUP_COUNTS} from transactions where organisation_id = $1 and app_id is not null group by 1, 2, 3, 4, 5`,
      [organisationId],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
