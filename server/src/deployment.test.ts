import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, productByArn } from '@verigate/catalog';
import { activatedCustomer, billingEnv, CUSTOMERS, customPlan, ledgerOf, operatorHeaders, payPlan, type Activated } from './test/billing-support.js';
import { eventually } from './test/eventually.js';
import { freePort } from './test/free-port.js';
import { liveApp, panBody, pathOf } from './test/gateway-support.js';
import { createTestServer, signUpBody } from './test/harness.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';

/**
 * Two built instances (server/dist/main.js on plain node, NODE_ENV=production) on one PostgreSQL
 * behind a real HAProxy that this file configures and starts, with health checks on /readyz: what
 * one instance changes the other sees, jobs run once, and traffic survives one instance killed
 * (SIGKILL) or stopped (SIGTERM) under load. The HAProxy configuration is docs/deployment/haproxy.cfg.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const haveHaproxy = existsSync(HAPROXY);
const PAN = 'in_identity_pan_lite';
const APPROVAL = 'in_identity_pan_advance';
const HOLD_MS = 2500;
const ZPIN = '4826';
/** What an instance waits after SIGTERM before it stops accepting: more than the configuration's fall x inter + timeout check. */
const SHUTDOWN_DELAY_MS = 3000;

interface Instance {
  name: 'a' | 'b';
  port: number;
  process: ServerProcess;
}

interface Answer {
  status: number;
  requestId: string | null;
  responseCode: number | null;
  servedBy: string | null;
  startedAt: number;
}

let upstream: Server;
let database: TestDatabase;
let env: Record<string, string>;
let customer: Activated;
let live: { appId: string; key: string };
let lbPort: number;
let lb = '';
let haproxy: ChildProcess | null = null;
let haproxyOutput = '';
let folder = '';
const instances: Partial<Record<'a' | 'b', Instance>> = {};

/**
 * docs/deployment/haproxy.cfg on this machine's ports, with one header more that names the
 * instance that answered (the test's way to see where traffic goes).
 */
async function haproxyConfig(ports: { a: number; b: number }): Promise<string> {
  const documented = await readFile(path.join(root, 'docs', 'deployment', 'haproxy.cfg'), 'utf8');
  const local = documented
    .replace(/^ {2}bind .*$/m, `  bind 127.0.0.1:${lbPort}`)
    .replace(/^ {2}server a .*$/m, `  server a 127.0.0.1:${ports.a} check`)
    .replace(/^ {2}server b .*$/m, `  server b 127.0.0.1:${ports.b} check`)
    .replace(/^backend instances$/m, 'backend instances\n  http-response set-header x-served-by %s');
  if ((local.match(/127\.0\.0\.1/g) ?? []).length !== 3 || !local.includes('x-served-by')) throw new Error('docs/deployment/haproxy.cfg changed shape');
  return local;
}

async function startInstance(name: 'a' | 'b', port?: number): Promise<Instance> {
  const started = await startServerProcess({ ...env, NODE_ENV: 'production', SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS) }, { built: true, port });
  const instance = { name, port: started.port, process: started };
  instances[name] = instance;
  return instance;
}

async function send(method: 'POST' | 'PUT', base: string, url: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  // HAProxy's own error pages (502, 503) are HTML.
  const parsed = response.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as any) : {};
  return { status: response.status, body: parsed, servedBy: response.headers.get('x-served-by') };
}
const post = (base: string, url: string, headers: Record<string, string>, body: unknown) => send('POST', base, url, headers, body);
const asCustomer = () => ({ authorization: `Bearer ${customer.token}` });

/** A sandbox call with the test app's key, straight to one instance (or through the load balancer). */
const testCall = (base: string, arn: string, body: unknown) =>
  post(base, pathOf(arn), { 'app-id': customer.testAppId, 'api-key': customer.testKey }, body).then(({ status, body: envelope }) => ({
    status,
    responseCode: envelope.response_code as number | null,
  }));

/** A charged live call through the load balancer; status 0 when the connection itself failed. */
async function liveCall(): Promise<Answer> {
  const startedAt = Date.now();
  try {
    const reply = await post(lb, pathOf(PAN, 'live'), { 'app-id': live.appId, 'api-key': live.key }, panBody());
    return {
      status: reply.status,
      requestId: reply.body.request_id ?? null,
      responseCode: reply.body.response_code ?? null,
      servedBy: reply.servedBy,
      startedAt,
    };
  } catch {
    return { status: 0, requestId: null, responseCode: null, servedBy: null, startedAt };
  }
}

