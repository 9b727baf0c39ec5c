import type pg from 'pg';
import { ROLLUP_TIME_ZONE } from '@verigate/contracts';

/**
 * The monthly partitions of `transactions` (docs/decisions/0014-reports-at-scale.md). A month is an
 * India Standard Time calendar month, the same days the rollups count, so retiring a month removes
 * whole rollup days. `transactions_before` and `transactions_after` catch rows outside the months
 * (a clock far off, maintenance stopped for months); they are range partitions to MINVALUE and
 * MAXVALUE rather than a DEFAULT partition because PostgreSQL refuses DETACH … CONCURRENTLY while
 * a DEFAULT partition exists.
 *
 * Nothing here takes a lock that stops writes: a new month is created as a plain table and
 * ATTACHed (SHARE UPDATE EXCLUSIVE on `transactions`), the after-catch-all is moved out of its way
 * with DETACH … CONCURRENTLY, and an old month leaves the same way.
 */

/** Months kept ready ahead of the current one. */
const MONTHS_AHEAD = 3;

/** A table partitioned this way: its name and the instant column its months are ranges of. */
export interface PartitionedTable {
  parent: 'transactions' | 'api_logs';
  column: 'request_timestamp' | 'created_at';
}
export const TRANSACTIONS: PartitionedTable = { parent: 'transactions', column: 'request_timestamp' };
export const API_LOGS: PartitionedTable = { parent: 'api_logs', column: 'created_at' };
/**
 * A month's table is vacuumed after 1 % of it was inserted, not the default 20 %: the vacuum sets
 * the visibility map that lets report pages be read from the index alone, recent days included.
 */
const MONTH_STORAGE = 'autovacuum_vacuum_insert_scale_factor = 0.01';
/** One maintenance at a time across instances (a session-level advisory lock). */
const MAINTENANCE_LOCK = 727_114;

/** A month as 'YYYY-MM'. */
export type Month = string;

const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;
const isMonth = (text: string): boolean => MONTH_PATTERN.test(text) && Number(text.slice(5)) >= 1 && Number(text.slice(5)) <= 12;

export function addMonths(month: Month, count: number): Month {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The India Standard Time month of an instant. */
export function monthOf(instant: Date): Month {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ROLLUP_TIME_ZONE, year: 'numeric', month: '2-digit' }).formatToParts(instant);
  return `${parts.find((part) => part.type === 'year')!.value}-${parts.find((part) => part.type === 'month')!.value}`;
}

export const partitionName = (month: Month, table: PartitionedTable = TRANSACTIONS) => `${table.parent}_p${month.replace('-', '_')}`;
/** The first instant of the month, as a literal PostgreSQL reads in any session zone. */
const monthStart = (month: Month) => `${month}-01 00:00:00+05:30`;

type Side = 'before' | 'after';
const catchAllOf = (table: PartitionedTable, side: Side) => `${table.parent}_${side}`;

interface CatchAll {
  exists: boolean;
  attached: boolean;
  /** A DETACH … CONCURRENTLY of it began and did not finish. */
  pending: boolean;
}

interface Layout {
  months: Month[];
  before: CatchAll;
  after: CatchAll;
}

async function layout(client: pg.PoolClient, table: PartitionedTable): Promise<Layout> {
  const prefix = `${table.parent}_p`;
  const { rows } = await client.query<{ name: string; attached: boolean; pending: boolean }>(
    `select c.relname as name, i.inhrelid is not null as attached, coalesce(i.inhdetachpending, false) as pending
     from pg_class c
     left join pg_inherits i on i.inhrelid = c.oid and i.inhparent = $1::regclass
     where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace and (starts_with(c.relname, $3::text) or c.relname = any($2::text[]))`,
    [table.parent, [catchAllOf(table, 'before'), catchAllOf(table, 'after')], prefix],
  );
  const catchAll = (side: Side): CatchAll => {
    const row = rows.find((candidate) => candidate.name === catchAllOf(table, side));
    return { exists: row !== undefined, attached: row?.attached ?? false, pending: row?.pending ?? false };
  };
  const months = rows
    .filter((row) => row.name.startsWith(prefix) && row.attached && !row.pending)
    .map((row) => row.name.slice(prefix.length).replace('_', '-'))
    .filter(isMonth)
    .sort();
  return { months, before: catchAll('before'), after: catchAll('after') };
}

