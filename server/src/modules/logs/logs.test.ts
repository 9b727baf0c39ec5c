import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type ApiLogDetail, type ApiLogSummary, LOGS_MESSAGES, PERMISSION_MESSAGES, logsQuery, REPORT_MESSAGES, todayIn } from '@verigate/contracts';
import { poolOf } from '../../db/pool.js';
import { apps, memberships, transactions } from '../../db/schema.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { panBody, testCustomer, type Customer } from '../../test/gateway-support.js';
import { addMonths, API_LOGS, ensureMonths, listMonths, monthOf, partitionName } from '../usage/service.js';
import { enforceRetention } from './retention.js';
import { logsPageQuery } from './service.js';
import { type ApiLogCall, prepareApiLog, writeApiLogs } from '../../db/api-logs.js';

/**
 * API Logs over rows written by the writer the gateway uses (masked by the catalog, many in one
 * statement inside a transaction): isolation between organisations, every filter, the reports'
 * date rules, keyset pages, 404s, the retention setting hiding rows and its job dropping months
 * and deleting rows, and masked values never answered unmasked.
 */

const IST = 'Asia/Kolkata';
const PAN_ARN = 'in_identity_pan_lite';
const DAY_MS = 86_400_000;
const PAN = 'ABCPE1234F';

let server: TestServer;
let a: Customer;
let b: Customer;
let today: string;

const call = (customer: Customer, overrides: Partial<ApiLogCall> = {}): ApiLogCall => {
  const requestId = overrides.requestId ?? randomUUID();
  return {
    requestId,
    createdAt: server.clock.now(),
    organisationId: customer.orgId,
    appId: customer.appId,
    taskId: randomUUID(),
    groupId: randomUUID(),
    productArn: PAN_ARN,
    keyName: 'TestKey',
    keyPrefix: 'vgk_test_ab',
    clientIp: '10.0.0.1',
    environment: 'test',
    httpStatus: 200,
    responseCode: 100,
    billable: false,
    amountPaise: 0,
    totalLatencyMs: 12,
    upstreamLatencyMs: null,
    body: panBody(PAN),
    envelope: {
      request_id: requestId,
      group_id: randomUUID(),
      task_id: randomUUID(),
      success: true,
      response_code: 100,
      response_message: 'Valid Authentication',
      metadata: { billable: 'N' },
      result: { pan: PAN, name: 'Rahul Kumar Sharma' },
    },
    ...overrides,
  };
};

/** A call's row as the gateway writes it: masked first, its latency added when it is written. */
const prepared = ({ totalLatencyMs, ...rest }: ApiLogCall) => ({ log: prepareApiLog(rest), totalLatencyMs });

/** The call's row of `transactions`, which the gateway writes with its log row: same id, instant, task and group. */
const transactionRowOf = (logged: ApiLogCall): typeof transactions.$inferInsert => ({
  id: logged.requestId,
  organisationId: logged.organisationId,
  appId: logged.appId,
  productArn: logged.productArn,
  productVersion: 'v1',
  env: logged.environment === 'test' ? 'TEST' : 'PRODUCTION',
  taskId: logged.taskId,
  groupId: logged.groupId,
  requestTimestamp: logged.createdAt,
  responseTimestamp: logged.createdAt,
  httpStatus: logged.httpStatus,
  responseCode: logged.responseCode,
  status: logged.responseCode === 100 ? 'SUCCESS' : 'FAILURE',
  billable: logged.billable,
  clientIp: logged.clientIp,
  message: 'Valid Authentication',
});

/** Writes the calls as the gateway does: their transaction rows, and their log rows masked, in one statement, inside that transaction. */
async function write(calls: ApiLogCall[]): Promise<void> {
  const client = await poolOf(server.db).connect();
  try {
    await client.query('begin');
    await drizzle(client).insert(transactions).values(calls.map(transactionRowOf));
    await writeApiLogs(client, calls.map(prepared));
    await client.query('commit');
  } finally {
    client.release();
  }
}

const logsUrl = (params: Record<string, string | number | boolean> = {}) =>
  `/api/logs?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])))}`;
const range = () => ({ start_date: addDays(today, -30), end_date: today });

async function list(params: Record<string, string | number | boolean>, customer: Customer = a) {
  return server.request('GET', logsUrl(params), { token: customer.token });
}

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN: 'operator-tests-admin-token-0123456789' });
  a = await testCustomer(server, 'qa@verigate-test.io', [PAN_ARN]);
  b = await testCustomer(server, 'qa2@verigate-test.io', [PAN_ARN]);
  today = todayIn(IST, server.clock.now());
});

