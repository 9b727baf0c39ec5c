import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery } from '@verigate/contracts';
import { eventually } from '../../test/eventually.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';
import { answer, emitter, startReceiver, type Receiver } from '../../test/webhook-support.js';
import type { WebhookService } from './service.js';

/**
 * Deliveries to a real HTTP receiver on the test server's clock: signatures the standardwebhooks
 * package verifies, retries with the same webhook-id, the outbox (rolled back, never sent),
 * rotation overlap, disabling after 3 days, and the receivers that cost one attempt.
 */

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '1000' };
const OWNER = ALLOWLISTED[0]!;
const HOUR = 3_600_000;

let server: TestServer;
let receiver: Receiver;
let source: Awaited<ReturnType<typeof emitter>>;
let webhooks: WebhookService;
let token: string;
let orgId: string;

beforeAll(async () => {
  server = await createTestServer(ENV);
  receiver = await startReceiver();
  source = await emitter(server, ENV);
  webhooks = source.webhooks;
  ({ token } = await server.signedInUser(OWNER));
  orgId = await server.createOrganisation(token);
});

afterAll(async () => {
  await source?.stop();
  await receiver?.close();
  await server?.close();
});

async function createEndpoint(url: string, events: string[] = ['key.created']) {
  const reply = await server.request('POST', '/api/webhooks/endpoints', { token, body: { url, events, description: 'tests' } });
  expect(reply.status).toBe(200);
  return reply.body.data as { id: string; secret: string };
}

const emit = (type: 'key.created' | 'batch.finished' = 'key.created', payload: Record<string, unknown> = { app_id: 'a1', key_name: 'k' }) =>
  server.db.transaction((tx) => webhooks.emit(tx, orgId, type, payload));

