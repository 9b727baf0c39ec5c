import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { KEY_MESSAGES } from '@verigate/contracts';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { appKeys } from '../../db/schema.js';
import { keyUsageFor } from '../../gateway/index.js';
import { startJobs, type Jobs } from '../../platform/jobs.js';
import type { MailMessage } from '../../platform/mail.js';
import { sha256 } from '../../platform/secrets.js';
import { callApi, credentialsSynced, panBody, setCredits, testCustomer, type Customer, type ProviderReply } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { sweepKeyExpiry } from './key-expiry.js';

/**
 * Keys with a lifecycle on two app instances sharing one database: rolling with an overlap,
 * expiry and its reminders, and last used at, each moved along on the instances' test clocks.
 */

const PAN = 'in_identity_pan_lite';
const INVALID = 'api key is invalid or disabled';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZPIN = '4826';
const OWNER = ALLOWLISTED[0]!;

let database: TestDatabase;
let second: DatabaseHandle;
let one: TestServer;
let two: TestServer;
let jobs: Jobs;
let customer: Customer;
let stranger: Customer;

beforeAll(async () => {
  database = await createTestDatabase();
  second = await openDatabase(database.url);
  one = await createTestServer({}, { database });
  two = await createTestServer({}, { database: second, clockAt: one.clock.now() });
  customer = await testCustomer(one, OWNER, [PAN]);
  stranger = await testCustomer(one, ALLOWLISTED[1]!, [PAN]);
  await setCredits(one, customer.orgId, PAN, 10_000);
  const relay = await one.request('POST', '/api/events?action=send_otp', { token: customer.token, body: { purpose: 'zpin_create' } });
  const [mail] = await one.mailTo(OWNER);
  const otp = mail!.text.match(/^(\d{6})$/m)![1]!;
  const created = await one.request('POST', '/api/zpin', {
    token: customer.token,
    body: { zpin: ZPIN, orgId: customer.orgId, relayId: relay.body.data.relay_id, otp },
  });
  expect(created.status).toBe(200);
  // A third queue client stands for the job of an instance: the sweeps below queue their emails through it.
  jobs = await startJobs(database.db, one.app.log);
});

afterAll(async () => {
  await jobs?.stop();
  await one?.close();
  await two?.close();
  await second?.close();
  await database?.close();
});

/** Moves both instances' clocks; sessions end after 30 idle minutes, so both customers sign in again. */
async function travel(ms: number) {
  one.clock.advance(ms);
  two.clock.advance(ms);
  if (ms < 30 * 60_000) return;
  customer.token = (await one.login(OWNER)).body.data.token;
  stranger.token = (await one.login(ALLOWLISTED[1]!)).body.data.token;
}

const call = (server: TestServer, key: string, remoteAddress?: string): Promise<ProviderReply> =>
  callApi(server, { arn: PAN, appId: customer.appId, key, body: panBody(), ...(remoteAddress ? { remoteAddress } : {}) });

