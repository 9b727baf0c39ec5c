import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { planPrices, transactions, walletAlerts, walletReservations } from '../db/schema.js';
import {
  activatedCustomer,
  billingEnv,
  CUSTOMERS,
  customPlan,
  ledgerOf,
  operatorHeaders,
  payPlan,
  subscribe,
  type Activated,
} from '../test/billing-support.js';
import { eventually } from '../test/eventually.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { releaseStaleReservations, reserve } from './charging.js';
import { callApi, creditsOf, liveApp, panBody } from '../test/gateway-support.js';

/** A local upstream: PAN answers 100 (billable) after a short delay, so parallel calls overlap; the slow path holds a call open. */
let upstream: Server;
let server: TestServer;
const PAN = 'in_identity_pan_lite';
const SLOW = 'in_identity_pan_advance';
const UNPRICED = 'in_identity_pan_pro';
const DOWN = 'in_identity_dl_lite';
const ARNS = [PAN, SLOW, UNPRICED, DOWN];
const HOLD_MS = 3000;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: 100, result: { ok: true } }));
      setTimeout(answer, request.url === '/slow' ? 600 : 40);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await createTestServer(
    billingEnv({
      UPSTREAM_TIMEOUT_MS: '2000',
      RESERVATION_HOLD_MS: String(HOLD_MS),
      UPSTREAM_URLS: JSON.stringify({ [PAN]: `${base}/pan`, [SLOW]: `${base}/slow`, [UNPRICED]: `${base}/pan` }),
    }),
  );
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => upstream.close(resolve));
});

/** An activated organisation on a custom PREPAID plan of `amount` rupees where PAN costs ₹2, with a live app. */
async function prepaidCustomer(email: string, amount: number) {
  const customer = await activatedCustomer(server, email);
  const plan = await customPlan(server, customer.orgId, {
    name: 'Metered',
    plan_type: 'PREPAID',
    amount,
    validity_months: 1,
    prices: { [PAN]: 2, [SLOW]: 2 },
  });
  await payPlan(server, customer, plan._id);
  return { customer, live: await liveApp(server, customer.orgId, ARNS) };
}

const liveCall = (live: { appId: string; key: string }, arn = PAN) =>
  callApi(server, {
    environment: 'live',
    arn,
    appId: live.appId,
    key: live.key,
    body: arn === DOWN ? { mode: 'sync', data: { customer_dl_number: 'MH0220190001234', consent: 'Y', consent_text: 'ok' } } : panBody(),
  });

/** The money property after every test: the ledger adds up to the balance and no entry left it negative. */
async function expectLedgerHolds(orgId: string) {
  const ledger = await ledgerOf(server.db, orgId);
  expect(ledger.ledgerSum).toBe(ledger.balance);
  const { rows } = await server.db.execute<{ lowest: string | null }>(
    sql`select min(balance_after_paise) as lowest from wallet_entries where organisation_id = ${orgId}::uuid`,
  );
  return { ...ledger, lowest: Number(rows[0]?.lowest ?? 0) };
}

