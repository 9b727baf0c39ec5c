import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, productByArn, splitArn } from '@verigate/catalog';
import { eq, sql } from 'drizzle-orm';
import { RATE_LIMIT_BY_PLAN, RATE_LIMIT_NO_PLAN } from '@verigate/contracts';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { organisations } from '../db/schema.js';
import { createTask, dataDir, panCsv, panRows, waitForTask } from '../test/batch-support.js';
import { BILLING_ADMIN_TOKEN, billingEnv, CUSTOMERS, operatorHeaders } from '../test/billing-support.js';
import { callApi, creditsOf, mistypedKey, panBody, setCredits, testCustomer, type Customer, type ProviderReply } from '../test/gateway-support.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * Per-app limits of calls per second (docs/decisions/0019-rate-limits.md), on two app instances
 * sharing one database. Both test clocks stand still at the same instant, so every call of a test
 * falls in one window until the test moves both clocks on.
 */

const PAN = 'in_identity_pan_lite';
const RATE_LIMITED = 'rate limit exceeded';

let database: TestDatabase;
let second: DatabaseHandle;
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  // No configured fallback: the plan's default applies, as in production.
  const env = billingEnv({ APP_RATE_LIMIT: '', DATA_DIR: await dataDir() });
  database = await createTestDatabase();
  second = await openDatabase(database.url);
  one = await createTestServer(env, { database });
  two = await createTestServer(env, { database: second, clockAt: one.clock.now() });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await second?.close();
  await database?.close();
});

/** The next window on both instances. */
const nextSecond = () => {
  one.clock.advance(1000);
  two.clock.advance(1000);
};

const call = (server: TestServer, customer: Customer, key = customer.key) => callApi(server, { arn: PAN, appId: customer.appId, key, body: panBody() });

const remaining = (reply: ProviderReply) => Number(/^"app";r=(\d+);t=(\d+)$/.exec(String(reply.headers.ratelimit))?.[1]);

async function setLimit(orgId: string, callsPerSecond: number | null) {
  const reply = await one.request('PUT', `/api/admin/organisations/${orgId}/rate-limit`, {
    headers: operatorHeaders,
    body: { calls_per_second: callsPerSecond },
  });
  expect(reply.status).toBe(200);
}

/** The organisation's transaction rows: all, billable ones, test credits spent, and 429s. */
async function recorded(orgId: string) {
  const { rows } = await database.db.execute<{ rows: number; billable: number; credits: number; limited: number; limited_billable: number }>(sql`
    select count(*)::int as rows, count(*) filter (where billable)::int as billable, count(*) filter (where test_credit)::int as credits,
           count(*) filter (where http_status = 429)::int as limited, count(*) filter (where http_status = 429 and (billable or test_credit))::int as limited_billable
      from transactions where organisation_id = ${orgId}::uuid`);
  return rows[0]!;
}

