import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BATCH_MESSAGES } from '@verigate/contracts';
import { batches, planPrices, planSubscriptions, wallets } from '../../db/schema.js';
import { activate, ledgerOf, payPlan, planIdByCode } from '../../test/billing-support.js';
import { createTask, dataDir, PAN_LITE, panCsv, panRows, parseCsv, taskOf, waitForTask, type BatchMember } from '../../test/batch-support.js';
import { liveApp, testCustomer } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test/harness.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/**
 * Live batches: each row goes upstream and is charged to the wallet like a single live call —
 * once per billable answer, never again when the batch resumes.
 */
let upstream: Server;
const forwarded: string[] = [];
let database: TestDatabase;
let folder: string;
let env: Record<string, string>;
let server: TestServer;
let asha: BatchMember;
let ravi: BatchMember;
let price: number;

/** The upstream answers 100 for every PAN but those whose number ends in 3, which get an answer it does not know (not billable). */
const answersOk = (pan: string) => !/3F$/.test(pan);

async function liveCustomer(email: string, withLiveApp: boolean): Promise<BatchMember> {
  const customer = await testCustomer(server, email, [PAN_LITE]);
  const billed = { token: customer.token, userId: '', orgId: customer.orgId, testAppId: customer.appId, testKey: customer.key };
  await activate(server, billed);
  await payPlan(server, billed, await planIdByCode(server, billed, 'LITE'));
  const member = { token: customer.token, userId: '', email, orgId: customer.orgId, appId: customer.appId };
  if (!withLiveApp) return member;
  return { ...member, appId: (await liveApp(server, customer.orgId, [PAN_LITE])).appId };
}

async function unitPrice(orgId: string): Promise<number> {
  const [row] = await database.db
    .select({ price: planPrices.unitPricePaise })
    .from(planSubscriptions)
    .innerJoin(planPrices, and(eq(planPrices.planId, planSubscriptions.planId), eq(planPrices.productArn, PAN_LITE)))
    .where(and(eq(planSubscriptions.organisationId, orgId), eq(planSubscriptions.status, 'ACTIVE')));
  return Number(row!.price);
}

const callsOf = async (appId: string) =>
  (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from transactions where app_id = ${appId}::uuid`)).rows[0]!.n;

const download = async (on: TestServer, who: BatchMember, batchId: string) =>
  parseCsv(
    (await on.app.inject({ method: 'GET', url: `/api/productBatchService/download/${batchId}`, headers: { authorization: `Bearer ${who.token}` } })).body,
  );

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const pan = String((JSON.parse(text) as { data?: { customer_pan_number?: string } }).data?.customer_pan_number);
      forwarded.push(pan);
      const body = answersOk(pan) ? { response_code: 100, response_message: 'Valid Authentication', result: { pan_number: pan } } : { response_code: 555 };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  database = await createTestDatabase();
  folder = await dataDir();
  env = {
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    DATA_DIR: folder,
    // One row at a time, so the row the wallet cannot pay for is refused 112 (balance), never 113 (holds).
    BATCH_CONCURRENCY: '1',
    UPSTREAM_URLS: JSON.stringify({ [PAN_LITE]: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pan` }),
  };
  server = await createTestServer(env, { database });
  asha = await liveCustomer(ALLOWLISTED[0]!, true);
  ravi = await liveCustomer(ALLOWLISTED[1]!, false);
  price = await unitPrice(asha.orgId);
}, 180_000);

afterAll(async () => {
  await server.close();
  await database.close();
  await rm(folder, { recursive: true, force: true });
  await new Promise((resolve) => upstream.close(resolve));
});

