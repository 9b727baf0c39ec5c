import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { listOutbox } from '../../platform/mail.js';
import { memberships, serverSecrets, walletAlerts, walletEntries, wallets, webhookEvents } from '../../db/schema.js';
import { activatedCustomer, billingEnv, CUSTOMERS, customPlan, ledgerOf, payPlan, type Activated } from '../../test/billing-support.js';
import { eventually } from '../../test/eventually.js';
import { callApi, liveApp, panBody } from '../../test/gateway-support.js';
import { createTestServer, type TestServer } from '../../test/harness.js';

const PAN = 'in_identity_pan_lite';
const DAY_MS = 86_400_000;
const FINANCE = 'finance@billing-test.io';
let upstream: Server;
let server: TestServer;
let secret = '';

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"response_code":100}'), 20));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  server = await createTestServer(
    billingEnv({
      CAPTCHA_ALLOWLIST: [...CUSTOMERS, FINANCE].join(','),
      UPSTREAM_URLS: JSON.stringify({ [PAN]: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pan` }),
    }),
  );
  const [row] = await server.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'payments.sandbox_webhook_secret'));
  secret = row!.value;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => upstream.close(resolve));
});

/** An organisation on a ₹1,000 PREPAID plan where a PAN call costs ₹100, with a live app. */
async function planCustomer(email: string) {
  const customer = await activatedCustomer(server, email);
  const plan = await customPlan(server, customer.orgId, { name: 'Metered', plan_type: 'PREPAID', amount: 1000, validity_months: 1, prices: { [PAN]: 100 } });
  await payPlan(server, customer, plan._id);
  return { customer, live: await liveApp(server, customer.orgId, [PAN]) };
}

const liveCalls = (live: { appId: string; key: string }, count: number) =>
  Promise.all(Array.from({ length: count }, () => callApi(server, { environment: 'live', arn: PAN, appId: live.appId, key: live.key, body: panBody() })));

/** The payment provider's signature (Cashfree's scheme, the sandbox's too): base64 HMAC-SHA256 of the timestamp and the raw body. */
const webhookSignature = (key: string, timestamp: string, body: string) =>
  createHmac('sha256', key)
    .update(timestamp + body)
    .digest('base64');

/** Add Balance through a sandbox payment link, paid by the provider's signed webhook. */
async function topUp(customer: Activated, amount: number) {
  const link = await server.request('POST', '/api/payment/create', { token: customer.token, body: { amount } });
  // The link asks for the amount plus GST, and the wallet gets the amount.
  const body = JSON.stringify({
    event_id: randomUUID(),
    link_id: link.body.data.link_id,
    status: 'paid',
    amount_paid: link.body.data.amount,
    reference: 'sbx_test',
  });
  const timestamp = String(Date.now());
  const paid = await server.request('POST', '/api/payment/webhook/sandbox', {
    rawBody: body,
    headers: { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': webhookSignature(secret, timestamp, body) },
  });
  expect(paid.body.data.outcome).toBe('credited');
}

const settingsOf = (customer: Activated, headers: Record<string, string> = {}) =>
  server.request('GET', '/api/billing/spend-settings', { token: customer.token, headers });
const save = (customer: Activated, body: unknown, headers: Record<string, string> = {}) =>
  server.request('PUT', '/api/billing/spend-settings', { token: customer.token, body, headers });

describe('low-balance thresholds', () => {
  let customer: Activated;
  let live: { appId: string; key: string };

  beforeAll(async () => {
    ({ customer, live } = await planCustomer(CUSTOMERS[0]!));
    // A finance member of the organisation gets the alerts too.
    const financeId = await server.registerUser(FINANCE);
    await server.db.insert(memberships).values({ userId: financeId, organisationId: customer.orgId, role: 'finance' });
  });

  it('answers the defaults with their amounts on the current plan', async () => {
    const reply = await settingsOf(customer);
    expect(reply.body.data).toEqual({
      alert_percents: [50, 25, 10],
      daily_cap: null,
      plan_amount: 1000,
      thresholds: [
        { percent: 50, amount: 500 },
        { percent: 25, amount: 250 },
        { percent: 10, amount: 100 },
      ],
      spent_today: 0,
    });
  });

  it('alerts each threshold once per crossing under parallel calls, by one email to owner and finance and one webhook event; a top-up re-arms them', async () => {
    const thresholdRows = () =>
      server.db
        .select()
        .from(walletAlerts)
        .where(and(eq(walletAlerts.organisationId, customer.orgId), eq(walletAlerts.kind, 'THRESHOLD')));
    const countsByPercent = (rows: Array<{ thresholdPercent: number | null }>) =>
      Object.fromEntries([50, 25, 10].map((percent) => [percent, rows.filter((row) => row.thresholdPercent === percent).length]));

    // ₹1,000 at ₹100 a call: 10 parallel calls spend it all, crossing ₹500, ₹250 and ₹100 once each.
    expect((await liveCalls(live, 10)).every((reply) => reply.body.response_code === 100)).toBe(true);
    expect(countsByPercent(await thresholdRows())).toEqual({ 50: 1, 25: 1, 10: 1 });
    expect(await ledgerOf(server.db, customer.orgId)).toMatchObject({ balance: 0, reserved: 0 });
    // Already below every threshold: another refused call alerts nothing.
    expect((await liveCalls(live, 1))[0]!.body.response_code).toBe(112);
    expect(await thresholdRows()).toHaveLength(3);

    await topUp(customer, 1000);
    expect((await liveCalls(live, 10)).every((reply) => reply.body.response_code === 100)).toBe(true);
    const rows = await thresholdRows();
    expect(countsByPercent(rows)).toEqual({ 50: 2, 25: 2, 10: 2 });
    expect(rows.find((row) => row.thresholdPercent === 25)).toMatchObject({ thresholdPaise: 250_00 });

    // Every row mailed once, in one message to the owner and the finance member, and raised once as a webhook event.
    await eventually(
      async () => (await server.db.select().from(walletAlerts).where(eq(walletAlerts.organisationId, customer.orgId))).filter((row) => row.sentAt === null),
      (unsent) => unsent.length === 0,
    );
    const mails = (await listOutbox(server.db, 1000)).filter((message) => message.subject.startsWith('Your Verigate wallet balance fell below'));
    expect(mails).toHaveLength(6);
    for (const mail of mails) expect(mail.to).toBe(`${CUSTOMERS[0]}, ${FINANCE}`);
    expect(mails.filter((mail) => mail.subject === 'Your Verigate wallet balance fell below 25% of your plan')).toHaveLength(2);
    expect(mails.find((mail) => mail.subject.includes('25%'))!.text).toContain('below ₹250 (25% of your plan amount)');
    const events = await server.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organisationId, customer.orgId), eq(webhookEvents.type, 'wallet.low_balance')));
    const payloads = events.map((event) => event.payload as Record<string, unknown>);
    expect(payloads.filter((payload) => payload.threshold === 'percent_of_plan')).toHaveLength(6);
    expect(payloads.filter((payload) => payload.threshold_percent === 10)).toHaveLength(2);
    expect(payloads.find((payload) => payload.threshold_percent === 10)).toMatchObject({ alert_balance_paise: 100_00, balance_paise: expect.any(Number) });
    // The seed's alert balance (20 %) still alerts on its own, once per crossing.
    expect(payloads.filter((payload) => payload.threshold === 'alert_balance')).toHaveLength(2);
  });

  it('answers the burn rate, the days left and the period’s calls by response code', async () => {
    // The ledger: ₹2,000 of calls today (above), ₹700 three days ago, ₹5,000 eight days ago (outside the 7 days).
    const now = server.clock.now();
    await server.db.insert(walletEntries).values([
      {
        organisationId: customer.orgId,
        reference: `call:${randomUUID()}`,
        kind: 'CALL',
        amountPaise: -700_00,
        balanceAfterPaise: 0,
        createdAt: new Date(now.getTime() - 3 * DAY_MS),
      },
      {
        organisationId: customer.orgId,
        reference: `call:${randomUUID()}`,
        kind: 'CALL',
        amountPaise: -5000_00,
        balanceAfterPaise: 0,
        createdAt: new Date(now.getTime() - 8 * DAY_MS),
      },
    ]);
    await server.db.update(wallets).set({ balancePaise: 1540_00 }).where(eq(wallets.organisationId, customer.orgId));
    const reply = await server.request('GET', '/api/billing/spend-summary', { token: customer.token });
    expect(reply.status).toBe(200);
    // (2,000 + 700) / 7 = ₹385.714… a day → ₹385.71; ₹1,540 lasts 3 whole days at that rate.
    expect(reply.body.data).toMatchObject({ balance: 1540, burn_rate_per_day: 385.71, days_left: 3, period_start: expect.any(Number) });
    expect(reply.body.data.calls).toEqual([
      { response_code: 100, billable: true, calls: 20 },
      { response_code: 112, billable: false, calls: 1 },
    ]);
  });

  it('answers no days left without spend', async () => {
    const { customer: fresh } = await planCustomer(CUSTOMERS[1]!);
    const reply = await server.request('GET', '/api/billing/spend-summary', { token: fresh.token });
    expect(reply.body.data).toMatchObject({ balance: 1000, burn_rate_per_day: 0, days_left: null, calls: [] });
  });
});

describe('spend settings', () => {
  let customer: Activated;
  let stranger: Activated;

  beforeAll(async () => {
    ({ customer } = await planCustomer(CUSTOMERS[2]!));
    stranger = await activatedCustomer(server, CUSTOMERS[3]!);
  });

  it('saves up to 5 thresholds (largest first) and a cap in rupees, stored as paise', async () => {
    const reply = await save(customer, { alert_percents: [5, 75, 30], daily_cap: 2500 });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      alert_percents: [75, 30, 5],
      daily_cap: 2500,
      thresholds: [
        { percent: 75, amount: 750 },
        { percent: 30, amount: 300 },
        { percent: 5, amount: 50 },
      ],
    });
    const [wallet] = await server.db.select().from(wallets).where(eq(wallets.organisationId, customer.orgId));
    expect(wallet).toMatchObject({ alertPercents: [75, 30, 5], dailyCapPaise: 2500_00 });
    const cleared = await save(customer, { alert_percents: [], daily_cap: null });
    expect(cleared.body.data).toMatchObject({ alert_percents: [], daily_cap: null, thresholds: [] });
  });

  it.each([
    [{ alert_percents: [0], daily_cap: null }, 'Each threshold is a whole percentage between 1 and 99'],
    [{ alert_percents: [100], daily_cap: null }, 'Each threshold is a whole percentage between 1 and 99'],
    [{ alert_percents: [12.5], daily_cap: null }, 'Each threshold is a whole percentage between 1 and 99'],
    [{ alert_percents: ['50'], daily_cap: null }, 'Each threshold is a whole percentage between 1 and 99'],
    [{ alert_percents: [50, 40, 30, 20, 10, 5], daily_cap: null }, 'Set at most 5 thresholds'],
    [{ alert_percents: [50, 50], daily_cap: null }, 'Each threshold can be set only once'],
    [{ alert_percents: [50], daily_cap: -100 }, 'Enter the daily spend cap in whole rupees, at least ₹1 and at most ₹1,00,00,000, or leave it empty'],
    [{ alert_percents: [50], daily_cap: 0 }, 'Enter the daily spend cap in whole rupees, at least ₹1 and at most ₹1,00,00,000, or leave it empty'],
    [{ alert_percents: [50], daily_cap: 10.5 }, 'Enter the daily spend cap in whole rupees, at least ₹1 and at most ₹1,00,00,000, or leave it empty'],
  ])('refuses %j with a clear message', async (body, message) => {
    const reply = await save(customer, body);
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe(message);
  });

  it('answers 404 for another organisation by x-org-id, and 409 before a plan gave the organisation a wallet', async () => {
    expect((await settingsOf(customer, { 'x-org-id': stranger.orgId })).status).toBe(404);
    expect((await save(customer, { alert_percents: [50], daily_cap: 10 }, { 'x-org-id': stranger.orgId })).status).toBe(404);
    expect((await server.request('GET', '/api/billing/spend-summary', { token: customer.token, headers: { 'x-org-id': stranger.orgId } })).status).toBe(404);
    const refused = await save(stranger, { alert_percents: [50], daily_cap: 10 });
    expect(refused).toMatchObject({ status: 409, body: { err: { message: 'Subscribe to a plan to continue' } } });
    const [wallet] = await server.db
      .execute<{ count: number }>(sql`select count(*)::int as count from wallets where organisation_id = ${stranger.orgId}::uuid`)
      .then((result) => result.rows);
    expect(wallet!.count).toBe(0);
  });
});
