import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { exampleRequest, productByArn } from '@verigate/catalog';
import type { DatabaseHandle } from '../../db/client.js';
import { eventually } from '../../test/eventually.js';
import { pathOf, setCredits, testCustomer, type Customer } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { createTestDatabase } from '../../test/test-database.js';
import { startReceiver, type Receiver } from '../../test/webhook-support.js';

/**
 * A real server process (server/src/main.ts) is killed with SIGKILL after a change and its event
 * committed, before the delivery succeeded: while the receiver holds the attempt unanswered, or
 * after an attempt found the receiver down. Started again, the server delivers the event (once
 * the claim has lapsed, or at its retry): the receiver, answering now, gets it once, signed,
 * with the same webhook-id, and the delivery is succeeded with no further attempt.
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
    await database.db.execute<{ event_id: string; outcome: string; attempts: number }>(
      sql`select event_id, outcome, attempts from webhook_deliveries where event_type = 'verification.completed' order by created_at`,
    )
  ).rows;

/** A liveness flow run to completion on its hosted page, through the server process: its event is raised. */
async function completeLiveness(base: string): Promise<string> {
  const product = productByArn(LIVENESS)!;
  const init = await fetch(`${base}${pathOf(LIVENESS)}`, {
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
  return opened.request_id;
}

/** Longer than any further attempt could take to arrive (the lease or a retry, and a sweep). */
const settle = () => new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + LEASE_MARGIN_MS + 2000));
const verified = (body: string, headers: Record<string, string>) =>
  new Webhook(secret).verify(body, headers) as { type: string; data: Record<string, unknown> };

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
    const requestId = await completeLiveness(server.base);

    // The attempt is under way (the receiver has the request, unanswered): the server dies now.
    await eventually(async () => (receiver.received.length === 1 ? true : undefined));
    await stopServer('SIGKILL');
    const atKill = await deliveries();
    expect(atKill).toHaveLength(1);
    expect(atKill[0]!.outcome).toBe('pending');

    const restartedAt = Date.now();
    server = await startServerProcess(env);
    await eventually(
      () => receiver.received.length,
      (count) => count >= 2,
      30_000,
    );
    const deliveredAfterMs = Date.now() - restartedAt;
    await settle();

    expect(receiver.received).toHaveLength(2);
    const [held, delivered] = receiver.received;
    expect(delivered!.headers['webhook-id']).toBe(held!.headers['webhook-id']);
    expect(delivered!.headers['webhook-id']).toBe(atKill[0]!.event_id);
    expect(verified(delivered!.body, delivered!.headers)).toMatchObject({
      type: 'verification.completed',
      data: { request_id: requestId, outcome: 'passed', env: 'test' },
    });
    expect(await deliveries()).toEqual([{ event_id: atKill[0]!.event_id, outcome: 'succeeded', attempts: 2 }]);
    process.stdout.write(`SIGKILL mid-attempt: delivered ${deliveredAfterMs} ms after the restart began\n`);
  }, 120_000);

  it('delivers after a restart an event whose first attempt found the receiver down', async () => {
    server ??= await startServerProcess(env);
    const before = receiver.received.length;
    await receiver.down();
    const requestId = await completeLiveness(server.base);
    // The first attempt failed (connection refused) and its retry is due in about 5 s: the server dies now.
    await eventually(async () => {
      const { rows } = await database.db.execute<{ failed: number }>(
        sql`select count(*)::int as failed from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
             where d.event_type = 'verification.completed' and not a.succeeded`,
      );
      return rows[0]!.failed === 1 ? true : undefined;
    });
    await stopServer('SIGKILL');
    const [, atKill] = await deliveries();
    expect(atKill).toMatchObject({ outcome: 'pending', attempts: 1 });
    expect(receiver.received).toHaveLength(before);

    await receiver.up();
    server = await startServerProcess(env);
    await eventually(
      () => receiver.received.length,
      (count) => count > before,
      30_000,
    );
    await settle();
    expect(receiver.received).toHaveLength(before + 1);
    const delivered = receiver.received.at(-1)!;
    expect(delivered.headers['webhook-id']).toBe(atKill!.event_id);
    expect(verified(delivered.body, delivered.headers)).toMatchObject({ type: 'verification.completed', data: { request_id: requestId } });
    expect((await deliveries())[1]).toEqual({ event_id: atKill!.event_id, outcome: 'succeeded', attempts: 2 });
  }, 120_000);
});
