import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WEBHOOK_MAX_ENDPOINTS, WEBHOOK_MESSAGES } from '@verigate/contracts';
import { eventually } from '../../test/eventually.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';
import { emitter, startReceiver, type Receiver } from '../../test/webhook-support.js';
import { isRefusedAddress } from './address-guard.js';

/**
 * Webhooks in production mode with WEBHOOK_ALLOW_PRIVATE off: https only, no private targets at
 * creation or at delivery, 10 endpoints per organisation under a burst, every parameter of
 * another organisation answered 404, and bad input answered 400 with its message.
 */

const ENV = { NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE: 'false', SHUTDOWN_DELAY_MS: '0' };
/** A public address written as an IP, so creating an endpoint needs no DNS. */
const PUBLIC_URL = 'https://93.184.215.14/hooks';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
let source: Awaited<ReturnType<typeof emitter>>;
let receiver: Receiver;
let owner: { token: string; orgId: string };
let other: { token: string; orgId: string };

beforeAll(async () => {
  server = await createTestServer(ENV);
  source = await emitter(server, ENV);
  receiver = await startReceiver();
  const signUp = async (email: string) => {
    const { token } = await server.signedInUser(email);
    return { token, orgId: await server.createOrganisation(token) };
  };
  owner = await signUp(ALLOWLISTED[0]!);
  other = await signUp(ALLOWLISTED[1]!);
});

afterAll(async () => {
  await source?.stop();
  await receiver?.close();
  await server?.close();
});

const create = (token: string, body: Record<string, unknown>) => server.request('POST', '/api/webhooks/endpoints', { token, body });

describe('addresses', () => {
  it('refuses loopback, private, shared, link-local, unspecified, IPv6 local and IPv4-mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '93.184.215.14', '172.32.0.1', '2606:4700:4700::1111']) expect(isRefusedAddress(address), address).toBe(false);
  });

  it('refuses private targets and plain http when creating or changing an endpoint', async () => {
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://10.0.0.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[::ffff:7f00:1]/hooks',
      'https://localhost:8443/hooks',
    ]) {
      const reply = await create(owner.token, { url, events: ['key.created'] });
      expect(reply.status, url).toBe(400);
      expect(reply.body.err.message, url).toBe(WEBHOOK_MESSAGES.urlPrivate);
    }
    const http = await create(owner.token, { url: 'http://93.184.215.14/hooks', events: ['key.created'] });
    expect(http.status).toBe(400);
    expect(http.body.err.message).toBe(WEBHOOK_MESSAGES.urlNotHttps);

    const created = await create(owner.token, { url: PUBLIC_URL, events: ['key.created'] });
    expect(created.status).toBe(200);
    const changed = await server.request('PATCH', `/api/webhooks/endpoints/${created.body.data.id}`, {
      token: owner.token,
      body: { url: 'https://192.168.0.10/hooks' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.err.message).toBe(WEBHOOK_MESSAGES.urlPrivate);
    await server.request('DELETE', `/api/webhooks/endpoints/${created.body.data.id}`, { token: owner.token });
  });

  it('checks the address again at delivery and refuses one that became private', async () => {
    const created = await create(owner.token, { url: PUBLIC_URL, events: ['key.created'] });
    const endpointId = created.body.data.id as string;
    // As if the host's DNS now answered a loopback address.
    const target = receiver.url.replace('http://', 'https://');
    await server.db.execute(sql`update webhook_endpoints set url = ${target} where id = ${endpointId}::uuid`);
    const eventId = await server.db.transaction((tx) => source.webhooks.emit(tx, owner.orgId, 'key.created', { key_name: 'k' }));
    const delivery = await eventually(async () => {
      const page = await server.request('GET', `/api/webhooks/deliveries?event_id=${eventId}`, { token: owner.token });
      const found = page.body.data.deliveries[0];
      return found?.attempts.length ? found : undefined;
    });
    expect(delivery.attempts[0]).toMatchObject({ status_code: null, error: `Refused: ${WEBHOOK_MESSAGES.urlPrivate}`, succeeded: false });
    expect(receiver.received).toHaveLength(0);
    await server.request('DELETE', `/api/webhooks/endpoints/${endpointId}`, { token: owner.token });
  });
});

