import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, productByArn, splitArn } from '@verigate/catalog';
import type { ApiLogDetail } from '@verigate/contracts';
import { apiLogs, appKeys, organisations, transactions, users } from '../../db/schema.js';
import { createTask, dataDir, waitForTask } from '../../test/batch-support.js';
import { callApi, liveApp, mistypedKey, panBody, setCredits, testCustomer, type Customer } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test/harness.js';

/**
 * The gateway writes a masked log row for every call of an organisation, in the transaction that
 * records the call: provider-API calls with a test key (answered, refused, failing), a live call
 * refused, a Trial Center call and the rows of a batch. Every transaction row of the organisation
 * has its log row, and no log holds the values sent.
 */

const PAN_LITE = 'in_identity_pan_lite';
const SENT_PAN = 'ABCPE1234F';

let server: TestServer;
let customer: Customer & { userId: string; email: string };
let keyStart: string;

const detail = async (requestId: string) => server.request<{ data: ApiLogDetail }>('GET', `/api/logs/${requestId}`, { token: customer.token });

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, DATA_DIR: await dataDir(), BATCH_CONCURRENCY: '4' });
  const email = ALLOWLISTED[0]!;
  const made = await testCustomer(server, email, [PAN_LITE]);
  const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  customer = { ...made, email, userId: user!.id };
  await setCredits(server, customer.orgId, PAN_LITE, 100);
  const [key] = await server.db.select({ start: appKeys.keyStart }).from(appKeys).where(eq(appKeys.appId, customer.appId));
  keyStart = key!.start;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('the gateway logs every call of an organisation', () => {
  it('logs an answered call with its key name and prefix, never the key, its bodies masked', async () => {
    const reply = await callApi(server, { appId: customer.appId, key: customer.key, body: panBody(SENT_PAN) });
    expect(reply.body.response_code).toBe(100);
    const log = await detail(reply.body.request_id);
    expect(log.status).toBe(200);
    expect(log.body.data).toMatchObject({
      request_id: reply.body.request_id,
      task_id: reply.body.task_id,
      group_id: reply.body.group_id,
      product: PAN_LITE,
      app_id: customer.appId,
      key_name: 'TestKey',
      key_prefix: keyStart,
      env: 'TEST',
      http_status: reply.status,
      response_code: 100,
    });
    expect(log.body.data.request).toMatchObject({ data: { customer_pan_number: 'AB******4F' } });
    expect(log.body.data.response).toMatchObject({ request_id: reply.body.request_id, response_code: 100 });
    const text = JSON.stringify(log.body);
    expect(text).not.toContain(SENT_PAN);
    expect(text).not.toContain(customer.key);
    expect(log.body.data.total_latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('logs a failing call and a refused one of a known app, and nothing for an unknown app', async () => {
    const failing = await callApi(server, { appId: customer.appId, key: customer.key, body: panBody('ABCPE0110F') });
    expect(failing.body.response_code).toBe(110);
    expect((await detail(failing.body.request_id)).body.data).toMatchObject({ response_code: 110, key_name: 'TestKey' });

    const refused = await callApi(server, { appId: customer.appId, key: mistypedKey(customer.key), body: panBody(SENT_PAN) });
    expect(refused.status).toBe(401);
    const refusedLog = await detail(refused.body.request_id);
    expect(refusedLog.body.data).toMatchObject({ response_code: null, http_status: 401, key_name: null, key_prefix: null });
    expect(JSON.stringify(refusedLog.body)).not.toContain(SENT_PAN);

    const notJson = await callApi(server, { appId: customer.appId, key: customer.key, rawBody: `{"data":{"customer_pan_number":"${SENT_PAN}"`, headers: {} });
    const notJsonLog = await detail(notJson.body.request_id);
    expect(notJsonLog.status).toBe(200);
    expect(JSON.stringify(notJsonLog.body)).not.toContain(SENT_PAN);

    const unknown = await callApi(server, { appId: '00000000-0000-4000-8000-000000000000', key: customer.key, body: panBody(SENT_PAN) });
    expect(unknown.status).toBe(401);
    expect(await server.db.select().from(apiLogs).where(eq(apiLogs.id, unknown.body.request_id))).toEqual([]);
  });

  it('logs a live call refused for want of a plan', async () => {
    const live = await liveApp(server, customer.orgId, [PAN_LITE]);
    const reply = await callApi(server, { environment: 'live', appId: live.appId, key: live.key, body: panBody(SENT_PAN) });
    expect(reply.status).toBe(403);
    expect((await detail(reply.body.request_id)).body.data).toMatchObject({ env: 'PRODUCTION', key_name: 'LiveKey', billable: false, amount_paise: 0 });
  });

  it('logs a Trial Center call, without a key', async () => {
    const body = { arn: PAN_LITE, ...splitArn(PAN_LITE), ...exampleRequest(productByArn(PAN_LITE)!) };
    const reply = await server.request('POST', '/api/demoPortal/product', {
      token: customer.token,
      headers: { 'app-id': customer.appId, 'org-id': customer.orgId, 'x-user-id': customer.userId },
      body,
    });
    expect(reply.status).toBe(200);
    const log = await detail(reply.body.data.request_id);
    expect(log.status).toBe(200);
    expect(log.body.data).toMatchObject({ env: 'TEST', key_name: null, key_prefix: null, response_code: reply.body.data.response_code });
  });

  it('logs every row of a batch, and every transaction row of the organisation has its log row', async () => {
    await server.db.update(organisations).set({ onboardingStatus: 'PLAN_SUBSCRIBED' }).where(eq(organisations.id, customer.orgId));
    const pans = ['ABCPE1001F', 'ABCPE1002F', 'ABCPE1003F'];
    const who = { ...customer };
    const created = await createTask(
      server,
      who,
      {},
      { name: 'rows.csv', content: `customer_pan_number,customer_dob,name_to_match\n${pans.map((pan) => `${pan},,`).join('\n')}\n` },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await waitForTask(server, who, created.body.data.batchId, (task) => task.status === 'FINISHED');
    const rows = await server.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.organisationId, customer.orgId));
    expect(rows.length).toBeGreaterThanOrEqual(7);
    const logged = await server.db
      .select({ id: apiLogs.id, request: apiLogs.request })
      .from(apiLogs)
      .where(
        and(
          eq(apiLogs.organisationId, customer.orgId),
          inArray(
            apiLogs.id,
            rows.map((row) => row.id),
          ),
        ),
      );
    expect(logged.map((row) => row.id).sort()).toEqual(rows.map((row) => row.id).sort());
    const stored = JSON.stringify(logged);
    for (const pan of [SENT_PAN, ...pans]) expect(stored).not.toContain(pan);
  });
});
