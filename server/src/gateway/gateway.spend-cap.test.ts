import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { activatedCustomer, billingEnv, CUSTOMERS, customPlan, ledgerOf, payPlan, type Activated } from '../test/billing-support.js';
import { callApi, liveApp, panBody } from '../test/gateway-support.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * The daily spend cap (docs/decisions/0021-spend-controls.md) on two app instances sharing one
 * database: a burst of live calls never takes the day's spend past the cap, the calls past it are
 * refused with 114 and charged nothing, and the next day (Asia/Kolkata) starts from zero. The
 * low-balance thresholds, decided on the same wallet row, alert once per crossing.
 */

const PAN = 'in_identity_pan_lite';
const DOWN = 'in_identity_dl_lite';
const DL_BODY = { mode: 'sync', data: { customer_dl_number: 'MH0220190001234', consent: 'Y', consent_text: 'ok' } };
const DAY_MS = 86_400_000;
let upstream: Server;
let database: TestDatabase;
let second: DatabaseHandle;
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume();
    // A short delay, so the calls of the burst are in flight together.
    request.on('end', () => setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"response_code":100}'), 20));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const env = billingEnv({ UPSTREAM_URLS: JSON.stringify({ [PAN]: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pan` }) });
  database = await createTestDatabase();
  second = await openDatabase(database.url);
  one = await createTestServer(env, { database });
  two = await createTestServer(env, { database: second, clockAt: one.clock.now() });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await second?.close();
  await database?.close();
  await new Promise((resolve) => upstream.close(resolve));
});

/** An organisation on a ₹100 PREPAID plan where a PAN call costs ₹2, with a live app and a daily cap of `cap` rupees. */
async function cappedCustomer(email: string, cap: number): Promise<{ customer: Activated; live: { appId: string; key: string } }> {
  const customer = await activatedCustomer(one, email);
  const plan = await customPlan(one, customer.orgId, {
    name: 'Capped',
    plan_type: 'PREPAID',
    amount: 100,
    validity_months: 1,
    prices: { [PAN]: 2, [DOWN]: 2 },
  });
  await payPlan(one, customer, plan._id);
  const saved = await one.request('PUT', '/api/billing/spend-settings', { token: customer.token, body: { alert_percents: [], daily_cap: cap } });
  expect(saved.status).toBe(200);
  expect(saved.body.data).toMatchObject({ daily_cap: cap, spent_today: 0 });
  return { customer, live: await liveApp(one, customer.orgId, [PAN, DOWN]) };
}

const liveCall = (server: TestServer, live: { appId: string; key: string }) =>
  callApi(server, { environment: 'live', arn: PAN, appId: live.appId, key: live.key, body: panBody() });

