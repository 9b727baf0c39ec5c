import { createAudit } from '../../platform/audit.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@verigate/contracts';
import { apps } from '../../db/schema.js';
import { activatedCustomer, billingEnv, CUSTOMERS, customPlan, payPlan } from '../../test/billing-support.js';
import { eventually } from '../../test/eventually.js';
import { callApi, liveApp, panBody, setCredits, testCustomer, type Customer } from '../../test/gateway-support.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { addMonths, API_LOGS, ensureMonths, listMonths, monthOf, partitionName } from './partitions.js';
import { pageQuery } from './report.js';
import { foldRollupSlots } from './rollups.js';
import { createUsageService, type UsageService } from './service.js';

/**
 * The parts that must hold at scale: rollups equal to the rows after a burst through every writer
 * of the gateway, report pages planned on an index alone, and the monthly partitions — months
 * created ahead, strays caught and moved, an old month detached while calls keep being recorded.
 */

const PAN = 'in_identity_pan_lite';
let upstream: Server;
let server: TestServer;
let usage: UsageService;
const noJobs = { define: async () => {}, work: async () => {}, schedule: async () => {}, send: async () => {}, running: () => true, stop: async () => {} };
const pool = () => (server.db as unknown as { $client: Pool }).$client;

beforeAll(async () => {
  let answered = 0;
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      // Every third live answer is a source error (108): recorded, not billable.
      answered += 1;
      const code = answered % 3 === 0 ? 108 : 100;
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: code, result: {} })), 20);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await createTestServer(billingEnv({ UPSTREAM_TIMEOUT_MS: '3000', UPSTREAM_URLS: JSON.stringify({ [PAN]: `${base}/pan` }) }));
  usage = createUsageService({ db: server.db, clock: server.clock, jobs: noJobs, audit: createAudit(server.db) });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => upstream.close(resolve));
});

/** The rollups of an organisation next to the same counts taken from its rows. */
async function rollupsAndRows(orgId: string) {
  const counts = `count(*)::int as calls, (count(*) filter (where billable))::int as billable, (count(*) filter (where status = 'SUCCESS'))::int as success,
    (count(*) filter (where billable and status = 'SUCCESS'))::int as billable_success, (count(*) filter (where test_credit))::int as test_credits`;
  const day = `to_char((request_timestamp at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD')`;
  // Each writer slot adds to rows of its own: a day's counts are the sums over the slots.
  const slotSums =
    'sum(calls)::int as calls, sum(billable)::int as billable, sum(success)::int as success, sum(billable_success)::int as billable_success, sum(test_credits)::int as test_credits';
  const read = async (text: string) => (await pool().query(text, [orgId])).rows;
  return {
    rollup: await read(
      `select to_char(day, 'YYYY-MM-DD') as day, product_arn, env, ${slotSums}
       from usage_daily where organisation_id = $1 group by 1, 2, 3 order by 1, 2, 3`,
    ),
    rows: await read(`select ${day} as day, product_arn, env, ${counts} from transactions where organisation_id = $1 group by 1, 2, 3 order by 1, 2, 3`),
    rollupByApp: await read(
      `select app_id, to_char(day, 'YYYY-MM-DD') as day, product_arn, env, ${slotSums}
       from usage_daily_by_app where organisation_id = $1 group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ),
    rowsByApp: await read(
      `select app_id, ${day} as day, product_arn, env, ${counts} from transactions where organisation_id = $1 and app_id is not null group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ),
  };
}