describe('charging live calls on a PREPAID wallet', () => {
  let customer: Activated;
  let live: { appId: string; key: string };

  beforeAll(async () => {
    ({ customer, live } = await prepaidCustomer(CUSTOMERS[0]!, 20));
  });

  it('charges exactly 10 of 50 concurrent calls on a wallet funded for 10; the rest get 112 or 113 and the balance ends at 0', async () => {
    expect(await ledgerOf(server.db, customer.orgId)).toMatchObject({ balance: 2000, reserved: 0 });
    const replies = await Promise.all(Array.from({ length: 50 }, () => liveCall(live)));
    const charged = replies.filter((reply) => reply.body.response_code === 100);
    const refused = replies.filter((reply) => reply.body.response_code !== 100);
    expect(charged).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const reply of refused) {
      expect(reply.status).toBe(403);
      expect([112, 113]).toContain(reply.body.response_code);
      expect(reply.body.metadata.billable).toBe('N');
    }
    const ledger = await expectLedgerHolds(customer.orgId);
    expect(ledger).toMatchObject({ balance: 0, reserved: 0, ledgerSum: 0, entries: 11 });
    expect(ledger.lowest).toBeGreaterThanOrEqual(0);
    const billed = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.organisationId, customer.orgId), eq(transactions.env, 'PRODUCTION'), eq(transactions.billable, true)));
    expect(billed.map((row) => row.id).sort()).toEqual(charged.map((reply) => reply.body.request_id).sort());
    const counts = { 112: refused.filter((r) => r.body.response_code === 112).length, 113: refused.filter((r) => r.body.response_code === 113).length };
    expect(counts[112] + counts[113]).toBe(40);
    process.stdout.write(`50 concurrent live calls, wallet for 10: 10 charged, ${counts[112]} × 112, ${counts[113]} × 113\n`);
  });

  it('answers 112 wallet balance low once the balance is spent, and holds nothing for it', async () => {
    const reply = await liveCall(live);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ response_code: 112, response_message: 'wallet balance low', success: false });
    expect(await ledgerOf(server.db, customer.orgId)).toMatchObject({ balance: 0, reserved: 0 });
  });

  it('mails the owner once when the balance crossed below the alert balance (20 % of the plan amount)', async () => {
    const alerts = await server.db
      .select()
      .from(walletAlerts)
      .where(and(eq(walletAlerts.organisationId, customer.orgId), eq(walletAlerts.kind, 'LOW_BALANCE')));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'LOW_BALANCE', thresholdPaise: 400, balancePaise: 200 });
    const mails = await eventually(
      () => server.mailTo(CUSTOMERS[0]!),
      (messages) => messages.some((message) => message.subject === 'Your Verigate wallet balance is low'),
    );
    expect(mails.filter((message) => message.subject === 'Your Verigate wallet balance is low')).toHaveLength(1);
    expect(mails.find((message) => message.subject === 'Your Verigate wallet balance is low')!.text).toContain('below your alert balance of ₹4');
  });

  it('keeps sandbox calls on test credits: the wallet is not touched', async () => {
    const before = await ledgerOf(server.db, customer.orgId);
    const reply = await callApi(server, { environment: 'test', arn: PAN, appId: customer.testAppId, key: customer.testKey, body: panBody() });
    expect(reply.body.response_code).toBe(100);
    expect(await creditsOf(server, customer.orgId, PAN)).toBe(99);
    expect(await ledgerOf(server.db, customer.orgId)).toEqual(before);
  });
});

describe('holds and releases', () => {
  let customer: Activated;
  let live: { appId: string; key: string };

  beforeAll(async () => {
    ({ customer, live } = await prepaidCustomer(CUSTOMERS[1]!, 10));
  });

  it('releases the hold of a non-billable answer: nothing is debited', async () => {
    const reply = await liveCall(live, DOWN);
    expect(reply.body).toMatchObject({ response_code: 110, metadata: { billable: 'N' } });
    const ledger = await expectLedgerHolds(customer.orgId);
    expect(ledger).toMatchObject({ balance: 1000, reserved: 0, entries: 1 });
  });

  it('answers 113 while the balance is enough only without the calls in flight, and 112 once it is spent', async () => {
    await Promise.all(Array.from({ length: 4 }, () => liveCall(live)));
    expect((await ledgerOf(server.db, customer.orgId)).balance).toBe(200);
    const slow = liveCall(live, SLOW);
    await eventually(
      async () => (await ledgerOf(server.db, customer.orgId)).reserved,
      (reserved) => reserved === 200,
    );
    const pending = await liveCall(live);
    expect(pending.body).toMatchObject({ response_code: 113, response_message: 'wallet balance reaching zero with too many pending requests' });
    expect((await slow).body.response_code).toBe(100);
    const spent = await liveCall(live);
    expect(spent.body).toMatchObject({ response_code: 112 });
    expect(await expectLedgerHolds(customer.orgId)).toMatchObject({ balance: 0, reserved: 0 });
  });

  it('releases the holds of calls an instance never settled once they are older than the hold time', async () => {
    const orphan = randomUUID();
    expect(await reserve(server.db, customer.orgId, PAN, orphan, server.clock.now())).toEqual({ held: false, reason: 'balance_low' });
    const funded = await prepaidCustomer(CUSTOMERS[2]!, 10);
    expect(await reserve(server.db, funded.customer.orgId, PAN, orphan, server.clock.now())).toEqual({ held: true, pricePaise: 200 });
    expect(await ledgerOf(server.db, funded.customer.orgId)).toMatchObject({ balance: 1000, reserved: 200 });
    expect(await releaseStaleReservations(server.db, new Date(server.clock.now().getTime() - HOLD_MS))).toBe(0);
    server.clock.advance(HOLD_MS + 1);
    expect(await releaseStaleReservations(server.db, new Date(server.clock.now().getTime() - HOLD_MS))).toBe(1);
    expect(await ledgerOf(server.db, funded.customer.orgId)).toMatchObject({ balance: 1000, reserved: 0 });
    expect(await server.db.select().from(walletReservations).where(eq(walletReservations.requestId, orphan))).toHaveLength(0);
  });
});