async function deliveryOf(eventId: string): Promise<WebhookDelivery> {
  const reply = await server.request('GET', `/api/webhooks/deliveries?event_id=${eventId}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.data.deliveries[0];
}

/** Waits until the event's delivery has `count` attempts and is no longer held by one in flight. */
const attempts = (eventId: string, count: number) =>
  eventually(async () => {
    const delivery = await deliveryOf(eventId);
    return delivery.attempts.length >= count ? delivery : undefined;
  });

/** Moves the clock on; sessions end after 30 idle minutes, so the owner signs in again. */
async function travel(ms: number) {
  server.clock.advance(ms);
  if (ms >= 30 * 60_000) token = (await server.login(OWNER)).body.data.token;
}

/** Moves the clock to the delivery's next attempt and runs the sweep, as the scheduled job would. */
async function nextAttempt(delivery: WebhookDelivery) {
  await travel(Date.parse(delivery.next_attempt_at!) - server.clock.now().getTime());
  await webhooks.sweep();
}

const arrivalsOf = (eventId: string) => receiver.received.filter((request) => request.headers['webhook-id'] === eventId);

describe('delivery', () => {
  it('signs every attempt for standardwebhooks, keeps the webhook-id on retries, and delivers once after two failures', async () => {
    const endpoint = await createEndpoint(receiver.url);
    receiver.queue.push(answer(500, 'down'), answer(503, 'still down'));
    const eventId = await emit();

    let delivery = await attempts(eventId, 1);
    expect(delivery).toMatchObject({ outcome: 'pending', event_type: 'key.created', endpoint_id: endpoint.id });
    expect(delivery.attempts[0]).toMatchObject({ attempt: 1, status_code: 500, response_body: 'down', succeeded: false, error: null });
    const wait = Date.parse(delivery.next_attempt_at!) - Date.parse(delivery.attempts[0]!.attempted_at);
    expect(wait).toBeGreaterThanOrEqual(4000);
    expect(wait).toBeLessThanOrEqual(6000);

    await nextAttempt(delivery);
    delivery = await attempts(eventId, 2);
    expect(delivery.attempts[1]).toMatchObject({ attempt: 2, status_code: 503, succeeded: false });
    const secondWait = Date.parse(delivery.next_attempt_at!) - Date.parse(delivery.attempts[1]!.attempted_at);
    expect(secondWait).toBeGreaterThanOrEqual(4 * 60_000);
    expect(secondWait).toBeLessThanOrEqual(6 * 60_000);

    await nextAttempt(delivery);
    delivery = await attempts(eventId, 3);
    expect(delivery.outcome).toBe('succeeded');
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([500, 503, 200]);

    const arrivals = arrivalsOf(eventId);
    expect(arrivals).toHaveLength(3);
    const verifier = new Webhook(endpoint.secret);
    for (const arrival of arrivals) {
      const message = verifier.verify(arrival.body, arrival.headers) as { type: string; data: unknown };
      expect(message).toMatchObject({ type: 'key.created', data: { app_id: 'a1', key_name: 'k' } });
    }
    // Nothing is due any more: a sweep sends nothing again.
    await webhooks.sweep();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(arrivalsOf(eventId)).toHaveLength(3);
    await server.request('DELETE', `/api/webhooks/endpoints/${endpoint.id}`, { token });
  });

  it('never sends an event raised in a transaction that rolled back', async () => {
    const endpoint = await createEndpoint(receiver.url);
    let rolledBack = '';
    await expect(
      server.db.transaction(async (tx) => {
        rolledBack = await webhooks.emit(tx, orgId, 'key.created', { app_id: 'gone' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await emit();
    await attempts(committed, 1);
    await webhooks.sweep();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(arrivalsOf(committed)).toHaveLength(1);
    expect(arrivalsOf(rolledBack)).toHaveLength(0);
    expect((await server.db.execute(sql`select 1 from webhook_events where id = ${rolledBack}`)).rows).toHaveLength(0);
    expect((await server.request('GET', `/api/webhooks/deliveries?event_id=${rolledBack}`, { token })).status).toBe(404);
    await server.request('DELETE', `/api/webhooks/endpoints/${endpoint.id}`, { token });
  });

  it('signs with both secrets during a rotation overlap and only the new one after it', async () => {
    const endpoint = await createEndpoint(receiver.url);
    const rotated = await server.request('POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token, body: { overlap: '1h' } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.data.previous_secret_expires_at) - server.clock.now().getTime()).toBe(HOUR);
    const [before, after] = [new Webhook(endpoint.secret), new Webhook(rotated.body.data.secret)];

    const during = await emit();
    await attempts(during, 1);
    const [overlap] = arrivalsOf(during);
    expect(overlap!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => before.verify(overlap!.body, overlap!.headers)).not.toThrow();
    expect(() => after.verify(overlap!.body, overlap!.headers)).not.toThrow();

    await travel(HOUR + 1000);
    const later = await emit();
    await attempts(later, 1);
    const [single] = arrivalsOf(later);
    expect(single!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => after.verify(single!.body, single!.headers)).not.toThrow();
    expect(() => before.verify(single!.body, single!.headers)).toThrow('No matching signature found');
    expect((await server.request('GET', `/api/webhooks/endpoints/${endpoint.id}`, { token })).body.data.previous_secret_expires_at).toBeNull();

    const now = await server.request('POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token, body: { overlap: 'now' } });
    const immediate = await emit();
    await attempts(immediate, 1);
    const [only] = arrivalsOf(immediate);
    expect(() => new Webhook(now.body.data.secret).verify(only!.body, only!.headers)).not.toThrow();
    expect(() => after.verify(only!.body, only!.headers)).toThrow('No matching signature found');
    await server.request('DELETE', `/api/webhooks/endpoints/${endpoint.id}`, { token });
  });

  it('costs one failed attempt for a slow receiver, a huge body and a redirect', async () => {
    const endpoint = await createEndpoint(receiver.url);
    const slow = await emit();
    receiver.queue.push((_request, response) => {
      setTimeout(() => answer(200, 'late')(_request, response), 3000);
    });
    let delivery = await attempts(slow, 1);
    expect(delivery.attempts[0]).toMatchObject({ status_code: null, error: 'Timed out after 1000 ms', succeeded: false });
    expect(delivery.attempts[0]!.latency_ms).toBeLessThan(2500);
    expect(delivery.outcome).toBe('pending');

    receiver.queue.push((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      // 50 MB the sender must not wait for
      const chunk = 'x'.repeat(64 * 1024);
      let left = 800;
      const pump = () => {
        while (left > 0) {
          left -= 1;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('error', () => undefined);
      pump();
    });
    const huge = await emit();
    delivery = await attempts(huge, 1);
    expect(delivery.attempts[0]).toMatchObject({ status_code: 500, succeeded: false });
    expect(delivery.attempts[0]!.response_body).toHaveLength(1024);
    expect(delivery.attempts[0]!.latency_ms).toBeLessThan(1000);

    receiver.queue.push((_request, response) => {
      response.writeHead(302, { location: `${receiver.url}/elsewhere` });
      response.end();
    });
    const redirected = await emit();
    delivery = await attempts(redirected, 1);
    expect(delivery.attempts[0]).toMatchObject({ status_code: 302, succeeded: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.filter((request) => request.headers['webhook-id'] === redirected)).toHaveLength(1);
    await server.request('DELETE', `/api/webhooks/endpoints/${endpoint.id}`, { token });
  });

  it('sends a test event, resends an event, replays a range, and pages the log newest first', async () => {
    const endpoint = await createEndpoint(receiver.url, ['batch.finished']);
    const test = await server.request('POST', `/api/webhooks/endpoints/${endpoint.id}/test`, { token });
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({ event_type: 'webhook.test', endpoint_id: endpoint.id, outcome: 'pending', attempts: [] });
    expect((await attempts(test.body.data.event_id, 1)).outcome).toBe('succeeded');
    expect(JSON.parse(arrivalsOf(test.body.data.event_id)[0]!.body)).toMatchObject({ type: 'webhook.test' });

    const from = new Date(server.clock.now().getTime() - 1000).toISOString();
    const finished = await emit('batch.finished', { batch_id: 'b1' });
    const original = await attempts(finished, 1);
    const resent = await server.request('POST', `/api/webhooks/events/${finished}/resend`, { token, body: { endpoint_id: endpoint.id } });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ event_id: finished, endpoint_id: endpoint.id, outcome: 'pending' });
    expect(resent.body.data.id).not.toBe(original.id);
    await eventually(async () => (arrivalsOf(finished).length >= 2 ? true : undefined));

    const notSubscribed = await emit('key.created');
    const refused = await server.request('POST', `/api/webhooks/events/${notSubscribed}/resend`, { token, body: { endpoint_id: endpoint.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.err.message).toBe('The endpoint does not receive this event type');

    const to = new Date(server.clock.now().getTime() + 1000).toISOString();
    const replay = await server.request('POST', `/api/webhooks/endpoints/${endpoint.id}/replay`, { token, body: { from, to } });
    expect(replay.body.data).toEqual({ replayed: 1 });
    // The receiver sees the third request before the sender records its answer, so wait for the record.
    const sent = await eventually(async () => {
      const listed = await server.request('GET', `/api/webhooks/deliveries?event_id=${finished}&outcome=succeeded`, { token });
      return listed.body.data.deliveries.length >= 3 ? listed : undefined;
    });
    expect(sent.body.data.deliveries).toHaveLength(3);
    expect(arrivalsOf(finished)).toHaveLength(3);

    const many = await server.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let index = 0; index < 55; index += 1) ids.push(await webhooks.emit(tx, orgId, 'batch.finished', { batch_id: `many-${index}` }));
      return ids;
    });
    const path = `/api/webhooks/deliveries?endpoint_id=${endpoint.id}&event_type=batch.finished`;
    const first = await server.request('GET', path, { token });
    expect(first.body.data.deliveries).toHaveLength(50);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const second = await server.request('GET', `${path}&cursor=${first.body.data.next_cursor}`, { token });
    expect(second.body.data.next_cursor).toBeNull();
    const listed = [...first.body.data.deliveries, ...second.body.data.deliveries] as WebhookDelivery[];
    expect(listed).toHaveLength(58);
    expect(new Set(listed.map((delivery) => delivery.id)).size).toBe(58);
    const order = listed.map((delivery) => `${delivery.created_at}|${delivery.id}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(new Set(listed.map((delivery) => delivery.event_id))).toEqual(new Set([...many, finished]));
    expect((await server.request('GET', `${path}&to=${from}`, { token })).body.data.deliveries).toEqual([]);
    await eventually(async () => (many.every((id) => arrivalsOf(id).length === 1) ? true : undefined));
    await server.request('DELETE', `/api/webhooks/endpoints/${endpoint.id}`, { token });
  });

  it('disables an endpoint down for 3 days and emails the owner', async () => {
    const down = await startReceiver(answer(503, 'maintenance'));
    const endpoint = await createEndpoint(down.url);
    try {
      const eventId = await emit();
      let delivery = await attempts(eventId, 1);
      const started = Date.parse(delivery.attempts[0]!.attempted_at);
      while (delivery.outcome === 'pending') {
        const count = delivery.attempts.length;
        await nextAttempt(delivery);
        delivery = await attempts(eventId, count + 1);
      }
      expect(delivery.outcome).toBe('failed');
      const last = Date.parse(delivery.attempts.at(-1)!.attempted_at);
      expect(last - started).toBe(72 * HOUR);
      // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then every 10 h until the 3 days are up
      expect(delivery.attempts.length).toBeGreaterThanOrEqual(11);
      expect(down.received.every((request) => request.headers['webhook-id'] === eventId)).toBe(true);
      expect(down.received).toHaveLength(delivery.attempts.length);

      const view = (await server.request('GET', `/api/webhooks/endpoints/${endpoint.id}`, { token })).body.data;
      expect(view).toMatchObject({ enabled: false, disabled_reason: 'failing' });
      expect(Date.parse(view.failing_since)).toBe(started);
      const mail = await eventually(async () => (await server.mailTo(OWNER)).find((message) => message.subject.includes('webhook endpoint was disabled')));
      expect(mail.text).toContain(down.url);

      // A disabled endpoint gets nothing more.
      const afterwards = await emit();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(down.received.some((request) => request.headers['webhook-id'] === afterwards)).toBe(false);
    } finally {
      await down.close();
      await server.request('DELETE', `/api/webhooks/endpoints/${endpoint.id}`, { token });
    }
  }, 120_000);
});
