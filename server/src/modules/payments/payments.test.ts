import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatRupees } from '@verigate/contracts';
import { serverSecrets } from '../../db/schema.js';
import {
  activatedCustomer,
  billingEnv,
  CUSTOMERS,
  ledgerOf,
  payPlan,
  planIdByCode,
  recordTransfer,
  subscribe,
  type Activated,
} from '../../test/billing-support.js';
import { loadConfig } from '../../config.js';
import { createTestServer, PORTAL, type TestServer } from '../../test/harness.js';
import { webhookSignature } from './signature.js';

const LINK_EXPIRY_MS = 10 * 60_000;
let server: TestServer;
let customer: Activated;
let stranger: Activated;
/** The sandbox gateway's webhook secret, as the checkout page signs with it. */
let secret = '';

beforeAll(async () => {
  server = await createTestServer(billingEnv({ PAYMENT_LINK_EXPIRY_MS: String(LINK_EXPIRY_MS), DEV_MAILBOX: 'true' }));
  customer = await activatedCustomer(server, CUSTOMERS[0]!);
  await payPlan(server, customer, await planIdByCode(server, customer, 'LITE'));
  stranger = await activatedCustomer(server, CUSTOMERS[1]!, { name: 'Other Company', trade_name: 'Other Company' });
  const [row] = await server.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'payments.sandbox_webhook_secret'));
  secret = row!.value;
});
afterAll(() => server.close());