describe('refusals before any money moves', () => {
  it('refuses a live call of an organisation without an active plan', async () => {
    const customer = await activatedCustomer(server, CUSTOMERS[3]!);
    const live = await liveApp(server, customer.orgId, ARNS);
    const reply = await liveCall(live);
    expect(reply).toMatchObject({ status: 403, body: { response_code: null, response_message: 'no active plan for the organisation' } });
  });

  it('refuses a product the plan has no price for', async () => {
    const { customer, live } = await prepaidCustomer(CUSTOMERS[4]!, 10);
    const { rows } = await server.db.execute<{ plan_id: string }>(
      sql`select plan_id from plan_subscriptions where organisation_id = ${customer.orgId}::uuid and status = 'ACTIVE'`,
    );
    await server.db.delete(planPrices).where(and(eq(planPrices.planId, rows[0]!.plan_id), eq(planPrices.productArn, UNPRICED)));
    const reply = await liveCall(live, UNPRICED);
    expect(reply).toMatchObject({ status: 403, body: { response_code: null, response_message: "product not priced in the organisation's plan" } });
    expect(await ledgerOf(server.db, customer.orgId)).toMatchObject({ balance: 1000, reserved: 0 });
  });
});

describe('POSTPAID consumption', () => {
  it('never refuses for balance, records every billable call in the ledger and mails once the day passes its limit', async () => {
    const email = CUSTOMERS[5]!;
    const customer = await activatedCustomer(server, email);
    const plan = await customPlan(server, customer.orgId, { name: 'Enterprise', plan_type: 'POSTPAID', amount: 0, validity_months: 12, prices: { [PAN]: 2 } });
    const requested = await subscribe(server, customer, plan._id);
    expect(requested.body.data.current).toMatchObject({ plan_type: 'POSTPAID', status: 'ACTIVE', balance: 0 });
    const limit = await server.request('PUT', `/api/organisation/${customer.orgId}?action=org_alert_balance_update`, {
      token: customer.token,
      body: { alert_balance: '3' },
    });
    expect(limit.body.data).toEqual({ message: 'Your daily consumption/alert balance has been updated', alert_balance: 3 });
    const live = await liveApp(server, customer.orgId, ARNS);
    const replies = await Promise.all(Array.from({ length: 5 }, () => liveCall(live)));
    expect(replies.map((reply) => reply.body.response_code)).toEqual([100, 100, 100, 100, 100]);
    expect(await expectLedgerHolds(customer.orgId)).toMatchObject({ balance: -1000, reserved: 0, entries: 5 });
    const alerts = await server.db.select().from(walletAlerts).where(eq(walletAlerts.organisationId, customer.orgId));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'DAILY_LIMIT', thresholdPaise: 300, balancePaise: 400 });
    const mails = await eventually(
      () => server.mailTo(email),
      (messages) => messages.some((message) => message.subject === 'Your Verigate daily consumption passed its limit'),
    );
    expect(mails.filter((message) => message.subject.includes('daily consumption'))).toHaveLength(1);

    // The POSTPAID plan ends; a PREPAID one follows: what was consumed is invoiced, the new wallet starts at the plan's amount.
    server.clock.advance(400 * 86_400_000);
    expect((await server.request('POST', '/api/admin/plans/expire', { headers: operatorHeaders })).status).toBe(200);
    customer.token = (await server.login(email)).body.data.token;
    const ended = await server.request('GET', `/api/organisation/${customer.orgId}?action=get_org_plan_info`, { token: customer.token });
    expect(ended.body.data).toEqual({ current: null, next: null });
    const prepaid = await customPlan(server, customer.orgId, { name: 'Prepaid', plan_type: 'PREPAID', amount: 1000, validity_months: 1 });
    await payPlan(server, customer, prepaid._id);
    const ledger = await expectLedgerHolds(customer.orgId);
    expect(ledger).toMatchObject({ balance: 1000_00, reserved: 0, entries: 7 });
    const adjustments = await server.db.execute<{ amount_paise: string }>(
      sql`select amount_paise from wallet_entries where organisation_id = ${customer.orgId}::uuid and kind = 'ADJUSTMENT'`,
    );
    expect(adjustments.rows.map((row) => Number(row.amount_paise))).toEqual([1000]);
  });
});