async function withMaintenanceLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MAINTENANCE_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MAINTENANCE_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Gives `months` (adjacent to the catch-all of `side`) partitions of their own. The catch-all
 * covers [end of the last month, MAXVALUE) or [MINVALUE, start of the first): it leaves with
 * DETACH … CONCURRENTLY, its rows of those months move into them, the months are attached, and it
 * comes back with its bound moved past them. A detach an earlier run began is finished first.
 * Between its detach and its return a row stamped beyond every month has no partition: the months
 * being created are ahead of the clock (or behind it), so live calls never land there.
 */
async function split(
  client: pg.PoolClient,
  table: PartitionedTable,
  side: Side,
  state: CatchAll,
  months: Month[],
  bound: { first: Month; last: Month },
): Promise<void> {
  const { parent: parent, column } = table;
  const catchAll = catchAllOf(table, side);
  if (state.pending) await client.query(`alter table ${parent} detach partition ${catchAll} finalize`);
  else if (state.attached) await client.query(`alter table ${parent} detach partition ${catchAll} concurrently`);
  await client.query('begin');
  try {
    await client.query("set local lock_timeout = '5s'");
    if (!state.exists) await client.query(`create table ${catchAll} (like ${parent} including defaults)`);
    for (const month of months) {
      const name = partitionName(month, table);
      const [from, to] = [monthStart(month), monthStart(addMonths(month, 1))];
      await client.query(`create table ${name} (like ${parent} including defaults) with (${MONTH_STORAGE})`);
      await client.query(
        `with moved as (delete from ${catchAll} where ${column} >= $1 and ${column} < $2 returning *) insert into ${name} select * from moved`,
        [from, to],
      );
      await client.query(`alter table ${parent} attach partition ${name} for values from ('${from}') to ('${to}')`);
    }
    const edge = side === 'after' ? monthStart(addMonths(bound.last, 1)) : monthStart(bound.first);
    // A CHECK constraint that implies the bound lets ATTACH skip its validating scan.
    await client.query(`alter table ${catchAll} drop constraint if exists ${catchAll}_bound`);
    await client.query(`alter table ${catchAll} add constraint ${catchAll}_bound check (${column} ${side === 'after' ? '>=' : '<'} '${edge}')`);
    const range = side === 'after' ? `from ('${edge}') to (maxvalue)` : `from (minvalue) to ('${edge}')`;
    await client.query(`alter table ${parent} attach partition ${catchAll} for values ${range}`);
    await client.query(`alter table ${catchAll} drop constraint ${catchAll}_bound`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

const monthsBetween = (first: Month, last: Month): Month[] => {
  const months: Month[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month);
  return months;
};

/**
 * Makes every month from `first` to `last` a partition of its own, extending the months at either
 * end (a month inside the range that was retired stays retired); returns the months it created.
 */
export async function ensureMonths(pool: pg.Pool, first: Month, last: Month, table: PartitionedTable = TRANSACTIONS): Promise<Month[]> {
  return withMaintenanceLock(pool, async (client) => {
    const state = await layout(client, table);
    const oldest = state.months[0];
    const newest = state.months.at(-1);
    if (oldest === undefined || newest === undefined) throw new Error(`${table.parent} has no monthly partition`);
    const earlier = first < oldest ? monthsBetween(first, addMonths(oldest, -1)) : [];
    const later = last > newest ? monthsBetween(addMonths(newest, 1), last) : [];
    if (earlier.length > 0 || !state.before.attached || state.before.pending) {
      await split(client, table, 'before', state.before, earlier, { first: earlier[0] ?? oldest, last: newest });
    }
    if (later.length > 0 || !state.after.attached || state.after.pending) {
      await split(client, table, 'after', state.after, later, { first: oldest, last: later.at(-1) ?? newest });
    }
    return [...earlier, ...later];
  });
}

/** Keeps every month from the current one to MONTHS_AHEAD ahead a partition of its own; returns the months it created. */
export const ensurePartitions = (pool: pg.Pool, now: Date, table: PartitionedTable = TRANSACTIONS): Promise<Month[]> =>
  ensureMonths(pool, monthOf(now), addMonths(monthOf(now), MONTHS_AHEAD), table);

/** The months that are partitions of their own, oldest first. */
export async function listMonths(pool: pg.Pool, table: PartitionedTable = TRANSACTIONS): Promise<Month[]> {
  const client = await pool.connect();
  try {
    return (await layout(client, table)).months;
  } finally {
    client.release();
  }
}

/** Detaches a month's partition with DETACH … CONCURRENTLY (or finishes one an earlier run began). */
async function detachMonth(client: pg.PoolClient, table: PartitionedTable, month: Month): Promise<void> {
  const name = partitionName(month, table);
  const { rows } = await client.query<{ pending: boolean }>(
    'select i.inhdetachpending as pending from pg_inherits i where i.inhrelid = to_regclass($1) and i.inhparent = $2::regclass',
    [name, table.parent],
  );
  if (rows[0]?.pending) await client.query(`alter table ${table.parent} detach partition ${name} finalize`);
  else if (rows[0]) await client.query(`alter table ${table.parent} detach partition ${name} concurrently`);
}

/**
 * Retires a month: DETACH … CONCURRENTLY (writes to every other month go on; the command waits
 * for the queries that use `transactions` to finish, never blocks new ones), then the month's
 * rollup days are deleted so that totals keep matching the rows, and the detached table is
 * dropped unless `keep` (to archive it first). The month's API Logs go with it, detached and
 * dropped or kept alike: API Logs find a task or group id through `transactions`, so without their
 * month they could be found by request id only. The current month and later are refused.
 */
export async function retireMonth(pool: pg.Pool, month: Month, now: Date, { keep = false }: { keep?: boolean } = {}): Promise<void> {
  if (!isMonth(month)) throw new Error(`not a month: ${month}`);
  if (month >= monthOf(now)) throw new Error('only a past month can be retired');
  await withMaintenanceLock(pool, async (client) => {
    await detachMonth(client, TRANSACTIONS, month);
    await detachMonth(client, API_LOGS, month);
    const [from, to] = [`${month}-01`, `${addMonths(month, 1)}-01`];
    await client.query('begin');
    try {
      await client.query('delete from usage_daily_by_app where day >= $1 and day < $2', [from, to]);
      await client.query('delete from usage_daily where day >= $1 and day < $2', [from, to]);
      if (!keep) await client.query(`drop table if exists ${partitionName(month)}, ${partitionName(month, API_LOGS)}`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Drops every month of `table` that ends before `firstKept` starts, whole: each is detached
 * CONCURRENTLY (writes and reads of the other months go on) and dropped. Returns the months dropped.
 * For tables without rollups (api_logs); `transactions` months leave through retireMonth.
 */
export async function dropMonthsBefore(pool: pg.Pool, table: PartitionedTable, firstKept: Month): Promise<Month[]> {
  if (!isMonth(firstKept)) throw new Error(`not a month: ${firstKept}`);
  return withMaintenanceLock(pool, async (client) => {
    const { months } = await layout(client, table);
    const old = months.filter((month) => month < firstKept);
    for (const month of old) {
      await detachMonth(client, table, month);
      await client.query(`drop table if exists ${partitionName(month, table)}`);
    }
    return old;
  });
}
