import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions } from '../db/schema.js';
import { freePort } from '../test/free-port.js';
import { activate, BILLING_ADMIN_TOKEN, payPlan, planIdByCode } from '../test/billing-support.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { callApi, creditsOf, liveApp, panBody, testCustomer, type Customer } from '../test/gateway-support.js';

/** A local upstream verification service: one path per behaviour. */
let upstream: Server;
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: unknown }> = [];
let server: TestServer;
let customer: Customer;
let live: { appId: string; key: string };

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(text) });
      const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.url === '/pan')
        return json(200, {
          response_code: '100',
          response_message: 'Valid Authentication',
          result: { pan_number: 'ABCPE1234F', user_full_name: 'UPSTREAM NAME' },
        });
      if (request.url === '/gstin') return json(200, { response_code: 101, result: null });
      if (request.url === '/slow') return void setTimeout(() => json(200, { response_code: 100 }), 1_000);
      if (request.url === '/garbage') return response.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
      return json(200, { response_code: 555 });
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const closedPort = await freePort();
  server = await createTestServer({
    ADMIN_TOKEN: BILLING_ADMIN_TOKEN,
    UPSTREAM_TIMEOUT_MS: '250',
    UPSTREAM_URLS: JSON.stringify({
      in_identity_pan_lite: `${base}/pan`,
      in_merchant_gstin_lite: `${base}/gstin`,
      in_identity_pan_advance: `${base}/slow`,
      in_identity_aadhaar_lite: `${base}/garbage`,
      in_identity_voter_lite: `${base}/odd`,
      in_financial_bank_lite: `http://127.0.0.1:${closedPort}/down`,
    }),
  });
  customer = await testCustomer(server, ALLOWLISTED[0]!, ['in_identity_pan_lite']);
  // Live calls are charged: the organisation is activated and pays for the Lite plan.
  const billed = { ...customer, userId: '', testAppId: customer.appId, testKey: customer.key };
  await activate(server, billed);
  await payPlan(server, billed, await planIdByCode(server, billed, 'LITE'));
  live = await liveApp(server, customer.orgId, [
    'in_identity_pan_lite',
    'in_merchant_gstin_lite',
    'in_identity_pan_advance',
    'in_identity_aadhaar_lite',
    'in_identity_voter_lite',
    'in_financial_bank_lite',
    'in_identity_dl_lite',
  ]);
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => upstream.close(resolve));
});

const call = (options: Parameters<typeof callApi>[1] = {}) =>
  callApi(server, { environment: 'live', appId: live.appId, key: live.key, body: panBody(), ...options });

describe('the live environment', () => {
  it('forwards the body to the product’s upstream, without the credentials, and relays its answer', async () => {
    const credits = await creditsOf(server, customer.orgId, 'in_identity_pan_lite');
    const body = panBody('ABCPE1234F', { task_id: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    const reply = await call({ body });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      response_code: 100,
      response_message: 'Valid Authentication',
      metadata: { billable: 'Y' },
      result: { user_full_name: 'UPSTREAM NAME' },
    });
    const forwarded = received.at(-1)!;
    expect(forwarded.path).toBe('/pan');
    expect(forwarded.body).toEqual(body);
    expect(forwarded.headers['x-request-id']).toBe(reply.body.request_id);
    expect(forwarded.headers['x-task-id']).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(JSON.stringify(forwarded.headers)).not.toContain(live.key);
    expect(forwarded.headers['app-id']).toBeUndefined();
    expect(await creditsOf(server, customer.orgId, 'in_identity_pan_lite')).toBe(credits);
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, reply.body.request_id));
    expect(row).toMatchObject({ env: 'PRODUCTION', responseCode: 100, billable: true, appId: live.appId });
  });

  it('relays an upstream code with the seed’s HTTP status and meaning', async () => {
    const reply = await call({
      arn: 'in_merchant_gstin_lite',
      body: { mode: 'sync', data: { business_gstin_number: '27ABCPE1234F1Z5', consent: 'Y', consent_text: 'ok' } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ response_code: 101, response_message: 'No Record Found', metadata: { billable: 'Y' } });
    expect(reply.body.result).toBeUndefined();
  });

  it('answers 109 Source timed out when the upstream is too slow', async () => {
    const reply = await call({ arn: 'in_identity_pan_advance' });
    expect(reply.status).toBe(504);
    expect(reply.body).toMatchObject({ response_code: 109, response_message: 'Source timed out', metadata: { billable: 'N' } });
  });

  it('answers 108 Source Error when the upstream is unreachable or answers nonsense', async () => {
    const down = await call({
      arn: 'in_financial_bank_lite',
      body: { mode: 'sync', data: { account_number: '50100421234', ifsc: 'HDFC0000123', consent: 'Y', consent_text: 'ok' } },
    });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ response_code: 108, response_message: 'Source Error' });
    const garbage = await call({
      arn: 'in_identity_aadhaar_lite',
      body: { mode: 'sync', data: { customer_aadhaar_number: '234567891234', consent: 'Y', consent_text: 'ok' } },
    });
    expect(garbage.body).toMatchObject({ response_code: 108 });
    const unknownCode = await call({
      arn: 'in_identity_voter_lite',
      body: { mode: 'sync', data: { customer_epic_number: 'ABC1234567', consent: 'Y', consent_text: 'ok' } },
    });
    expect(unknownCode.body).toMatchObject({ response_code: 108 });
  });

  it('answers 110 Source Down for a product without an upstream', async () => {
    const reply = await call({
      arn: 'in_identity_dl_lite',
      body: { mode: 'sync', data: { customer_dl_number: 'MH0220190001234', consent: 'Y', consent_text: 'ok' } },
    });
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ response_code: 110, response_message: 'Source Down', metadata: { billable: 'N' } });
  });

  it('validates the request before it reaches the upstream', async () => {
    const before = received.length;
    const reply = await call({ body: panBody('ABC') });
    expect(reply.body).toMatchObject({ response_code: 106, result: { errors: [{ field: 'data.customer_pan_number' }] } });
    expect(received.length).toBe(before);
  });

  it('refuses a test key, and the live key on the test environment', async () => {
    expect((await call({ appId: customer.appId, key: customer.key })).body.response_message).toBe('api key is invalid or disabled');
    expect((await call({ environment: 'test' })).body.response_message).toBe('api key is invalid or disabled');
  });
});
