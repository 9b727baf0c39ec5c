import { and, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client.js';
import { subscriptions, transactions } from '../db/schema.js';
import type { Outcome } from './outcome.js';
import { storable } from '../db/api-logs.js';
import { poolOf } from '../db/pool.js';
import { addRollupCounts, ROLLUP_COUNT_COLUMNS, ROLLUP_COUNTS, ROLLUP_DAY } from '../db/rollup-columns.js';

/** Seed 001 §9: a task id may not be repeated by the same app within 15 minutes. */
const DUPLICATE_WINDOW_MS = 15 * 60 * 1000;

/**
 * What API Logs keeps of a call beyond its transaction row (call-logs.ts, db/api-logs.ts): the
 * body as sent, the key's name and shown prefix (never the key), and the timings. Filled in by the
 * pipeline as the call goes; the row is written, masked, in the transaction that records the call.
 */
export interface CallLog {
  /** The parsed body, or the raw text when it was not a JSON object (masked by its shape). */
  body: unknown;
  keyName: string | null;
  keyPrefix: string | null;
  /** performance.now() when the call arrived. */
  startedAt: number;
  /** How long the upstream took to answer a live call. */
  upstreamMs: number | null;
}

export interface CallRecord {
  requestId: string;
  groupId: string;
  taskId: string;
  environment: 'test' | 'live';
  productArn: string;
  clientIp: string;
  appId: string | null;
  organisationId: string | null;
  requestTimestamp: Date;
  /** The client gave this task id and it passed the duplicate lookup: the write that records or holds the call reserves it. */
  reserveTask?: boolean;
  /** What API Logs keeps of the call; absent for a call that is not logged. */
  log?: CallLog;
}

/**
 * The columns of a `transactions` row (server/src/db/schema.ts), as report rows (seed 001 §3).
 * Written in SQL so that the hot path is a few named statements the database plans once; a group
 * of calls (group-commit.ts) writes its rows in one statement.
 */
export const RECORD_COLUMNS =
  'id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id, request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message';
export const RECORD_VALUES =
  '$1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::text, $7::uuid, $8::uuid, $9::timestamptz, $10::timestamptz, $11::int, $12::int, $13::text, $14::boolean, $15::text, $16::text';

/** What a recorded row tells the rollups (`recorded` is the CTE that inserted it). */
export const RECORDED = 'organisation_id, app_id, product_arn, env, request_timestamp, status, billable, test_credit';

/**
 * The recorded rows added to their organisation's daily rollups (usage_daily and, with the app,
 * usage_daily_by_app) in the statement that records them: one upsert per table, counted per key
 * first (a group of calls adds each key once), so a burst of calls adds up exactly and a
 * dashboard count never scans `transactions`. Days are India Standard Time days. Every writer
 * ends its statement with both upserts, unread by the rest of it, keys in sorted order, so two
 * writers take the rollup rows the same way round and do not wait on each other's rows crosswise.
 * Each writer slot of the group commit adds to rows of its own (`slot`, an SQL expression), so
 * that writers on several instances do not queue on one row; readers sum the slots.
 */
export const addToRollups = (slot: string) => `rolled_by_app as (
  insert into usage_daily_by_app as u (organisation_id, app_id, day, product_arn, env, slot, ${ROLLUP_COUNT_COLUMNS})
  select organisation_id, app_id, ${ROLLUP_DAY}, product_arn, env, ${slot}, ${ROLLUP_COUNTS}
  from recorded where organisation_id is not null and app_id is not null
  group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict (organisation_id, app_id, day, product_arn, env, slot) do update set ${addRollupCounts('u')}
), rolled as (
  insert into usage_daily as u (organisation_id, day, product_arn, env, slot, ${ROLLUP_COUNT_COLUMNS})
  select organisation_id, ${ROLLUP_DAY}, product_arn, env, ${slot}, ${ROLLUP_COUNTS}
  from recorded where organisation_id is not null
  group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (organisation_id, day, product_arn, env, slot) do update set ${addRollupCounts('u')}
)`;

/**
 * Many calls recorded in one statement (a group, group-commit.ts): one array per column, so the
 * statement is the same, and planned once, whatever the number of rows; $18 is the writer's slot.
 */
export const RECORD_MANY = `with recorded as (
  insert into transactions (${RECORD_COLUMNS}, test_credit)
  select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[], $9::timestamptz[],
    $10::timestamptz[], $11::int[], $12::int[], $13::text[], $14::boolean[], $15::text[], $16::text[], $17::boolean[])
  returning ${RECORDED}
), ${addToRollups('$18::int')}
select count(*)::int as recorded from recorded`;

/** Column arrays of RECORD_MANY from rows of `rowValues` and their test-credit flags. */
export function columnsOf(rows: readonly (readonly unknown[])[], testCredits: readonly boolean[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: 17 }, () => new Array<unknown>(rows.length));
  for (let row = 0; row < rows.length; row += 1) {
    const values = rows[row]!;
    for (let column = 0; column < 16; column += 1) columns[column]![row] = values[column];
    columns[16]![row] = testCredits[row];
  }
  return columns;
}

/**
 * The task ids of a group reserved (seed 001 §9: not repeated by an app within 15 minutes): a row
 * older than the window is taken over; the rows returned are the reservations made, the others
 * are duplicates. Keys in sorted order, so two groups wait on each other one way round only.
 */