afterAll(async () => {
  await server?.close();
});

describe('the writer', () => {
  it('stores many calls in one statement inside the caller transaction, and nothing when it rolls back', async () => {
    const kept = [call(a), call(a), call(a)];
    await write(kept);
    const rolledBack = call(a);
    const client = await poolOf(server.db).connect();
    try {
      await client.query('begin');
      await writeApiLogs(client, [prepared(rolledBack)]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    for (const each of kept) expect((await server.request('GET', `/api/logs/${each.requestId}`, { token: a.token })).status).toBe(200);
    expect((await server.request('GET', `/api/logs/${rolledBack.requestId}`, { token: a.token })).status).toBe(404);
  });

  it('stores a NUL byte or a lone surrogate sent in a body', async () => {
    const odd = call(a, { body: { ...panBody(PAN), note: 'a\u0000b\ud800c' } });
    await write([odd]);
    const reply = await server.request('GET', `/api/logs/${odd.requestId}`, { token: a.token });
    expect(reply.status).toBe(200);
  });
});

describe('masked values', () => {
  it('are answered masked, never as sent, in the list and the detail', async () => {
    const masked = call(a, { body: panBody(PAN, { data: { customer_pan_number: PAN, consent: 'Y', consent_text: 'I, Rahul Kumar Sharma, consent' } }) });
    await write([masked]);
    const detail = await server.request<{ data: ApiLogDetail }>('GET', `/api/logs/${masked.requestId}`, { token: a.token });
    expect(detail.status).toBe(200);
    const text = JSON.stringify(detail.body);
    expect(text).not.toContain(PAN);
    expect(text).not.toContain('Rahul');
    expect(text).not.toContain('Sharma');
    expect(detail.body.data.request).toMatchObject({ data: { customer_pan_number: 'AB******4F' } });
    expect(detail.body.data.response).toMatchObject({ result: { pan: 'AB******4F', name: 'R. K. S.' } });
    const page = await list({ search: masked.requestId });
    expect(JSON.stringify(page.body)).not.toContain(PAN);
  });
});

describe('isolation', () => {
  it('never shows another organisation its logs, by any parameter', async () => {
    const own = call(a, { clientIp: '10.9.9.9' });
    await write([own]);
    expect((await server.request('GET', `/api/logs/${own.requestId}`, { token: b.token })).status).toBe(404);
    for (const search of [own.requestId, own.taskId, own.groupId]) {
      const reply = await list({ search }, b);
      expect(reply.status).toBe(200);
      expect(reply.body.data.rows).toEqual([]);
      expect(reply.body.data.message).toBe(REPORT_MESSAGES.noRecords);
    }
    expect((await list({ ...range(), client_ip: '10.9.9.9' }, b)).body.data.rows).toEqual([]);
    expect((await list({ ...range(), app_id: a.appId }, b)).body.data.rows).toEqual([]);
    // Acting for A with B's session: A is unknown to B.
    const foreign = await server.request('GET', logsUrl({ search: own.requestId }), { token: b.token, headers: { 'x-org-id': a.orgId } });
    expect(foreign.status).toBe(404);
    const foreignDetail = await server.request('GET', `/api/logs/${own.requestId}`, { token: b.token, headers: { 'x-org-id': a.orgId } });
    expect(foreignDetail.status).toBe(404);
    expect((await server.request('GET', logsUrl({ search: own.requestId }))).status).toBe(401);
  });
});

describe('GET /api/logs/{requestId}', () => {
  it('is 404 in the err envelope for an unknown id and for text that is no id', async () => {
    for (const id of [randomUUID(), 'not-an-id', '0'.repeat(36)]) {
      const reply = await server.request('GET', `/api/logs/${id}`, { token: a.token });
      expect(reply.status, id).toBe(404);
      expect(reply.body.err.message).toBe(LOGS_MESSAGES.notFound);
    }
  });

  it('answers the timings, the charge, the key name and prefix, never a key', async () => {
    const charged = call(a, { environment: 'live', billable: true, amountPaise: 250, totalLatencyMs: 340, upstreamLatencyMs: 300 });
    await write([charged]);
    const reply = await server.request<{ data: ApiLogDetail }>('GET', `/api/logs/${charged.requestId}?tz=UTC`, { token: a.token });
    expect(reply.body.data).toMatchObject({
      env: 'PRODUCTION',
      billable: true,
      amount_paise: 250,
      total_latency_ms: 340,
      upstream_latency_ms: 300,
      key_name: 'TestKey',
      key_prefix: 'vgk_test_ab',
      app_name: 'Test App',
    });
    expect(reply.body.data.created_at).toMatch(/\+00:00$/);
    expect(JSON.stringify(reply.body)).not.toContain(a.key);
  });
});

describe('a deleted app', () => {
  it('leaves its calls in API Logs and in the transactions as they were recorded, with its id in place of its name', async () => {
    const [live] = await server.db.insert(apps).values({ organisationId: a.orgId, name: 'Retired App', isTestApp: false }).returning();
    const logged = call(a, { appId: live!.id, environment: 'live' });
    await write([logged]);
    const before = await server.request<{ data: ApiLogDetail }>('GET', `/api/logs/${logged.requestId}`, { token: a.token });
    expect(before.body.data).toMatchObject({ app_id: live!.id, app_name: 'Retired App' });

    expect((await server.request('DELETE', `/api/app/${live!.id}`, { token: a.token })).body.data.message).toBe('App deleted');

    const after = await server.request<{ data: ApiLogDetail }>('GET', `/api/logs/${logged.requestId}`, { token: a.token });
    expect(after.body.data).toMatchObject({ request_id: logged.requestId, app_id: live!.id, app_name: null });
    const listed = (await list({ search: logged.requestId })).body.data.rows as ApiLogSummary[];
    expect(listed.map((row) => [row.app_id, row.app_name])).toEqual([[live!.id, null]]);
    const recorded = await server.db.select({ appId: transactions.appId }).from(transactions).where(eq(transactions.id, logged.requestId));
    expect(recorded).toEqual([{ appId: live!.id }]);
  });
});

describe('GET /api/logs filters', () => {
  let filterOrg: Customer;
  const marked: Record<string, ApiLogCall> = {};

  beforeAll(async () => {
    filterOrg = await testCustomer(server, 'qa3@verigate-test.io', [PAN_ARN]);
    const base = () => call(filterOrg);
    marked.product = call(filterOrg, { productArn: 'in_identity_aadhaar_lite' });
    marked.key = call(filterOrg, { keyName: 'Other key' });
    marked.env = call(filterOrg, { environment: 'live' });
    marked.code = call(filterOrg, { responseCode: 106, httpStatus: 400 });
    marked.none = call(filterOrg, { responseCode: null, httpStatus: 401 });
    marked.billable = call(filterOrg, { billable: true, amountPaise: 100 });
    marked.ip = call(filterOrg, { clientIp: '192.168.7.7' });
    marked.app = call(filterOrg, { appId: null });
    marked.old = call(filterOrg, { createdAt: new Date(server.clock.now().getTime() - 20 * DAY_MS) });
    await write([base(), base(), ...Object.values(marked)]);
  });

  const mine = async (params: Record<string, string | number | boolean>) => {
    const reply = await server.request('GET', logsUrl({ ...range(), ...params }), { token: filterOrg.token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.data.rows as ApiLogSummary[]).map((row) => row.request_id).sort();
  };

  it('selects by each filter exactly the calls that match it', async () => {
    expect(await mine({ product_arn: 'in_identity_aadhaar_lite' })).toEqual([marked.product!.requestId]);
    expect(await mine({ key_name: 'Other key' })).toEqual([marked.key!.requestId]);
    expect(await mine({ env: 'PRODUCTION' })).toEqual([marked.env!.requestId]);
    expect(await mine({ response_code: 106 })).toEqual([marked.code!.requestId]);
    expect(await mine({ response_code: 'none' })).toEqual([marked.none!.requestId]);
    expect(await mine({ billable: true })).toEqual([marked.billable!.requestId]);
    expect(await mine({ client_ip: '192.168.7.7' })).toEqual([marked.ip!.requestId]);
    expect(await mine({ app_id: filterOrg.appId })).not.toContain(marked.app!.requestId);
    expect(await mine({ start_date: addDays(today, -1), end_date: today })).not.toContain(marked.old!.requestId);
    expect(await mine({ start_date: addDays(today, -25), end_date: addDays(today, -15) })).toEqual([marked.old!.requestId]);
    expect(await mine({ env: 'PRODUCTION', billable: true })).toEqual([]);
  });

  it('finds a call by its request, task or group id, without dates', async () => {
    const target = marked.code!;
    for (const search of [target.requestId, target.taskId, target.groupId]) {
      const reply = await server.request('GET', logsUrl({ search }), { token: filterOrg.token });
      expect(reply.body.data.rows.map((row: ApiLogSummary) => row.request_id)).toEqual([target.requestId]);
      expect(reply.body.data.message).toBe(REPORT_MESSAGES.found);
    }
  });
});

describe('pages', () => {
  it('are 50 calls newest first, continued by a cursor without overlaps or gaps', async () => {
    const pager = await testCustomer(server, 'qa4@verigate-test.io', [PAN_ARN]);
    const now = server.clock.now().getTime();
    // Two calls share each instant, so the order's tie on the request id is exercised.
    const calls = Array.from({ length: 120 }, (_, i) => call(pager, { createdAt: new Date(now - Math.floor(i / 2) * 60_000) }));
    await write(calls);
    const seen: ApiLogSummary[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const reply: { status: number; body: { data: { rows: ApiLogSummary[]; next_cursor: string | null } } } = await server.request(
        'GET',
        logsUrl({ ...range(), ...(cursor ? { cursor } : {}) }),
        { token: pager.token },
      );
      expect(reply.status).toBe(200);
      sizes.push(reply.body.data.rows.length);
      seen.push(...reply.body.data.rows);
      cursor = reply.body.data.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen.map((row) => row.request_id)).size).toBe(120);
    const expected = [...calls]
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.requestId < x.requestId ? -1 : y.requestId > x.requestId ? 1 : 0))
      .map((row) => row.requestId);
    expect(seen.map((row) => row.request_id)).toEqual(expected);
  });

  it('are read in the index’s order, stopping after one page, rather than sorted from every matching call', async () => {
    const query = logsPageQuery(a.orgId, logsQuery.parse({ tz: IST, ...range() }), new Date(0));
    const plan = await poolOf(server.db).connect();
    try {
      // Few rows here: without these the planner would rightly scan them all, whatever the query's order.
      await plan.query('begin; set local enable_seqscan = off; set local enable_bitmapscan = off');
      const { rows } = await plan.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${query.text}`, query.values);
      const lines = rows.map((row) => row['QUERY PLAN']);
      const limit = lines.findIndex((line) => line.includes('Limit'));
      expect(limit).toBeGreaterThanOrEqual(0);
      expect(lines.slice(limit + 1).join('\n')).toMatch(/^\s*->\s+(Index Scan|Merge Append|Append)/);
      expect(lines.slice(limit).filter((line) => /^\s*(->\s+)?(Incremental )?Sort$/.test(line))).toEqual([]);
    } finally {
      await plan.query('rollback');
      plan.release();
    }
  });
});

describe('bad input', () => {
  it('is a 4xx in the err envelope with the reports’ date messages, never a 500', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, REPORT_MESSAGES.durationMandatory],
      [{ start_date: today }, REPORT_MESSAGES.durationMandatory],
      [{ start_date: addDays(today, -61), end_date: today }, REPORT_MESSAGES.maxRange(60)],
      [{ start_date: today, end_date: addDays(today, -1) }, REPORT_MESSAGES.endBeforeStart],
      [{ start_date: '2019-12-31', end_date: '2020-01-02' }, REPORT_MESSAGES.beforeEarliest],
      [{ start_date: today, end_date: addDays(today, 1) }, REPORT_MESSAGES.afterToday],
      [{ start_date: '2026-02-30', end_date: today }, REPORT_MESSAGES.invalidDate],
      [{ search: 'abc' }, REPORT_MESSAGES.invalidSearchId],
      [{ ...range(), cursor: 'nope!' }, LOGS_MESSAGES.invalidCursor],
      [{ ...range(), cursor: 'bm9wZQ' }, LOGS_MESSAGES.invalidCursor],
      [{ ...range(), response_code: 'abc' }, 'response_code must be a response code or none'],
      [{ ...range(), billable: 'yes' }, 'billable must be true or false'],
      [{ ...range(), env: 'STAGING' }, 'env must be TEST or PRODUCTION'],
      [{ ...range(), tz: 'Mars/Olympus' }, REPORT_MESSAGES.invalidTimeZone],
    ];
    for (const [params, message] of cases) {
      const reply = await list(params);
      expect(reply.status, JSON.stringify(params)).toBe(400);
      expect(JSON.stringify(reply.body.err), JSON.stringify(params)).toContain(message);
    }
    const extra = await list({ ...range(), page_no: '2' });
    expect(extra.status).toBe(400);
    expect(extra.body.err).toBeDefined();
    expect((await list({ ...range() })).body.data.tz).toBe(IST);
  });
});

describe('retention', () => {
  it('is 90 days by default, changed by owners and admins only, to 30, 90, 180 or 365 days', async () => {
    const path = `/api/organisation/${a.orgId}/log-retention`;
    expect((await server.request('GET', path, { token: a.token })).body.data).toEqual({ retention_days: 90 });
    expect((await server.request('GET', path, { token: b.token })).status).toBe(404);
    expect((await server.request('PUT', path, { token: b.token, body: { retention_days: 30 } })).status).toBe(404);
    const bad = await server.request('PUT', path, { token: a.token, body: { retention_days: 45 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.err)).toContain('retention_days must be one of 30, 90, 180, 365');
    const member = await server.signedInUser('qa5@verigate-test.io');
    await server.db.insert(memberships).values({ userId: member.userId, organisationId: a.orgId, role: 'developer' });
    const notOwner = await server.request('PUT', path, { token: member.token, body: { retention_days: 30 } });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.err.message).toBe(PERMISSION_MESSAGES.refused('developer'));
    for (const days of [365, 180, 90]) {
      const changed = await server.request('PUT', path, { token: a.token, body: { retention_days: days } });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toEqual({ retention_days: days });
    }
  });

  it('hides a row older than the setting from the list and the detail at once, and the job deletes it', async () => {
    const path = `/api/organisation/${a.orgId}/log-retention`;
    const now = server.clock.now().getTime();
    const older = call(a, { createdAt: new Date(now - 40 * DAY_MS) });
    const recent = call(a, { createdAt: new Date(now - 10 * DAY_MS) });
    const bOlder = call(b, { createdAt: new Date(now - 40 * DAY_MS) });
    await write([older, recent, bOlder]);
    const window = { start_date: addDays(today, -50), end_date: addDays(today, -1) };
    const ids = async () => ((await list(window)).body.data.rows as ApiLogSummary[]).map((row) => row.request_id);
    expect(await ids()).toEqual(expect.arrayContaining([older.requestId, recent.requestId]));
    expect((await server.request('PUT', path, { token: a.token, body: { retention_days: 30 } })).status).toBe(200);
    expect(await ids()).toContain(recent.requestId);
    expect(await ids()).not.toContain(older.requestId);
    expect((await server.request('GET', `/api/logs/${older.requestId}`, { token: a.token })).status).toBe(404);
    expect((await list({ search: older.requestId })).body.data.rows).toEqual([]);
    expect((await list(window)).body.data.retention_days).toBe(30);

    await enforceRetention(server.db, server.clock.now());
    const left = await server.db.execute<{ id: string }>(
      sql`select id::text from api_logs where id in (${older.requestId}::uuid, ${recent.requestId}::uuid, ${bOlder.requestId}::uuid)`,
    );
    expect(left.rows.map((row) => row.id).sort()).toEqual([recent.requestId, bOlder.requestId].sort());
    // Longer again: what the job deleted stays gone, what was only hidden comes back.
    expect((await server.request('PUT', path, { token: a.token, body: { retention_days: 90 } })).status).toBe(200);
    expect(await ids()).not.toContain(older.requestId);
    expect((await server.request('GET', `/api/logs/${bOlder.requestId}`, { token: b.token })).status).toBe(200);
  });

  it('drops whole months older than the longest retention', async () => {
    const pool = poolOf(server.db);
    const now = server.clock.now();
    const current = monthOf(now);
    await ensureMonths(pool, addMonths(current, -14), current, API_LOGS);
    const keepsAYear = await server.request('PUT', `/api/organisation/${b.orgId}/log-retention`, { token: b.token, body: { retention_days: 365 } });
    expect(keepsAYear.status).toBe(200);
    const ancient = call(b, { createdAt: new Date(now.getTime() - 400 * DAY_MS) });
    const yearOld = call(b, { createdAt: new Date(now.getTime() - 300 * DAY_MS) });
    await write([ancient, yearOld]);
    const ancientMonth = monthOf(ancient.createdAt);
    expect(await listMonths(pool, API_LOGS)).toContain(ancientMonth);
    const { droppedMonths } = await enforceRetention(server.db, now);
    expect(droppedMonths).toContain(ancientMonth);
    const months = await listMonths(pool, API_LOGS);
    expect(months).not.toContain(ancientMonth);
    expect(months).toContain(monthOf(yearOld.createdAt));
    expect(months).toContain(addMonths(current, 3));
    const table = await server.db.execute<{ name: string | null }>(sql`select to_regclass(${partitionName(ancientMonth, API_LOGS)})::text as name`);
    expect(table.rows[0]!.name).toBeNull();
    const left = await server.db.execute<{ id: string }>(
      sql`select id::text from api_logs where id in (${ancient.requestId}::uuid, ${yearOld.requestId}::uuid)`,
    );
    expect(left.rows.map((row) => row.id)).toEqual([yearOld.requestId]);
  });
});