describe('rollups', () => {
  it('equal a direct count of the rows after a burst of parallel calls through every writer', async () => {
    const customer = await activatedCustomer(server, CUSTOMERS[0]!);
    const plan = await customPlan(server, customer.orgId, { name: 'Metered', plan_type: 'PREPAID', amount: 1000, validity_months: 1, prices: { [PAN]: 2 } });
    await payPlan(server, customer, plan._id);
    const live = await liveApp(server, customer.orgId, [PAN]);
    await setCredits(server, customer.orgId, PAN, 25);
    const test = { appId: customer.testAppId, key: customer.testKey };

    const calls = [
      // Sandbox calls that spend a credit (25 credits for 30 calls: 5 are refused, recorded without one).
      ...Array.from({ length: 30 }, () => callApi(server, { ...test, body: panBody() })),
      // Refused before the sandbox: no consent, a product the app may not call, a wrong key.
      ...Array.from({ length: 10 }, () =>
        callApi(server, { ...test, body: panBody('ABCPE1234F', { data: { customer_pan_number: 'ABCPE1234F', consent: 'N' } }) }),
      ),
      ...Array.from({ length: 5 }, () => callApi(server, { ...test, arn: 'in_identity_aadhaar_lite', body: {} })),
      ...Array.from({ length: 5 }, () => callApi(server, { appId: test.appId, key: 'test_wrong', body: panBody() })),
      // Live calls settled on the wallet, some billable, some not.
      ...Array.from({ length: 30 }, () => callApi(server, { environment: 'live', ...live, body: panBody() })),
    ];
    const replies = await Promise.all(calls);
    // Nothing failed inside: 108 is the upstream's own answer, 111 would be ours.
    expect(replies.filter((reply) => reply.body.response_code === 111 || reply.body.response_code === 99)).toEqual([]);

    const { rollup, rows, rollupByApp, rowsByApp } = await rollupsAndRows(customer.orgId);
    const recorded = rows.reduce((sum, row) => sum + row.calls, 0);
    expect(recorded).toBe(80);
    expect(rollup).toEqual(rows);
    expect(rollupByApp).toEqual(rowsByApp);
    expect(rows.reduce((sum, row) => sum + row.test_credits, 0)).toBe(25);
    expect(rows.some((row) => row.billable > 0 && row.billable < row.calls)).toBe(true);

    const total = await server.request('GET', `/api/organisation/${customer.orgId}?action=get_org_total_transaction_counts`, { token: customer.token });
    expect(total.body.data.total_count).toBe(80);
    const today = todayIn('Asia/Kolkata', server.clock.now());
    const stats = await server.request(
      'GET',
      `/api/organisation/${customer.orgId}?action=get_org_transaction_stats&start_date=${today}&end_date=${today}&env=TEST`,
      { token: customer.token },
    );
    const pan = stats.body.data.stats.find((row: { product_arn: string }) => row.product_arn === PAN);
    expect(pan.test_credits).toBe(25);

    // Folded once the day is over: one row per key, in slot 0, adding up to the same counts.
    const slotsOf = async (table: string) =>
      (await pool().query<{ slot: number }>(`select slot from ${table} where organisation_id = $1`, [customer.orgId])).rows.map((row) => row.slot);
    expect((await slotsOf('usage_daily')).some((slot) => slot > 0)).toBe(true);
    // The daily job keeps today and yesterday in their slots; an explicit fold of the days before today finds nothing else.
    expect(await usage.foldRollupSlots()).toBe(0);
    expect(await foldRollupSlots(pool(), today)).toBe(0);
    expect(await foldRollupSlots(pool(), addDays(today, 1))).toBeGreaterThan(0);
    for (const table of ['usage_daily', 'usage_daily_by_app']) expect(new Set(await slotsOf(table))).toEqual(new Set([0]));
    const folded = await rollupsAndRows(customer.orgId);
    expect(folded.rollup).toEqual(folded.rows);
    expect(folded.rollupByApp).toEqual(folded.rowsByApp);
    expect((await pool().query('select count(*)::int as n from usage_daily where organisation_id = $1', [customer.orgId])).rows[0].n).toBe(folded.rows.length);
  }, 60_000);
});

