import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { products } from '@verigate/catalog';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { planSubscriptions, walletEntries } from '../../db/schema.js';
import {
  activatedCustomer,
  BILLING_ADMIN_TOKEN,
  billingEnv,
  CUSTOMERS,
  customPlan,
  ledgerOf,
  onboardedCustomer,
  planIdByCode,
  recordTransfer,
  subscribe,
  type Activated,
} from '../../test/billing-support.js';
import { eventually } from '../../test/eventually.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { createTestDatabase } from '../../test/test-database.js';

let database: DatabaseHandle & { url: string };
let server: TestServer;
let customer: Activated;
let stranger: Activated;
const DAY_MS = 86_400_000;

/** Moves time on; sessions end after 30 idle minutes, so both customers sign in again. */
async function travel(ms: number, ...others: TestServer[]) {
  for (const instance of [server, ...others]) instance.clock.advance(ms);
  for (const [who, email] of [
    [customer, CUSTOMERS[0]!],
    [stranger, CUSTOMERS[1]!],
  ] as const) {
    who.token = (await server.login(email)).body.data.token;
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createTestServer(billingEnv(), { database });
  customer = await activatedCustomer(server, CUSTOMERS[0]!);
  stranger = await activatedCustomer(server, CUSTOMERS[1]!, { name: 'Other Company', trade_name: 'Other Company' });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const info = async (who = customer) => (await server.request('GET', `/api/organisation/${who.orgId}?action=get_org_plan_info`, { token: who.token })).body.data;
const planIds: Record<string, string> = {};
const plan = async (code: string) => (planIds[code] ??= await planIdByCode(server, customer, code));
const activeRows = async (orgId: string) =>
  (
    await server.db
      .select({ n: count() })
      .from(planSubscriptions)
      .where(and(eq(planSubscriptions.organisationId, orgId), eq(planSubscriptions.status, 'ACTIVE')))
  )[0]!.n;

describe('the plans an organisation sees', () => {
  it('lists the four PREPAID tiers, dearer to buy and cheaper per call, each pricing every catalog product', async () => {
    const reply = await server.request('GET', '/api/plan', { token: customer.token });
    expect(reply.status).toBe(200);
    const plans = reply.body.data as Array<{
      plan_name: string;
      plan_type: string;
      prepaid_recharge_amount: number;
      plan_validity: number;
      is_custom_plan: boolean;
      subscription_status: string | null;
      pricing: Record<string, { unit_price: number }>;
    }>;
    expect(plans.map((p) => p.plan_name)).toEqual(['Lite', 'Plus', 'Advance', 'Premium']);
    expect(plans.every((p) => p.plan_type === 'PREPAID' && !p.is_custom_plan && p.subscription_status === null)).toBe(true);
    const amounts = plans.map((p) => p.prepaid_recharge_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts[0]).toBe(10000);
    for (const p of plans) expect(Object.keys(p.pricing).sort()).toEqual(products.map((product) => product.arn).sort());
    const panPrices = plans.map((p) => p.pricing.in_identity_pan_lite!.unit_price);
    expect(panPrices).toEqual([2, 1.8, 1.6, 1.4]);
  });

  it('answers a plan’s pricing with product names and addons, and 404 for an unknown plan', async () => {
    const pricing = (await server.request('GET', `/api/plan/${await plan('LITE')}`, { token: customer.token })).body.data as Array<any>;
    expect(pricing).toHaveLength(products.length);
    expect(pricing.find((row) => row.productArn === 'in_identity_pan_lite')).toEqual({
      productArn: 'in_identity_pan_lite',
      productName: 'PAN Lite',
      productPricing: { unit_price: 2 },
      addons: [
        {
          addon_key: 'name_match',
          addon_name: 'Name match',
          price: 0.5,
          sub_addons: [
            { sub_addon_key: 'fuzzy', sub_addon_name: 'Fuzzy match score' },
            { sub_addon_key: 'exact', sub_addon_name: 'Exact match' },
          ],
        },
      ],
    });
    const unknown = await server.request('GET', '/api/plan/6f1c2a8e-8d1b-4c53-9a43-0a5b7c7d9e11', { token: customer.token });
    expect(unknown).toMatchObject({ status: 404, body: { err: { message: 'Plan not found' } } });
    expect((await server.request('GET', '/api/plan/not-a-plan', { token: customer.token })).status).toBe(400);
    expect((await server.request('GET', '/api/plan')).status).toBe(401);
  });
});

describe('requesting a plan (seed 001 §4)', () => {
  it('needs the operator’s activation first', async () => {
    const early = await onboardedCustomer(server, CUSTOMERS[2]!);
    const reply = await subscribe(server, early, await plan('LITE'));
    expect(reply).toMatchObject({ status: 409, body: { err: { message: 'account_activation_pending' } } });
    expect(await activeRows(early.orgId)).toBe(0);
  });

  it('refuses malformed bodies and changes nothing', async () => {
    for (const body of [{}, { planId: 'x' }, { planId: await plan('LITE'), enable_immediately: 'yes' }, { planId: await plan('LITE'), extra: 1 }]) {
      const reply = await server.request('PUT', `/api/organisation/${customer.orgId}?action=org_plan_subscribe`, { token: customer.token, body });
      expect(reply.status).toBe(400);
    }
    expect(await info()).toEqual({ current: null, next: null });
  });

  it('registers the request as the next plan, PAYMENT_PENDING; New App still asks for a plan', async () => {
    const reply = await subscribe(server, customer, await plan('PLUS'));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      message: 'Your request has been registered',
      current: null,
      next: { plan_name: 'Plus', status: 'PAYMENT_PENDING', amount: 25000, enable_immediately: true, start_date: null, balance: null },
    });
    const plans = (await server.request('GET', '/api/plan', { token: customer.token })).body.data as Array<{
      plan_name: string;
      subscription_status: string | null;
    }>;
    expect(plans.find((p) => p.plan_name === 'Plus')!.subscription_status).toBe('PAYMENT_PENDING');
    const app = await server.request('POST', '/api/app', { token: customer.token, body: { name: 'Production' } });
    expect(app).toMatchObject({ status: 409, body: { err: { message: 'Subscribe a plan to create an App' } } });
  });

  it('replaces a pending request with the newly chosen plan, leaving one request under a parallel burst', async () => {
    const [advance, plus] = [await plan('ADVANCE'), await plan('PLUS')];
    const burst = await Promise.all([advance, plus, advance, plus, advance, plus].map((id) => subscribe(server, customer, id)));
    expect(burst.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const afterBurst = (await server.request('GET', `/api/organisation/${customer.orgId}?action=get_org_plan_subscriptions`, { token: customer.token })).body
      .data;
    expect(afterBurst).toHaveLength(1);
    const reply = await subscribe(server, customer, advance);
    expect(reply.body.data.next).toMatchObject({ plan_name: 'Advance', status: 'PAYMENT_PENDING', amount: 50000 });
    const history = (await server.request('GET', `/api/organisation/${customer.orgId}?action=get_org_plan_subscriptions`, { token: customer.token })).body.data;
    expect(history.map((row: { plan_name: string }) => row.plan_name)).toEqual(['Advance']);
  });

  it('refuses a transfer other than the plan amount plus GST, then activates on the right one: the plan amount credited, fully onboarded', async () => {
    for (const rupees of [49999, 50000]) {
      const wrong = await recordTransfer(server, customer.orgId, rupees);
      expect(wrong).toMatchObject({
        status: 409,
        body: { err: { message: `The transfer of ₹${rupees.toLocaleString('en-IN')} does not match the amount due: ₹50,000 + 18% GST = ₹59,000` } },
      });
    }
    expect((await info()).next.status).toBe('PAYMENT_PENDING');
    // The same transfer recorded five times at once (an operator's double click, two consoles): paid once.
    const burst = await Promise.all(Array.from({ length: 5 }, () => recordTransfer(server, customer.orgId, 59000, 'UTRADVANCE0001')));
    expect(burst.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const paid = burst.find((reply) => reply.status === 200)!;
    expect(paid.body.data).toMatchObject({ payment_type: 'EXTERNAL', mode: 'NEFT/IMPS', paid_amount: 59000, status: 'COMPLETED' });
    expect((await recordTransfer(server, customer.orgId, 59000, 'UTRADVANCE0001')).status).toBe(409);
    const { current, next } = await info();
    expect(next).toBeNull();
    expect(current).toMatchObject({
      plan_name: 'Advance',
      status: 'ACTIVE',
      balance: 50000,
      wallet_balance_with_gst: 59000,
      alert_balance: 10000,
      duration: 12,
    });
    expect(current.end_date - current.start_date).toBeGreaterThan(364 * DAY_MS);
    const organisation = (await server.request('GET', `/api/organisation/${customer.orgId}`, { token: customer.token })).body.data;
    expect(organisation).toMatchObject({
      onboarding_status: 'PLAN_SUBSCRIBED',
      activePlan: { plan_name: 'Advance', plan_type: 'PREPAID' },
      alert_balance: 10000,
    });
    expect((await server.request('POST', '/api/app', { token: customer.token, body: { name: 'Production' } })).status).toBe(200);
    expect(await ledgerOf(server.db, customer.orgId)).toMatchObject({ balance: 50000_00, ledgerSum: 50000_00, entries: 1 });
    // The wallet holds the pre-tax value; the summary adds the GST on it.
    const summary = (await server.request('GET', '/api/summary', { token: customer.token })).body.data;
    expect(summary).toMatchObject({ plan_type: 'PREPAID', wallet_balance: 50000, wallet_balance_with_gst: 59000 });
  });

  it('refuses the plan that is already current', async () => {
    const reply = await subscribe(server, customer, await plan('ADVANCE'));
    expect(reply).toMatchObject({ status: 409, body: { err: { message: 'This plan is already your current plan' } } });
  });

  it('Enable Later: a cheaper plan paid for waits as PAYMENT_RECEIVED, and no other plan can be requested meanwhile', async () => {
    await travel(60_000);
    const requested = await subscribe(server, customer, await plan('LITE'), false);
    expect(requested.body.data.next).toMatchObject({ plan_name: 'Lite', status: 'PAYMENT_PENDING', enable_immediately: false });
    await recordTransfer(server, customer.orgId, 11800);
    const { current, next } = await info();
    expect(current.plan_name).toBe('Advance');
    expect(next).toMatchObject({ plan_name: 'Lite', status: 'PAYMENT_RECEIVED', start_date: current.end_date });
    const refused = await subscribe(server, customer, await plan('PREMIUM'));
    expect(refused).toMatchObject({
      status: 409,
      body: { err: { message: 'A payment has been received for your next plan; activate it before requesting another plan' } },
    });
    expect((await ledgerOf(server.db, customer.orgId)).balance).toBe(50000_00);
  });

  it('Activate Now: the paid next plan becomes current, its amount is credited once, also under a parallel burst', async () => {
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => server.request('PUT', `/api/organisation/${customer.orgId}?action=org_activate_next_plan`, { token: customer.token })),
    );
    expect(burst.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409]);
    const reply = burst.find((one) => one.status === 200)!;
    for (const refused of burst.filter((one) => one.status === 409)) expect(refused.body.err.message).toBe('There is no paid plan waiting to be activated');
    expect(reply.body.data).toMatchObject({
      message: 'You new plan has been activated',
      current: { plan_name: 'Lite', status: 'ACTIVE', balance: 60000 },
      next: null,
    });
    const again = await server.request('PUT', `/api/organisation/${customer.orgId}?action=org_activate_next_plan`, { token: customer.token });
    expect(again).toMatchObject({ status: 409, body: { err: { message: 'There is no paid plan waiting to be activated' } } });
    const history = (await server.request('GET', `/api/organisation/${customer.orgId}?action=get_org_plan_subscriptions`, { token: customer.token })).body.data;
    expect(history.map((row: { plan_code: string; status: string }) => `${row.plan_code}:${row.status}`)).toEqual(['LITE:ACTIVE', 'ADVANCE:EXPIRED']);
    expect(await ledgerOf(server.db, customer.orgId)).toMatchObject({ balance: 60000_00, ledgerSum: 60000_00, entries: 2 });
  });

  it('replaces an expired plan by the paid next one exactly once, even with two instances running the job', async () => {
    await subscribe(server, customer, await plan('PLUS'), false);
    await recordTransfer(server, customer.orgId, 29500);
    // A second instance: its own app, job queue and connection pool, on the same database.
    const secondPool = await openDatabase(database.url);
    const second = await createTestServer(billingEnv(), { database: secondPool, clockAt: server.clock.now() });
    try {
      await travel(200 * DAY_MS, second);
      // The scheduled job of either instance may run too (it sees the same clock): at most one run changes the plan.
      const runs = await Promise.all([expireWith(server), expireWith(second), expireWith(server), expireWith(second)]);
      expect(runs.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(1);
    } finally {
      await second.close();
      await secondPool.close();
    }
    const { current, next } = await info();
    expect(current).toMatchObject({ plan_name: 'Plus', status: 'ACTIVE', balance: 85000 });
    expect(next).toBeNull();
    expect(await activeRows(customer.orgId)).toBe(1);
    const credits = await server.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.organisationId, customer.orgId), eq(walletEntries.kind, 'PLAN_CREDIT')));
    expect(credits).toHaveLength(3);
    expect(await ledgerOf(server.db, customer.orgId)).toMatchObject({ balance: 85000_00, ledgerSum: 85000_00 });
  });

  it('expires a plan with no successor: no current plan, the summary has no plan figures, the card offers Renew', async () => {
    await travel(400 * DAY_MS);
    expect(await expireWith(server)).toBeLessThanOrEqual(1);
    expect(await info()).toEqual({ current: null, next: null });
    const summary = (await server.request('GET', '/api/summary', { token: customer.token })).body.data;
    expect(summary).toEqual({
      subscribed_products_count: 1,
      pending_products_count: 0,
      plan_type: null,
      plan_validity: null,
      wallet_balance: null,
      wallet_balance_with_gst: null,
    });
    const plans = (await server.request('GET', '/api/plan', { token: customer.token })).body.data as Array<{
      plan_name: string;
      subscription_status: string | null;
    }>;
    expect(plans.map((p) => p.subscription_status)).toEqual(['EXPIRED', 'EXPIRED', 'EXPIRED', null]);
  });
});

