import type pg from 'pg';
import { addDays, ROLLUP_TIME_ZONE, todayIn, type ReportFilter, type ReportRow } from '@verigate/contracts';
import { zonedMidnight, zonedTimestamp } from './zones.js';

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
const COLUMNS = [
  'id',
  'product_arn',
  'product_version',
  'request_timestamp',
  'response_timestamp',
  'response_code',
  'status',
  'env',
  'task_id',
  'app_id',
  'group_id',
  'client_ip',
];

export interface StoredRow {
  id: string;
  product_arn: string;
  product_version: string;
  request_timestamp: Date;
  response_timestamp: Date;
  response_code: number | null;
  status: ReportRow['status'];
  env: ReportRow['env'];
  task_id: string;
  app_id: string | null;
  group_id: string;
  client_ip: string;
}

export function reportRow(row: StoredRow, timeZone: string): ReportRow {
  return {
    id: row.id,
    product: row.product_arn,
    product_version: row.product_version,
    request_timestamp: zonedTimestamp(row.request_timestamp, timeZone),
    response_timestamp: zonedTimestamp(row.response_timestamp, timeZone),
    response_code: row.response_code,
    status: row.status,
    env: row.env,
    task_id: row.task_id,
    app_id: row.app_id,
    group_id: row.group_id,
    client_ip: row.client_ip,
  };
}

/** The SQL of one page: the page's keys from an index, then those rows. Exported for EXPLAIN in tests and the bench. */
export function pageQuery(organisationId: string, filter: Filter, range: TimeRange | null, offset: number, limit: number): Where {
  const { text, values } = where(organisationId, filter, range);
  values.push(offset, limit);
  return {
    text: `select ${COLUMNS.map((column) => `t.${column}`).join(', ')}
      from (select id, request_timestamp from transactions where ${text} order by ${ORDER} offset $${values.length - 1} limit $${values.length}) page
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
  offset: number,
  limit: number,
): Promise<StoredRow[]> {
  const { rows } = await pool.query<StoredRow>(pageQuery(organisationId, filter, range, offset, limit));
  return rows;
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
  let firstDay = todayIn(ROLLUP_TIME_ZONE, range.from);
  if (zonedMidnight(firstDay, ROLLUP_TIME_ZONE) < range.from) firstDay = addDays(firstDay, 1);
  const endDay = todayIn(ROLLUP_TIME_ZONE, range.to);
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
 * Every row of the filter, newest first, in batches of `batchSize`: each batch continues after the
 * last row of the one before (keyset), so memory holds one batch and no transaction stays open.
 */
export async function* allRows(pool: pg.Pool, organisationId: string, filter: Filter, range: TimeRange | null, batchSize: number): AsyncGenerator<StoredRow[]> {
  const base = where(organisationId, filter, range);
  // The cursor keeps the timestamp as PostgreSQL wrote it: a JavaScript Date drops microseconds.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const values = [...base.values];
    let text = base.text;
    if (after) {
      values.push(after.at, after.id);
      text += ` and (request_timestamp, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
    }
    values.push(batchSize);
    const { rows } = await pool.query<StoredRow & { cursor: string }>(
      `select ${COLUMNS.join(', ')}, request_timestamp::text as cursor from transactions where ${text} order by ${ORDER} limit $${values.length}`,
      values,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { at: last.cursor, id: last.id };
  }
}
