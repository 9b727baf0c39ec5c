/**
 * `npm run bench:gateway`: how much the provider-API pipeline costs against a bare Fastify route,
 * both measured in this run on this machine. Starts the real app on a real PostgreSQL (DATABASE_URL,
 * or an embedded one in a temporary folder), seeds an organisation with a test app, a PAN Lite
 * subscription, a key and a whitelisted 127.0.0.1, then runs autocannon against
 *   (a) GET /bench/bare on a separate bare Fastify instance, and
 *   (b) an authenticated sandbox call: POST /test/api/v1/in/identity/pan/lite,
 * and prints requests/s, p50 and p99 latency of both and the ratio b/a. Nothing is asserted.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import type { Database } from '../server/src/db/client.js';
import { appKeys, appProducts, apps, subscriptions, transactions } from '../server/src/db/schema.js';
import { generateApiKey } from '../server/src/platform/api-keys.js';
import { insertBenchOrganisation } from './organisation.js';
import { benchDatabase, startPostgres } from './postgres.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ARN = 'in_identity_pan_lite';

/** An organisation with a test app that may call PAN Lite from 127.0.0.1, and its key. */
async function seedCustomer(db: Database) {
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

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(title: string, options: autocannon.Options): Promise<Figures> {
  await autocannon({ ...options, duration: WARMUP_S, connections: CONNECTIONS });
  const result = await autocannon({ ...options, title, duration: DURATION_S, connections: CONNECTIONS });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function main() {
  const started = Date.now();
  const postgres = await startPostgres();
  const handle = await benchDatabase(postgres);
  const bare = Fastify({ logger: false });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const customer = await seedCustomer(handle.db);
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', CAPTCHA_COST: '20' }), db: handle.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    bare.get('/bench/bare', async () => ({ ok: true }));
    await bare.listen({ port: 0, host: '127.0.0.1' });

    const gatewayUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/test/api/v1/in/identity/pan/lite`;
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bench/bare`;
    const call = {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', 'app-id': customer.appId, 'api-key': customer.key },
      body: JSON.stringify({ mode: 'sync', data: { customer_pan_number: 'ABCPE1234F', consent: 'Y', consent_text: 'I consent to this verification' } }),
    };
    const probe = await fetch(gatewayUrl, call);
    const answer = (await probe.json()) as { response_code: number; response_message: string };
    if (probe.status !== 200 || answer.response_code !== 100) throw new Error(`the sandbox call is not accepted: ${probe.status} ${JSON.stringify(answer)}`);

    console.log(`autocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per target`);
    const a = await measure('bare', { url: bareUrl });
    const b = await measure('gateway', { url: gatewayUrl, ...call });

    const row = (name: string, figures: Figures) =>
      `${name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(9)} ${`${figures.p50} ms`.padStart(9)} ${`${figures.p99} ms`.padStart(9)}   ${figures.non2xx} non-2xx, ${figures.errors} errors`;
    console.log('');
    console.log(`${'target'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}`);
    console.log(row('(a) bare Fastify route', a));
    console.log(row('(b) authenticated sandbox call', b));
    console.log('');
    console.log(
      `ratio b/a: requests/s ${(b.requestsPerSecond / a.requestsPerSecond).toFixed(3)}, p50 ${(b.p50 / Math.max(a.p50, 0.001)).toFixed(1)}x, p99 ${(b.p99 / Math.max(a.p99, 0.001)).toFixed(1)}x`,
    );
    const [stored] = await handle.db.select({ rows: count() }).from(transactions);
    console.log(`(b) spends a test credit and stores a transaction row per call, in one PostgreSQL statement: ${stored!.rows} rows stored`);
    console.log(`total run ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await bare.close();
    await app?.close();
    await handle.drop();
    await postgres.stop();
  }
}

await main();
