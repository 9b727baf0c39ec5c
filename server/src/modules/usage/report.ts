import type pg from 'pg';
import { addDays, csvLine, REPORT_CSV_COLUMNS, ROLLUP_TIME_ZONE, rollupDayOf, type ReportFilter, type ReportRow } from '@verigate/contracts';
import { zonedMidnight } from './zones.js';

/**
 * The report's SQL over `transactions` (docs/decisions/0014-reports-at-scale.md). Every statement
 * starts from `organisation_id = $1`: whatever else a filter names (another organisation's app,
 * request id or product), only the organisation's own rows can match. Rows are ordered newest
 * first, ties by id, exactly as the indexes `transactions_org_*_recent_idx` are; a page is found
 * on the index alone (ids and timestamps) and only its rows are read from the table.
 */

export interface TimeRange {
  from: Date;
  to: Date;
}

/** The instants a report's days cover in its zone: from the first day's midnight to the midnight after the last. */
export function reportRange(filter: Pick<ReportFilter, 'start_date' | 'end_date' | 'tz'>): TimeRange | null {
  if (filter.start_date === undefined || filter.end_date === undefined) return null;
  return { from: zonedMidnight(filter.start_date, filter.tz), to: zonedMidnight(addDays(filter.end_date, 1), filter.tz) };
}

type Filter = Omit<ReportFilter, 'page_no' | 'per_page' | 'tz' | 'start_date' | 'end_date'>;

interface Where {
  text: string;
  values: unknown[];
}

function where(organisationId: string, filter: Filter, range: TimeRange | null): Where {
  const values: unknown[] = [organisationId];
  const clauses = ['organisation_id = $1'];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (range) clauses.push(`request_timestamp >= ${bind(range.from)} and request_timestamp < ${bind(range.to)}`);
  if (filter.id !== undefined) {
    const id = bind(filter.id);
    clauses.push(`(id = ${id}::uuid or task_id = ${id}::uuid or group_id = ${id}::uuid)`);
  }
  // One product is an equality, so the product index returns it in order; several are a list.
  if (filter.product_arn?.length === 1) clauses.push(`product_arn = ${bind(filter.product_arn[0])}`);
  else if (filter.product_arn) clauses.push(`product_arn = any(${bind(filter.product_arn)}::text[])`);
  if (filter.app_id !== undefined) clauses.push(`app_id = ${bind(filter.app_id)}::uuid`);
  if (filter.env !== undefined) clauses.push(`env = ${bind(filter.env)}`);
  if (filter.txn_status !== undefined) clauses.push(`status = ${bind(filter.txn_status)}`);
  if (filter.charge_type !== undefined) clauses.push(`billable = ${bind(filter.charge_type === 'BILLABLE')}`);
  return { text: clauses.join(' and '), values };
}

const ORDER = 'request_timestamp desc nulls last, id desc nulls last';

/**
 * An instant as local time of the zone `tz` (a bound parameter) with its offset, to the
 * millisecond: 2026-11-23T09:15:02.123+05:30. Written by PostgreSQL, so that a page and an export
 * of millions of rows format alike and the export's rows cost the server no parsing of dates.
 */
export function zoned(column: string, tz: string): string {
  const local = `(${column} at time zone ${tz})`;
  const utc = `(${column} at time zone 'UTC')`;
  return `(to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS.MS') || case when ${local} < ${utc} then '-' || to_char(${utc} - ${local}, 'HH24:MI') else '+' || to_char(${local} - ${utc}, 'HH24:MI') end)`;
}

/** The report row's fields (seed 001 §3) as SQL over the table alias `t`, in the CSV's column order. */
function fields(tz: string): Record<keyof ReportRow, string> {
  return {
    id: 't.id::text',
    product: 't.product_arn',
    product_version: 't.product_version',
    request_timestamp: zoned('t.request_timestamp', tz),
    response_timestamp: zoned('t.response_timestamp', tz),
    response_code: 't.response_code',
    status: 't.status',
    env: 't.env',
    task_id: 't.task_id::text',
    app_id: 't.app_id::text',
    group_id: 't.group_id::text',
    client_ip: 't.client_ip',
  };
}

const selectRow = (tz: string) =>
  Object.entries(fields(tz))
    .map(([name, value]) => `${value} as ${name}`)
    .join(', ');

/** Report rows as CSV lines, the columns in REPORT_CSV_COLUMNS order; the product is the path a caller chose, written as text. */
const csvLines = (rows: readonly ReportRow[]) => rows.map((row) => csvLine(REPORT_CSV_COLUMNS.map((column) => row[column]))).join('');

/** The CSV's first line: the report row's field names. */
export const CSV_HEADER = csvLine(REPORT_CSV_COLUMNS);

/**
 * The SQL of one page: the page's keys from an index (an index-only scan, newest first), then
 * those rows from the table. Exported for EXPLAIN.
 */
export function pageQuery(organisationId: string, filter: Filter, range: TimeRange | null, timeZone: string, offset: number, limit: number): Where {
  const { text, values } = where(organisationId, filter, range);
  values.push(timeZone, offset, limit);
  const [tz, offsetParam, limitParam] = [`$${values.length - 2}::text`, `$${values.length - 1}`, `$${values.length}`];
  return {
    text: `select ${selectRow(tz)}
      from (select id, request_timestamp from transactions where ${text} order by ${ORDER} offset ${offsetParam} limit ${limitParam}) page
      join transactions t on t.id = page.id and t.request_timestamp = page.request_timestamp
      order by t.request_timestamp desc nulls last, t.id desc nulls last`,
    values,
  };
}

