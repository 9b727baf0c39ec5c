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
export const MONTHS_AHEAD = 3;
const PARENT = 'transactions';
const AFTER = 'transactions_after';
/** One maintenance at a time across instances (a session-level advisory lock). */
const MAINTENANCE_LOCK = 727_114;

/** A month as 'YYYY-MM'. */
export type Month = string;

const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;
export const isMonth = (text: string): boolean => MONTH_PATTERN.test(text) && Number(text.slice(5)) >= 1 && Number(text.slice(5)) <= 12;

export function addMonths(month: Month, count: number): Month {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The India Standard Time month of an instant. */
export function monthOf(instant: Date): Month {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ROLLUP_TIME_ZONE, year: 'numeric', month: '2-digit' }).formatToParts(instant);
  return `${parts.find((part) => part.type === 'year')!.value}-${parts.find((part) => part.type === 'month')!.value}`;
}

export const partitionName = (month: Month) => `transactions_p${month.replace('-', '_')}`;
/** The first instant of the month, as a literal PostgreSQL reads in any session zone. */
const monthStart = (month: Month) => `${month}-01 00:00:00+05:30`;

interface Layout {
  months: Month[];
  afterAttached: boolean;
  /** A DETACH … CONCURRENTLY of the after-catch-all began and did not finish. */
  afterPending: boolean;
  afterExists: boolean;
}

async function layout(client: pg.PoolClient): Promise<Layout> {
  const { rows } = await client.query<{ name: string; attached: boolean; pending: boolean }>(
    `select c.relname as name, i.inhrelid is not null as attached, coalesce(i.inhdetachpending, false) as pending
     from pg_class c
     left join pg_inherits i on i.inhrelid = c.oid and i.inhparent = $1::regclass
     where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace and (c.relname like 'transactions\\_p%' or c.relname = $2)`,
    [PARENT, AFTER],
  );
  const after = rows.find((row) => row.name === AFTER);
  const months = rows
    .filter((row) => row.name !== AFTER && row.attached && !row.pending)
    .map((row) => row.name.slice('transactions_p'.length).replace('_', '-'))
    .filter(isMonth)
    .sort();
  return { months, afterAttached: after?.attached ?? false, afterPending: after?.pending ?? false, afterExists: after !== undefined };
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
 * Makes every month from the current one to MONTHS_AHEAD ahead a partition of its own; returns the
 * months it created. Rows the after-catch-all holds for those months move into them.
 */
export async function ensurePartitions(pool: pg.Pool, now: Date): Promise<Month[]> {
  return withMaintenanceLock(pool, async (client) => {
    const current = monthOf(now);
    const target = addMonths(current, MONTHS_AHEAD);
    const state = await layout(client);
    const last = state.months.at(-1);
    if (last === undefined) throw new Error('transactions has no monthly partition');
    if (last >= target && state.afterAttached && !state.afterPending) return [];

    // The after-catch-all covers [end of last month, MAXVALUE): it leaves while the months it
    // overlaps are attached, and comes back after them. A detach an earlier run began is finished.
    if (state.afterPending) await client.query(`alter table ${PARENT} detach partition ${AFTER} finalize`);
    else if (state.afterAttached) await client.query(`alter table ${PARENT} detach partition ${AFTER} concurrently`);

    const created: Month[] = [];
    await client.query('begin');
    try {
      await client.query("set local lock_timeout = '5s'");
      if (!state.afterExists) await client.query(`create table ${AFTER} (like ${PARENT} including defaults)`);
      for (let month = addMonths(last, 1); month <= target; month = addMonths(month, 1)) {
        const name = partitionName(month);
        const [from, to] = [monthStart(month), monthStart(addMonths(month, 1))];
        await client.query(`create table ${name} (like ${PARENT} including defaults)`);
        await client.query(
          `with moved as (delete from ${AFTER} where request_timestamp >= $1 and request_timestamp < $2 returning *) insert into ${name} select * from moved`,
          [from, to],
        );
        await client.query(`alter table ${PARENT} attach partition ${name} for values from ('${from}') to ('${to}')`);
        created.push(month);
      }
      const end = monthStart(addMonths(target > last ? target : last, 1));
      // A CHECK constraint that implies the bound lets ATTACH skip its validating scan.
      await client.query(`alter table ${AFTER} drop constraint if exists transactions_after_bound`);
      await client.query(`alter table ${AFTER} add constraint transactions_after_bound check (request_timestamp >= '${end}')`);
      await client.query(`alter table ${PARENT} attach partition ${AFTER} for values from ('${end}') to (maxvalue)`);
      await client.query(`alter table ${AFTER} drop constraint transactions_after_bound`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    return created;
  });
}

/** The months that are partitions of their own, oldest first. */
export async function listMonths(pool: pg.Pool): Promise<Month[]> {
  const client = await pool.connect();
  try {
    return (await layout(client)).months;
  } finally {
    client.release();
  }
}

/**
 * Retires a month: DETACH … CONCURRENTLY (writes to every other month go on; the command waits
 * for the queries that use `transactions` to finish, never blocks new ones), then the month's
 * rollup days are deleted so that totals keep matching the rows, and the detached table is
 * dropped unless `keep` (to archive it first). The current month and later are refused.
 */
export async function retireMonth(pool: pg.Pool, month: Month, now: Date, { keep = false }: { keep?: boolean } = {}): Promise<void> {
  if (!isMonth(month)) throw new Error(`not a month: ${month}`);
  if (month >= monthOf(now)) throw new Error('only a past month can be retired');
  await withMaintenanceLock(pool, async (client) => {
    const name = partitionName(month);
    const { rows } = await client.query<{ pending: boolean }>(
      'select i.inhdetachpending as pending from pg_inherits i where i.inhrelid = to_regclass($1) and i.inhparent = $2::regclass',
      [name, PARENT],
    );
    if (rows[0]?.pending) await client.query(`alter table ${PARENT} detach partition ${name} finalize`);
    else if (rows[0]) await client.query(`alter table ${PARENT} detach partition ${name} concurrently`);
    const [from, to] = [`${month}-01`, `${addMonths(month, 1)}-01`];
    await client.query('begin');
    try {
      await client.query('delete from usage_daily_by_app where day >= $1 and day < $2', [from, to]);
      await client.query('delete from usage_daily where day >= $1 and day < $2', [from, to]);
      if (!keep) await client.query(`drop table if exists ${name}`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}
