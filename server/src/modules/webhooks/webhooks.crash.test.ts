import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { exampleRequest, productByArn } from '@verigate/catalog';
import type { DatabaseHandle } from '../../db/client.js';
import { pathOf, setCredits, testCustomer, type Customer } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { createTestDatabase } from '../../test/test-database.js';
import { eventually, startReceiver, type Receiver } from '../../test/webhook-support.js';

/**
 * A real server process (server/src/main.ts) is killed with SIGKILL while it sends an event: the
 * change and its event committed, the receiver holding the attempt unanswered. Started again, the
 * server delivers the event once its claim has lapsed: the receiver answers it, signed, with the
 * same webhook-id, and the delivery is succeeded with no further attempt.
 */

const LIVENESS = 'in_face_liveness_lite';
const TIMEOUT_MS = 3000;
const LEASE_MARGIN_MS = 1000;

let database: DatabaseHandle & { url: string };
let env: Record<string, string>;
let receiver: Receiver;
let customer: Customer;
let secret: string;
let server: ServerProcess | null = null;

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const running = server;
  server = null;
  await running?.stop(signal);
}

const deliveries = async () =>
  (
    await database.db.execute<{ event_id: string; outcome: string }>(
      sql`select event_id, outcome from webhook_deliveries where event_type = 'verification.completed'`,
    )
  ).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  // The first attempt is held unanswered until the server dies; later ones are answered 200.
  receiver = await startReceiver();
  receiver.queue.push(() => undefined);
  env = {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    CAPTCHA_ALLOWLIST: ALLOWLISTED.join(','),
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_LEASE_MARGIN_MS: String(LEASE_MARGIN_MS),
  };
  // The customer and its endpoint are set up in process, on the database the server process then uses.
  const setup = await createTestServer(env, { database });
  customer = await testCustomer(setup, ALLOWLISTED[0]!, [LIVENESS]);
  await setCredits(setup, customer.orgId, LIVENESS, 10);
  const endpoint = await setup.request('POST', '/api/webhooks/endpoints', {
    token: customer.token,
    body: { url: receiver.url, events: ['verification.completed'] },
  });
  expect(endpoint.status).toBe(200);
  secret = endpoint.body.data.secret;
  await setup.close();
}, 120_000);

afterAll(async () => {
  await stopServer('SIGTERM');
  await receiver?.close();
  await database?.close();
});

describe('a server killed between a change and its delivery', () => {
  it('delivers the event after a restart, once, with the same webhook-id', async () => {
    server = await startServerProcess(env);
    const product = productByArn(LIVENESS)!;
    const init = await fetch(`${server.base}${pathOf(LIVENESS)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-id': customer.appId, 'api-key': customer.key },
      body: JSON.stringify(exampleRequest(product, product.operations[0])),
    });
    const opened = (await init.json()) as { response_code: number; request_id: string; result: { sdk_url: string } };
    expect(opened.response_code).toBe(100);
    const completed = await fetch(opened.result.sdk_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pass',
      redirect: 'manual',
    });
    expect(completed.status).toBe(303);

    // The attempt is under way (the receiver has the request, unanswered): the server dies now.
    await eventually(async () => (receiver.received.length === 1 ? true : undefined));
    await stopServer('SIGKILL');
    const atKill = await deliveries();
    expect(atKill).toHaveLength(1);
    expect(atKill[0]!.outcome).toBe('pending');

    const restartedAt = Date.now();
    server = await startServerProcess(env);
    await eventually(async () => (receiver.received.length >= 2 ? true : undefined), 30_000);
    const deliveredAfterMs = Date.now() - restartedAt;
    // Longer than any further attempt could take to arrive (the lease, and a sweep).
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + LEASE_MARGIN_MS + 1000));

    expect(receiver.received).toHaveLength(2);
    const [held, delivered] = receiver.received;
    expect(delivered!.headers['webhook-id']).toBe(held!.headers['webhook-id']);
    expect(delivered!.headers['webhook-id']).toBe(atKill[0]!.event_id);
    const message = new Webhook(secret).verify(delivered!.body, delivered!.headers) as { type: string; data: Record<string, unknown> };
    expect(message).toMatchObject({ type: 'verification.completed', data: { request_id: opened.request_id, outcome: 'passed', env: 'test' } });
    expect(await deliveries()).toEqual([{ event_id: atKill[0]!.event_id, outcome: 'succeeded' }]);
    process.stdout.write(`SIGKILL mid-delivery: delivered ${deliveredAfterMs} ms after the restart began\n`);
  }, 120_000);
});