describe('limits and input', () => {
  it('keeps an organisation at 10 endpoints under a burst of parallel creates', async () => {
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, index) => create(owner.token, { url: `${PUBLIC_URL}/${index}`, events: ['batch.finished'] })),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(WEBHOOK_MAX_ENDPOINTS);
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(refused).toHaveLength(6);
    for (const reply of refused) expect(reply.body.err).toMatchObject({ code: 'conflict', message: WEBHOOK_MESSAGES.tooManyEndpoints });
    const list = await server.request('GET', '/api/webhooks/endpoints', { token: owner.token });
    expect(list.body.data.endpoints).toHaveLength(WEBHOOK_MAX_ENDPOINTS);
    // A deleted endpoint frees its place.
    await server.request('DELETE', `/api/webhooks/endpoints/${list.body.data.endpoints[3].id}`, { token: owner.token });
    expect((await create(owner.token, { url: PUBLIC_URL, events: ['key.created'] })).status).toBe(200);
    for (const endpoint of (await server.request('GET', '/api/webhooks/endpoints', { token: owner.token })).body.data.endpoints)
      await server.request('DELETE', `/api/webhooks/endpoints/${endpoint.id}`, { token: owner.token });
  });

  it('answers bad input with 400 and its message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: PUBLIC_URL, events: ['key.created', 'key.stolen'] }, WEBHOOK_MESSAGES.unknownEvent],
      [{ url: PUBLIC_URL, events: [] }, WEBHOOK_MESSAGES.eventsRequired],
      [{ url: 'not a url', events: ['key.created'] }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'ftp://93.184.215.14/x', events: ['key.created'] }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: `${PUBLIC_URL}/${'a'.repeat(2048)}`, events: ['key.created'] }, WEBHOOK_MESSAGES.urlTooLong],
      [{ url: PUBLIC_URL, events: ['key.created'], description: 'd'.repeat(201) }, WEBHOOK_MESSAGES.descriptionTooLong],
    ];
    for (const [body, message] of cases) {
      const reply = await create(owner.token, body);
      expect(reply.status, message).toBe(400);
      expect(reply.body.err.message).toBe(message);
    }
    const created = await create(owner.token, { url: PUBLIC_URL, events: ['key.created'] });
    const id = created.body.data.id as string;
    const patch = await server.request('PATCH', `/api/webhooks/endpoints/${id}`, { token: owner.token, body: {} });
    expect(patch.body.err.message).toBe(WEBHOOK_MESSAGES.emptyUpdate);
    const rotate = await server.request('POST', `/api/webhooks/endpoints/${id}/rotate-secret`, { token: owner.token, body: { overlap: '2d' } });
    expect(rotate.body.err.message).toBe(WEBHOOK_MESSAGES.overlap);
    const replay = await server.request('POST', `/api/webhooks/endpoints/${id}/replay`, {
      token: owner.token,
      body: { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' },
    });
    expect(replay.body.err.message).toBe(WEBHOOK_MESSAGES.replayRange);
    const query = await server.request('GET', '/api/webhooks/deliveries?outcome=lost', { token: owner.token });
    expect(query.status).toBe(400);
    const cursor = await server.request('GET', '/api/webhooks/deliveries?cursor=nonsense', { token: owner.token });
    expect(cursor.body.err.message).toBe(WEBHOOK_MESSAGES.invalidCursor);
    await server.request('DELETE', `/api/webhooks/endpoints/${id}`, { token: owner.token });
  });
});

describe('isolation', () => {
  it("answers another organisation's endpoints, deliveries and events as unknown (404)", async () => {
    const created = await create(owner.token, { url: PUBLIC_URL, events: ['key.created'] });
    const id = created.body.data.id as string;
    const eventId = await server.db.transaction((tx) => source.webhooks.emit(tx, owner.orgId, 'key.created', { key_name: 'k' }));
    const own = await create(other.token, { url: PUBLIC_URL, events: ['key.created'] });
    const ownId = own.body.data.id as string;

    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/webhooks/endpoints/${id}`],
      ['PATCH', `/api/webhooks/endpoints/${id}`, { description: 'mine now' }],
      ['DELETE', `/api/webhooks/endpoints/${id}`],
      ['POST', `/api/webhooks/endpoints/${id}/rotate-secret`, { overlap: 'now' }],
      ['POST', `/api/webhooks/endpoints/${id}/test`],
      ['POST', `/api/webhooks/endpoints/${id}/replay`, { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }],
      ['GET', `/api/webhooks/deliveries?endpoint_id=${id}`],
      ['GET', `/api/webhooks/deliveries?event_id=${eventId}`],
      ['POST', `/api/webhooks/events/${eventId}/resend`, { endpoint_id: ownId }],
      ['POST', `/api/webhooks/events/${eventId}/resend`, { endpoint_id: id }],
      ['GET', `/api/webhooks/endpoints/${UNKNOWN_ID}`],
      ['GET', '/api/webhooks/endpoints/not-an-id'],
      ['POST', `/api/webhooks/events/msg_unknown/resend`, { endpoint_id: ownId }],
    ];
    for (const [method, url, body] of calls) {
      const reply = await server.request(method, url, { token: other.token, ...(body !== undefined ? { body } : {}) });
      expect(reply.status, `${method} ${url}`).toBe(404);
      expect(reply.body.err.code).toBe('not_found');
    }
    const theirs = await server.request('GET', '/api/webhooks/endpoints', { token: other.token });
    expect(theirs.body.data.endpoints.map((endpoint: { id: string }) => endpoint.id)).toEqual([ownId]);
    const log = await server.request('GET', '/api/webhooks/deliveries', { token: other.token });
    expect(log.body.data.deliveries).toEqual([]);
    // Nothing changed for the owner.
    const mine = await server.request('GET', `/api/webhooks/endpoints/${id}`, { token: owner.token });
    expect(mine.body.data).toMatchObject({ description: '', previous_secret_expires_at: null });
    expect((await server.request('GET', `/api/webhooks/deliveries?event_id=${eventId}`, { token: owner.token })).body.data.deliveries).toHaveLength(1);
  });

  it('refuses signed-out callers', async () => {
    expect((await server.request('GET', '/api/webhooks/endpoints')).status).toBe(401);
  });
});
