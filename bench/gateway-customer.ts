import { appKeys, appProducts, apps, subscriptions } from '../server/src/db/schema.js';
import type { Database } from '../server/src/db/client.js';
import { generateApiKey } from '../server/src/platform/api-keys.js';
import { insertBenchOrganisation } from './organisation.js';

const ARN = 'in_identity_pan_lite';

/** The provider-API path the gateway benches call. */
export const SANDBOX_PATH = '/test/api/v1/in/identity/pan/lite';

/** An organisation with a test app that may call PAN Lite from 127.0.0.1, and its key. */
export async function seedGatewayCustomer(db: Database) {
  const org = await insertBenchOrganisation(db, 'ONBOARDING_COMPLETED');
  // Every sandbox call spends a test credit: enough for any run.
  await db
    .insert(subscriptions)
    .values({ organisationId: org.id, productArn: ARN, status: 'SUBSCRIBED', testCreditsRemaining: 1_000_000_000, testCreditsGranted: true });
  const [app] = await db
    .insert(apps)
    .values({ organisationId: org.id, name: 'Bench App', isTestApp: true, ipWhitelist: ['127.0.0.1'] })
    .returning();
  await db.insert(appProducts).values({ appId: app!.id, productArn: ARN });
  const { key, hash, start } = generateApiKey('test');
  await db.insert(appKeys).values({ appId: app!.id, keyName: 'BenchKey', keyHash: hash, keyStart: start, status: 'ENABLED' });
  return { appId: app!.id, key };
}

/** The authenticated sandbox call of the customer, as autocannon's request options. */
export const sandboxCall = (customer: { appId: string; key: string }) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', 'app-id': customer.appId, 'api-key': customer.key },
  body: JSON.stringify({ mode: 'sync', data: { customer_pan_number: 'ABCPE1234F', consent: 'Y', consent_text: 'I consent to this verification' } }),
});
