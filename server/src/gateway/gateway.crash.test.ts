import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { activatedCustomer, billingEnv, CUSTOMERS, customPlan, ledgerOf, payPlan, type Activated } from '../test/billing-support.js';
import { eventually } from '../test/eventually.js';
import { createTestServer } from '../test/harness.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { createTestDatabase } from '../test/test-database.js';
import { creditsOf, liveApp, panBody, pathOf, setCredits } from '../test/gateway-support.js';

/**
 * A real server process (server/src/main.ts) charging live calls is killed with SIGKILL and
 * started again: every call it answered as billable is debited exactly once, and the holds of
 * the calls it never answered are released by the job.
 */

const PAN = 'in_identity_pan_lite';
const HOLD_MS = 2500;

let upstream: Server;
let database: DatabaseHandle & { url: string };
let env: Record<string, string>;
let customer: Activated;
let live: { appId: string; key: string };
let server: ServerProcess | null = null;
let base = '';

async function startServer(): Promise<void> {
  server = await startServerProcess(env);
  base = server.base;
}

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const running = server;
  server = null;
  await running?.stop(signal);
}

async function liveCall(): Promise<{ status: number; body: { request_id: string; response_code: number | null } } | null> {
  try {
    const response = await fetch(`${base}${pathOf(PAN, 'live')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-id': live.appId, 'api-key': live.key },
      body: JSON.stringify(panBody()),
    });
    return { status: response.status, body: (await response.json()) as never };
  } catch {
    return null;
  }
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"response_code":100}'), 25));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  database = await createTestDatabase();
  env = billingEnv({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    UPSTREAM_TIMEOUT_MS: '1000',
    RESERVATION_HOLD_MS: String(HOLD_MS),
    UPSTREAM_URLS: JSON.stringify({ [PAN]: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pan` }),
  });
  // The customer is set up in process, on the database the server process then uses.
  const setup = await createTestServer(env, { database });
  customer = await activatedCustomer(setup, CUSTOMERS[0]!);
  const plan = await customPlan(setup, customer.orgId, { name: 'Crash', plan_type: 'PREPAID', amount: 2000, validity_months: 1, prices: { [PAN]: 2 } });
  await payPlan(setup, customer, plan._id);
  live = await liveApp(setup, customer.orgId, [PAN]);
  await setup.close();
}, 120_000);

afterAll(async () => {
  await stopServer('SIGTERM');
  await database.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('a server killed in the middle of charged live calls', () => {
  it('leaves every answered billable call debited exactly once and no hold behind after the release job', async () => {
    await startServer();
    const answered: string[] = [];
    let stopping = false;
    const worker = async () => {
      while (!stopping) {
        const reply = await liveCall();
        if (reply?.body.response_code === 100) answered.push(reply.body.request_id);
        if (!reply) return;
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await eventually(
      async () => answered.length,
      (count) => count >= 40,
      30_000,
    );
    await stopServer('SIGKILL');
    stopping = true;
    await Promise.all(workers);

    const heldAtKill = await ledgerOf(database.db, customer.orgId);
    await startServer();
    const after = await eventually(
      () => ledgerOf(database.db, customer.orgId),
      (ledger) => ledger.reserved === 0,
      30_000,
    );
    const { rows: holds } = await database.db.execute(sql`select 1 from wallet_reservations where organisation_id = ${customer.orgId}::uuid`);
    expect(holds).toHaveLength(0);

    const { rows: entries } = await database.db.execute<{ reference: string; n: string }>(
      sql`select reference, count(*) as n from wallet_entries where organisation_id = ${customer.orgId}::uuid and kind = 'CALL' group by reference`,
    );
    const debited = new Map(entries.map((row) => [row.reference, Number(row.n)]));
    for (const requestId of answered) expect(debited.get(`call:${requestId}`)).toBe(1);
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.balance).toBe(2000_00 - 200 * debited.size);
    expect(after.balance).toBeGreaterThanOrEqual(0);

    const fresh = await liveCall();
    expect(fresh?.body.response_code).toBe(100);
    process.stdout.write(
      `SIGKILL under load: ${answered.length} billable calls answered, ${debited.size} debited, ${heldAtKill.reserved / 200} holds at the kill, all released\n`,
    );
  }, 120_000);
});

describe('a server killed in the middle of grouped sandbox calls', () => {
  it('has recorded every call it answered exactly once, with its credit and its task id, and nothing it did not commit', async () => {
    if (!server) await startServer();
    const credits = 100_000;
    await setCredits(database, customer.orgId, PAN, credits);
    const answered: Array<{ requestId: string; taskId: string }> = [];
    let stopping = false;
    const worker = async () => {
      while (!stopping) {
        const taskId = randomUUID();
        try {
          const response = await fetch(`${base}${pathOf(PAN)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'app-id': customer.testAppId, 'api-key': customer.testKey },
            body: JSON.stringify(panBody(undefined, { task_id: taskId })),
          });
          const body = (await response.json()) as { request_id: string; response_code: number | null };
          if (body.response_code === 100) answered.push({ requestId: body.request_id, taskId });
        } catch {
          return;
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    await eventually(
      async () => answered.length,
      (count) => count >= 300,
      30_000,
    );
    await stopServer('SIGKILL');
    stopping = true;
    await Promise.all(workers);

    const { rows } = await database.db.execute<{ id: string; task_id: string; test_credit: boolean }>(
      sql`select id::text, task_id::text, test_credit from transactions where app_id = ${customer.testAppId}::uuid`,
    );
    const stored = new Map(rows.map((row) => [row.id, row]));
    expect(stored.size).toBe(rows.length);
    for (const call of answered) expect(stored.get(call.requestId)).toMatchObject({ task_id: call.taskId, test_credit: true });
    const { rows: tasks } = await database.db.execute<{ request_id: string }>(
      sql`select request_id::text from gateway_tasks where app_id = ${customer.testAppId}::uuid`,
    );
    const reserved = new Set(tasks.map((task) => task.request_id));
    for (const call of answered) expect(reserved.has(call.requestId)).toBe(true);
    const [totals] = (
      await database.db.execute<{ rolled: number; rolled_credits: number }>(
        sql`select (select coalesce(sum(calls), 0) from usage_daily_by_app where app_id = ${customer.testAppId}::uuid)::int as rolled,
                   (select coalesce(sum(test_credits), 0) from usage_daily_by_app where app_id = ${customer.testAppId}::uuid)::int as rolled_credits`,
      )
    ).rows;
    const spent = rows.filter((row) => row.test_credit).length;
    expect(totals).toEqual({ rolled: rows.length, rolled_credits: spent });
    expect(await creditsOf(database, customer.orgId, PAN)).toBe(credits - spent);
    await startServer();
    process.stdout.write(`SIGKILL under sandbox load: ${answered.length} calls answered, ${rows.length} recorded, ${spent} credits spent\n`);
  }, 120_000);
});
