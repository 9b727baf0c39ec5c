import {
  type ApiLogDetail,
  type ApiLogPage,
  type ApiLogSummary,
  dateRangeProblem,
  DAY_MS,
  decodeLogCursor,
  DEFAULT_LOG_RETENTION_DAYS,
  encodeLogCursor,
  type LogRetention,
  type LogRetentionDays,
  LOGS_MESSAGES,
  LOGS_PAGE_SIZE,
  type LogsQuery,
  REPORT_MAX_RANGE_DAYS,
  REPORT_MESSAGES,
  todayIn,
} from '@verigate/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { poolOf } from '../../db/pool.js';
import { organisations } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import { reportRange, zoned } from '../usage/service.js';
import { enforceRetention } from './retention.js';

/**
 * API Logs: the reads of `api_logs` (the gateway writes it, db/api-logs.ts), the
 * organisation's retention setting, and the job that enforces it. A row older than its
 * organisation's retention is never answered, whatever the job has done yet: every read starts
 * from the cutoff `now − retention`.
 */

const RETENTION_QUEUE = 'logs.retention';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Dependencies {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  audit: Audit;
}

interface Row {
  request_id: string;
  created_at: string;
  cursor_at: string;
  product: string;
  app_id: string | null;
  app_name: string | null;
  key_name: string | null;
  key_prefix: string | null;
  client_ip: string;
  env: 'TEST' | 'PRODUCTION';
  http_status: number;
  response_code: number | null;
  billable: boolean;
  amount_paise: string;
  total_latency_ms: number;
  upstream_latency_ms: number | null;
  task_id: string;
  group_id: string;
  request?: unknown;
  response?: unknown;
}

/** The columns of a summary over `l` (api_logs) and `a` (apps); `$tz` is the parameter the zone is bound to. */
const summaryColumns = (tz: string) => `l.id::text as request_id, ${zoned('l.created_at', tz)} as created_at,
  to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
  l.product_arn as product, l.app_id::text as app_id, a.name as app_name, l.key_name, l.key_prefix, l.client_ip, l.env,
  l.http_status, l.response_code, l.billable, l.amount_paise::text as amount_paise, l.total_latency_ms, l.upstream_latency_ms,
  l.task_id::text as task_id, l.group_id::text as group_id`;

const summaryOf = (row: Row): ApiLogSummary => ({
  request_id: row.request_id,
  created_at: row.created_at,
  product: row.product,
  app_id: row.app_id,
  app_name: row.app_name,
  key_name: row.key_name,
  key_prefix: row.key_prefix,
  client_ip: row.client_ip,
  env: row.env,
  http_status: row.http_status,
  response_code: row.response_code,
  billable: row.billable,
  amount_paise: Number(row.amount_paise),
  total_latency_ms: row.total_latency_ms,
  upstream_latency_ms: row.upstream_latency_ms,
  task_id: row.task_id,
  group_id: row.group_id,
});

/**
 * The SQL of a page of GET /api/logs (its next page's first row included, to tell whether there
 * is one): the page is chosen from api_logs alone, newest first by its index, then only its rows
 * are joined to their apps and formatted — formatting every candidate row before the sort cost
 * more than the search itself.
 */
export function logsPageQuery(organisationId: string, query: LogsQuery, cutoff: Date): { text: string; values: unknown[] } {
  const values: unknown[] = [organisationId, cutoff, query.tz];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ['l.organisation_id = $1::uuid', 'l.created_at >= $2::timestamptz'];
  const range = reportRange(query);
  if (range) where.push(`l.created_at >= ${bind(range.from)}::timestamptz`, `l.created_at < ${bind(range.to)}::timestamptz`);
  if (query.search !== undefined) {
    const id = bind(query.search);
    // A request, task or group id, found through `transactions`, whose row of each call has the log
    // row's id and instant and whose indexes cover the three ids (api_logs indexes none of them).
    where.push(`l.id = any(array(select t.id from transactions t where t.organisation_id = $1::uuid and t.request_timestamp >= $2::timestamptz
      and (t.id = ${id}::uuid or t.task_id = ${id}::uuid or t.group_id = ${id}::uuid)))`);
  }
  if (query.product_arn !== undefined) where.push(`l.product_arn = ${bind(query.product_arn)}`);
  if (query.app_id !== undefined) where.push(`l.app_id = ${bind(query.app_id)}::uuid`);
  if (query.key_name !== undefined) where.push(`l.key_name = ${bind(query.key_name)}`);
  if (query.env !== undefined) where.push(`l.env = ${bind(query.env)}`);
  if (query.response_code === null) where.push('l.response_code is null');
  else if (query.response_code !== undefined) where.push(`l.response_code = ${bind(query.response_code)}::int`);
  if (query.billable !== undefined) where.push(`l.billable = ${bind(query.billable)}::boolean`);
  if (query.client_ip !== undefined) where.push(`l.client_ip = ${bind(query.client_ip)}`);
  const after = query.cursor === undefined ? undefined : decodeLogCursor(query.cursor);
  if (after) where.push(`(l.created_at, l.id) < (${bind(after.createdAt)}::timestamptz, ${bind(after.requestId)}::uuid)`);
  // 'nulls last' as the index has it (the columns are never null, but the planner matches the index's
  // order word for word): a plain 'desc' means 'nulls first', and every page became a scan and a sort.
  const newestFirst = 'l.created_at desc nulls last, l.id desc nulls last';
  const text = `select ${summaryColumns('$3::text')} from (
      select * from api_logs l where ${where.join(' and ')} order by ${newestFirst} limit ${LOGS_PAGE_SIZE + 1}
    ) l left join apps a on a.id = l.app_id order by ${newestFirst}`;
  return { text, values };
}

