import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { appKeys, apps, organisations } from '../../db/schema.js';
import { sha256 } from '../../platform/secrets.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let owner: { token: string; userId: string };
let other: { token: string; userId: string };
let orgId: string;
let otherOrgId: string;

beforeAll(async () => {
  server = await createTestServer();
  owner = await server.signedInUser(ALLOWLISTED[0]!);
  other = await server.signedInUser(ALLOWLISTED[1]!);
  orgId = await server.createOrganisation(owner.token);
  otherOrgId = await server.createOrganisation(other.token);
});
afterAll(() => server.close());

const createApp = (token: string, name: string, org?: string) =>
  server.request('POST', '/api/app', { token, body: { name }, ...(org ? { headers: { 'x-org-id': org } } : {}) });
const generate = (token: string, appId: string, keyName: string) =>
  server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token, body: { keyName } });

describe('the test app and its key', () => {
  let appId: string;

  it('creates the organisation’s first app as its test app, with the subscribed products', async () => {
    await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, {
      token: owner.token,
      body: { productIds: ['in_identity_pan_lite', 'in_identity_okyc_otp'] },
    });
    const reply = await createApp(owner.token, 'Test App', orgId);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      name: 'Test App',
      is_test_app: true,
      keys: [],
      ip_whitelisted: ['ALL'],
      service_access: [{ _id: 'in_identity_pan_lite', name: 'PAN Lite' }],
    });
    appId = reply.body.data._id;
    const list = await server.request('GET', '/api/app?page=select-service', { token: owner.token });
    expect(list.body.data.map((app: { _id: string }) => app._id)).toEqual([appId]);
  });

  it('shows a generated key once and keeps only its hash and start; the first key completes onboarding', async () => {
    const reply = await generate(owner.token, appId, 'Test Key');
    expect(reply.status).toBe(200);
    const { apiKey, keys, message } = reply.body.data;
    expect(apiKey).toMatch(/^vgk_test_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    expect(message).toBe('Copy this key now: it cannot be retrieved later.');
    expect(keys).toEqual([expect.objectContaining({ key_name: 'Test Key', status: 'ENABLED', key_start: apiKey.slice(0, 13) })]);
    const [stored] = await server.db.select().from(appKeys).where(eq(appKeys.appId, appId));
    expect(stored!.keyHash).toBe(sha256(apiKey));
    expect(JSON.stringify(stored)).not.toContain(apiKey);
    const app = await server.request('GET', `/api/app/${appId}`, { token: owner.token });
    expect(JSON.stringify(app.body)).not.toContain(apiKey);
    const org = await server.request('GET', `/api/organisation/${orgId}`, { token: owner.token });
    expect(org.body.data.onboarding_status).toBe('ONBOARDING_COMPLETED');
  });

  it('refuses a second key of the same name and applies the key-name rules', async () => {
    expect((await generate(owner.token, appId, 'Test Key')).body.err.message).toBe('A key with this name already exists');
    expect((await generate(owner.token, appId, '')).body.err.message).toBe('Key name cannot be empty');
    expect((await generate(owner.token, appId, '1key')).body.err.message).toBe('Key name should not start with a number');
    expect((await generate(owner.token, appId, 'key-1')).body.err.message).toBe('Key name should contain alphanumeric char only');
    expect((await generate(owner.token, appId, 'k'.repeat(26))).body.err.message).toBe('Key name should be less than 25 character');
  });

  it('refuses a key for an app without products', async () => {
    const app = await createApp(other.token, 'Test App');
    const reply = await generate(other.token, app.body.data._id, 'First');
    expect(reply.status).toBe(409);
    expect(reply.body.err.message).toBe('Link a product to the app before adding a key');
  });

  it('refuses live apps until the organisation is fully onboarded, with the activation messages', async () => {
    const pending = await createApp(owner.token, 'Production');
    expect(pending.status).toBe(409);
    expect(pending.body.err.message).toBe('account_activation_pending');
  });

  it('applies the app-name rules', async () => {
    expect((await createApp(owner.token, '')).body.err.message).toBe('Name is required to create a new app');
    expect((await createApp(owner.token, '1app')).body.err.message).toBe('App name should not start with a number');
    expect((await createApp(owner.token, 'app_1')).body.err.message).toBe('App name should contain alphanumeric char only');
    expect((await createApp(owner.token, 'a'.repeat(26))).body.err.message).toBe('App name should be less than 25 character');
  });

  it('refuses a second app of a name already used in the organisation, whatever the spaces and case', async () => {
    await server.db
      .update(organisations)
      .set({ onboardingStatus: 'PLAN_SUBSCRIBED' })
      .where(inArray(organisations.id, [orgId, otherOrgId]));
    for (const name of ['  Test App  ', 'TEST APP', 'test app']) {
      const reply = await createApp(owner.token, name);
      expect(reply.status, name).toBe(409);
      expect(reply.body.err.message).toBe('An app with this name already exists in your organisation. Choose another name.');
    }
    const live = await createApp(owner.token, '  Production  ');
    expect(live.body.data).toMatchObject({ name: 'Production', is_test_app: false });
    expect((await createApp(owner.token, 'production')).status).toBe(409);
    expect((await createApp(other.token, 'Production')).status).toBe(200);
  });

  it('creates one app of a name when ten requests for it arrive together', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, index) => createApp(owner.token, index % 2 ? 'Burst App' : ' burst app ')));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(9);
    const named = await server.db
      .select()
      .from(apps)
      .where(and(eq(apps.organisationId, orgId), sql`lower(${apps.name}) = 'burst app'`));
    expect(named).toHaveLength(1);
  });

  it('keeps every app call inside its organisation', async () => {
    expect((await server.request('GET', `/api/app/${appId}`, { token: other.token })).status).toBe(404);
    const foreignKey = await generate(other.token, appId, 'Stolen');
    expect(foreignKey.status).toBe(404);
    expect(foreignKey.body.err.message).toBe('App not found');
    expect((await server.request('GET', '/api/app', { token: owner.token, headers: { 'x-org-id': otherOrgId } })).status).toBe(404);
    expect((await createApp(owner.token, 'Sneaky', otherOrgId)).status).toBe(404);
    const otherApps = await server.request('GET', '/api/app', { token: other.token });
    expect(otherApps.body.data.every((app: { _id: string }) => app._id !== appId)).toBe(true);
    expect(await server.db.select().from(appKeys).where(eq(appKeys.appId, appId))).toHaveLength(1);
  });

  it('answers every app action on another organisation’s app as unknown, and changes nothing', async () => {
    const proof = { orgId: otherOrgId, zpin: '1234' };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/app/${appId}?onlyIpWhitelisted=true`],
      ['DELETE', `/api/app/${appId}`],
      ['PUT', `/api/app/${appId}?action=generate_app_key`, { keyName: 'Stolen' }],
      ['PUT', `/api/app/${appId}?action=delete_app_key`, { keyName: 'Test Key' }],
      ['PUT', `/api/app/${appId}?action=enable_app_key`, { keyName: 'Test Key', ...proof }],
      ['PUT', `/api/app/${appId}?action=disable_app_key`, { keyName: 'Test Key', ...proof }],
      ['PUT', `/api/app/${appId}?action=app_update_subscribed_product`, { productIds: [], ...proof }],
      ['PUT', `/api/app/${appId}?action=update_whitelisted_ip`, { whitelisted_ips: ['203.0.113.1'], ...proof }],
    ];
    for (const [method, url, body] of calls) {
      const reply = await server.request(method, url, { token: other.token, ...(body ? { body } : {}) });
      expect(reply.status, `${method} ${url}`).toBe(404);
      expect(reply.body.err.message).toBe('App not found');
    }
    const app = (await server.request('GET', `/api/app/${appId}`, { token: owner.token })).body.data;
    expect(app).toMatchObject({ ip_whitelisted: ['ALL'], keys: [expect.objectContaining({ key_name: 'Test Key', status: 'ENABLED' })] });
    expect(app.service_access).toHaveLength(1);
  });
});
