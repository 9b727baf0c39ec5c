/**
 * `npm run bench:batch`: a batch CSV of BENCH_BATCH_MB megabytes (100 by default, about a million
 * PAN Lite rows) run on the sandbox with no tpm limit by a real server process, against the same
 * provider-API pipeline's single calls in process, both measured in this run on this machine.
 *
 * Starts a real PostgreSQL (DATABASE_URL, or an embedded one in a temporary folder), seeds a fully
 * onboarded organisation with a test app, PAN Lite and a signed-in owner, then
 *   (a) runs BENCH_SINGLE_CALLS trial calls through the pipeline in this process, BATCH_CONCURRENCY
 *       at a time (the rows a batch keeps in flight), and
 *   (b) starts the compiled server (server/dist/main.js, as `NODE_ENV=production npm start` runs it), uploads the CSV to createTask and waits for FINISHED,
 * and prints rows/s of both, their ratio b/a, the server process's CPU time per row (less moved by
 * the machine's other work than rows/s) and its peak RSS (sampled from /proc every 250 ms, and the
 * kernel's high-water mark). Nothing is asserted; the goal is a ratio
 * of at least 0.5 and a peak RSS under 300 MB.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { productByArn, requestFromCsvRow } from '@verigate/catalog';
import { loadConfig } from '../server/src/config.js';
import type { Database } from '../server/src/db/client.js';
import { appProducts, apps, batches, memberships, sessions, subscriptions, users } from '../server/src/db/schema.js';
import { startGateway } from '../server/src/gateway/index.js';
import { systemClock } from '../server/src/platform/clock.js';
import { startJobs } from '../server/src/platform/jobs.js';
import { createTelemetry } from '../server/src/platform/telemetry.js';
import { randomToken, sha256 } from '../server/src/platform/secrets.js';
import { freePort } from '../server/src/test/free-port.js';
import { cpuSecondsOf } from './measure.js';
import { insertBenchOrganisation } from './organisation.js';
import { benchDatabase, startPostgres } from './postgres.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ARN = 'in_identity_pan_lite';
const MEGABYTES = Number(process.env.BENCH_BATCH_MB ?? 100);
const CONCURRENCY = Number(process.env.BATCH_CONCURRENCY ?? 256);
const SINGLE_CALLS = Number(process.env.BENCH_SINGLE_CALLS ?? 20_000);
const EMAIL = 'owner@verigate-bench.in';
const CONSENT = 'Consent collected by the organisation for each row of its batch file';

/** A fully onboarded organisation with PAN Lite on its test app, and its owner's session token. */
async function seedCustomer(db: Database) {
  const org = await insertBenchOrganisation(db, 'PLAN_SUBSCRIBED', EMAIL);
  const [user] = await db.insert(users).values({ email: EMAIL, firstName: 'Bench', lastName: 'Owner', consentAt: new Date() }).returning();
  await db.insert(memberships).values({ userId: user!.id, organisationId: org.id, role: 'owner' });
  const token = randomToken(32);
  await db.insert(sessions).values({ userId: user!.id, tokenHash: sha256(token), clientIp: '127.0.0.1', lastSeenAt: new Date() });
  // Every sandbox call spends a test credit: enough for any run.
  await db
    .insert(subscriptions)
    .values({ organisationId: org.id, productArn: ARN, status: 'SUBSCRIBED', testCreditsRemaining: 1_000_000_000, testCreditsGranted: true });
  const [app] = await db.insert(apps).values({ organisationId: org.id, name: 'Test App', isTestApp: true }).returning();
  await db.insert(appProducts).values({ appId: app!.id, productArn: ARN });
  return { orgId: org.id, appId: app!.id, token };
}