/** Whether `reply` is as `expected`; when it is not, the reply is printed, so a failure says what came instead. */
const is = (expected: string, yes: boolean, reply: ProviderReply) => {
  if (!yes) console.warn(`expected the key ${expected}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return yes;
};
const works = (reply: ProviderReply) => is('to work', reply.status === 200 && reply.body.response_message !== INVALID, reply);
const refused = (reply: ProviderReply) =>
  is('refused', reply.status === 401 && reply.body.response_message === INVALID && reply.body.response_code === null, reply);

const keysOf = async (token = customer.token, appId = customer.appId) =>
  (await one.request('GET', `/api/app/${appId}`, { token })).body.data.keys as Array<Record<string, any>>;
const keyNamed = async (name: string) => (await keysOf()).find((key) => key.key_name === name)!;

/**
 * A roll reaches the other instance's credential cache when its announcement arrives, a few
 * milliseconds after the reply; the checks that follow a roll wait for it on both instances.
 */
async function roll(body: Record<string, unknown>, { server = one, token = customer.token, appId = customer.appId } = {}) {
  const reply = await server.request('PUT', `/api/app/${appId}?action=roll_app_key`, { token, body: { orgId: customer.orgId, zpin: ZPIN, ...body } });
  await Promise.all([credentialsSynced(one), credentialsSynced(two)]);
  return reply;
}

const generate = (keyName: string, expiresAt?: unknown) =>
  one.request('PUT', `/api/app/${customer.appId}?action=generate_app_key`, {
    token: customer.token,
    body: { keyName, ...(expiresAt !== undefined ? { expiresAt } : {}) },
  });

const enqueue = (executor: Parameters<Parameters<typeof sweepKeyExpiry>[1]>[0], message: MailMessage) => jobs.send('mail.send', message, { executor });
/** These sweeps run beside the servers' own; the events they raise are the webhooks tests' concern. */
const noWebhooks = async () => 'not sent';
const sweepOn = (server: TestServer) => sweepKeyExpiry(server.db, enqueue, 'http://portal.test', server.clock.now(), noWebhooks);
const reminders = async (keyName: string) => (await one.mailTo(OWNER)).filter((mail) => mail.subject.startsWith(`Your API key ${keyName} expires`));

describe('rolling a key', () => {
  it('shows the new key once; both keys work on both instances until the overlap ends, then only the new one', async () => {
    const old = await keyNamed('TestKey');
    expect(works(await call(one, customer.key))).toBe(true);
    const reply = await roll({ keyId: old._id, overlap: '1h' });
    expect(reply.status).toBe(200);
    const { apiKey, keys, message } = reply.body.data;
    expect(message).toBe(KEY_MESSAGES.rolled);
    expect(apiKey).toMatch(/^vgk_test_/);
    expect(keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: old._id, key_name: 'TestKey old', status: 'ENABLED', expiresAt: one.clock.now().getTime() + HOUR }),
        expect.objectContaining({ key_name: 'TestKey', status: 'ENABLED', expiresAt: null, key_start: apiKey.slice(0, 13) }),
      ]),
    );
    expect(JSON.stringify(await keysOf())).not.toContain(apiKey);
    for (const server of [one, two]) {
      expect(works(await call(server, customer.key))).toBe(true);
      expect(works(await call(server, apiKey))).toBe(true);
    }
    // Just before the end, both instances load the app afresh; just after it, they answer from that cached entry.
    await travel(HOUR - 10_000);
    for (const server of [one, two]) expect(works(await call(server, customer.key))).toBe(true);
    await travel(20_000);
    for (const server of [one, two]) {
      expect(refused(await call(server, customer.key))).toBe(true);
      expect(works(await call(server, apiKey))).toBe(true);
    }
    expect(await keyNamed('TestKey old')).toMatchObject({ status: 'DISABLED' });
    customer.key = apiKey;
  });

  it('with the overlap "now" refuses the old key at once; a key is rolled only once', async () => {
    const current = await keyNamed('TestKey');
    const reply = await roll({ keyId: current._id, overlap: 'now' });
    expect(reply.status).toBe(200);
    for (const server of [one, two]) {
      expect(refused(await call(server, customer.key))).toBe(true);
      expect(works(await call(server, reply.body.data.apiKey))).toBe(true);
    }
    expect(await keyNamed('TestKey old2')).toMatchObject({ _id: current._id, status: 'DISABLED' });
    const again = await roll({ keyId: current._id, overlap: '1h' });
    expect(again.status).toBe(409);
    expect(again.body.err.message).toBe(KEY_MESSAGES.alreadyRolled);
    customer.key = reply.body.data.apiKey;
  });

  it('of two rolls of one key sent at once (one per instance), exactly one succeeds and one new key exists', async () => {
    const current = await keyNamed('TestKey');
    const before = (await keysOf()).length;
    const replies = await Promise.all([roll({ keyId: current._id, overlap: '24h' }), roll({ keyId: current._id, overlap: '7d' }, { server: two })]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.err.message).toBe(KEY_MESSAGES.alreadyRolled);
    const after = await keysOf();
    expect(after).toHaveLength(before + 1);
    expect(after.filter((key) => key.key_name === 'TestKey')).toHaveLength(1);
    customer.key = replies.find((reply) => reply.status === 200)!.body.data.apiKey;
  });

  it('refuses bad input in the err envelope: unknown or foreign keys 404, a bad overlap 400, no step-up 400, a wrong ZPIN', async () => {
    const current = await keyNamed('TestKey');
    const theirs = (await keysOf(stranger.token, stranger.appId))[0]!;
    for (const keyId of ['7f1c7c41-59a5-4a8e-9f58-2b4b1f0c9d11', 'not-an-id', theirs._id]) {
      const reply = await roll({ keyId, overlap: '1h' });
      expect({ status: reply.status, message: reply.body.err?.message }).toEqual({ status: 404, message: 'Key not found' });
    }
    const foreignApp = await roll({ keyId: theirs._id, overlap: '1h' }, { appId: stranger.appId });
    expect(foreignApp.status).toBe(404);
    const badOverlap = await roll({ keyId: current._id, overlap: '2h' });
    expect(badOverlap.status).toBe(400);
    expect(badOverlap.body.err.message).toBe(KEY_MESSAGES.overlapInvalid);
    const unproved = await one.request('PUT', `/api/app/${customer.appId}?action=roll_app_key`, {
      token: customer.token,
      body: { keyId: current._id, overlap: '1h' },
    });
    expect(unproved.status).toBe(400);
    expect(unproved.body.err.message).toBe('Verify with your ZPIN or an OTP to continue');
    const wrongPin = await roll({ keyId: current._id, overlap: '1h', zpin: '1111' });
    expect(wrongPin.status).toBe(400);
    expect(wrongPin.body.err.message).toBe('Invalid zpin, please re-enter');
    expect((await keyNamed('TestKey'))._id).toBe(current._id);
  });

  it('gives the new value the expiry asked for: refused after it on both instances, and an expiry in the past rolls nothing', async () => {
    const current = await keyNamed('TestKey');
    const before = (await keysOf()).length;
    const past = await roll({ keyId: current._id, overlap: 'now', expiresAt: one.clock.now().getTime() - 1 });
    expect({ status: past.status, message: past.body.err?.message }).toEqual({ status: 400, message: KEY_MESSAGES.expiryInPast });
    expect(await keysOf()).toHaveLength(before);

    const expiresAt = one.clock.now().getTime() + 2 * DAY;
    const reply = await roll({ keyId: current._id, overlap: 'now', expiresAt });
    expect(reply.status).toBe(200);
    const rolled = reply.body.data.apiKey as string;
    expect(await keyNamed('TestKey')).toMatchObject({ status: 'ENABLED', expiresAt });
    expect(works(await call(two, rolled))).toBe(true);
    await travel(2 * DAY + 60_000);
    for (const server of [one, two]) expect(refused(await call(server, rolled))).toBe(true);

    // An expired key is rolled like any other, which gives the later tests a working key again.
    const renewed = await roll({ keyId: (await keyNamed('TestKey'))._id, overlap: 'now' });
    expect(renewed.status).toBe(200);
    expect(await keyNamed('TestKey')).toMatchObject({ status: 'ENABLED', expiresAt: null });
    customer.key = renewed.body.data.apiKey;
    expect(works(await call(one, customer.key))).toBe(true);
  });
});

describe('a key with an expiry', () => {
  it('refuses an expiry in the past or that is not a date', async () => {
    const past = await generate('Past', one.clock.now().getTime() - 1000);
    expect({ status: past.status, message: past.body.err.message }).toEqual({ status: 400, message: KEY_MESSAGES.expiryInPast });
    const text = await generate('Text', 'tomorrow');
    expect({ status: text.status, message: text.body.err.message }).toEqual({ status: 400, message: KEY_MESSAGES.expiryInvalid });
  });

  it('reminds the owners 7 days and 1 day before, each once however many instances sweep; then it is refused', async () => {
    const expiresAt = one.clock.now().getTime() + 8 * DAY;
    const created = await generate('Expiring', expiresAt);
    expect(created.status).toBe(200);
    const key = created.body.data.apiKey as string;
    expect(await keyNamed('Expiring')).toMatchObject({ expiresAt, status: 'ENABLED' });
    expect(works(await call(two, key))).toBe(true);

    await Promise.all([sweepOn(one), sweepOn(two)]);
    expect(await reminders('Expiring')).toHaveLength(0);

    await travel(DAY + 60_000);
    const first = await Promise.all([sweepOn(one), sweepOn(two)]);
    expect(first.reduce((sum, swept) => sum + swept.reminded, 0)).toBe(1);
    await Promise.all([sweepOn(one), sweepOn(two)]);
    const sevenDays = await reminders('Expiring');
    expect(sevenDays.map((mail) => mail.subject)).toEqual(['Your API key Expiring expires in 7 days']);
    expect(sevenDays[0]!.text).toContain(`/application/manage-apps/${customer.appId}`);

    await travel(6 * DAY);
    await Promise.all([sweepOn(one), sweepOn(two), sweepOn(one)]);
    expect((await reminders('Expiring')).map((mail) => mail.subject)).toEqual([
      'Your API key Expiring expires in 1 day',
      'Your API key Expiring expires in 7 days',
    ]);
    expect(works(await call(one, key))).toBe(true);

    await travel(DAY);
    for (const server of [one, two]) expect(refused(await call(server, key))).toBe(true);
    expect(await keyNamed('Expiring')).toMatchObject({ status: 'DISABLED' });
    const swept = await Promise.all([sweepOn(one), sweepOn(two)]);
    expect(swept.reduce((sum, result) => sum + result.disabled, 0)).toBe(1);
    expect(await reminders('Expiring')).toHaveLength(2);
    const [stored] = await one.db
      .select()
      .from(appKeys)
      .where(eq(appKeys.keyHash, sha256(key)));
    expect(stored!.status).toBe('DISABLED');

    const enable = await one.request('PUT', `/api/app/${customer.appId}?action=enable_app_key`, {
      token: customer.token,
      body: { keyName: 'Expiring', orgId: customer.orgId, zpin: ZPIN },
    });
    expect({ status: enable.status, message: enable.body.err.message }).toEqual({ status: 409, message: KEY_MESSAGES.expired });
    const removed = await one.request('PUT', `/api/app/${customer.appId}?action=delete_app_key`, { token: customer.token, body: { keyName: 'Expiring' } });
    expect(removed.status).toBe(200);
  });
});

describe('adding keys', () => {
  it('adds one key of a name when eight requests for it arrive together, split over both instances', async () => {
    const add = (server: TestServer) =>
      server.request('PUT', `/api/app/${customer.appId}?action=generate_app_key`, { token: customer.token, body: { keyName: 'BurstKey' } });
    const replies = await Promise.all(Array.from({ length: 8 }, (_, index) => add(index % 2 ? two : one)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409).map((reply) => reply.body.err.message)).toEqual(
      Array.from({ length: 7 }, () => 'A key with this name already exists'),
    );
    expect((await keysOf()).filter((key) => key.key_name === 'BurstKey')).toHaveLength(1);
  });
});

describe('last used at', () => {
  it('shows the latest call and its client address across two instances, never moving backwards, written on shutdown too', async () => {
    await call(one, customer.key, '203.0.113.10');
    await travel(5000);
    await call(two, customer.key, '203.0.113.20');
    const latest = two.clock.now().getTime();
    // The newer use is written first: the older one flushed after it changes nothing.
    await keyUsageFor(two.db)!.flush();
    await keyUsageFor(one.db)!.flush();
    expect(await keyNamed('TestKey')).toMatchObject({ lastUsedAt: latest, lastClientIp: '203.0.113.20' });

    const thirdDatabase = await openDatabase(database.url);
    const third = await createTestServer({}, { database: thirdDatabase });
    third.clock.advance(two.clock.now().getTime() - third.clock.now().getTime() + 60_000);
    expect(works(await call(third, customer.key, '198.51.100.7'))).toBe(true);
    await third.close();
    await thirdDatabase.close();
    expect(await keyNamed('TestKey')).toMatchObject({ lastUsedAt: latest + 60_000, lastClientIp: '198.51.100.7' });
  });
});