export function createLogsService({ db, clock, jobs, audit }: Dependencies) {
  const pool = poolOf(db);

  async function retentionOf(organisationId: string): Promise<LogRetentionDays> {
    const [row] = await db.select({ days: organisations.logRetentionDays }).from(organisations).where(eq(organisations.id, organisationId));
    return (row?.days ?? DEFAULT_LOG_RETENTION_DAYS) as LogRetentionDays;
  }

  /** The oldest instant a read of the organisation may show. */
  const cutoffOf = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

  const service = {
    /** GET /api/logs: a page of the organisation's calls, newest first. */
    async list(organisationId: string, query: LogsQuery): Promise<ApiLogPage> {
      if (query.start_date !== undefined && query.end_date !== undefined) {
        const problem = dateRangeProblem({ start_date: query.start_date, end_date: query.end_date }, REPORT_MAX_RANGE_DAYS, todayIn(query.tz, clock.now()));
        if (problem) throw new AppError('bad_request', problem);
      }
      const retentionDays = await retentionOf(organisationId);
      const { rows } = await pool.query<Row>(logsPageQuery(organisationId, query, cutoffOf(retentionDays)));
      const page = rows.slice(0, LOGS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        message: page.length > 0 ? REPORT_MESSAGES.found : REPORT_MESSAGES.noRecords,
        rows: page.map(summaryOf),
        next_cursor: rows.length > LOGS_PAGE_SIZE && last ? encodeLogCursor(last.cursor_at, last.request_id) : null,
        tz: query.tz,
        retention_days: retentionDays,
      };
    },

    /** GET /api/logs/{requestId}: one call with its masked bodies; 404 for an id unknown to the organisation or past its retention. */
    async get(organisationId: string, requestId: string, tz: string): Promise<ApiLogDetail> {
      if (!UUID.test(requestId)) throw new AppError('not_found', LOGS_MESSAGES.notFound);
      const cutoff = cutoffOf(await retentionOf(organisationId));
      const { rows } = await pool.query<Row>(
        `select ${summaryColumns('$4::text')}, l.request, l.response from api_logs l left join apps a on a.id = l.app_id
         where l.id = $1::uuid and l.organisation_id = $2::uuid and l.created_at >= $3::timestamptz limit 1`,
        [requestId, organisationId, cutoff, tz],
      );
      const row = rows[0];
      if (!row) throw new AppError('not_found', LOGS_MESSAGES.notFound);
      return { ...summaryOf(row), request: row.request ?? null, response: row.response ?? null };
    },

    async retention(organisationId: string): Promise<LogRetention> {
      return { retention_days: await retentionOf(organisationId) };
    },

    /** Changes the retention. A shorter one hides the older rows at once; the job deletes them. */
    async setRetention(organisationId: string, userId: string, days: LogRetentionDays, origin: RequestOrigin): Promise<LogRetention> {
      await db.transaction(async (tx) => {
        await tx.update(organisations).set({ logRetentionDays: days, updatedAt: clock.now() }).where(eq(organisations.id, organisationId));
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId,
          action: 'organisation.log_retention_updated',
          details: { retentionDays: days },
          origin,
        });
      });
      return { retention_days: days };
    },

    /** Enforces retention now (the job's work): see enforceRetention. */
    enforceRetention: () => enforceRetention(db, clock.now()),

    /** The retention job: at start and every day. */
    async startJobs(): Promise<void> {
      await jobs.define(RETENTION_QUEUE, { policy: 'singleton', retryLimit: 3 });
      await jobs.work(RETENTION_QUEUE, async () => {
        await service.enforceRetention();
      });
      await jobs.schedule(RETENTION_QUEUE, '37 3 * * *');
      await jobs.send(RETENTION_QUEUE, {}, { singletonKey: 'start' });
    },
  };
  return service;
}

export type LogsService = ReturnType<typeof createLogsService>;