/** The expiry job's work, run now on one instance through the back office (`npm run admin -- expire-plans`). */
async function expireWith(instance: TestServer): Promise<number> {
  const reply = await instance.request('POST', '/api/admin/plans/expire', {
    headers: { authorization: `Bearer ${BILLING_ADMIN_TOKEN}`, 'x-operator': 'tests' },
  });
  return reply.body.data.expired as number;
}

describe('POSTPAID', () => {
  it('a custom POSTPAID plan needs no payment; while it is active no other plan can be requested', async () => {
    const postpaid = await activatedCustomer(server, CUSTOMERS[3]!);
    const created = await customPlan(server, postpaid.orgId, { name: 'Enterprise', plan_type: 'POSTPAID', amount: 0, validity_months: 12 });
    const reply = await subscribe(server, postpaid, created._id);
    expect(reply.body.data.current).toMatchObject({ plan_name: 'Enterprise', plan_type: 'POSTPAID', status: 'ACTIVE', is_custom_plan: true });
    const refused = await subscribe(server, postpaid, await plan('PREMIUM'));
    expect(refused).toMatchObject({ status: 409, body: { err: { message: 'Your POSTPAID plan is active; contact sales to change it' } } });
    const summary = (await server.request('GET', '/api/summary', { token: postpaid.token })).body.data;
    expect(summary).toMatchObject({ plan_type: 'POSTPAID', wallet_balance: 0 });
  });
});