describe('report pages at depth', () => {
  let customer: Customer;
  let appIds: string[];

  beforeAll(async () => {
    customer = await testCustomer(server, CUSTOMERS[1]!, [PAN]);
    const created = await server.db
      .insert(apps)
      .values(Array.from({ length: 8 }, (_, index) => ({ organisationId: customer.orgId, name: `App ${index}`, isTestApp: false })))
      .returning();
    appIds = created.map((app) => app.id);
    // 60 000 calls over 60 days: enough rows that the planner's choice is the one it makes at scale.
    await pool().query(
      `insert into transactions (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id,
        request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message)
       select gen_random_uuid(), $1, ($2::uuid[])[1 + i % 8], 'in_product_' || (i % 20), 'v1', case when i % 4 = 0 then 'TEST' else 'PRODUCTION' end,
         gen_random_uuid(), gen_random_uuid(), $3::timestamptz - i * interval '86 seconds', $3::timestamptz - i * interval '86 seconds',
         200, 100, case when i % 10 = 0 then 'FAILURE' else 'SUCCESS' end, i % 10 <> 0, '10.0.0.1', 'fixture'
       from generate_series(0, 59999) as i`,
      [customer.orgId, appIds, server.clock.now()],
    );
    // The visibility map lets an index-only scan skip the table; a VACUUM sets it once no
    // transaction of this database still needs the old row versions (jobs of the burst may).
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await pool().query('vacuum (analyze) transactions');
      const { rows } = await pool().query<{ hidden: string }>(
        "select coalesce(sum(relpages - relallvisible), 0) as hidden from pg_class where relkind = 'r' and relname like 'transactions%'",
      );
      if (Number(rows[0]!.hidden) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  /**
   * The executed nodes of the plan (partitions pruned at run time never run; the planner may give
   * an empty partition a table scan it never executes), and the heap rows its index-only scans
   * still had to visit.
   */
  async function plan(query: { text: string; values: unknown[] }) {
    const { rows } = await pool().query(`explain (analyze, format json) ${query.text}`, query.values);
    const nodes: Array<Record<string, unknown>> = [];
    const walk = (node: Record<string, unknown>) => {
      nodes.push(node);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk(rows[0]['QUERY PLAN'][0].Plan);
    const executed = nodes.filter((node) => Number(node['Actual Loops']) > 0);
    return {
      types: new Set(executed.map((node) => node['Node Type'] as string)),
      indexes: new Set(executed.map((node) => node['Index Name']).filter((name): name is string => typeof name === 'string')),
      heapFetches: executed.reduce((sum, node) => sum + Number(node['Heap Fetches'] ?? 0), 0),
    };
  }

  const range = () => {
    const now = server.clock.now();
    return { from: new Date(now.getTime() - 60 * 86_400_000), to: new Date(now.getTime() + 86_400_000) };
  };

  it('finds page 100 on the index alone, with no sort and no table scan', async () => {
    const page100 = await plan(pageQuery(customer.orgId, {}, range(), 'Asia/Kolkata', 99 * 50, 50));
    expect(page100.types.has('Seq Scan')).toBe(false);
    expect(page100.types.has('Sort')).toBe(false);
    expect(page100.types.has('Index Only Scan')).toBe(true);
    expect([...page100.indexes].some((name) => /org.*recent|organisation_id_request_timestamp/.test(name))).toBe(true);
    expect(page100.heapFetches).toBe(0);

    // A status, environment or charge filter is answered from the same index (its included columns).
    const failures = await plan(
      pageQuery(customer.orgId, { txn_status: 'SUCCESS', env: 'PRODUCTION', charge_type: 'BILLABLE' }, range(), 'Asia/Kolkata', 99 * 50, 50),
    );
    expect(failures.types.has('Seq Scan')).toBe(false);
    expect(failures.types.has('Sort')).toBe(false);
    expect(failures.types.has('Index Only Scan')).toBe(true);
  });

  it('finds page 100 of one app or one product on its own index, in order', async () => {
    for (const filter of [{ app_id: appIds[3]! }, { product_arn: ['in_product_7'] }]) {
      const page = await plan(pageQuery(customer.orgId, filter, range(), 'Asia/Kolkata', 99 * 50, 50));
      expect(page.types.has('Seq Scan')).toBe(false);
      expect(page.types.has('Sort')).toBe(false);
      expect([...page.indexes].some((name) => /app_id|product_arn/.test(name))).toBe(true);
    }
  });

  it('serves page 100 through the API with the rows the direct query gives', async () => {
    const today = todayIn('Asia/Kolkata', server.clock.now());
    const reply = await server.request(
      'GET',
      `/api/organisation/${customer.orgId}?action=get_org_csv_usage_reports&start_date=${addDays(today, -60)}&end_date=${today}&page_no=100&app_id=${appIds[2]}`,
      { token: customer.token },
    );
    expect(reply.status).toBe(200);
    const { rows } = await pool().query(
      `select id from transactions where organisation_id = $1 and app_id = $2 and request_timestamp >= $3
       order by request_timestamp desc, id desc offset 4950 limit 50`,
      [customer.orgId, appIds[2], new Date(`${addDays(today, -60)}T00:00:00+05:30`)],
    );
    expect(rows).toHaveLength(50);
    expect(reply.body.data.data.rows.map((row: { id: string }) => row.id)).toEqual(rows.map((row) => row.id));
  });
});

describe('monthly partitions', () => {
  const partitionOf = async (id: string) =>
    (await pool().query<{ partition: string }>('select tableoid::regclass::text as partition from transactions where id = $1', [id])).rows[0]?.partition;

  it('runs its maintenance on the job queue when the server starts', async () => {
    const done = await eventually(
      async () => (await pool().query<{ state: string }>("select state from pgboss.job where name = 'usage.partitions'")).rows,
      (rows) => rows.some((row) => row.state === 'completed'),
    );
    expect(done.some((row) => row.state === 'completed')).toBe(true);
  });

  it('keeps three months ready ahead, and moves rows that arrived beyond them into their month', async () => {
    const current = monthOf(server.clock.now());
    expect(await listMonths(pool())).toEqual(expect.arrayContaining([current, addMonths(current, 1), addMonths(current, 2), addMonths(current, 3)]));
    expect(await usage.ensurePartitions()).toEqual([]);

    // A call stamped five months ahead (a clock far off) lands in the after-catch-all.
    const customer = await testCustomer(server, CUSTOMERS[2]!, [PAN]);
    const far = new Date(server.clock.now().getTime() + 155 * 86_400_000);
    const { rows } = await pool().query<{ id: string }>(
      `insert into transactions (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id,
        request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message)
       values (gen_random_uuid(), $1, $2, $3, 'v1', 'TEST', gen_random_uuid(), gen_random_uuid(), $4, $4, 200, 100, 'SUCCESS', false, '10.0.0.1', 'stray')
       returning id`,
      [customer.orgId, customer.appId, PAN, far],
    );
    expect(await partitionOf(rows[0]!.id)).toBe('transactions_after');

    server.clock.advance(92 * 86_400_000);
    const created = await usage.ensurePartitions();
    const now = monthOf(server.clock.now());
    // 92 days on may be four months on (late in a month): the month it reaches is then made too.
    expect(created).toEqual([0, 1, 2, 3].map((ahead) => addMonths(now, ahead)).filter((month) => month > addMonths(current, 3)));
    expect(await partitionOf(rows[0]!.id)).toBe(partitionName(monthOf(far)));
    expect(await usage.ensurePartitions()).toEqual([]);

    // Past months for an import: a row from before the first month moves out of the before-catch-all.
    const past = new Date(server.clock.now().getTime() - 250 * 86_400_000);
    const { rows: pastRows } = await pool().query<{ id: string }>(
      `insert into transactions (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id,
        request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message)
       values (gen_random_uuid(), $1, $2, $3, 'v1', 'TEST', gen_random_uuid(), gen_random_uuid(), $4, $4, 200, 100, 'SUCCESS', false, '10.0.0.1', 'imported')
       returning id`,
      [customer.orgId, customer.appId, PAN, past],
    );
    expect(await partitionOf(pastRows[0]!.id)).toBe('transactions_before');
    const first = (await listMonths(pool()))[0]!;
    const earlier = await usage.ensureMonths(monthOf(past), first);
    expect(earlier[0]).toBe(monthOf(past));
    expect(earlier.at(-1)).toBe(addMonths(first, -1));
    expect(await partitionOf(pastRows[0]!.id)).toBe(partitionName(monthOf(past)));
    // A call of now still goes through and is recorded in its month.
    const reply = await callApi(server, { appId: customer.appId, key: customer.key, body: panBody() });
    expect(await partitionOf(reply.body.request_id)).toBe(partitionName(now));
  });

  it('detaches an old month while calls keep being recorded, and its totals leave with it', async () => {
    const customer = await testCustomer(server, CUSTOMERS[3]!, [PAN]);
    await setCredits(server, customer.orgId, PAN, 1000);
    const old = addMonths(monthOf(server.clock.now()), -3);
    expect(await listMonths(pool())).toContain(old);
    await pool().query(
      `insert into transactions (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id,
        request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message)
       select gen_random_uuid(), $1, $2, $3, 'v1', 'TEST', gen_random_uuid(), gen_random_uuid(), $4::timestamptz + i * interval '1 hour',
         $4::timestamptz + i * interval '1 hour', 200, 100, 'SUCCESS', true, '10.0.0.1', 'old'
       from generate_series(0, 19) as i`,
      [customer.orgId, customer.appId, PAN, `${old}-10T12:00:00+05:30`],
    );
    await usage.rebuildRollups(customer.orgId);
    await ensureMonths(pool(), old, old, API_LOGS);
    await pool().query(
      `insert into api_logs (id, created_at, organisation_id, task_id, group_id, product_arn, client_ip, env, http_status, billable, total_latency_ms, request, response)
       values (gen_random_uuid(), $1::timestamptz, $2, gen_random_uuid(), gen_random_uuid(), $3, '10.0.0.1', 'TEST', 200, false, 5, '{}', '{}')`,
      [`${old}-10T12:00:00+05:30`, customer.orgId, PAN],
    );
    const oldRows = await pool().query<{ n: string }>(`select count(*) as n from ${partitionName(old)}`);
    expect(Number(oldRows.rows[0]!.n)).toBeGreaterThan(0);
    const rollupDays = () => pool().query('select count(*)::int as n from usage_daily where day >= $1 and day < $2', [`${old}-01`, `${addMonths(old, 1)}-01`]);
    expect((await rollupDays()).rows[0].n).toBeGreaterThan(0);

    // A long report holds the table: DETACH … CONCURRENTLY waits for it, and must not stop writes meanwhile.
    const reader = await pool().connect();
    await reader.query('begin');
    await reader.query('select count(*) from transactions');
    let retired = false;
    const retiring = usage.retireMonth(old).then(() => {
      retired = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Calls that waited for the detach would wait for the reader, which commits only after them.
    const calls = Promise.all(Array.from({ length: 10 }, () => callApi(server, { appId: customer.appId, key: customer.key, body: panBody() })));
    const replies = await Promise.race([calls, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000))]);
    expect(replies, 'the calls wait for the month being retired').toBeDefined();
    expect(replies!.map((reply) => reply.body.response_code)).toEqual(Array(10).fill(100));
    expect(retired).toBe(false);
    await reader.query('commit');
    reader.release();
    await retiring;

    expect(await listMonths(pool())).not.toContain(old);
    // The month's API Logs went with it.
    expect(await listMonths(pool(), API_LOGS)).not.toContain(old);
    for (const name of [partitionName(old), partitionName(old, API_LOGS)]) {
      const table = await pool().query('select to_regclass($1) as name', [name]);
      expect(table.rows[0].name, name).toBeNull();
    }
    expect((await rollupDays()).rows[0].n).toBe(0);
    // The old month's 20 rows left with it; the 10 calls made during the detach are all there.
    const recorded = await pool().query('select count(*)::int as n from transactions where organisation_id = $1', [customer.orgId]);
    expect(recorded.rows[0].n).toBe(10);
    const rolled = await pool().query('select sum(calls)::int as n from usage_daily where organisation_id = $1', [customer.orgId]);
    expect(rolled.rows[0].n).toBe(10);
  });
});
