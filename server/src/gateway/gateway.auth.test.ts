import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { appKeys, apps, organisations, transactions } from '../db/schema.js';
import { generateApiKey } from '../platform/api-keys.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { credentialCacheFor } from './credentials.js';
import {
  announce,
  callApi,
  liveApp,
  mistypedKey,
  panBody,
  pathOf,
  setWhitelist,
  testCustomer,
  type Customer,
  type ProviderReply,
} from '../test/gateway-support.js';

let server: TestServer;
let customer: Customer;

beforeAll(async () => {
  server = await createTestServer();
  customer = await testCustomer(server, ALLOWLISTED[0]!, ['in_identity_pan_lite']);
});
afterAll(() => server.close());

const call = (options: Parameters<typeof callApi>[1] = {}) => callApi(server, { appId: customer.appId, key: customer.key, body: panBody(), ...options });

function expectRefusal(reply: ProviderReply, status: number, message: string) {
  expect({ status: reply.status, message: reply.body.response_message }).toEqual({ status, message });
  expect(reply.body).toMatchObject({ success: false, response_code: null, metadata: { billable: 'N' } });
}

describe('an authenticated call', () => {
  it('is answered by the sandbox in the provider envelope', async () => {
    const reply = await call();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      group_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      task_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      success: true,
      response_code: 100,
      response_message: 'Valid Authentication',
      metadata: { billable: 'Y' },
      result: expect.objectContaining({ pan_number: 'ABCPE1234F', pan_status: 'VALID' }),
    });
  });
});

describe('the refusals of the seed table', () => {
  it('app not found: missing, malformed or unknown app-id', async () => {
    expectRefusal(await callApi(server, { key: customer.key, body: panBody() }), 401, 'app not found');
    expectRefusal(await call({ appId: 'not-a-uuid' }), 401, 'app not found');
    expectRefusal(await call({ appId: '5b0e4a3c-2f7d-4a4e-9f11-7c1f7d7e2a10' }), 401, 'app not found');
  });

  it('ip not whitelisted, before the key is looked at', async () => {
    await setWhitelist(server, customer.appId, ['203.0.113.7']);
    expectRefusal(await call(), 403, 'ip not whitelisted');
    expectRefusal(await call({ key: 'rubbish' }), 403, 'ip not whitelisted');
    expect((await call({ remoteAddress: '203.0.113.7' })).status).toBe(200);
    await setWhitelist(server, customer.appId, ['ALL']);
  });

  it('api key is invalid or disabled: missing, mistyped (offline checksum), unknown, or of the other environment', async () => {
    expectRefusal(await callApi(server, { appId: customer.appId, body: panBody() }), 401, 'api key is invalid or disabled');
    expectRefusal(await call({ key: 'rubbish' }), 401, 'api key is invalid or disabled');
    expectRefusal(await call({ key: mistypedKey(customer.key) }), 401, 'api key is invalid or disabled');
    expectRefusal(await call({ key: generateApiKey('test').key }), 401, 'api key is invalid or disabled');
    // A test app's key on the live environment.
    expectRefusal(await call({ environment: 'live' }), 401, 'api key is invalid or disabled');
    // A live app's key on the test environment.
    const live = await liveApp(server, customer.orgId, ['in_identity_pan_lite']);
    expectRefusal(await call({ appId: live.appId, key: live.key }), 401, 'api key is invalid or disabled');
    // Another app's key.
    expectRefusal(await call({ key: live.key, environment: 'live' }), 401, 'api key is invalid or disabled');
  });

  it('api key is invalid or disabled: a key disabled in the database is refused by the very next call', async () => {
    const other = await testCustomer(server, ALLOWLISTED[1]!, ['in_identity_pan_lite']);
    expect((await call({ appId: other.appId, key: other.key })).status).toBe(200);
    await server.db.update(appKeys).set({ status: 'DISABLED' }).where(eq(appKeys.appId, other.appId));
    await announce(server, other.appId);
    expectRefusal(await call({ appId: other.appId, key: other.key }), 401, 'api key is invalid or disabled');
    await server.db.update(appKeys).set({ status: 'ENABLED' }).where(eq(appKeys.appId, other.appId));
    await announce(server, other.appId);
    expect((await call({ appId: other.appId, key: other.key })).status).toBe(200);
  });

  it('product not subscribed by app', async () => {
    expectRefusal(await call({ arn: 'in_identity_aadhaar_lite' }), 403, 'product not subscribed by app');
  });

  it('product not found for an unknown product, path or method', async () => {
    expectRefusal(await call({ arn: 'in_identity_pan_ultra' }), 404, 'product not found');
    expectRefusal(await call({ url: '/test/api/v1/in/identity/pan' }), 404, 'product not found');
    expectRefusal(await call({ url: pathOf('in_identity_pan_lite'), method: 'GET', body: undefined }), 404, 'product not found');
    const [row] = await server.db.select().from(transactions).where(eq(transactions.productArn, 'in_identity_pan_ultra'));
    expect(row).toMatchObject({ appId: customer.appId, httpStatus: 404, message: 'product not found' });
  });

  it('action disallowed for the product', async () => {
    expectRefusal(await call({ body: panBody('ABCPE1234F', { action: 'verify' }) }), 403, 'action disallowed for the product');
    expectRefusal(await call({ body: panBody('ABCPE1234F', { action: 7 }) }), 403, 'action disallowed for the product');
  });

  it('org not found when the app outlives its organisation', async () => {
    const orphan = await testCustomer(server, ALLOWLISTED[2]!, ['in_identity_pan_lite']);
    // The foreign keys would delete the app with its organisation: switch them off for this one
    // delete (the test databases, embedded or DATABASE_URL, are reached as a superuser).
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(organisations).where(eq(organisations.id, orphan.orgId));
    });
    await announce(server, orphan.appId);
    expectRefusal(await call({ appId: orphan.appId, key: orphan.key }), 401, 'org not found');
    const rows = await server.db.select().from(transactions).where(eq(transactions.appId, orphan.appId));
    expect(rows.at(-1)).toMatchObject({ organisationId: null, message: 'org not found' });
  });

  it('are checked in the table’s order', async () => {
    await setWhitelist(server, customer.appId, ['203.0.113.7']);
    expectRefusal(await call({ appId: '5b0e4a3c-2f7d-4a4e-9f11-7c1f7d7e2a10', key: 'rubbish' }), 401, 'app not found');
    expectRefusal(await call({ key: 'rubbish', arn: 'in_identity_aadhaar_lite' }), 403, 'ip not whitelisted');
    await setWhitelist(server, customer.appId, ['ALL']);
    expectRefusal(await call({ key: 'rubbish', arn: 'in_identity_aadhaar_lite' }), 401, 'api key is invalid or disabled');
    expectRefusal(await call({ arn: 'in_identity_aadhaar_lite', body: panBody('ABCPE1234F', { action: 'verify' }) }), 403, 'product not subscribed by app');
  });
});