describe('the alert balance (seed 001 §5)', () => {
  const update = (who: Activated, alert_balance: unknown) =>
    server.request('PUT', `/api/organisation/${who.orgId}?action=org_alert_balance_update`, { token: who.token, body: { alert_balance } });

  it.each([
    ['', 'Amount Can not be empty'],
    [undefined, 'Amount Can not be empty'],
    ['-5', 'Amount should not be negative'],
    ['0', 'Amount Can not be zero or negative'],
    ['12.5', 'Enter a valid Amount'],
    ['abc', 'Enter a valid Amount'],
  ])('%j → %s', async (value, message) => {
    const reply = await update(stranger, value);
    expect(reply).toMatchObject({ status: 400, body: { err: { message } } });
  });

  it('needs a plan, then stores whole rupees with commas stripped', async () => {
    expect(await update(stranger, '1,500')).toMatchObject({ status: 409, body: { err: { message: 'Subscribe to a plan to continue' } } });
    const other = await activatedCustomer(server, CUSTOMERS[4]!);
    const created = await customPlan(server, other.orgId, { name: 'Small', plan_type: 'PREPAID', amount: 5000, validity_months: 1 });
    await subscribe(server, other, created._id);
    await recordTransfer(server, other.orgId, 5900);
    expect((await info(other)).current.alert_balance).toBe(1000);
    expect((await update(other, '1,500')).body.data).toEqual({ message: 'Your daily consumption/alert balance has been updated', alert_balance: 1500 });
    expect((await info(other)).current.alert_balance).toBe(1500);
  });
});

