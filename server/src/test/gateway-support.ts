import { and, eq } from 'drizzle-orm';
import { products } from '@verigate/catalog';
import { generateApiKey } from '../platform/api-keys.js';
import { appKeys, appProducts, apps, creditLeases, subscriptions } from '../db/schema.js';
import { testCreditsWithLeases } from '../db/test-credits.js';
import { announceCredentialChange } from '../platform/change-feed.js';
import { TEST_ADMIN_TOKEN, type TestServer } from './harness.js';
import { credentialCacheFor } from '../gateway/credentials.js';

/** Helpers of the gateway tests: a customer set up through the customer API, and calls to the provider API. */

export const ADMIN_TOKEN = TEST_ADMIN_TOKEN;

export interface Customer {
  token: string;
  orgId: string;
  appId: string;
  key: string;
}

/**
 * Signs up `email`, creates the organisation, subscribes `arns` (approving those that need an
 * operator, when the server has ADMIN_TOKEN), creates the test app and generates its key — all
 * through the customer API.
 */
export async function testCustomer(server: TestServer, email: string, arns: string[]): Promise<Customer> {
  const { token } = await server.signedInUser(email);
  const orgId = await server.createOrganisation(token);
  const subscribed = await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, { token, body: { productIds: arns } });
  if (subscribed.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(subscribed.body)}`);
  for (const item of subscribed.body.data as Array<{ status: string; product: { arn: string } }>) {
    if (item.status !== 'PENDING_APPROVAL') continue;
    const approved = await server.request('POST', '/api/admin/product-requests/approve', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-operator': 'gateway-tests' },
      body: { organisationId: orgId, arn: item.product.arn },
    });
    if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  }
  const app = await server.request('POST', '/api/app', { token, body: { name: 'Test App' } });
  if (app.status !== 200) throw new Error(`app failed: ${JSON.stringify(app.body)}`);
  const appId = app.body.data._id as string;
  const generated = await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token, body: { keyName: 'TestKey' } });
  if (generated.status !== 200) throw new Error(`key failed: ${JSON.stringify(generated.body)}`);
  return { token, orgId, appId, key: generated.body.data.apiKey as string };
}

/** A customer subscribed to every product of the catalogue, each with `credits` test credits. */
export async function everyProductCustomer(server: TestServer, email: string, credits = 10_000): Promise<Customer> {
  const arns = products.map((product) => product.arn);
  const customer = await testCustomer(server, email, arns);
  for (const arn of arns) await setCredits(server, customer.orgId, arn, credits);
  return customer;
}

/**
 * A live app of the organisation with a live key and products, written straight to the database:
 * through the API it needs a paid plan (POST /app) and a ZPIN or OTP for its products, which the
 * plan and step-up tests cover.
 */
export async function liveApp(server: TestServer, orgId: string, arns: string[]): Promise<{ appId: string; key: string }> {
  const [app] = await server.db.insert(apps).values({ organisationId: orgId, name: 'Production', isTestApp: false }).returning();
  await server.db.insert(appProducts).values(arns.map((productArn) => ({ appId: app!.id, productArn })));
  const { key, hash, start } = generateApiKey('live');
  await server.db.insert(appKeys).values({ appId: app!.id, keyName: 'LiveKey', keyHash: hash, keyStart: start, status: 'ENABLED' });
  return { appId: app!.id, key };
}

/** Waits until every credential change announced so far has reached `server`'s gateway. */
export const credentialsSynced = (server: TestServer): Promise<void> => credentialCacheFor(server.db)!.sync();

/** Announces a change made straight in the database and waits until the gateway has it. */
export async function announce(server: TestServer, appId: string): Promise<void> {
  await announceCredentialChange(server.db, appId);
  await credentialsSynced(server);
}

export async function setWhitelist(server: TestServer, appId: string, ips: string[]): Promise<void> {
  await server.db.update(apps).set({ ipWhitelist: ips }).where(eq(apps.id, appId));
  await announce(server, appId);
}

/** The subscription's test credits set to `credits`, none of them leased. */
export async function setCredits(server: Pick<TestServer, 'db'>, orgId: string, arn: string, credits: number): Promise<void> {
  await server.db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ testCreditsRemaining: credits })
      .where(and(eq(subscriptions.organisationId, orgId), eq(subscriptions.productArn, arn)));
    await tx.delete(creditLeases).where(and(eq(creditLeases.organisationId, orgId), eq(creditLeases.productArn, arn)));
  });
}

/** The subscription's test credits, leased ones included. */
export async function creditsOf(server: Pick<TestServer, 'db'>, orgId: string, arn: string): Promise<number> {
  const [row] = await server.db
    .select({ credits: testCreditsWithLeases })
    .from(subscriptions)
    .where(and(eq(subscriptions.organisationId, orgId), eq(subscriptions.productArn, arn)));
  return row!.credits;
}

export interface CallOptions {
  environment?: 'test' | 'live';
  arn?: string;
  appId?: string;
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
  method?: 'POST' | 'GET';
  url?: string;
}

export interface ProviderReply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: {
    request_id: string;
    group_id: string;
    task_id: string;
    success: boolean;
    response_code: number | null;
    response_message: string;
    metadata: { billable: 'Y' | 'N' };
    result?: any;
  };
}

/** `key` with its last character changed (never to itself): a mistyped key the offline checksum refuses. */
export const mistypedKey = (key: string) => `${key.slice(0, -1)}${key.at(-1) === 'A' ? 'B' : 'A'}`;

export const pathOf = (arn: string, environment: 'test' | 'live' = 'test') => `/${environment}/api/v1/${arn.split('_').join('/')}`;

/** One provider-API call through inject, as a client would send it. */
export async function callApi(server: TestServer, options: CallOptions): Promise<ProviderReply> {
  const { environment = 'test', arn = 'in_identity_pan_lite' } = options;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.appId !== undefined) headers['app-id'] = options.appId;
  if (options.key !== undefined) headers['api-key'] = options.key;
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await server.app.inject({
    method: options.method ?? 'POST',
    url: options.url ?? pathOf(arn, environment),
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** A valid request body for PAN Lite. */
export const panBody = (pan = 'ABCPE1234F', extra: Record<string, unknown> = {}) => ({
  mode: 'sync',
  data: { customer_pan_number: pan, consent: 'Y', consent_text: 'I consent to this PAN verification' },
  ...extra,
});