const createLink = (amount: unknown, who = customer) => server.request('POST', '/api/payment/create', { token: who.token, body: { amount } });
const fetchLink = (linkId: string, who = customer) => server.request('GET', `/api/payment/fetch/${linkId}`, { token: who.token });
const balance = async (who = customer) => (await ledgerOf(server.db, who.orgId)).balance;
const checkout = (linkId: string, outcome: string) =>
  server.app.inject({
    method: 'POST',
    url: `/checkout/${linkId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

async function sandboxWebhook(event: Record<string, unknown>, sign: (timestamp: string, body: string) => string = defaultSigner) {
  const body = JSON.stringify(event);
  const timestamp = String(Date.now());
  return server.request('POST', '/api/payment/webhook/sandbox', {
    rawBody: body,
    headers: { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': sign(timestamp, body) },
  });
}
const defaultSigner = (timestamp: string, body: string) => webhookSignature(secret, timestamp, body);
const paidEvent = (linkId: string, amount: number, eventId = randomUUID()) => ({
  event_id: eventId,
  link_id: linkId,
  status: 'paid',
  amount_paid: amount,
  reference: 'sbx_test',
});

describe('the virtual account', () => {
  it('is the organisation’s own, the same every time, and unknown to other organisations', async () => {
    const first = await server.request('GET', `/api/organisation/${customer.orgId}/virtual-account`, { token: customer.token });
    expect(first.body.data).toEqual({
      name: 'Verigate - Acme Finance',
      bank_name: 'ICICI Bank',
      account_number: expect.stringMatching(/^7770\d{12}$/),
      ifsc: 'ICIC0000104',
    });
    const again = await server.request('GET', `/api/organisation/${customer.orgId}/virtual-account`, { token: customer.token });
    expect(again.body.data).toEqual(first.body.data);
    const theirs = await server.request('GET', `/api/organisation/${stranger.orgId}/virtual-account`, { token: stranger.token });
    expect(theirs.body.data.account_number).not.toBe(first.body.data.account_number);
    expect((await server.request('GET', `/api/organisation/${stranger.orgId}/virtual-account`, { token: customer.token })).status).toBe(404);
  });
});

describe('Add Balance payment links (seed 001 §5 amounts)', () => {
  it.each([
    [999, 'Amount should not be less than 1000'],
    [50001, 'Amount should not be more than 50000'],
    ['', 'Amount can not be empty'],
    ['abc', 'Enter a valid Amount'],
    [1000.5, 'Enter a valid Amount'],
  ])('refuses %j: %s', async (amount, message) => {
    expect(await createLink(amount)).toMatchObject({ status: 400, body: { err: { message } } });
  });

  it('accepts 1000 and 50,000 and answers a link to the hosted checkout for the amount plus 18 % GST, active until paid', async () => {
    for (const [amount, due] of [
      [1000, 1180],
      ['50,000', 59000],
    ] as const) {
      const reply = await createLink(amount);
      expect(reply.status).toBe(200);
      const { link_url, link_id, amount: rupees } = reply.body.data;
      expect(link_url).toBe(`${PORTAL}/checkout/${link_id}`);
      expect(rupees).toBe(due);
      expect((await fetchLink(link_id)).body.data).toMatchObject({ generated_link_id: link_id, status: 'active', amount: due });
    }
  });

  it('is only for an Indian organisation with an active PREPAID plan', async () => {
    expect(await createLink(1000, stranger)).toMatchObject({
      status: 409,
      body: { err: { message: 'Add Balance is available only with an active PREPAID plan' } },
    });
    const abroad = await activatedCustomer(server, CUSTOMERS[2]!, { country_code: 'USA', name: 'Globex', trade_name: 'Globex' });
    expect(await createLink(1000, abroad)).toMatchObject({
      status: 409,
      body: { err: { message: 'Add Balance is available only for organisations in India' } },
    });
  });
});

describe('the sandbox checkout', () => {
  it('shows the amount with its GST and Pay / Fail / Cancel as plain forms, without script', async () => {
    const { link_id } = (await createLink(2500)).body.data;
    const page = await server.app.inject({ method: 'GET', url: `/checkout/${link_id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p class="amount">₹2,950</p>');
    expect(page.body).toContain('₹2,500 + 18% GST = ₹2,950');
    for (const outcome of ['pay', 'fail', 'cancel']) expect(page.body).toContain(`name="outcome" value="${outcome}"`);
    expect(page.body).not.toContain('<script');
    expect((await server.app.inject({ method: 'GET', url: '/checkout/lnk_unknown' })).statusCode).toBe(404);
  });

  it('Pay: charges the amount plus GST, credits the amount to the wallet through the signed webhook and returns to the callback page', async () => {
    const before = await balance();
    const { link_id, order_id } = (await createLink(2000)).body.data;
    const paid = await checkout(link_id, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${PORTAL}/application/billing/callback?link_id=${link_id}`);
    expect((await fetchLink(link_id)).body.data).toEqual({ generated_link_id: link_id, status: 'paid', amount: 2360, order_id });
    expect(await balance()).toBe(before + 2000_00);
    const ledger = await ledgerOf(server.db, customer.orgId);
    expect(ledger.ledgerSum).toBe(ledger.balance);
    const again = await checkout(link_id, 'pay');
    expect(again.statusCode).toBe(303);
    expect(await balance()).toBe(before + 2000_00);
    expect((await server.app.inject({ method: 'GET', url: `/checkout/${link_id}` })).body).toContain('This payment link is paid');
  });

  it('Cancel and Fail credit nothing and show as failed', async () => {
    const before = await balance();
    const cancelled = (await createLink(3000)).body.data.link_id;
    const failed = (await createLink(3000)).body.data.link_id;
    await checkout(cancelled, 'cancel');
    await checkout(failed, 'fail');
    expect((await fetchLink(cancelled)).body.data.status).toBe('cancelled');
    expect((await fetchLink(failed)).body.data.status).toBe('error');
    expect((await sandboxWebhook(paidEvent(cancelled, 3540))).body.data.outcome).toBe('closed');
    expect(await balance()).toBe(before);
  });
});

describe('webhooks', () => {
  it('credits once when the same event is delivered twice, and once when the provider sends a second event', async () => {
    const before = await balance();
    const { link_id } = (await createLink(1500)).body.data;
    const event = paidEvent(link_id, 1770);
    const [first, second] = await Promise.all([sandboxWebhook(event), sandboxWebhook(event)]);
    expect([first.body.data.outcome, second.body.data.outcome].sort()).toEqual(['credited', 'duplicate']);
    expect((await sandboxWebhook(paidEvent(link_id, 1770))).body.data.outcome).toBe('closed');
    expect(await balance()).toBe(before + 1500_00);
  });

  it('refuses a bad or missing signature and an amount other than the link’s: nothing credited, the link still active', async () => {
    const before = await balance();
    const { link_id } = (await createLink(1200)).body.data;
    const forged = await sandboxWebhook(paidEvent(link_id, 1416), (timestamp, body) => webhookSignature('not-the-secret', timestamp, body));
    expect(forged).toMatchObject({ status: 401, body: { err: { message: 'Invalid webhook signature' } } });
    const unsigned = await server.request('POST', '/api/payment/webhook/sandbox', { rawBody: JSON.stringify(paidEvent(link_id, 1416)) });
    expect(unsigned.status).toBe(401);
    const tampered = await sandboxWebhook(paidEvent(link_id, 1416), (timestamp) =>
      webhookSignature(secret, timestamp, JSON.stringify(paidEvent(link_id, 99999))),
    );
    expect(tampered.status).toBe(401);
    // The amount without its GST is short too.
    for (const amount of [12, 1200]) {
      const short = await sandboxWebhook(paidEvent(link_id, amount));
      expect(short).toMatchObject({ status: 400, body: { err: { message: 'The amount paid does not match the payment link' } } });
    }
    expect((await fetchLink(link_id)).body.data.status).toBe('active');
    expect(await balance()).toBe(before);
  });

  it('credits nothing for a link that expired', async () => {
    const before = await balance();
    const { link_id } = (await createLink(1100)).body.data;
    server.clock.advance(LINK_EXPIRY_MS + 1);
    customer.token = (await server.login(CUSTOMERS[0]!)).body.data.token;
    expect((await sandboxWebhook(paidEvent(link_id, 1298))).body.data.outcome).toBe('closed');
    expect((await fetchLink(link_id)).body.data.status).toBe('expired');
    expect((await server.app.inject({ method: 'GET', url: `/checkout/${link_id}` })).body).toContain('This payment link is expired');
    expect(await balance()).toBe(before);
  });

  it('answers malformed events and unknown gateways with a 4xx', async () => {
    const garbage = await server.request('POST', '/api/payment/webhook/sandbox', {
      rawBody: 'not json',
      headers: { 'x-webhook-timestamp': '1', 'x-webhook-signature': webhookSignature(secret, '1', 'not json') },
    });
    expect(garbage.status).toBe(400);
    expect((await server.request('POST', '/api/payment/webhook/cashfree', { rawBody: '{}' })).status).toBe(404);
  });
});

describe('links and payments of other organisations', () => {
  it('are unknown', async () => {
    const { link_id } = (await createLink(1000)).body.data;
    expect((await fetchLink(link_id, stranger)).status).toBe(404);
    expect((await fetchLink('lnk_doesnotexist')).status).toBe(404);
    expect((await fetchLink('bad id!')).status).toBe(400);
    expect((await server.request('GET', `/api/payment/fetch/${link_id}`, { token: stranger.token, headers: { 'x-org-id': customer.orgId } })).status).toBe(404);
  });
});

describe('payment history (seed 001 §4 Payment display)', () => {
  it('lists every payment newest first with its type, mode and stored status', async () => {
    const history = (await server.request('GET', `/api/organisation/${customer.orgId}?action=get_org_past_payments`, { token: customer.token })).body
      .data as Array<{
      payment_type: string;
      mode: string;
      status: string;
      paid_amount: number;
      payment_created_at: number;
    }>;
    expect(history.at(-1)).toMatchObject({ payment_type: 'EXTERNAL', mode: 'NEFT/IMPS', status: 'COMPLETED', paid_amount: 11800 });
    const statuses = new Set(history.filter((row) => row.payment_type === 'BALANCE_TOP_UP').map((row) => row.status));
    expect([...statuses].sort()).toEqual(['ACTIVE', 'CANCELLED', 'ERROR', 'EXPIRED', 'PAID']);
    expect(history.every((row) => row.payment_type !== 'BALANCE_TOP_UP' || row.mode === 'Payment Link')).toBe(true);
    const times = history.map((row) => row.payment_created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await server.request('GET', `/api/organisation/${customer.orgId}?action=get_org_past_payments`, { token: stranger.token })).status).toBe(404);
  });
});

describe('the development transfer page', () => {
  it('lists plans waiting for a transfer with the amount due (plus GST) and records one, which activates the plan', async () => {
    await subscribe(server, stranger, await planIdByCode(server, stranger, 'LITE'));
    const fromElsewhere = await server.app.inject({ method: 'GET', url: '/dev/transfers', remoteAddress: '203.0.113.9' });
    expect(fromElsewhere.statusCode).toBe(404);
    const page = await server.app.inject({ method: 'GET', url: '/dev/transfers' });
    expect(page.body).toContain('Other Company');
    expect(page.body).toContain('₹10,000 + 18% GST = ₹11,800');
    expect(page.body).not.toContain('<script');
    const posted = await server.app.inject({
      method: 'POST',
      url: '/dev/transfers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `organisationId=${stranger.orgId}`,
    });
    expect(posted.body).toContain('Recorded a transfer of 11800 rupees');
    const plan = (await server.request('GET', `/api/organisation/${stranger.orgId}?action=get_org_plan_info`, { token: stranger.token })).body.data;
    expect(plan.current).toMatchObject({ plan_name: 'Lite', status: 'ACTIVE', balance: 10000, wallet_balance_with_gst: 11800 });
  });
});

describe('a plan paid by bank transfer', () => {
  it('must be the plan amount plus GST: the plan amount alone is refused and nothing is recorded', async () => {
    const payer = await activatedCustomer(server, CUSTOMERS[4]!, { name: 'Transfer Traders', trade_name: 'Transfer Traders' });
    await subscribe(server, payer, await planIdByCode(server, payer, 'LITE'));
    const history = async () =>
      (await server.request('GET', `/api/organisation/${payer.orgId}?action=get_org_past_payments`, { token: payer.token })).body.data as unknown[];
    for (const rupees of [10000, 11799, 11801]) {
      expect(await recordTransfer(server, payer.orgId, rupees)).toMatchObject({
        status: 409,
        body: { err: { message: `The transfer of ${formatRupees(rupees)} does not match the amount due: ₹10,000 + 18% GST = ₹11,800` } },
      });
    }
    expect(await history()).toEqual([]);
    const paid = await recordTransfer(server, payer.orgId, 11800, 'UTRGST0001');
    expect(paid.body.data).toMatchObject({ payment_type: 'EXTERNAL', paid_amount: 11800, status: 'COMPLETED' });
    expect((await recordTransfer(server, payer.orgId, 11800, 'UTRGST0001')).body.err.message).toBe('A transfer with UTR UTRGST0001 is already recorded');
    expect(await history()).toHaveLength(1);
    expect((await ledgerOf(server.db, payer.orgId)).balance).toBe(10000_00);
  });
});

describe('Cashfree Payment Links', () => {
  const CLIENT_SECRET = 'cf-test-secret';
  let provider: Server;
  let cashfree: TestServer;
  let payer: Activated;
  const created: Array<{ headers: Record<string, unknown>; body: any }> = [];
  const remoteStatus = new Map<string, { link_status: string; link_amount_paid: string }>();

  beforeAll(async () => {
    provider = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (request.headers['x-client-secret'] !== CLIENT_SECRET || request.headers['x-api-version'] !== '2023-08-01')
          return json(401, { message: 'authentication failed' });
        if (request.method === 'POST' && request.url === '/pg/links') {
          const body = JSON.parse(text);
          created.push({ headers: request.headers, body });
          return json(200, {
            cf_link_id: 1576977,
            link_id: body.link_id,
            link_status: 'ACTIVE',
            link_amount: body.link_amount,
            link_url: `https://payments-test.cashfree.com/links/${body.link_id}`,
          });
        }
        const match = /^\/pg\/links\/([\w-]+)$/.exec(request.url ?? '');
        if (request.method === 'GET' && match) {
          const state = remoteStatus.get(match[1]!) ?? { link_status: 'ACTIVE', link_amount_paid: '0.00' };
          return json(200, { link_id: match[1], ...state });
        }
        return json(404, { message: 'not found' });
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    cashfree = await createTestServer(
      billingEnv({
        PAYMENT_GATEWAY: 'cashfree',
        CASHFREE_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/pg`,
        CASHFREE_CLIENT_ID: 'cf-test-client',
        CASHFREE_CLIENT_SECRET: CLIENT_SECRET,
      }),
    );
    payer = await activatedCustomer(cashfree, CUSTOMERS[3]!);
    await payPlan(cashfree, payer, await planIdByCode(cashfree, payer, 'LITE'));
  });
  afterAll(async () => {
    await cashfree.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  const cashfreeEvent = (linkId: string, amount: string, status = 'PAID') => ({
    data: {
      cf_link_id: 1576977,
      link_id: linkId,
      link_status: status,
      link_currency: 'INR',
      link_amount: amount,
      link_amount_paid: status === 'PAID' ? amount : '0.00',
      order: { order_id: `CFPay_${linkId}`, transaction_id: 1021206, transaction_status: 'SUCCESS' },
    },
    type: 'PAYMENT_LINK_EVENT',
    version: 1,
    event_time: '2024-01-18T12:55:06+05:30',
  });
  const deliver = (event: unknown, secret = CLIENT_SECRET) => {
    const body = JSON.stringify(event);
    const timestamp = '1705560306000';
    return cashfree.request('POST', '/api/payment/webhook/cashfree', {
      rawBody: body,
      headers: { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': webhookSignature(secret, timestamp, body) },
    });
  };

  it('creates the link with the provider and returns its hosted page', async () => {
    const reply = await cashfree.request('POST', '/api/payment/create', { token: payer.token, body: { amount: 5000 } });
    expect(reply.status).toBe(200);
    const { link_id, link_url } = reply.body.data;
    expect(link_url).toBe(`https://payments-test.cashfree.com/links/${link_id}`);
    expect(created.at(-1)!.headers['x-client-id']).toBe('cf-test-client');
    expect(created.at(-1)!.body).toMatchObject({
      link_id,
      link_amount: 5900,
      link_currency: 'INR',
      link_meta: { return_url: `${PORTAL}/application/billing/callback?link_id=${link_id}`, notify_url: `${PORTAL}/api/payment/webhook/cashfree` },
    });
  });

  it('credits a verified PAYMENT_LINK_EVENT once, and refuses one signed with another secret', async () => {
    const before = (await ledgerOf(cashfree.db, payer.orgId)).balance;
    const { link_id } = (await cashfree.request('POST', '/api/payment/create', { token: payer.token, body: { amount: 4000 } })).body.data;
    expect((await deliver(cashfreeEvent(link_id, '4720.00'), 'wrong-secret')).status).toBe(401);
    expect((await deliver(cashfreeEvent(link_id, '4000.00'))).status).toBe(400);
    expect((await deliver(cashfreeEvent(link_id, '4720.00'))).body.data.outcome).toBe('credited');
    expect((await deliver(cashfreeEvent(link_id, '4720.00'))).body.data.outcome).toBe('duplicate');
    expect((await ledgerOf(cashfree.db, payer.orgId)).balance).toBe(before + 4000_00);
    const fetched = await cashfree.request('GET', `/api/payment/fetch/${link_id}`, { token: payer.token });
    expect(fetched.body.data.status).toBe('paid');
  });

  it('asks the provider when no webhook came, and applies its answer', async () => {
    const before = (await ledgerOf(cashfree.db, payer.orgId)).balance;
    const { link_id } = (await cashfree.request('POST', '/api/payment/create', { token: payer.token, body: { amount: 1000 } })).body.data;
    expect((await cashfree.request('GET', `/api/payment/fetch/${link_id}`, { token: payer.token })).body.data.status).toBe('active');
    remoteStatus.set(link_id, { link_status: 'PAID', link_amount_paid: '1180.00' });
    expect((await cashfree.request('GET', `/api/payment/fetch/${link_id}`, { token: payer.token })).body.data.status).toBe('paid');
    expect((await deliver(cashfreeEvent(link_id, '1180.00'))).body.data.outcome).toBe('closed');
    expect((await ledgerOf(cashfree.db, payer.orgId)).balance).toBe(before + 1000_00);
  });
});

describe('choosing the gateway', () => {
  it('uses the sandbox only while mail stays local, unless it is chosen on purpose', () => {
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com' })).toThrow('set PAYMENT_GATEWAY');
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com', PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'cashfree' })).toThrow('CASHFREE_CLIENT_ID');
  });
});