describe('requests to the provider’s team', () => {
  it('registers a custom-plan request once and mails the team; an operator’s custom plan completes it', async () => {
    const first = await server.request('POST', '/api/requests', { token: stranger.token, body: { request_type: 'CUSTOM_PLAN_REQUEST' } });
    expect(first.body.data).toMatchObject({
      message: 'Your request has been registered',
      request: { request_type: 'CUSTOM_PLAN_REQUEST', status: 'INITIATED', amount: null },
    });
    const again = await server.request('POST', '/api/requests', { token: stranger.token, body: { request_type: 'CUSTOM_PLAN_REQUEST' } });
    expect(again.body.data.request._id).toBe(first.body.data.request._id);
    const mails = await eventually(
      () => server.mailTo('operations@verigate.local'),
      (messages) => messages.some((message) => message.subject === 'Other Company asks for a custom plan'),
    );
    expect(mails.filter((message) => message.subject === 'Other Company asks for a custom plan')).toHaveLength(1);
    const created = await customPlan(server, stranger.orgId, {
      name: 'Tailored',
      plan_type: 'PREPAID',
      amount: 75000,
      validity_months: 12,
      prices: { in_identity_pan_lite: 1.25 },
    });
    const requests = (await server.request('GET', '/api/requests', { token: stranger.token })).body.data;
    expect(requests).toEqual([expect.objectContaining({ request_type: 'CUSTOM_PLAN_REQUEST', status: 'COMPLETED' })]);
    const plans = (await server.request('GET', '/api/plan', { token: stranger.token })).body.data as Array<{
      _id: string;
      is_custom_plan: boolean;
      pricing: Record<string, { unit_price: number }>;
    }>;
    const custom = plans.find((p) => p._id === created._id)!;
    expect(custom).toMatchObject({ is_custom_plan: true, pricing: { in_identity_pan_lite: { unit_price: 1.25 }, in_identity_pan_pro: { unit_price: 4 } } });
  });

  it('registers an add-balance request with its amount', async () => {
    const reply = await server.request('POST', '/api/events?action=add_balance_request', { token: stranger.token, body: { balance_amount: 10000 } });
    expect(reply.body.data).toMatchObject({ message: 'Your request has been registered', request: { request_type: 'ADD_BALANCE_REQUEST', amount: 10000 } });
    const bad = await server.request('POST', '/api/events?action=add_balance_request', { token: stranger.token, body: { balance_amount: 'lots' } });
    expect(bad).toMatchObject({ status: 400, body: { err: { message: 'Enter a valid Amount' } } });
    expect((await server.request('POST', '/api/requests', { token: stranger.token, body: { request_type: 'REFUND' } })).status).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('answers another organisation’s plan calls and custom plans as unknown', async () => {
    const other = stranger.orgId;
    const as = { token: customer.token };
    for (const action of ['get_org_plan_info', 'get_org_plan_subscriptions', 'get_org_past_payments']) {
      expect((await server.request('GET', `/api/organisation/${other}?action=${action}`, as)).status).toBe(404);
    }
    expect((await server.request('GET', `/api/organisation/${other}/virtual-account`, as)).status).toBe(404);
    for (const [action, body] of [
      ['org_plan_subscribe', { planId: await plan('LITE') }],
      ['org_activate_next_plan', {}],
      ['org_alert_balance_update', { alert_balance: 100 }],
    ] as const) {
      expect((await server.request('PUT', `/api/organisation/${other}?action=${action}`, { ...as, body })).status).toBe(404);
    }
    const strangersCustom = (
      (await server.request('GET', '/api/plan', { token: stranger.token })).body.data as Array<{ _id: string; is_custom_plan: boolean }>
    ).find((p) => p.is_custom_plan)!;
    expect((await server.request('GET', `/api/plan/${strangersCustom._id}`, as)).status).toBe(404);
    expect((await subscribe(server, customer, strangersCustom._id)).status).toBe(404);
    expect((await server.request('GET', '/api/plan', { ...as, headers: { 'x-org-id': other } })).status).toBe(404);
    expect((await server.request('GET', '/api/requests', { ...as, headers: { 'x-org-id': other } })).status).toBe(404);
  });
});

describe('the back office', () => {
  it('creates a custom plan and records a transfer through `npm run admin`', async () => {
    const target = await activatedCustomer(server, CUSTOMERS[5]!);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const admin = (...args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
          cwd: root,
          env: { ...process.env, ADMIN_URL: address, ADMIN_TOKEN: BILLING_ADMIN_TOKEN, ADMIN_OPERATOR: 'cli.ops' },
        });
        let text = '';
        child.stdout.on('data', (chunk) => (text += chunk));
        child.stderr.on('data', (chunk) => (text += chunk));
        child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`admin exited ${code}: ${text}`))));
      });
    const created = JSON.parse(await admin('create-custom-plan', target.orgId, 'Pilot', 'PREPAID', '3000', '3', '--price', 'in_identity_pan_lite=1.5'));
    expect(created).toMatchObject({
      plan_name: 'Pilot',
      is_custom_plan: true,
      prepaid_recharge_amount: 3000,
      plan_validity: 3,
      pricing: { in_identity_pan_lite: { unit_price: 1.5 } },
    });
    await subscribe(server, target, created._id);
    const transfer = JSON.parse(await admin('record-transfer', target.orgId, '3540', 'UTRCLI000123'));
    expect(transfer).toMatchObject({ paid_amount: 3540, status: 'COMPLETED', payment_type: 'EXTERNAL' });
    expect((await info(target)).current).toMatchObject({ plan_name: 'Pilot', status: 'ACTIVE', balance: 3000, wallet_balance_with_gst: 3540 });
    const plans = JSON.parse(await admin('plans')) as Array<{ code: string; listed: boolean }>;
    expect(plans.find((row) => row.code === 'POSTPAID')).toMatchObject({ listed: false });
  });
});