export const RESERVE_TASKS = `insert into gateway_tasks as t (app_id, task_id, request_id, reserved_at)
select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[]) order by 1, 2
on conflict (app_id, task_id) do update set request_id = excluded.request_id, reserved_at = excluded.reserved_at
where t.reserved_at <= excluded.reserved_at - interval '${DUPLICATE_WINDOW_MS} milliseconds'
returning request_id`;

/** Reservations of calls that ended without a response code (a task id counts only once it got one). */
export const RELEASE_TASKS = 'delete from gateway_tasks where request_id = any($1::uuid[])';

/** Task reservations past the duplicate window: nothing reads them any more. */
export async function forgetOldTasks(db: Database, now: Date): Promise<number> {
  const result = await poolOf(db).query('delete from gateway_tasks where reserved_at <= $1::timestamptz', [new Date(now.getTime() - DUPLICATE_WINDOW_MS)]);
  return result.rowCount ?? 0;
}

/**
 * The test credits of a group spent, per organisation and product (the keys: three arrays, each
 * key once, and the calls of each), from the leases of a writer slot or the subscription rows
 * (the spend_test_credits function, server/drizzle/0020_credit_leases_and_rollup_slots.sql): a
 * row per key with `subscribed` and how many of its calls were `granted` a credit. `whole`: all
 * or nothing, no row when a key cannot give all its calls.
 */
export const spendTestCredits = (organisations: string, products: string, calls: string, slot: string, whole: boolean) =>
  `select * from spend_test_credits(${organisations}::uuid[], ${products}::text[], ${calls}::int[], ${slot}, ${whole})`;

/** The slot of writers outside the group commit: no lease, rollup rows of their own. */
export const SHARED_SLOT = 0;

/** One credit spent and the call recorded (and rolled up) in one statement; no row when no credit could be spent. */
const SPEND_AND_RECORD = `with spent as materialized (
  ${spendTestCredits('array[$2::uuid]', 'array[$4::text]', 'array[1]', 'null', true)}
), recorded as (
  insert into transactions (${RECORD_COLUMNS}, test_credit) select ${RECORD_VALUES}, true where exists (select 1 from spent) returning ${RECORDED}
), ${addToRollups(String(SHARED_SLOT))}
select 1 from recorded`;

export function rowValues(call: CallRecord, outcome: Outcome, responseTimestamp: Date, billable: boolean): unknown[] {
  return [
    call.requestId,
    call.organisationId,
    call.appId,
    // The path's arn as sent: a caller may put a NUL byte or a kilobyte in a path, and the call is still recorded.
    storable(call.productArn, 200),
    'v1',
    call.environment === 'test' ? 'TEST' : 'PRODUCTION',
    call.taskId,
    call.groupId,
    call.requestTimestamp,
    responseTimestamp,
    outcome.httpStatus,
    outcome.responseCode,
    outcome.responseCode === 100 ? 'SUCCESS' : 'FAILURE',
    billable,
    call.clientIp,
    outcome.message,
  ];
}

/**
 * Spends one of the organisation's test credits for the product and records the call with its
 * sandbox outcome, atomically; false (nothing written) when no credit could be spent. Inside a
 * transaction of `client`: a flow step that also opens or uses a session.
 */
export async function spendCreditAndRecord(
  client: pg.PoolClient,
  call: CallRecord & { organisationId: string },
  outcome: Outcome,
  responseTimestamp: Date,
  billable: boolean,
): Promise<boolean> {
  const result = await client.query({
    name: 'gateway_spend_and_record',
    text: SPEND_AND_RECORD,
    values: rowValues(call, outcome, responseTimestamp, billable),
  });
  return (result.rowCount ?? 0) > 0;
}

/** Why no credit could be spent: none left, or the subscription is gone. */
export async function creditRefusal(db: Database, organisationId: string, productArn: string): Promise<'exhausted' | 'not_subscribed'> {
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.organisationId, organisationId), eq(subscriptions.productArn, productArn)));
  return row?.status === 'SUBSCRIBED' ? 'exhausted' : 'not_subscribed';
}

/**
 * Whether the app already sent this task id within the window. Only calls that got a response
 * code count, and not the duplicates themselves: a call refused before its task was looked at
 * (authentication, whitelist, product, test credits) may be retried with the same task id.
 */
export async function isDuplicateTask(db: Database, appId: string, taskId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.appId, appId),
        eq(transactions.taskId, taskId),
        gt(transactions.requestTimestamp, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        isNotNull(transactions.responseCode),
        ne(transactions.responseCode, 107),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface RecordedTask {
  taskId: string;
  responseCode: number | null;
  status: string;
  message: string;
}

/** The calls an app made with these task ids (any time), by task id. */
export async function recordedTasks(db: Database, appId: string, taskIds: readonly string[]): Promise<RecordedTask[]> {
  if (taskIds.length === 0) return [];
  const { rows } = await poolOf(db).query<{ task_id: string; response_code: number | null; status: string; message: string }>({
    name: 'gateway_recorded_tasks',
    text: 'select task_id, response_code, status, message from transactions where app_id = $1::uuid and task_id = any($2::uuid[])',
    values: [appId, taskIds],
  });
  return rows.map((row) => ({ taskId: row.task_id, responseCode: row.response_code, status: row.status, message: row.message }));
}

/** One call's task id reserved inside the caller's transaction; false: the app used it within the window (107). */
export async function reserveTask(client: pg.PoolClient, call: CallRecord & { appId: string }): Promise<boolean> {
  const result = await client.query({
    name: 'gateway_reserve_tasks',
    text: RESERVE_TASKS,
    values: [[call.appId], [call.taskId], [call.requestId], [call.requestTimestamp]],
  });
  return (result.rowCount ?? 0) > 0;
}
