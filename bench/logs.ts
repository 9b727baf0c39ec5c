/**
 * `npm run bench:logs`: API Logs of one organisation with BENCH_ROWS calls (default 10 000 000)
 * over BENCH_DAYS days (default 60, inside the default 90-day retention), 300 apps, 200 products,
 * on a real PostgreSQL (DATABASE_URL, or an embedded one in a temporary folder). The calls are
 * loaded month by month like a bulk import (bench/bulk-fill.ts), each with a small masked request
 * and response, and its row of `transactions` (through which a task or group id is found); one batch
 * of 1 000 rows shares a group id. It prints the median and p95 over
 * BENCH_RUNS runs (default 20) of each read through the logs service: search by request, task and
 * group id, a call's details, page 1 with each filter alone, and a page deep behind a cursor.
 * Nothing is asserted; the goal is one page (50 calls) in under 50 ms.
 */
import { addDays, encodeLogCursor, logsQuery, todayIn } from '@verigate/contracts';
import { poolOf } from '../server/src/db/pool.js';
import { createAudit } from '../server/src/platform/audit.js';
import { systemClock } from '../server/src/platform/clock.js';
import { createLogsService, logsPageQuery } from '../server/src/modules/logs/service.js';
import { addMonths, API_LOGS, ensureMonths, monthOf, partitionName, TRANSACTIONS } from '../server/src/modules/usage/partitions.js';
import { fillMonths } from './bulk-fill.js';
import { measure as measureRuns, noJobs, printPlan, seconds } from './measure.js';
import { insertBenchApps, insertBenchOrganisation } from './organisation.js';
import { benchDatabase, startPostgres } from './postgres.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const APPS = 300;
const PRODUCTS = 200;
const IST = 'Asia/Kolkata';
const GOAL_MS = 50;
/** Rows BATCH_FIRST to BATCH_FIRST + 999 are one batch's: they share this group id. */
const BATCH_GROUP = '0b5e7c1a-6f7e-4c2b-9d3a-1e2f3a4b5c6d';
const BATCH_FIRST = Math.floor(ROWS / 2);

const timed = (name: string, run: () => Promise<string | void>) => measureRuns(name, RUNS, GOAL_MS, run);

