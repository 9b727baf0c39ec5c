/**
 * `npm run bench:reports`: the reports and dashboard of one organisation with BENCH_ROWS calls
 * (default 10 000 000) over BENCH_DAYS days (default 120), a few hundred apps and products, on a
 * real PostgreSQL (DATABASE_URL, or an embedded one in a temporary folder). It loads the calls the
 * way a bulk import would — each month's table detached, filled with generate_series, attached
 * back (its indexes built once) — rebuilds the organisation's daily rollups from them, vacuums,
 * then prints the median and p95 over BENCH_RUNS runs (default 20) of each measured read through
 * the usage service: report page 1 and page 100, each filter alone, the dashboard chart, stats and
 * total over 120 days, and one 60-day CSV export with its rows per second and peak RSS. It also
 * prints the plan of page 100. Nothing is asserted; the goal is under 50 ms per page or figure.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { addDays, todayIn, type ReportFilter } from '@verigate/contracts';
import { poolOf } from '../server/src/db/pool.js';
import { systemClock } from '../server/src/platform/clock.js';
import { createUsageService } from '../server/src/modules/usage/service.js';
import { createAudit } from '../server/src/platform/audit.js';
import { addMonths, monthOf, TRANSACTIONS } from '../server/src/modules/usage/partitions.js';
import { fillMonths } from './bulk-fill.js';
import { measure as measureRuns, noJobs, printPlan, seconds } from './measure.js';
import { pageQuery, reportRange } from '../server/src/modules/usage/report.js';
import { insertBenchApps, insertBenchOrganisation } from './organisation.js';
import { benchDatabase, startPostgres } from './postgres.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 120);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const APPS = 300;
const PRODUCTS = 200;
const PRODUCTS_PER_APP = 5;
const IST = 'Asia/Kolkata';
const GOAL_MS = 50;

const timed = (name: string, run: () => Promise<string | void>) => measureRuns(name, RUNS, GOAL_MS, run);

async function main() {
  const started = performance.now();
  const postgres = await startPostgres();
  const handle = await benchDatabase(postgres);
  const pool = poolOf(handle.db);
  try {
    const org = await insertBenchOrganisation(handle.db, 'PLAN_SUBSCRIBED');
    const orgId = org.id;
    const appIds = await insertBenchApps(handle.db, orgId, APPS);
    const usage = createUsageService({ db: handle.db, clock: systemClock, jobs: noJobs, audit: createAudit(handle.db) });

    // ── Fill ────────────────────────────────────────────────────────────────────────────────
    const now = new Date();
    const today = todayIn(IST, now);
    const from = new Date(now.getTime() - DAYS * 86_400_000);
    await usage.ensureMonths(monthOf(from), addMonths(monthOf(now), 3));
    const months: string[] = [];
    for (let month = monthOf(from); month <= monthOf(now); month = addMonths(month, 1)) months.push(month);
    console.log(`filling ${ROWS.toLocaleString('en-IN')} calls over ${DAYS} days, ${APPS} apps, ${PRODUCTS} products, months ${months.join(', ')}`);
    const fill = performance.now();
    const client = await pool.connect();
    try {
      // Row i is i/ROWS of the way through the period, in time order as calls arrive. Each app
      // calls five products; 15 % of calls are TEST, 8 % fail, production successes are billable.
      const span = now.getTime() - from.getTime();
      const position = (at: string) => ((Date.parse(at) - from.getTime()) / span) * ROWS;
      await fillMonths(client, TRANSACTIONS, months, async (partition, month) => {
        const [monthFrom, monthTo] = [`${month}-01T00:00:00+05:30`, `${addMonths(month, 1)}-01T00:00:00+05:30`];
        // The rows of this month are a stretch of i; one either side covers rounding, the time filter decides.
        const first = Math.max(0, Math.floor(position(monthFrom)) - 1);
        const last = Math.min(ROWS - 1, Math.ceil(position(monthTo)) + 1);
        const { rowCount } = await client.query(
          `insert into ${partition} (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id,
             request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message, test_credit)
           select gen_random_uuid(), $1::uuid, app_id, 'in_bench_product' || ((app * ${PRODUCTS_PER_APP} + (i / 7) % ${PRODUCTS_PER_APP}) % ${PRODUCTS}),
             'v1', env, gen_random_uuid(), gen_random_uuid(), at, at + interval '180 milliseconds',
             case when failed then 503 else 200 end, case when failed then 108 else 100 end, case when failed then 'FAILURE' else 'SUCCESS' end,
             not failed and env = 'PRODUCTION', '10.1.' || (app % 250) || '.' || (i % 250), 'bench', env = 'TEST'
           from (
             select i, app, ($2::uuid[])[1 + app] as app_id,
               case when i % 20 < 3 then 'TEST' else 'PRODUCTION' end as env, (i * 13) % 100 < 8 as failed,
               $3::timestamptz + (i * $4::float8 / $5) * interval '1 millisecond' as at
             from (select i, (i * 7919) % ${APPS} as app from generate_series($8::bigint, $9::bigint) as i) numbered
           ) call
           where at >= $6::timestamptz and at < $7::timestamptz`,
          [orgId, appIds, from, span, ROWS, monthFrom, monthTo, first, last],
        );
        return rowCount ?? 0;
      });
    } finally {
      client.release();
    }
    const rollupStart = performance.now();
    await usage.rebuildRollups(orgId);
    console.log(`  rollups rebuilt in ${seconds(rollupStart)}`);
    const vacuum = performance.now();
    await pool.query('vacuum (analyze) transactions');
    await pool.query('vacuum (analyze) usage_daily');
    await pool.query('vacuum (analyze) usage_daily_by_app');
    const sizes = await pool.query<{ table: string; index: string; rollups: string }>(
      `select pg_size_pretty(sum(pg_table_size(inhrelid))) as table, pg_size_pretty(sum(pg_indexes_size(inhrelid))) as index,
         pg_size_pretty(pg_total_relation_size('usage_daily') + pg_total_relation_size('usage_daily_by_app')) as rollups
       from pg_inherits where inhparent = 'transactions'::regclass`,
    );
    console.log(
      `  vacuumed in ${seconds(vacuum)}; fill ${seconds(fill)}; transactions ${sizes.rows[0]!.table} + indexes ${sizes.rows[0]!.index}, rollups ${sizes.rows[0]!.rollups}`,
    );

    // ── Measure ─────────────────────────────────────────────────────────────────────────────
    const last60 = { start_date: addDays(today, -60), end_date: today };
    const base: ReportFilter = { ...last60, tz: IST, page_no: 1, per_page: 50 };
    const anyId = (await pool.query<{ task_id: string }>('select task_id from transactions where organisation_id = $1 limit 1 offset 12345', [orgId])).rows[0]
      ?.task_id;
    const someApp = appIds[17]!;
    const someProduct = 'in_bench_product42';
    const report = (filter: Partial<ReportFilter>) => async () => {
      const page = await usage.report(orgId, { ...base, ...filter });
      return `${page.data.rows.length} rows of ${page.data.total.toLocaleString('en-IN')}`;
    };

    console.log('');
    console.log(`${RUNS} runs each (after one warm-up), milliseconds`);
    console.log(`${'read'.padEnd(44)} ${'median'.padStart(8)} ${'p95'.padStart(8)}`);
    await timed('report, last 60 days, page 1', report({}));
    await timed('report, last 60 days, page 100', report({ page_no: 100 }));
    await timed('report, filter: product, page 1', report({ product_arn: [someProduct] }));
    await timed('report, filter: product, page 100', report({ product_arn: [someProduct], page_no: 100 }));
    await timed('report, filter: app, page 1', report({ app_id: someApp }));
    await timed('report, filter: app, page 100', report({ app_id: someApp, page_no: 100 }));
    await timed('report, filter: status FAILURE, page 1', report({ txn_status: 'FAILURE' }));
    await timed('report, filter: status FAILURE, page 100', report({ txn_status: 'FAILURE', page_no: 100 }));
    await timed('report, filter: env TEST, page 1', report({ env: 'TEST' }));
    await timed('report, filter: env TEST, page 100', report({ env: 'TEST', page_no: 100 }));
    await timed('report, filter: charge NON_BILLABLE, page 1', report({ charge_type: 'NON_BILLABLE' }));
    await timed('report, filter: charge NON_BILLABLE, page 100', report({ charge_type: 'NON_BILLABLE', page_no: 100 }));
    if (anyId) await timed('report, Search ID (a task id), no dates', report({ id: anyId, start_date: undefined, end_date: undefined }));
    await timed('report, all filters combined', report({ app_id: appIds[3]!, product_arn: ['in_bench_product16'], env: 'PRODUCTION', txn_status: 'SUCCESS' }));
    await timed('report, zone UTC (rollups + two part-days)', report({ tz: 'UTC' }));
    const range120 = { start_date: addDays(today, -119), end_date: today };
    await timed('dashboard chart, 120 days, all products', async () => {
      const chart = await usage.productUsage(orgId, { action: 'get_org_product_usage', ...range120, arn: undefined });
      return `${chart.usage.length} days, ${chart.total.toLocaleString('en-IN')} calls`;
    });
    await timed('dashboard chart, 120 days, one product', async () => {
      const chart = await usage.productUsage(orgId, { action: 'get_org_product_usage', ...range120, arn: someProduct });
      return `${chart.total.toLocaleString('en-IN')} calls`;
    });
    await timed('dashboard stats, 120 days, all apps', async () => {
      const stats = await usage.transactionStats(orgId, { action: 'get_org_transaction_stats', ...range120, app_id: undefined, env: undefined });
      return `${stats.stats.length} products`;
    });
    await timed('dashboard stats, 120 days, one app, PRODUCTION', async () => {
      const stats = await usage.transactionStats(orgId, { action: 'get_org_transaction_stats', ...range120, app_id: someApp, env: 'PRODUCTION' });
      return `${stats.stats.length} products`;
    });
    await timed('dashboard total count', async () => `${(await usage.totalCounts(orgId)).total_count.toLocaleString('en-IN')} calls`);

    const page100 = pageQuery(orgId, {}, reportRange(base), IST, 99 * 50, 50);
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off, timing off, summary on) ${page100.text}`, page100.values);
    printPlan(
      'plan of report page 100 (last 60 days, no filter)',
      plan.rows.map((row) => row['QUERY PLAN']),
    );

    // ── Export ──────────────────────────────────────────────────────────────────────────────
    console.log('');
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const exportStart = performance.now();
    const csv = await usage.exportCsv(orgId, { ...base, scope: 'all' }, 'operator:bench', { clientIp: '127.0.0.1', userAgent: 'bench' });
    let bytes = 0;
    await pipeline(
      csv.stream,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const exportSeconds = (performance.now() - exportStart) / 1000;
    const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `CSV export, last 60 days: ${csv.total.toLocaleString('en-IN')} rows, ${mb(bytes)} in ${exportSeconds.toFixed(1)} s = ` +
        `${Math.round(csv.total / exportSeconds).toLocaleString('en-IN')} rows/s; RSS ${mb(rssBefore)} before, peak ${mb(peak)}`,
    );
    console.log(`total run ${seconds(started)}`);
  } finally {
    await handle.drop();
    await postgres.stop();
  }
}

await main();