/** `clients` clients calling in a loop through the load balancer until stopped. */
function steadyTraffic(clients = 4) {
  const answers: Answer[] = [];
  let stopping = false;
  const loops = Array.from({ length: clients }, async () => {
    while (!stopping) answers.push(await liveCall());
  });
  return {
    answers,
    until: (check: (all: Answer[]) => boolean, ms = 30_000) => eventually(async () => answers, check, ms),
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** How many transactions rows and CALL ledger entries each request id has. */
async function recordsOf(requestIds: string[]) {
  const { rows: recorded } = await database.db.execute<{ id: string; n: number }>(
    sql`select id::text as id, count(*)::int as n from transactions where id = any(${`{${requestIds.join(',')}}`}::uuid[]) group by id`,
  );
  const { rows: debited } = await database.db.execute<{ reference: string; n: number }>(
    sql`select reference, count(*)::int as n from wallet_entries where organisation_id = ${customer.orgId}::uuid and kind = 'CALL' group by reference`,
  );
  return {
    transactions: new Map(recorded.map((row) => [row.id, row.n])),
    debits: new Map(debited.map((row) => [row.reference.replace(/^call:/, ''), row.n])),
  };
}

/** Waits until the load balancer has sent calls to every named instance. */
async function servedByAll(names: string[]): Promise<void> {
  const seen = new Set<string>();
  await eventually(
    async () => {
      const reply = await fetch(`${lb}/healthz`).catch(() => null);
      const by = reply?.headers.get('x-served-by');
      if (reply?.ok && by) seen.add(by);
      return [...seen];
    },
    (served) => names.every((name) => served.includes(name)),
    20_000,
  );
}

const skipped = `no haproxy at ${HAPROXY}: install Debian's haproxy package (npm test does when it may) or set HAPROXY_PATH`;
if (!haveHaproxy) process.stdout.write(`server/src/deployment.test.ts skipped: ${skipped}\n`);

describe.skipIf(!haveHaproxy)(`two built instances behind HAProxy${haveHaproxy ? '' : ` (skipped: ${skipped})`}`, () => {
  beforeAll(async () => {
    const built = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "import { ensureServerBuilt } from './scripts/ensure-installed.mjs'; ensureServerBuilt();"],
      { cwd: root, encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`building the server failed:\n${built.stdout}${built.stderr}`);

    upstream = createServer((request, response) => {
      request.resume();
      request.on('end', () => setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"response_code":100}'), 50));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    database = await createTestDatabase();
    lbPort = await freePort();
    lb = `http://127.0.0.1:${lbPort}`;
    env = billingEnv({
      DATABASE_URL: database.url,
      PUBLIC_URL: lb,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      TRUSTED_PROXIES: '127.0.0.1',
      UPSTREAM_TIMEOUT_MS: '1000',
      RESERVATION_HOLD_MS: String(HOLD_MS),
      SHUTDOWN_GRACE_MS: '10000',
      // The steady traffic of the drain and failover checks is over a plan's calls per second; the limit has tests of its own.
      APP_RATE_LIMIT: '1000000',
      UPSTREAM_URLS: JSON.stringify({ [PAN]: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pan` }),
    });

    // The customer is set up by an in-process server on the shared database, closed before the instances start: only they run jobs.
    const setup = await createTestServer(env, { database });
    try {
      customer = await activatedCustomer(setup, CUSTOMERS[0]!);
      const otpSent = await setup.request('POST', '/api/events?action=send_otp', { token: customer.token, body: { purpose: 'zpin_create' } });
      const otp = (await setup.mailTo(CUSTOMERS[0]!)).map((mail) => /^(\d{6})$/m.exec(mail.text)?.[1]).find(Boolean);
      const zpin = await setup.request('POST', '/api/zpin', {
        token: customer.token,
        body: { zpin: ZPIN, orgId: customer.orgId, relayId: otpSent.body.data.relay_id, otp },
      });
      if (zpin.status !== 200) throw new Error(`ZPIN failed: ${JSON.stringify(zpin.body)}`);
      const plan = await customPlan(setup, customer.orgId, { name: 'Fleet', plan_type: 'PREPAID', amount: 20000, validity_months: 1, prices: { [PAN]: 1 } });
      await payPlan(setup, customer, plan._id);
      live = await liveApp(setup, customer.orgId, [PAN]);
    } finally {
      await setup.close();
    }

    await startInstance('a');
    await startInstance('b');
    folder = await mkdtemp(path.join(tmpdir(), 'verigate-haproxy-'));
    const configFile = path.join(folder, 'haproxy.cfg');
    await writeFile(configFile, await haproxyConfig({ a: instances.a!.port, b: instances.b!.port }));
    haproxy = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout?.on('data', (chunk) => (haproxyOutput += chunk));
    haproxy.stderr?.on('data', (chunk) => (haproxyOutput += chunk));
    haproxy.once('exit', (code) => {
      if (code !== null && code !== 0) haproxyOutput += `\nhaproxy exited with ${code}`;
    });
    await servedByAll(['a', 'b']).catch((error: Error) => {
      throw new Error(`${error.message}\nhaproxy:\n${haproxyOutput}`);
    });
  }, 180_000);

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(Object.values(instances).map((instance) => instance.process.stop('SIGTERM')));
    await database?.close();
    if (upstream) await new Promise((resolve) => upstream.close(resolve));
    if (folder) await rm(folder, { recursive: true, force: true });
  }, 60_000);

  it('refuses a key disabled through one instance on the other within a second (LISTEN/NOTIFY)', async () => {
    const { a, b } = instances as Record<'a' | 'b', Instance>;
    // B has the key in its credential cache before A disables it.
    expect(await testCall(b.process.base, PAN, panBody())).toEqual({ status: 200, responseCode: 100 });
    const toggle = (action: string) =>
      send('PUT', a.process.base, `/api/app/${customer.testAppId}?action=${action}`, asCustomer(), { keyName: 'TestKey', orgId: customer.orgId, zpin: ZPIN });
    expect((await toggle('disable_app_key')).status).toBe(200);
    const changedAt = Date.now();
    await expect.poll(() => testCall(b.process.base, PAN, panBody()), { timeout: 1000, interval: 10 }).toEqual({ status: 401, responseCode: null });
    process.stdout.write(`key disabled on a, refused by b after ${Date.now() - changedAt} ms\n`);

    expect((await toggle('enable_app_key')).status).toBe(200);
    await expect.poll(() => testCall(b.process.base, PAN, panBody()), { timeout: 1000, interval: 10 }).toEqual({ status: 200, responseCode: 100 });
  });

  it('serves on one instance a product approved through the other', async () => {
    const { a, b } = instances as Record<'a' | 'b', Instance>;
    const body = exampleRequest(productByArn(APPROVAL)!);
    const subscribed = await send('PUT', a.process.base, `/api/organisation/${customer.orgId}?action=org_product_subscribe`, asCustomer(), {
      productIds: [APPROVAL],
    });
    expect(subscribed.body.data).toEqual([expect.objectContaining({ status: 'PENDING_APPROVAL' })]);
    const before = await testCall(b.process.base, APPROVAL, body);
    expect(before.status).toBe(403);

    const approved = await post(a.process.base, '/api/admin/product-requests/approve', operatorHeaders, { organisationId: customer.orgId, arn: APPROVAL });
    expect(approved.status).toBe(200);
    await expect.poll(() => testCall(b.process.base, APPROVAL, body), { timeout: 5000, interval: 20 }).toEqual({ status: 200, responseCode: 100 });
  });

  it('runs each job once with two instances working the queue: one mail per requested verification link', async () => {
    const emails = CUSTOMERS.slice(1, 11);
    // Signing up mails its link at once; asking for the link again is a job (user-links), which either instance may take.
    for (const email of emails) expect((await post(lb, '/api/user', {}, signUpBody(email, undefined, lb))).status).toBe(200);
    const servedBy = new Set<string>();
    for (const email of emails) {
      const { name: _name, is_consent_provided: _consent, ...link } = signUpBody(email, undefined, lb);
      const reply = await post(lb, '/api/user/verification-link', {}, link);
      expect(reply.status).toBe(200);
      servedBy.add(reply.servedBy ?? '');
    }
    expect([...servedBy].sort()).toEqual(['a', 'b']);
    const jobsOf = () =>
      database.db
        .execute<{ state: string; n: number }>(sql`select state::text as state, count(*)::int as n from pgboss.job where name = 'user-links' group by state`)
        .then(({ rows }) => Object.fromEntries(rows.map((row) => [row.state, row.n])) as Record<string, number>);
    expect(await eventually(jobsOf, (states) => states.completed === emails.length, 20_000)).toEqual({ completed: emails.length });
    const { rows } = await database.db.execute<{ to: string; n: number }>(
      sql`select recipient as to, count(*)::int as n from mail_outbox where recipient = any(${`{${emails.join(',')}}`}::text[]) group by recipient`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.to, row.n]))).toEqual(Object.fromEntries(emails.map((email) => [email, 2])));
  });

  it('moves steady traffic to the survivor when an instance is killed with SIGKILL; every answered call is recorded once; its holds are released on expiry', async () => {
    const traffic = steadyTraffic();
    await traffic.until((all) => ['a', 'b'].every((name) => all.filter((answer) => answer.servedBy === name && answer.status === 200).length >= 20));
    await instances.b!.process.stop('SIGKILL');
    const killedAt = Date.now();
    await traffic.until((all) => all.filter((answer) => answer.startedAt > killedAt && answer.status === 200).length >= 40);
    const answers = await traffic.stop();
    // The survivor has settled its calls: what is still held belongs to calls the killed instance never finished.
    const { rows: orphaned } = await database.db.execute(sql`select 1 from wallet_reservations where organisation_id = ${customer.orgId}::uuid`);

    const answered = answers.filter((answer) => answer.status === 200);
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(answered.every((answer) => answer.responseCode === 100)).toBe(true);
    expect(new Set(answers.filter((answer) => answer.startedAt > killedAt && answer.status === 200).map((answer) => answer.servedBy))).toEqual(new Set(['a']));
    const { transactions, debits } = await recordsOf(answered.map((answer) => answer.requestId!));
    for (const answer of answered) {
      expect(transactions.get(answer.requestId!), answer.requestId!).toBe(1);
      expect(debits.get(answer.requestId!), answer.requestId!).toBe(1);
    }

    // The replacement an orchestrator starts on the same address: its start-up job frees what is held longer than RESERVATION_HOLD_MS.
    await startInstance('b', instances.b!.port);
    const after = await eventually(
      () => ledgerOf(database.db, customer.orgId),
      (ledger) => ledger.reserved === 0,
      20_000,
    );
    const { rows: holds } = await database.db.execute(sql`select 1 from wallet_reservations where organisation_id = ${customer.orgId}::uuid`);
    expect(holds).toHaveLength(0);
    expect(after.ledgerSum).toBe(after.balance);
    await servedByAll(['a', 'b']);
    process.stdout.write(
      `SIGKILL under steady traffic: ${answered.length} answered and recorded once, ${failed.length} unanswered (in flight on the killed instance: ${failed.map((answer) => (answer.status === 0 ? 'connection closed' : answer.status)).join(', ') || 'none'}), ${orphaned.length} holds left by the killed instance, all released by the replacement\n`,
    );
  });

  it('drains an instance stopped with SIGTERM under steady traffic with no failed request at the load balancer and every answered call recorded', async () => {
    // Sixteen clients: with no SHUTDOWN_DELAY_MS this loses calls at the load balancer in most runs, with it none.
    const traffic = steadyTraffic(16);
    await traffic.until((all) => ['a', 'b'].every((name) => all.filter((answer) => answer.servedBy === name && answer.status === 200).length >= 20));
    const signalledAt = Date.now();
    const stopping = instances.a!.process.stop('SIGTERM');
    const code = await instances.a!.process.exited;
    await stopping;
    const exitedAt = Date.now();
    await traffic.until((all) => all.filter((answer) => answer.startedAt > exitedAt).length >= 40);
    const answers = await traffic.stop();
    delete instances.a;

    expect(code).toBe(0);
    expect(answers.filter((answer) => answer.status !== 200 || answer.responseCode !== 100)).toEqual([]);
    expect(new Set(answers.filter((answer) => answer.startedAt > exitedAt).map((answer) => answer.servedBy))).toEqual(new Set(['b']));
    const drained = answers.filter((answer) => answer.servedBy === 'a' && answer.startedAt > signalledAt).length;
    const { transactions, debits } = await recordsOf(answers.map((answer) => answer.requestId!));
    for (const answer of answers) {
      expect(transactions.get(answer.requestId!), answer.requestId!).toBe(1);
      expect(debits.get(answer.requestId!), answer.requestId!).toBe(1);
    }
    process.stdout.write(
      `SIGTERM under steady traffic: ${answers.length} calls, 0 failed, ${drained} answered by the draining instance after the signal, all recorded once\n`,
    );
  });
});
