import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedCustomer, billingEnv, CUSTOMERS, customPlan, ledgerOf, payPlan, type Activated } from '../test/billing-support.js';
import { eventually } from '../test/eventually.js';
import { liveApp, panBody, pathOf } from '../test/gateway-support.js';
import { createTestServer } from '../test/harness.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * A real server process (server/src/main.ts) stopped with SIGTERM while clients call it without
 * pause, each live call waiting on a slow upstream: every call in flight at the signal is
 * answered, the instance keeps answering during SHUTDOWN_DELAY_MS, every answered call has its
 * transaction and its debit, and no hold is left behind. The same drain behind HAProxy:
 * server/src/deployment.test.ts.
 */

const PAN = 'in_identity_pan_lite';
const UPSTREAM_MS = 200;

interface Call {
  startedAt: number;
  finishedAt: number;
  status: number;
  requestId: string | null;
  responseCode: number | null;
  error?: string;
}

let upstream: Server;
let database: TestDatabase;
let customer: Activated;
let live: { appId: string; key: string };
let server: ServerProcess;

async function liveCall(): Promise<Call> {
  const startedAt = Date.now();
  try {
    const response = await fetch(`${server.base}${pathOf(PAN, 'live')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-id': live.appId, 'api-key': live.key },
      body: JSON.stringify(panBody()),
    });
    const body = (await response.json()) as { request_id: string; response_code: number | null };
    return { startedAt, finishedAt: Date.now(), status: response.status, requestId: body.request_id, responseCode: body.response_code };
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return { startedAt, finishedAt: Date.now(), status: 0, requestId: null, responseCode: null, error: cause?.code ?? String(error) };
  }
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"response_code":100}'), UPSTREAM_MS));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  database = await createTestDatabase();
  const env = billingEnv({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    UPSTREAM_TIMEOUT_MS: '2000',
    UPSTREAM_URLS: JSON.stringify({ [PAN]: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pan` }),
  });
  const setup = await createTestServer(env, { database });
  try {
    customer = await activatedCustomer(setup, CUSTOMERS[0]!);
    const plan = await customPlan(setup, customer.orgId, { name: 'Drain', plan_type: 'PREPAID', amount: 5000, validity_months: 1, prices: { [PAN]: 1 } });
    await payPlan(setup, customer, plan._id);
    live = await liveApp(setup, customer.orgId, [PAN]);
  } finally {
    await setup.close();
  }
  server = await startServerProcess({ ...env, SHUTDOWN_DELAY_MS: '1000', SHUTDOWN_GRACE_MS: '10000' });
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.close();
  if (upstream) await new Promise((resolve) => upstream.close(resolve));
});

describe('SIGTERM under steady traffic', () => {
  it('answers and records every call in flight, keeps answering for SHUTDOWN_DELAY_MS, leaves no hold and exits 0', async () => {
    const calls: Call[] = [];
    // Each client stops at its first call that gets no answer: the listener has closed.
    const clients = Array.from({ length: 6 }, async () => {
      for (;;) {
        const call = await liveCall();
        calls.push(call);
        if (call.status === 0) return;
      }
    });
    await eventually(
      async () => calls.filter((call) => call.status === 200).length,
      (answered) => answered >= 30,
      30_000,
    );
    const signalledAt = Date.now();
    await server.stop('SIGTERM');
    const code = await server.exited;
    await Promise.all(clients);

    expect(code).toBe(0);
    expect(calls.filter((call) => call.startedAt < signalledAt && (call.status !== 200 || call.responseCode !== 100))).toEqual([]);
    const inFlight = calls.filter((call) => call.startedAt < signalledAt && call.finishedAt > signalledAt);
    expect(inFlight.length).toBeGreaterThan(0);
    const duringDelay = calls.filter((call) => call.startedAt >= signalledAt && call.status === 200);
    expect(duringDelay.length).toBeGreaterThan(0);
    // What was not answered never reached a handler: the connection was refused or closed unanswered.
    const unanswered = calls.filter((call) => call.status !== 200);
    expect(unanswered.every((call) => call.status === 0 && call.startedAt >= signalledAt)).toBe(true);

    const answered = calls.filter((call) => call.status === 200).map((call) => call.requestId!);
    const { rows: recorded } = await database.db.execute<{ id: string; n: number }>(
      sql`select id::text as id, count(*)::int as n from transactions where id = any(${`{${answered.join(',')}}`}::uuid[]) group by id`,
    );
    const { rows: debited } = await database.db.execute<{ reference: string; n: number }>(
      sql`select reference, count(*)::int as n from wallet_entries where organisation_id = ${customer.orgId}::uuid and kind = 'CALL' group by reference`,
    );
    const transactions = new Map(recorded.map((row) => [row.id, row.n]));
    const debits = new Map(debited.map((row) => [row.reference.replace(/^call:/, ''), row.n]));
    for (const id of answered) {
      expect(transactions.get(id), id).toBe(1);
      expect(debits.get(id), id).toBe(1);
    }
    expect(debits.size).toBe(answered.length);
    // No release job ran (the instance is gone): every hold was settled before the process ended.
    const ledger = await ledgerOf(database.db, customer.orgId);
    expect(ledger.reserved).toBe(0);
    expect(ledger.ledgerSum).toBe(ledger.balance);
    const { rows: holds } = await database.db.execute(sql`select 1 from wallet_reservations where organisation_id = ${customer.orgId}::uuid`);
    expect(holds).toHaveLength(0);
    process.stdout.write(
      `SIGTERM under steady traffic: ${answered.length} answered and recorded once, ${inFlight.length} of them in flight at the signal and ${duringDelay.length} sent during the delay; ${unanswered.length} not answered after the listener closed (${[...new Set(unanswered.map((call) => call.error))].join(', ')})\n`,
    );
  });
});