const FIRST = ['Rahul', 'Priya', 'Anil', 'Sunita', 'Vikram', 'Meera', 'Arjun', 'Kavya', 'Rohan', 'Deepa'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Menon', 'Patel', 'Das', 'Rao', 'Singh'];

/** PAN's fourth letter: the holder type. */
const HOLDER = 'PCHFATBLJG';

/** Row `index` (about 90 bytes): a valid PAN (digits 1000–9999, never the sandbox's 0NNN magic), a date of birth and a name to match. */
function row(index: number): string {
  const pan = `ABC${HOLDER[index % 10]}${String.fromCharCode(65 + (Math.floor(index / 10) % 26))}${1000 + (index % 9000)}F`;
  const dob = `19${60 + (index % 40)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
  const name = `${FIRST[index % 10]} ${FIRST[(index >> 3) % 10]} Kumar ${LAST[index % 10]} ${LAST[(index >> 5) % 10]} ${FIRST[(index >> 7) % 10]} ${LAST[(index >> 9) % 10]} Venkataraman`;
  return `${pan},${dob},${name}\n`;
}

/** Writes rows until the next would pass `bytes`; returns how many. */
async function writeCsv(file: string, bytes: number): Promise<number> {
  const out = createWriteStream(file);
  let written = 0;
  let rows = 0;
  const header = 'customer_pan_number,customer_dob,name_to_match\n';
  out.write(header);
  written += header.length;
  let chunk = '';
  for (;;) {
    const line = row(rows);
    if (written + line.length > bytes) break;
    chunk += line;
    written += line.length;
    rows += 1;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((resolve, reject) => out.on('finish', () => resolve()).on('error', reject));
  return rows;
}

/** (a): single trial calls through the pipeline in this process, `CONCURRENCY` at a time. */
async function singleCalls(db: Database, customer: { orgId: string; appId: string }, calls: number): Promise<number> {
  const log = Fastify({ logger: false }).log;
  // Trial calls count against the test app's calls per second: lifted, as the figure is the pipeline's throughput.
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', APP_RATE_LIMIT: '1000000' });
  const jobs = await startJobs(db, log);
  const provider = await startGateway(db, { clock: systemClock, config, log, jobs, telemetry: createTelemetry(), onWalletAlert: () => undefined });
  const product = productByArn(ARN)!;
  const call = async (index: number) => {
    const [pan, dob, name] = row(index).trim().split(',');
    const body = requestFromCsvRow(product, { customer_pan_number: pan, customer_dob: dob, name_to_match: name }, CONSENT);
    const answer = await provider.gateway.trial({ appId: customer.appId, organisationId: customer.orgId, arn: ARN, body, ip: '127.0.0.1', log });
    if (answer.body.response_code !== 100) throw new Error(`a single call answered ${JSON.stringify(answer.body)}`);
  };
  try {
    for (let index = 0; index < 200; index += 1) await call(index);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < calls) await call((next += 1));
      }),
    );
    return calls / ((performance.now() - started) / 1000);
  } finally {
    await provider.close();
    await jobs.stop();
  }
}

async function rssOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const started = Date.now();
  const folder = await mkdtemp(path.join(tmpdir(), 'verigate-bench-batch-'));
  const postgres = await startPostgres();
  const handle = await benchDatabase(postgres);
  let server: ReturnType<typeof spawn> | undefined;
  try {
    const customer = await seedCustomer(handle.db);
    const csv = path.join(folder, 'rows.csv');
    const limit = Math.min(MEGABYTES * 1024 * 1024, 100 * 1024 * 1024);
    const rows = await writeCsv(csv, limit);
    const size = (await stat(csv)).size;
    console.log(`CSV: ${rows} PAN Lite rows, ${mb(size)}; ${CONCURRENCY} rows in flight; sandbox, no tpm limit`);

    const singleRate = await singleCalls(handle.db, customer, Math.min(SINGLE_CALLS, rows));
    console.log(`(a) single calls through the pipeline in process: ${singleRate.toFixed(0)} calls/s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    // The server as production runs it (scripts/start.mjs): compiled, on plain node.
    const compiled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (compiled.status !== 0) throw new Error('scripts/build-server.mjs failed');
    server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: handle.url,
        DATA_DIR: path.join(folder, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        SESSION_IDLE_MS: String(24 * 3600 * 1000),
        BATCH_CONCURRENCY: String(CONCURRENCY),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => (output += chunk));
    server.stderr?.on('data', (chunk) => (output += chunk));
    const pid = server.pid!;
    for (const deadline = Date.now() + 60_000; ;) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (
        await fetch(`${base}/api/config`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    let peak = (await rssOf(pid)).rss;
    const idle = peak;
    const sampler = setInterval(() => void rssOf(pid).then(({ rss }) => (peak = Math.max(peak, rss))), 250);

    const form = new FormData();
    for (const [name, value] of Object.entries({ batch_name: 'Bench run', batch_type: ARN, user_email: EMAIL, org_id: customer.orgId, tpm: '0' }))
      form.append(name, value);
    form.append('upload_file', await openAsBlob(csv, { type: 'text/csv' }), 'rows.csv');
    const uploadStart = performance.now();
    const reply = await fetch(`${base}/api/productBatchService/createTask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    const uploadSeconds = (performance.now() - uploadStart) / 1000;
    if (reply.status !== 200) throw new Error(`createTask answered ${reply.status}: ${await reply.text()}`);
    const { batchId } = ((await reply.json()) as { data: { batchId: string } }).data;
    console.log(`upload and header check: ${uploadSeconds.toFixed(1)} s (${(size / 1024 / 1024 / uploadSeconds).toFixed(0)} MB/s)`);

    const uploadPeak = peak;
    const cpuBefore = await cpuSecondsOf(pid);
    const runStart = performance.now();
    let lastReport = runStart;
    let batch = (await handle.db.select().from(batches).where(eq(batches.id, batchId)))[0]!;
    while (batch.state !== 'FINISHED') {
      if (batch.state === 'ERROR') throw new Error(`the batch failed: ${batch.error}`);
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      batch = (await handle.db.select().from(batches).where(eq(batches.id, batchId)))[0]!;
      if (performance.now() - lastReport > 30_000) {
        lastReport = performance.now();
        console.log(
          `  ${batch.totalProcessed}/${batch.totalItems} rows after ${((lastReport - runStart) / 1000).toFixed(0)} s, RSS now ${mb((await rssOf(pid)).rss)}`,
        );
      }
    }
    const runSeconds = (performance.now() - runStart) / 1000;
    const cpuSeconds = (await cpuSecondsOf(pid)) - cpuBefore;
    clearInterval(sampler);
    const { hwm } = await rssOf(pid);
    const batchRate = batch.totalItems / runSeconds;

    const results = await fetch(`${base}/api/productBatchService/download/${batchId}`, { headers: { authorization: `Bearer ${customer.token}` } });
    let lines = 0;
    for await (const chunk of results.body as unknown as AsyncIterable<Uint8Array>) for (const byte of chunk) if (byte === 10) lines += 1;

    console.log(
      `(b) the batch on the server: ${batch.totalItems} rows in ${runSeconds.toFixed(1)} s = ${batchRate.toFixed(0)} rows/s (${batch.totalCompleted} answered 100)`,
    );
    console.log(`results file: ${lines - 1} rows + header`);
    console.log(
      `server CPU during the run: ${cpuSeconds.toFixed(1)} s, ${((cpuSeconds * 1e6) / batch.totalItems).toFixed(0)} µs per row (${((100 * cpuSeconds) / runSeconds).toFixed(0)} % of one core)`,
    );
    console.log('');
    console.log(`ratio b/a: ${(batchRate / singleRate).toFixed(3)} (goal ≥ 0.5)`);
    console.log(
      `server RSS: ${mb(idle)} before the upload, peak sampled ${mb(uploadPeak)} up to the upload's answer and ${mb(peak)} in all, kernel high-water mark ${mb(hwm)} (goal < 300 MB)`,
    );
    console.log(`total run ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await handle.drop();
    await postgres.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