describe('rate limits', () => {
  it("counts down the plan's default in the RateLimit fields, then answers a burst over it 429 with Retry-After and charges nothing for those", async () => {
    const customer = await testCustomer(one, CUSTOMERS[0]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 100);

    const first = [await call(one, customer), await call(one, customer), await call(one, customer)];
    for (const [index, reply] of first.entries()) {
      expect(reply.status).toBe(200);
      expect(reply.headers['ratelimit-policy']).toBe(`"app";q=${RATE_LIMIT_NO_PLAN};w=1`);
      expect(reply.headers.ratelimit).toBe(`"app";r=${RATE_LIMIT_NO_PLAN - index - 1};t=1`);
      expect(reply.headers['retry-after']).toBeUndefined();
    }
    // A refusal before the call is authenticated spends none of the limit, and says what is left.
    const wrongKey = await call(one, customer, mistypedKey(customer.key));
    expect(wrongKey.status).toBe(401);
    expect(remaining(wrongKey)).toBe(RATE_LIMIT_NO_PLAN - 3);

    const burst = await Promise.all(Array.from({ length: 20 }, () => call(one, customer)));
    const admitted = burst.filter((reply) => reply.status === 200);
    const refused = burst.filter((reply) => reply.status === 429);
    expect(admitted).toHaveLength(RATE_LIMIT_NO_PLAN - 3);
    expect(refused).toHaveLength(20 - admitted.length);
    for (const reply of refused) {
      expect(reply.body).toMatchObject({ response_code: null, response_message: RATE_LIMITED, success: false, metadata: { billable: 'N' } });
      expect(reply.headers['ratelimit-policy']).toBe(`"app";q=${RATE_LIMIT_NO_PLAN};w=1`);
      expect(reply.headers.ratelimit).toBe('"app";r=0;t=1');
      expect(reply.headers['retry-after']).toBe('1');
    }
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(100 - RATE_LIMIT_NO_PLAN);
    // Each refusal is one non-billable row (written in the group commit), no credit spent for it.
    expect(await recorded(customer.orgId)).toEqual({
      rows: RATE_LIMIT_NO_PLAN + 1 + refused.length,
      billable: RATE_LIMIT_NO_PLAN,
      credits: RATE_LIMIT_NO_PLAN,
      limited: refused.length,
      limited_billable: 0,
    });

    nextSecond();
    const after = await call(one, customer);
    expect(after.status).toBe(200);
    expect(remaining(after)).toBe(RATE_LIMIT_NO_PLAN - 1);
  });

  it("holds an operator's limit across two instances: a burst split over both gets exactly the limit through", async () => {
    const customer = await testCustomer(one, CUSTOMERS[1]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 1000);
    await setLimit(customer.orgId, 30);
    nextSecond();

    const burst = await Promise.all(Array.from({ length: 100 }, (_, index) => call(index % 2 === 0 ? one : two, customer)));
    expect(burst.filter((reply) => reply.status === 200)).toHaveLength(30);
    expect(burst.filter((reply) => reply.status === 429)).toHaveLength(70);
    for (const reply of burst) expect(reply.headers['ratelimit-policy']).toBe('"app";q=30;w=1');
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(1000 - 30);
    expect(await recorded(customer.orgId)).toMatchObject({ rows: 100, billable: 30, limited: 70, limited_billable: 0 });

    // Lowered by the operator: from the next window on, on both instances.
    await setLimit(customer.orgId, 4);
    nextSecond();
    const lowered = await Promise.all(Array.from({ length: 12 }, (_, index) => call(index % 2 === 0 ? one : two, customer)));
    expect(lowered.filter((reply) => reply.status === 200)).toHaveLength(4);
    for (const reply of lowered) expect(reply.headers['ratelimit-policy']).toBe('"app";q=4;w=1');

    // Back to the plan's default.
    await setLimit(customer.orgId, null);
    nextSecond();
    expect((await call(two, customer)).headers['ratelimit-policy']).toBe(`"app";q=${RATE_LIMIT_NO_PLAN};w=1`);
  });

  it("takes the default of the organisation's active plan", async () => {
    const customer = await testCustomer(one, CUSTOMERS[5]!, [PAN]);
    await database.db.execute(sql`
      insert into plan_subscriptions (organisation_id, plan_id, status, enable_immediately, amount_paise, start_date)
      select ${customer.orgId}::uuid, id, 'ACTIVE', true, amount_paise, now() from plans where code = 'PREMIUM'`);
    nextSecond();
    const reply = await call(two, customer);
    expect(reply.headers['ratelimit-policy']).toBe(`"app";q=${RATE_LIMIT_BY_PLAN.PREMIUM};w=1`);
    expect(remaining(reply)).toBe(RATE_LIMIT_BY_PLAN.PREMIUM! - 1);
  });

  it('takes the limit an operator sets with the admin command line', async () => {
    const customer = await testCustomer(one, CUSTOMERS[3]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 100);
    await one.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = one.app.server.address() as AddressInfo;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/admin-cli.ts', 'rate-limit', customer.orgId, '3'], {
      env: { ...process.env, ADMIN_URL: `http://127.0.0.1:${port}`, ADMIN_TOKEN: BILLING_ADMIN_TOKEN, ADMIN_OPERATOR: 'rate-tests' },
    });
    expect(JSON.parse(stdout)).toEqual({ organisation_id: customer.orgId, calls_per_second: 3 });
    nextSecond();
    const burst = await Promise.all(Array.from({ length: 8 }, (_, index) => call(index % 2 === 0 ? one : two, customer)));
    expect(burst.filter((reply) => reply.status === 200)).toHaveLength(3);
    expect(burst.map((reply) => reply.headers['ratelimit-policy'])).toEqual(Array.from({ length: 8 }, () => '"app";q=3;w=1'));
  });

  it('counts Trial Center calls against the test app: over the limit they are refused 429, unbilled', async () => {
    const customer = await testCustomer(one, CUSTOMERS[4]!, [PAN]);
    await setCredits(one, customer.orgId, PAN, 100);
    await setLimit(customer.orgId, 2);
    nextSecond();
    const trial = () =>
      one.request('POST', '/api/demoPortal/product', {
        token: customer.token,
        headers: { 'app-id': customer.appId, 'org-id': customer.orgId },
        body: { arn: PAN, ...splitArn(PAN), ...exampleRequest(productByArn(PAN)!) },
      });
    const replies = [await trial(), await trial(), await trial()];
    // The Trial Center shows a refusal without a code as its error text.
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 429]);
    expect(replies[2]!.body.err).toMatchObject({ status: 429, message: RATE_LIMITED });
    expect(await creditsOf(one, customer.orgId, PAN)).toBe(98);
  });

  it("runs a batch's rows outside the limit: all of them answered in one window, and the app's own calls still get theirs", async () => {
    const customer = await testCustomer(one, CUSTOMERS[6]!, [PAN]);
    // Batches are for subscribed organisations; the way there (KYC, a paid plan) is the billing tests'.
    await database.db.update(organisations).set({ onboardingStatus: 'PLAN_SUBSCRIBED' }).where(eq(organisations.id, customer.orgId));
    const member = { ...customer, email: CUSTOMERS[6]!, userId: '' };
    await setCredits(one, member.orgId, PAN, 100);
    await setLimit(member.orgId, 2);
    nextSecond();
    const created = await createTask(one, member, { batch_type: PAN }, { name: 'pans.csv', content: panCsv(panRows(12)) });
    expect(created.status).toBe(200);
    const task = await waitForTask(one, member, created.body.data.batchId, (candidate) => candidate.batchState === 'FINISHED');
    expect(task.totalProcessed).toBe(12);
    expect(await recorded(member.orgId)).toMatchObject({ rows: 12, credits: 12, limited: 0 });
    const replies = await Promise.all(Array.from({ length: 3 }, () => call(one, customer)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 429]);
  });

  it('refuses an unknown organisation and a limit out of range', async () => {
    const unknown = await one.request('PUT', '/api/admin/organisations/00000000-0000-4000-8000-000000000000/rate-limit', {
      headers: operatorHeaders,
      body: { calls_per_second: 5 },
    });
    expect(unknown.status).toBe(404);
    const customer = await testCustomer(one, CUSTOMERS[2]!, [PAN]);
    for (const value of [0, -1, 1.5, 'fast', 1_000_001]) {
      const reply = await one.request('PUT', `/api/admin/organisations/${customer.orgId}/rate-limit`, {
        headers: operatorHeaders,
        body: { calls_per_second: value },
      });
      expect(reply.status).toBe(400);
    }
  });
});