async function main() {
  const started = performance.now();
  const postgres = await startPostgres();
  const handle = await benchDatabase(postgres);
  const pool = poolOf(handle.db);
  try {
    const org = await insertBenchOrganisation(handle.db, 'PLAN_SUBSCRIBED');
    const appIds = await insertBenchApps(handle.db, org.id, APPS);
    const logs = createLogsService({ db: handle.db, clock: systemClock, jobs: noJobs, audit: createAudit(handle.db) });

    // ── Fill ────────────────────────────────────────────────────────────────────────────────
    const now = new Date();
    const from = new Date(now.getTime() - DAYS * 86_400_000);
    await ensureMonths(pool, monthOf(from), addMonths(monthOf(now), 3), API_LOGS);
    await ensureMonths(pool, monthOf(from), addMonths(monthOf(now), 3), TRANSACTIONS);
    const months: string[] = [];
    for (let month = monthOf(from); month <= monthOf(now); month = addMonths(month, 1)) months.push(month);
    console.log(`filling ${ROWS.toLocaleString('en-IN')} calls over ${DAYS} days, ${APPS} apps, ${PRODUCTS} products, months ${months.join(', ')}`);
    const fill = performance.now();
    const span = now.getTime() - from.getTime();
    const position = (at: string) => ((Date.parse(at) - from.getTime()) / span) * ROWS;
    const client = await pool.connect();
    try {
      // Row i is i/ROWS of the way through the period; 15 % TEST, 8 % fail (108), production successes billable.
      await fillMonths(client, API_LOGS, months, async (partition, month) => {
        const [monthFrom, monthTo] = [`${month}-01T00:00:00+05:30`, `${addMonths(month, 1)}-01T00:00:00+05:30`];
        const first = Math.max(0, Math.floor(position(monthFrom)) - 1);
        const last = Math.min(ROWS - 1, Math.ceil(position(monthTo)) + 1);
        const { rowCount } = await client.query(
          `insert into ${partition} (id, created_at, organisation_id, app_id, task_id, group_id, product_arn, key_name, key_prefix,
             client_ip, env, http_status, response_code, billable, amount_paise, total_latency_ms, upstream_latency_ms, request, response)
           select gen_random_uuid(), at, $1::uuid, app_id, gen_random_uuid(),
             case when i between ${BATCH_FIRST} and ${BATCH_FIRST + 999} then '${BATCH_GROUP}'::uuid else gen_random_uuid() end,
             'in_bench_product' || ((app * 5 + (i / 7) % 5) % ${PRODUCTS}), 'Key ' || (app % 3), 'vgk_live_' || lpad((app % 1000)::text, 4, '0'),
             '10.1.' || (app % 250) || '.' || (i % 250), env, case when failed then 503 else 200 end, case when failed then 108 else 100 end,
             not failed and env = 'PRODUCTION', case when not failed and env = 'PRODUCTION' then 150 else 0 end, 180, 150,
             jsonb_build_object('data', jsonb_build_object('customer_pan_number', 'AB******' || lpad((i % 100)::text, 2, '0'), 'consent', 'Y')),
             jsonb_build_object('response_code', case when failed then 108 else 100 end, 'result', jsonb_build_object('name', 'R*** S***'))
           from (
             select i, app, ($2::uuid[])[1 + app] as app_id,
               case when i % 20 < 3 then 'TEST' else 'PRODUCTION' end as env, (i * 13) % 100 < 8 as failed,
               $3::timestamptz + (i * $4::float8 / $5) * interval '1 millisecond' as at
             from (select i, (i * 7919) % ${APPS} as app from generate_series($8::bigint, $9::bigint) as i) numbered
           ) call
           where at >= $6::timestamptz and at < $7::timestamptz`,
          [org.id, appIds, from, span, ROWS, monthFrom, monthTo, first, last],
        );
        return rowCount ?? 0;
      });
      // Each call's row of `transactions`, as the gateway writes it with its log row: the search by task and group id goes through it.
      await fillMonths(client, TRANSACTIONS, months, async (partition, month) => {
        const { rowCount } = await client.query(
          `insert into ${partition} (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id, request_timestamp,
             response_timestamp, http_status, response_code, status, billable, client_ip, message)
           select id, organisation_id, app_id, product_arn, 'v1', env, task_id, group_id, created_at, created_at, http_status, response_code,
             case when response_code = 100 then 'SUCCESS' else 'FAILURE' end, billable, client_ip, 'Bench call'
           from ${partitionName(month, API_LOGS)}`,
        );
        return rowCount ?? 0;
      });
    } finally {
      client.release();
    }
    const vacuum = performance.now();
    await pool.query('vacuum (analyze) api_logs');
    await pool.query('vacuum (analyze) transactions');
    const sizes = await pool.query<{ table: string; index: string }>(
      `select pg_size_pretty(sum(pg_table_size(inhrelid))) as table, pg_size_pretty(sum(pg_indexes_size(inhrelid))) as index
       from pg_inherits where inhparent = 'api_logs'::regclass`,
    );
    console.log(`  vacuumed in ${seconds(vacuum)}; fill ${seconds(fill)}; api_logs ${sizes.rows[0]!.table} + indexes ${sizes.rows[0]!.index}`);

    // ── Measure ─────────────────────────────────────────────────────────────────────────────
    const today = todayIn(IST, now);
    const sample = (
      await pool.query<{ id: string; task_id: string; client_ip: string }>(
        'select id::text, task_id::text, client_ip from api_logs where organisation_id = $1 and created_at < $2 order by created_at desc limit 1',
        [org.id, new Date(now.getTime() - 20 * 86_400_000)],
      )
    ).rows[0]!;
    const page = (filter: Record<string, string>) => async () => {
      const answer = await logs.list(org.id, logsQuery.parse({ tz: IST, ...filter }));
      return `${answer.rows.length} calls${answer.next_cursor ? ', more' : ''}`;
    };
    const last7 = { start_date: addDays(today, -6), end_date: today };
    const last60 = { start_date: addDays(today, -59), end_date: today };
    const deep = (
      await pool.query<{ cursor_at: string; id: string }>(
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at, id::text from api_logs
         where organisation_id = $1 order by created_at desc, id desc offset 5000 limit 1`,
        [org.id],
      )
    ).rows[0]!;

    console.log('');
    console.log(`${RUNS} runs each (after one warm-up), milliseconds`);
    console.log(`${'read'.padEnd(44)} ${'median'.padStart(8)} ${'p95'.padStart(8)}`);
    await timed('search by request id, no dates', page({ search: sample.id }));
    await timed('search by task id, no dates', page({ search: sample.task_id }));
    await timed('search by group id (a batch of 1 000)', page({ search: BATCH_GROUP }));
    await timed('details of one call', async () => `${JSON.stringify((await logs.get(org.id, sample.id, IST)).request).length} B request`);
    await timed('last 7 days, page 1', page(last7));
    await timed('last 60 days, page 101 (behind a cursor)', page({ ...last60, cursor: encodeLogCursor(deep.cursor_at, deep.id) }));
    await timed('last 60 days, filter: product', page({ ...last60, product_arn: 'in_bench_product42' }));
    await timed('last 60 days, filter: app', page({ ...last60, app_id: appIds[17]! }));
    await timed('last 60 days, filter: key name', page({ ...last60, key_name: 'Key 2' }));
    await timed('last 60 days, filter: env TEST', page({ ...last60, env: 'TEST' }));
    await timed('last 60 days, filter: response code 108', page({ ...last60, response_code: '108' }));
    await timed('last 60 days, filter: non-billable', page({ ...last60, billable: 'false' }));
    await timed('last 60 days, filter: client address', page({ ...last60, client_ip: sample.client_ip }));
    await timed('last 60 days, app + product + code', page({ ...last60, app_id: appIds[3]!, product_arn: 'in_bench_product16', response_code: '100' }));

    // The plans of the unfiltered first page and of the rarest filter, as the service runs them.
    const cutoff = new Date(now.getTime() - 90 * 86_400_000);
    for (const [name, filter] of [
      ['last 7 days, page 1', last7],
      ['last 60 days, filter: client address', { ...last60, client_ip: sample.client_ip }],
    ] as const) {
      const query = logsPageQuery(org.id, logsQuery.parse({ tz: IST, ...filter }), cutoff);
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off, timing off, summary on) ${query.text}`, query.values);
      printPlan(
        `plan of ${name}`,
        plan.rows.map((row) => row['QUERY PLAN']),
      );
    }
    console.log(`total run ${seconds(started)}`);
  } finally {
    await handle.drop();
    await postgres.stop();
  }
}

await main();
