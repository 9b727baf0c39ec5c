import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@verigate/catalog';
import { and, count, eq } from 'drizzle-orm';
import { appProducts, apps } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let owner: { token: string; userId: string };
let rival: { token: string; userId: string };
let appId: string;

beforeAll(async () => {
  server = await createTestServer();
  owner = await server.signedInUser(ALLOWLISTED[0]!);
  rival = await server.signedInUser(ALLOWLISTED[1]!);
  const orgId = await server.createOrganisation(owner.token);
  await server.createOrganisation(rival.token);
  await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, {
    token: owner.token,
    body: { productIds: ['in_identity_pan_lite'] },
  });
  appId = (await server.request('POST', '/api/app', { token: owner.token, body: { name: 'Test App' } })).body.data._id;
});
afterAll(() => server.close());

describe('API keys', () => {
  it('are answered once with Cache-Control: no-store, as is every answer about the app', async () => {
    const generated = await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token: owner.token, body: { keyName: 'TestKey' } });
    expect(generated.status).toBe(200);
    expect(generated.body.data.apiKey).toMatch(/^vgk_test_/);
    expect(generated.headers['cache-control']).toBe('no-store');
    const app = await server.request('GET', `/api/app/${appId}`, { token: owner.token });
    expect(app.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(app.body)).not.toContain(generated.body.data.apiKey);
  });

  it('cannot be generated, listed or changed by another organisation’s member, whatever x-org-id they send', async () => {
    for (const headers of [{}, { 'x-org-id': appId }] as Array<Record<string, string>>) {
      const generate = await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token: rival.token, body: { keyName: 'Stolen' }, headers });
      expect(generate.status).toBeGreaterThanOrEqual(400);
      expect(generate.status).toBeLessThan(500);
      expect(generate.body.data).toBeUndefined();
      expect((await server.request('GET', `/api/app/${appId}`, { token: rival.token, headers })).body.err).toBeDefined();
    }
    const keys = (await server.request('GET', `/api/app/${appId}`, { token: owner.token })).body.data.keys;
    expect(keys.map((key: { key_name: string }) => key.key_name)).toEqual(['TestKey']);
  });
});

describe('the test app', () => {
  it('is made once when the first app, and the skip of the product step, are asked for at once', async () => {
    const { token } = await server.signedInUser(ALLOWLISTED[2]!);
    const orgId = await server.createOrganisation(token);
    const replies = await Promise.all([
      ...Array.from({ length: 6 }, () => server.request('POST', '/api/app', { token, body: { name: 'Test App' } })),
      ...Array.from({ length: 4 }, () => server.request('PUT', `/api/organisation/${orgId}?action=skip_onboarding`, { token })),
    ]);
    const testApps = await server.db
      .select({ n: count() })
      .from(apps)
      .where(and(eq(apps.organisationId, orgId), eq(apps.isTestApp, true)));
    expect(testApps[0]!.n).toBe(1);
    expect(await server.db.select({ n: count() }).from(apps).where(eq(apps.organisationId, orgId))).toEqual([{ n: 1 }]);
    // Whichever made the test app, the others found it: a second app would be a live one, which this organisation may not have yet.
    expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThanOrEqual(1);
    // A skip that comes after the test app moved the organisation on is refused by the status machine: a 4xx, never a 5xx.
    expect(replies.filter((reply) => reply.status !== 200).every((reply) => reply.status >= 400 && reply.status < 500)).toBe(true);
  });

  const autoApproved = products.filter((product) => product.auto_approval).map((product) => product.arn);
  const changeSubscriptions = (token: string, orgId: string, action: 'subscribe' | 'unsubscribe', arn: string) =>
    server.request('PUT', `/api/organisation/${orgId}?action=org_product_${action}`, { token, body: { productIds: [arn] } });
  const productsOfTestApp = async (orgId: string) =>
    (
      await server.db
        .select({ arn: appProducts.productArn })
        .from(appProducts)
        .innerJoin(apps, eq(apps.id, appProducts.appId))
        .where(and(eq(apps.organisationId, orgId), eq(apps.isTestApp, true)))
    )
      .map((row) => row.arn)
      .sort();
  const subscribedArns = async (token: string) =>
    ((await server.request('GET', '/api/product?subscription_status=subscribed', { token })).body.data as Array<{ arn: string }>)
      .map((product) => product.arn)
      .sort();

  it('holds every product subscribed while it was being made', async () => {
    const { token } = await server.signedInUser(ALLOWLISTED[3]!);
    const orgId = await server.createOrganisation(token);
    const arns = autoApproved.slice(0, 8);
    const replies = await Promise.all([
      server.request('POST', '/api/app', { token, body: { name: 'Test App' } }),
      ...arns.map((arn) => changeSubscriptions(token, orgId, 'subscribe', arn)),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect(await subscribedArns(token)).toEqual([...arns].sort());
    expect(await productsOfTestApp(orgId)).toEqual([...arns].sort());
  });

  it('holds no product unsubscribed while it was being made', async () => {
    const { token } = await server.signedInUser(ALLOWLISTED[4]!);
    const orgId = await server.createOrganisation(token);
    const arns = autoApproved.slice(0, 8);
    await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, { token, body: { productIds: arns } });
    const ended = arns.slice(0, 6);
    const replies = await Promise.all([
      server.request('POST', '/api/app', { token, body: { name: 'Test App' } }),
      ...ended.map((arn) => changeSubscriptions(token, orgId, 'unsubscribe', arn)),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect(await subscribedArns(token)).toEqual(arns.slice(6).sort());
    expect(await productsOfTestApp(orgId)).toEqual(arns.slice(6).sort());
  });
});