describe('the daily spend cap', () => {
  it('answers exactly 10 of 30 parallel live calls over two instances on a cap of ₹20 at ₹2 a call; the others get 114, uncharged', async () => {
    const { customer, live } = await cappedCustomer(CUSTOMERS[0]!, 20);
    const replies = await Promise.all(Array.from({ length: 30 }, (_, index) => liveCall(index % 2 ? one : two, live)));
    const answered = replies.filter((reply) => reply.body.response_code === 100);
    const refused = replies.filter((reply) => reply.body.response_code !== 100);
    expect(answered).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const reply of refused) {
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ response_code: 114, response_message: 'daily spend cap reached', success: false, metadata: { billable: 'N' } });
    }
    // Charged: the 10 answered calls only, ₹20 in all; nothing held; the day's use is the cap.
    const ledger = await ledgerOf(one.db, customer.orgId);
    expect(ledger).toMatchObject({ balance: 100_00 - 20_00, reserved: 0, ledgerSum: 100_00 - 20_00, entries: 11 });
    const { rows } = await one.db.execute<{ billable: number; refused: number; charged: string[]; cap_used: number }>(sql`
      select (select count(*) from transactions where organisation_id = ${customer.orgId}::uuid and billable)::int as billable,
             (select count(*) from transactions where organisation_id = ${customer.orgId}::uuid and response_code = 114 and not billable)::int as refused,
             array(select substr(reference, 6) from wallet_entries where organisation_id = ${customer.orgId}::uuid and kind = 'CALL') as charged,
             (select cap_used_paise from wallets where organisation_id = ${customer.orgId}::uuid)::int as cap_used`);
    expect(rows[0]).toMatchObject({ billable: 10, refused: 20, cap_used: 20_00 });
    expect([...rows[0]!.charged].sort()).toEqual(answered.map((reply) => reply.body.request_id).sort());
    const settings = await one.request('GET', '/api/billing/spend-settings', { token: customer.token });
    expect(settings.body.data).toMatchObject({ daily_cap: 20, spent_today: 20 });
  });

  it('refuses the first call past the cap, and starts again from zero the next day', async () => {
    const { customer, live } = await cappedCustomer(CUSTOMERS[1]!, 4);
    expect((await liveCall(one, live)).body.response_code).toBe(100);
    expect((await liveCall(two, live)).body.response_code).toBe(100);
    expect((await liveCall(one, live)).body).toMatchObject({ response_code: 114, response_message: 'daily spend cap reached' });
    one.clock.advance(DAY_MS);
    expect((await liveCall(one, live)).body.response_code).toBe(100);
    expect((await liveCall(one, live)).body.response_code).toBe(100);
    expect((await liveCall(one, live)).body.response_code).toBe(114);
    expect(await ledgerOf(one.db, customer.orgId)).toMatchObject({ balance: 100_00 - 8_00, reserved: 0 });
  });

  it('gives a released hold back to the day: a non-billable answer does not count against the cap', async () => {
    const { customer, live } = await cappedCustomer(CUSTOMERS[2]!, 2);
    // No upstream for DL: held, answered 110 Source Down (not billable), released.
    const down = await callApi(one, { environment: 'live', arn: DOWN, appId: live.appId, key: live.key, body: DL_BODY });
    expect(down.body).toMatchObject({ response_code: 110, metadata: { billable: 'N' } });
    expect((await liveCall(two, live)).body.response_code).toBe(100);
    expect((await liveCall(one, live)).body.response_code).toBe(114);
    // A higher cap is read by the next hold, whichever instance makes it.
    await one.request('PUT', '/api/billing/spend-settings', { token: customer.token, body: { alert_percents: [50], daily_cap: 4 } });
    expect((await liveCall(two, live)).body.response_code).toBe(100);
    expect((await liveCall(one, live)).body.response_code).toBe(114);
    expect(await ledgerOf(one.db, customer.orgId)).toMatchObject({ balance: 100_00 - 4_00, reserved: 0 });
  });
});

describe('low-balance thresholds over two instances', () => {
  it('alerts each threshold once when a burst crosses it, whichever instance debits', async () => {
    const { customer, live } = await cappedCustomer(CUSTOMERS[3]!, 1000);
    await one.request('PUT', '/api/billing/spend-settings', { token: customer.token, body: { alert_percents: [50, 10], daily_cap: null } });
    // ₹100 at ₹2 a call: 50 calls spend it all, crossing ₹50 and ₹10 once each, whichever instance debits.
    const replies = await Promise.all(Array.from({ length: 50 }, (_, index) => liveCall(index % 2 ? one : two, live)));
    expect(replies.every((reply) => reply.body.response_code === 100)).toBe(true);
    const { rows } = await one.db.execute<{ threshold_percent: number; balance_paise: number }>(sql`
      select threshold_percent, balance_paise::int from wallet_alerts
      where organisation_id = ${customer.orgId}::uuid and kind = 'THRESHOLD' order by threshold_percent`);
    expect(rows).toEqual([
      { threshold_percent: 10, balance_paise: 8_00 },
      { threshold_percent: 50, balance_paise: 48_00 },
    ]);
  });
});
