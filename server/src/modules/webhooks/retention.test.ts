import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { WEBHOOK_RETENTION_DAYS } from '@verigate/contracts';
import { apps, liveCompletions } from '../../db/schema.js';
import { eventually } from '../../test/eventually.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';
import { emitter, startReceiver, type Receiver } from '../../test/webhook-support.js';
import { enforceWebhookRetention } from './retention.js';

/**
 * The delivery log's retention on the test clock: finished deliveries go with their attempts 30
 * days after their last attempt, events once they are that old and have no delivery left; two
 * runs at once, in batches of one row, delete each row once between them. Live calls' completions
 * go once recorded before the retention (a callback for so old a call is refused: gateway tests).
 */

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '1000' };
const OWNER = ALLOWLISTED[0]!;
const DAY = 86_400_000;

let server: TestServer;
let receiver: Receiver;
let source: Awaited<ReturnType<typeof emitter>>;
let token: string;
let orgId: string;

beforeAll(async () => {
  server = await createTestServer(ENV);
  receiver = await startReceiver();
  source = await emitter(server, ENV);
  ({ token } = await server.signedInUser(OWNER));
  orgId = await server.createOrganisation(token);
});

afterAll(async () => {
  await source?.stop();
  await receiver?.close();
  await server?.close();
});

const emit = (type: 'key.created' | 'batch.finished') => server.db.transaction((tx) => source.webhooks.emit(tx, orgId, type, { key_name: 'k' }));

/** The event's deliveries, each with its attempts, once none is pending. */
async function settled(eventId: string, deliveries: number): Promise<Array<{ id: string; attempts: number }>> {
  return eventually(async () => {
    const { rows } = await server.db.execute<{ id: string; outcome: string; attempts: number }>(sql`
      select d.id::text, d.outcome, (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempts
        from webhook_deliveries d where d.event_id = ${eventId} order by d.created_at`);
    return rows.length === deliveries && rows.every((row) => row.outcome === 'succeeded') ? rows : undefined;
  });
}

async function travel(ms: number) {
  server.clock.advance(ms);
  token = (await server.login(OWNER)).body.data.token;
}

const count = async (table: 'webhook_events' | 'webhook_deliveries' | 'webhook_attempts', where = sql`true`) =>
  (await server.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`)).rows[0]!.n;

describe('webhook retention', () => {
  it('deletes live completions recorded before the retention, each once under two runs', async () => {
    const [app] = await server.db.insert(apps).values({ organisationId: orgId, name: 'Live App', isTestApp: false }).returning({ id: apps.id });
    const now = server.clock.now().getTime();
    const completion = (daysAgo: number) => ({
      requestId: randomUUID(),
      organisationId: orgId,
      appId: app!.id,
      productArn: 'in_face_liveness_lite',
      taskId: randomUUID(),
      passed: true,
      completedAt: new Date(now - daysAgo * DAY),
    });
    const rows = [completion(WEBHOOK_RETENTION_DAYS + 5), completion(WEBHOOK_RETENTION_DAYS + 1), completion(WEBHOOK_RETENTION_DAYS - 1)];
    await server.db.insert(liveCompletions).values(rows);

    const runs = await Promise.all([0, 1].map(() => enforceWebhookRetention(server.db, server.clock.now(), 1)));
    expect(runs.reduce((sum, run) => sum + run.completions, 0)).toBe(2);
    const kept = await server.db.select({ requestId: liveCompletions.requestId }).from(liveCompletions);
    expect(kept).toEqual([{ requestId: rows[2]!.requestId }]);
    await server.db.delete(liveCompletions);
  });

  it(`deletes deliveries ${WEBHOOK_RETENTION_DAYS} days after their last attempt, then their events, in batches, once under two runs`, async () => {
    const reply = await server.request('POST', '/api/webhooks/endpoints', { token, body: { url: receiver.url, events: ['key.created'] } });
    const endpointId = reply.body.data.id as string;
    const start = server.clock.now();
    const old = await emit('key.created');
    const unheard = await emit('batch.finished');
    const resent = await emit('key.created');
    const [oldDelivery] = await settled(old, 1);
    await settled(resent, 1);
    expect(await count('webhook_deliveries', sql`event_id = ${unheard}`)).toBe(0);

    // 20 days on, one event is sent again: its new delivery's attempt is recent when the others are not.
    await travel(20 * DAY);
    expect((await server.request('POST', `/api/webhooks/events/${resent}/resend`, { token, body: { endpoint_id: endpointId } })).status).toBe(200);
    const [resentOriginal, resentAgain] = await settled(resent, 2);
    await travel(11 * DAY);
    const fresh = await emit('key.created');
    await settled(fresh, 1);

    // Past the retention, events are no longer resent or replayed, whether or not the job has run.
    const resend = await server.request('POST', `/api/webhooks/events/${old}/resend`, { token, body: { endpoint_id: endpointId } });
    expect(resend.status).toBe(404);
    const replay = await server.request('POST', `/api/webhooks/endpoints/${endpointId}/replay`, {
      token,
      body: { from: new Date(start.getTime() - DAY).toISOString(), to: new Date(start.getTime() + DAY).toISOString() },
    });
    expect(replay.body.data).toEqual({ replayed: 0 });

    const runs = await Promise.all([0, 1].map(() => enforceWebhookRetention(server.db, server.clock.now(), 1)));
    expect(runs.reduce((sum, run) => sum + run.deliveries, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.events, 0)).toBe(2);

    const { rows: events } = await server.db.execute<{ id: string }>(
      sql`select id from webhook_events where organisation_id = ${orgId}::uuid order by created_at`,
    );
    expect(events.map((event) => event.id)).toEqual([resent, fresh]);
    const { rows: deliveries } = await server.db.execute<{ id: string }>(sql`select id::text from webhook_deliveries order by created_at`);
    expect(deliveries.map((delivery) => delivery.id)).toEqual([resentAgain!.id, expect.any(String)]);
    expect(await count('webhook_attempts', sql`delivery_id in (${sql.raw(`'${oldDelivery!.id}', '${resentOriginal!.id}'`)})`)).toBe(0);
    expect(await count('webhook_attempts')).toBe(2);

    // The log still shows what it keeps; nothing more is due.
    const log = await server.request('GET', `/api/webhooks/deliveries?event_id=${resent}`, { token });
    expect(log.body.data.deliveries).toHaveLength(1);
    expect(await enforceWebhookRetention(server.db, server.clock.now())).toEqual({ deliveries: 0, events: 0, completions: 0 });

    // Once the resent delivery is that old too, the scheduled job (run now, as at its daily tick) deletes it and its event.
    await travel(20 * DAY);
    await source.jobs.send('webhooks.retention', {});
    await eventually(async () => ((await count('webhook_events', sql`id = ${resent}`)) === 0 ? true : undefined));
    expect(await count('webhook_deliveries')).toBe(1);
    expect(await count('webhook_events', sql`id = ${fresh}`)).toBe(1);
  });
});