describe('a live batch', () => {
  it('goes upstream and charges the wallet once per billable row, like single live calls', async () => {
    expect(price).toBeGreaterThan(0);
    const before = await ledgerOf(database.db, asha.orgId);
    const pans = panRows(12);
    const reply = await createTask(server, asha, { env: 'live' }, { name: 'rows.csv', content: panCsv(pans) });
    expect(reply.status).toBe(200);
    const batchId = reply.body.data.batchId as string;
    const done = await waitForTask(server, asha, batchId, (task) => task.batchState === 'FINISHED');
    expect(done.env).toBe('live');

    const [, ...rows] = parseCsv(
      (await server.app.inject({ method: 'GET', url: `/api/productBatchService/download/${batchId}`, headers: { authorization: `Bearer ${asha.token}` } }))
        .body,
    );
    expect(rows.map((row) => row[0])).toEqual(pans);
    const answered100 = rows.filter((row) => row[3] === '100').length;
    expect(answered100).toBe(pans.filter(answersOk).length);
    expect(answered100).toBeLessThan(pans.length);
    expect(pans.every((pan) => forwarded.includes(pan))).toBe(true);

    const after = await ledgerOf(database.db, asha.orgId);
    expect(after.entries - before.entries).toBe(answered100);
    expect(before.balance - after.balance).toBe(answered100 * price);
    expect(after.reserved).toBe(0);
    // Rows are recorded on the live app, in the live environment, and none on the test app.
    const { rows: recorded } = await database.db.execute<{ env: string; n: number }>(
      sql`select env, count(*)::int as n from transactions where app_id = ${asha.appId}::uuid group by env`,
    );
    expect(recorded).toEqual([{ env: 'PRODUCTION', n: pans.length }]);
  }, 60_000);

  it('answers a row 112 once the wallet cannot pay for it, like a single call', async () => {
    await database.db
      .update(wallets)
      .set({ balancePaise: price * 2 })
      .where(eq(wallets.organisationId, asha.orgId));
    const before = await ledgerOf(database.db, asha.orgId);
    const pans = panRows(4, 100).filter(answersOk);
    const reply = await createTask(server, asha, { env: 'live' }, { name: 'rows.csv', content: panCsv(pans) });
    const batchId = reply.body.data.batchId as string;
    await waitForTask(server, asha, batchId, (task) => task.batchState === 'FINISHED');
    const [, ...rows] = await download(server, asha, batchId);
    expect(rows.map((row) => row[3])).toEqual(['100', '100', ...pans.slice(2).map(() => '112')]);
    const after = await ledgerOf(database.db, asha.orgId);
    expect(after.entries - before.entries).toBe(2);
    expect(after.balance).toBe(0);
  }, 60_000);

  it('is refused without a live app that has the product, and the test default still runs', async () => {
    const refused = await createTask(server, ravi, { env: 'live' }, { name: 'rows.csv', content: panCsv(panRows(2)) });
    expect(refused.status).toBe(409);
    expect(refused.body.err.message).toBe(BATCH_MESSAGES.noLiveApp);
    const wrong = await createTask(server, ravi, { env: 'production' }, { name: 'rows.csv', content: panCsv(panRows(2)) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.err.message).toBe(BATCH_MESSAGES.invalidEnv);

    const test = await createTask(server, ravi, {}, { name: 'rows.csv', content: panCsv(panRows(1)) });
    expect(test.status).toBe(200);
    expect((await taskOf(server, ravi, test.body.data.batchId as string)).env).toBe('test');
  }, 60_000);
});

describe('a live batch resumed after its server stopped', () => {
  it('charges no row twice, even rows that ran after the last saved checkpoint', async () => {
    await database.db
      .update(wallets)
      .set({ balancePaise: price * 1000 })
      .where(eq(wallets.organisationId, asha.orgId));
    const before = await ledgerOf(database.db, asha.orgId);
    const pans = panRows(5, 200).filter(answersOk);
    const reply = await createTask(server, asha, { env: 'live', tpm: '2' }, { name: 'rows.csv', content: panCsv(pans) });
    const batchId = reply.body.data.batchId as string;
    await waitForTask(server, asha, batchId, (task) => task.totalProcessed === 2);
    await server.close();
    // As if the server had died after the two rows were charged and recorded but before their
    // progress was saved: the next server starts the file again and must find them recorded.
    await database.db.update(batches).set({ totalProcessed: 0, totalCompleted: 0, resultsBytes: 0 }).where(eq(batches.id, batchId));
    expect(await callsOf(asha.appId)).toBeGreaterThanOrEqual(2);

    server = await createTestServer(env, { database });
    // The two recorded rows are taken from their records (within the minute's tpm); the rest run a minute later.
    await waitForTask(server, asha, batchId, (task) => task.totalProcessed === 2);
    server.clock.advance(60_000);
    await waitForTask(server, asha, batchId, (task) => task.batchState === 'FINISHED');
    const [, ...rows] = await download(server, asha, batchId);
    expect(rows.map((row) => row[0])).toEqual(pans);
    expect(rows.every((row) => row[3] === '100')).toBe(true);

    const after = await ledgerOf(database.db, asha.orgId);
    expect(after.entries - before.entries).toBe(pans.length);
    expect(before.balance - after.balance).toBe(pans.length * price);
    const { rows: perTask } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions where app_id = ${asha.appId}::uuid group by task_id having count(*) > 1`,
    );
    expect(perTask).toEqual([]);
  }, 90_000);
});