describe('the IP whitelist', () => {
  it('matches IPv4 addresses and CIDR ranges', async () => {
    await setWhitelist(server, customer.appId, ['198.51.100.10', '10.1.0.0/16']);
    expect((await call({ remoteAddress: '198.51.100.10' })).status).toBe(200);
    expect((await call({ remoteAddress: '10.1.200.3' })).status).toBe(200);
    expectRefusal(await call({ remoteAddress: '10.2.0.1' }), 403, 'ip not whitelisted');
    expectRefusal(await call({ remoteAddress: '198.51.100.11' }), 403, 'ip not whitelisted');
  });

  it('matches IPv6 addresses and ranges, and IPv4-mapped IPv6 clients as IPv4', async () => {
    await setWhitelist(server, customer.appId, ['2001:db8::5', '2001:db8:abcd::/48', '10.1.0.0/16']);
    expect((await call({ remoteAddress: '2001:db8:0:0:0:0:0:5' })).status).toBe(200);
    expect((await call({ remoteAddress: '2001:db8:abcd:12::1' })).status).toBe(200);
    expectRefusal(await call({ remoteAddress: '2001:db8:abce::1' }), 403, 'ip not whitelisted');
    const mapped = await call({ remoteAddress: '::ffff:10.1.2.3' });
    expect(mapped.status).toBe(200);
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, mapped.body.request_id));
    expect(row!.clientIp).toBe('10.1.2.3');
    await setWhitelist(server, customer.appId, ['ALL']);
  });

  it('ignores X-Forwarded-For unless TRUSTED_PROXIES names the peer', async () => {
    await setWhitelist(server, customer.appId, ['198.51.100.7']);
    expectRefusal(await call({ headers: { 'x-forwarded-for': '198.51.100.7' } }), 403, 'ip not whitelisted');
    await setWhitelist(server, customer.appId, ['ALL']);

    const proxied = await createTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const behind = await testCustomer(proxied, ALLOWLISTED[0]!, ['in_identity_pan_lite']);
      await setWhitelist(proxied, behind.appId, ['198.51.100.7']);
      const via = (options: Parameters<typeof callApi>[1]) => callApi(proxied, { appId: behind.appId, key: behind.key, body: panBody(), ...options });
      const trusted = await via({ headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(trusted.status).toBe(200);
      const [row] = await proxied.db.select().from(transactions).where(eq(transactions.id, trusted.body.request_id));
      expect(row!.clientIp).toBe('198.51.100.7');
      expectRefusal(await via({ headers: { 'x-forwarded-for': '198.51.100.7' }, remoteAddress: '192.0.2.50' }), 403, 'ip not whitelisted');
      expectRefusal(await via({}), 403, 'ip not whitelisted');
    } finally {
      await proxied.close();
    }
  });
});

describe('the credential cache', () => {
  it('keeps an unannounced change for at most a minute, and drops an announced one at once', async () => {
    const before = await call();
    expect(before.status).toBe(200);
    await server.db
      .update(apps)
      .set({ ipWhitelist: ['203.0.113.99'] })
      .where(eq(apps.id, customer.appId));
    expect((await call()).status).toBe(200);
    server.clock.advance(60_001);
    expectRefusal(await call(), 403, 'ip not whitelisted');
    await setWhitelist(server, customer.appId, ['ALL']);
    expect((await call()).status).toBe(200);
  });

  it('drops a key disabled through the customer API (with its OTP step-up) at once', async () => {
    const other = await testCustomer(server, ALLOWLISTED[3]!, ['in_identity_pan_lite']);
    expect((await call({ appId: other.appId, key: other.key })).status).toBe(200);
    const sent = await server.request('POST', '/api/events?action=send_otp', { token: other.token, body: { purpose: 'step_up' } });
    const [mail] = await server.mailTo(ALLOWLISTED[3]!);
    const otp = mail!.text.match(/^(\d{6})$/m)![1]!;
    const disabled = await server.request('PUT', `/api/app/${other.appId}?action=disable_app_key`, {
      token: other.token,
      body: { keyName: 'TestKey', relayId: sent.body.data.relay_id, otp },
    });
    expect(disabled.status).toBe(200);
    await credentialCacheFor(server.db)!.sync();
    expectRefusal(await call({ appId: other.appId, key: other.key }), 401, 'api key is invalid or disabled');
  });
});
