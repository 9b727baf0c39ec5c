import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '@verigate/contracts';
import { dataDir, PAN_LITE, panCsv, panRows, createTask, waitForTask } from '../../test/batch-support.js';
import { activate, billingEnv, CUSTOMERS, operatorHeaders, payPlan, planIdByCode } from '../../test/billing-support.js';
import { eventually } from '../../test/eventually.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { emitter, startReceiver, type Receiver } from '../../test/webhook-support.js';

/**
 * The events raised where the changes happen, over the real API: a receiver subscribed to every
 * type sees each change once, signed, with its payload.
 */

const EMAIL = CUSTOMERS[0]!;
const DAY = 86_400_000;
const RC_ADVANCE = 'in_vehicle_rc_advance';
const KEY_EXPIRY_QUEUE = 'apps.key-expiry';
const PLAN_EXPIRY_QUEUE = 'plans.expire';

let folder: string;
let server: TestServer;
let receiver: Receiver;
let source: Awaited<ReturnType<typeof emitter>>;
let orgId: string;

beforeAll(async () => {
  folder = await dataDir();
  const env = billingEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '2000', DATA_DIR: folder });
  server = await createTestServer(env);
  source = await emitter(server, env);
  receiver = await startReceiver();
});

afterAll(async () => {
  await source?.stop();
  await receiver?.close();
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const typesReceived = () => receiver.received.map((request) => (JSON.parse(request.body) as { type: string }).type);
const messagesOf = (type: string) =>
  receiver.received.map((request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> }).filter((message) => message.type === type);

describe('events', () => {
  it('reaches the receiver once per change: products, keys, payment, plan, batch', async () => {
    const { userId, ...session } = await server.signedInUser(EMAIL);
    let token = session.token;
    orgId = await server.createOrganisation(token);
    const endpoint = await server.request('POST', '/api/webhooks/endpoints', { token, body: { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES] } });
    expect(endpoint.status).toBe(200);

    const subscribed = await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, {
      token,
      body: { productIds: [PAN_LITE, RC_ADVANCE] },
    });
    expect(subscribed.status).toBe(200);
    const rejected = await server.request('POST', '/api/admin/product-requests/reject', {
      headers: operatorHeaders,
      body: { organisationId: orgId, arn: RC_ADVANCE },
    });
    expect(rejected.status).toBe(200);

    const app = await server.request('POST', '/api/app', { token, body: { name: 'TestApp' } });
    const appId = app.body.data._id as string;
    expect((await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token, body: { keyName: 'TestKey' } })).status).toBe(200);
    const expiresAt = server.clock.now().getTime() + 3 * DAY;
    expect((await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token, body: { keyName: 'Expiring', expiresAt } })).status).toBe(200);

    const customer = { token, userId, orgId, testAppId: appId, testKey: '' };
    await activate(server, customer);
    await payPlan(server, customer, await planIdByCode(server, customer, 'LITE'));

    const batch = await createTask(server, { token, userId, email: EMAIL, orgId, appId }, {}, { name: 'rows.csv', content: panCsv(panRows(2)) });
    expect(batch.status).toBe(200);
    await waitForTask(server, { token, userId, email: EMAIL, orgId, appId }, batch.body.data.batchId, (task) => task.batchState === 'FINISHED');

    // The key-expiry job (every five minutes), run now: a reminder, then the key switched off once expired.
    await source.jobs.send(KEY_EXPIRY_QUEUE, {});
    await eventually(async () => (typesReceived().includes('key.expiring') ? true : undefined));
    server.clock.advance(4 * DAY);
    await source.jobs.send(KEY_EXPIRY_QUEUE, {});
    await eventually(async () => (typesReceived().includes('key.disabled') ? true : undefined));
    token = (await server.login(EMAIL)).body.data.token;

    const expected = {
      'product.approved': 1,
      'product.rejected': 1,
      'key.created': 2,
      'payment.succeeded': 1,
      'plan.activated': 1,
      'batch.finished': 1,
      'key.expiring': 1,
      'key.disabled': 1,
    };
    const total = Object.values(expected).reduce((sum, count) => sum + count, 0);
    await eventually(
      () => receiver.received.length,
      (count) => count >= total,
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const counts: Record<string, number> = {};
    for (const type of typesReceived()) counts[type] = (counts[type] ?? 0) + 1;
    expect(counts).toEqual(expected);

    const verifier = new Webhook(endpoint.body.data.secret);
    for (const request of receiver.received) expect(() => verifier.verify(request.body, request.headers)).not.toThrow();
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(total);

    expect(messagesOf('product.approved')[0]!.data).toMatchObject({ product_arn: PAN_LITE, auto_approved: true });
    expect(messagesOf('product.rejected')[0]!.data).toMatchObject({ product_arn: RC_ADVANCE });
    expect(
      messagesOf('key.created')
        .map((message) => message.data.key_name)
        .sort(),
    ).toEqual(['Expiring', 'TestKey']);
    expect(messagesOf('key.expiring')[0]!.data).toMatchObject({ app_id: appId, key_name: 'Expiring', days: 7, expires_at: new Date(expiresAt).toISOString() });
    expect(messagesOf('key.disabled')[0]!.data).toMatchObject({ app_id: appId, key_name: 'Expiring', reason: 'expired' });
    expect(messagesOf('payment.succeeded')[0]!.data).toMatchObject({ payment_type: 'EXTERNAL' });
    expect(messagesOf('plan.activated')[0]!.data).toMatchObject({ plan_code: 'LITE', plan_type: 'PREPAID' });
    expect(messagesOf('batch.finished')[0]!.data).toMatchObject({ batch_id: batch.body.data.batchId, total_items: 2, total_processed: 2, stopped: false });

    const log = await server.request('GET', `/api/webhooks/deliveries?endpoint_id=${endpoint.body.data.id}`, { token });
    expect(log.body.data.deliveries).toHaveLength(total);
    expect(log.body.data.deliveries.every((delivery: { outcome: string }) => delivery.outcome === 'succeeded')).toBe(true);
  });

  it('raises plan.expiring once, 7 days before the plan ends, then plan.expired', async () => {
    const {
      rows: [plan],
    } = await server.db.execute<{ end_date: Date }>(sql`select end_date from plan_subscriptions where organisation_id = ${orgId}::uuid and status = 'ACTIVE'`);
    const endsAt = new Date(plan!.end_date).getTime();
    server.clock.advance(endsAt - 6 * DAY - server.clock.now().getTime());
    await source.jobs.send(PLAN_EXPIRY_QUEUE, {});
    await eventually(async () => (typesReceived().includes('plan.expiring') ? true : undefined));
    await source.jobs.send(PLAN_EXPIRY_QUEUE, {});
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(messagesOf('plan.expiring')).toHaveLength(1);
    expect(messagesOf('plan.expiring')[0]!.data).toMatchObject({ plan_code: 'LITE', end_date: new Date(endsAt).toISOString() });

    server.clock.advance(7 * DAY);
    await source.jobs.send(PLAN_EXPIRY_QUEUE, {});
    await eventually(async () => (typesReceived().includes('plan.expired') ? true : undefined));
    expect(messagesOf('plan.expired')[0]!.data).toMatchObject({ plan_code: 'LITE', end_date: new Date(endsAt).toISOString() });
  });
});