export async function readPage(
  pool: pg.Pool,
  organisationId: string,
  filter: Filter,
  range: TimeRange | null,
  timeZone: string,
  offset: number,
  limit: number,
): Promise<ReportRow[]> {
  const { rows } = await pool.query<ReportRow>(pageQuery(organisationId, filter, range, timeZone, offset, limit));
  return rows;
}

/** One page as CSV lines (no header). */
export async function pageCsv(
  pool: pg.Pool,
  organisationId: string,
  filter: Filter,
  range: TimeRange | null,
  timeZone: string,
  offset: number,
  limit: number,
): Promise<{ text: string; rows: number }> {
  const rows = await readPage(pool, organisationId, filter, range, timeZone, offset, limit);
  return { text: csvLines(rows), rows: rows.length };
}

async function countDirect(pool: pg.Pool, organisationId: string, filter: Filter, range: TimeRange | null): Promise<number> {
  const { text, values } = where(organisationId, filter, range);
  const { rows } = await pool.query<{ total: string }>(`select count(*) as total from transactions where ${text}`, values);
  return Number(rows[0]!.total);
}

/** What a rollup row contributes for a charge type and status: its four counts cover every combination. */
function rollupMeasure(filter: Filter): string {
  const billable = filter.charge_type;
  const status = filter.txn_status;
  if (billable === undefined && status === undefined) return 'calls';
  if (status === undefined) return billable === 'BILLABLE' ? 'billable' : 'calls - billable';
  if (billable === undefined) return status === 'SUCCESS' ? 'success' : 'calls - success';
  if (billable === 'BILLABLE') return status === 'SUCCESS' ? 'billable_success' : 'billable - billable_success';
  return status === 'SUCCESS' ? 'success - billable_success' : 'calls - billable - success + billable_success';
}

async function countFromRollups(pool: pg.Pool, organisationId: string, filter: Filter, fromDay: string, toDay: string): Promise<number> {
  const values: unknown[] = [organisationId, fromDay, toDay];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const clauses = ['organisation_id = $1', 'day >= $2::date', 'day < $3::date'];
  if (filter.app_id !== undefined) clauses.push(`app_id = ${bind(filter.app_id)}::uuid`);
  if (filter.product_arn) clauses.push(`product_arn = any(${bind(filter.product_arn)}::text[])`);
  if (filter.env !== undefined) clauses.push(`env = ${bind(filter.env)}`);
  const table = filter.app_id === undefined ? 'usage_daily' : 'usage_daily_by_app';
  const { rows } = await pool.query<{ total: string | null }>(
    `select sum(${rollupMeasure(filter)}) as total from ${table} where ${clauses.join(' and ')}`,
    values,
  );
  return Number(rows[0]!.total ?? 0);
}

/**
 * How many rows the filter matches. A Search ID matches a handful of rows: they are counted. Any
 * other filter is a range of days: the whole India Standard Time days inside it are summed from the
 * daily rollups, and only the part-days at its ends (when the report's zone is not India's) are
 * counted from `transactions` — at most two days of rows, whatever the range.
 */
export async function countRows(pool: pg.Pool, organisationId: string, filter: Filter, range: TimeRange | null): Promise<number> {
  if (filter.id !== undefined || range === null) return countDirect(pool, organisationId, filter, range);
  let firstDay = rollupDayOf(range.from);
  if (zonedMidnight(firstDay, ROLLUP_TIME_ZONE) < range.from) firstDay = addDays(firstDay, 1);
  const endDay = rollupDayOf(range.to);
  const wholeFrom = zonedMidnight(firstDay, ROLLUP_TIME_ZONE);
  const wholeTo = zonedMidnight(endDay, ROLLUP_TIME_ZONE);
  if (wholeFrom >= wholeTo) return countDirect(pool, organisationId, filter, range);
  const [whole, head, tail] = await Promise.all([
    countFromRollups(pool, organisationId, filter, firstDay, endDay),
    wholeFrom > range.from ? countDirect(pool, organisationId, filter, { from: range.from, to: wholeFrom }) : 0,
    range.to > wholeTo ? countDirect(pool, organisationId, filter, { from: wholeTo, to: range.to }) : 0,
  ]);
  return whole + head + tail;
}

/**
 * Every row of the filter as CSV lines, newest first, in batches of `batchSize`: each batch
 * continues after the last row of the one before (keyset, on the same index as the pages), so
 * memory holds one batch and no transaction stays open however long the export takes.
 */
export async function* csvBatches(
  pool: pg.Pool,
  organisationId: string,
  filter: Filter,
  range: TimeRange | null,
  timeZone: string,
  batchSize: number,
): AsyncGenerator<string> {
  const base = where(organisationId, filter, range);
  // The cursor keeps the timestamp as PostgreSQL wrote it: a JavaScript Date drops microseconds.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const values = [...base.values, timeZone];
    const tz = `$${values.length}::text`;
    let text = base.text;
    if (after) {
      values.push(after.at, after.id);
      text += ` and (request_timestamp, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
    }
    values.push(batchSize);
    const { rows } = await pool.query<ReportRow & { cursor_at: string }>(
      `select ${selectRow(tz)}, t.request_timestamp::text as cursor_at
       from transactions t where ${text} order by ${ORDER} limit $${values.length}`,
      values,
    );
    if (rows.length > 0) yield csvLines(rows);
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { at: last.cursor_at, id: last.id };
  }
}
