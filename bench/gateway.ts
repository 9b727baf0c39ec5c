/**
 * `npm run bench:gateway`: how much the provider-API pipeline costs against a bare Fastify route,
 * all measured in this run on this machine. Starts the real app on a real, durable PostgreSQL
 * (DATABASE_URL, or an embedded one in a temporary folder), seeds an organisation with a test app,
 * a PAN Lite subscription, a key and a whitelisted 127.0.0.1, then runs autocannon, at 10 and at
 * 64 connections (BENCH_CONNECTIONS: a comma-separated list), against
 *   (a)  GET /bench/bare on a bare Fastify instance in the bench's process,
 *   (a') POST /bench/bare on it, parsing the gateway's JSON body and answering a JSON of the size of the gateway's answer,
 *   (b)  an authenticated sandbox call, POST /test/api/v1/in/identity/pan/lite, to the app in a
 *        process of its own with its own pool (gateway-instance.ts), bundled as `npm run build`
 *        bundles the server and run on plain Node as it is deployed (instance-bundle.ts), and
 *   (c)  the same call with the connections split over two such app instances on one database: (b)'s
 *        and a second, as a second instance is deployed,
 * and prints requests/s, p50 and p99 latency, the CPU time per answer of the servers' processes, of
 * the PostgreSQL processes the machine shows and of the load generator (where a call's cost goes:
 * (b)'s server CPU less (a')'s is the pipeline's own), the cores the three kept busy (fewer than for
 * the bare routes: calls waited, for the WAL flush say), the servers' event loops' busy time per
 * answer and the share of the round each loop was busy (near 1, the loop bounds the target: its
 * requests/s are at most a second over that time; the wall time it counts includes the turns the
 * loop's thread waited for a core), the ratios b/a and b/a', and the transaction rows
 * stored against the answers counted by autocannon (a run is a fixed number of requests, so every
 * request sent was answered), and for (b) and (c) what the database's backends were doing: running,
 * or waiting for a row lock another group holds until its commit, or for the WAL flush
 * (database-waits.ts). The load generator (autocannon) runs in a process of its own
 * (load-generator.ts), which also reads PostgreSQL's CPU and samples those waits, so the servers'
 * event loop and CPU figures are theirs alone. The servers' processes bound their heap's growth as
 * the server's main does (platform/heap.ts). Each target is warmed up, then the four run in turn
 * BENCH_ROUNDS times (default 3), BENCH_DURATION_S / BENCH_ROUNDS seconds each (default 10 s in
 * all): figures are the medians of the rounds, and a ratio is the median of the ratios within each
 * round, between figures taken seconds apart, since the machine's speed drifts by up to a fifth
 * from one minute to the next. Nothing is asserted.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import { transactions } from '../server/src/db/schema.js';
import { boundHeapGrowth } from '../server/src/platform/heap.js';
import { addedWaits, type DatabaseWaits, describeWaits } from './database-waits.js';
import { sandboxCall, SANDBOX_PATH, seedGatewayCustomer } from './gateway-customer.js';
import { bundleInstance, checkout } from './instance-bundle.js';
import type { LoadRequest, LoadRun } from './load-generator.js';
import { median, medianOrNull, ownProcessUsage, type ProcessUsage, roundRatios, usedBetween } from './measure.js';
import { benchDatabase, startPostgres } from './postgres.js';
import { type InstanceProcess, startInstance, startLoadGenerator } from './processes.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,64').split(',').map(Number);

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** CPU per answer, in µs: the servers' processes', and PostgreSQL's (null: not visible here). */
  processCpuUs: number;
  postgresCpuUs: number | null;
  /** The load generator's CPU per answer, in µs. */
  generatorCpuUs: number;
  /** The servers' event loops' busy time per answer, in µs, and the share of the round each was busy (null: not told). */
  loopUs: number | null;
  loopBusy: number | null;
}

/** What the servers of a target have used so far, and how many event loops they run. */
interface ServersUsage extends ProcessUsage {
  loops: number;
}

/** The bench's own process, which serves (a) and (a'). */
const ownUsage = async (): Promise<ServersUsage> => ({ ...ownProcessUsage(), loops: 1 });

/** The instances' usage, added up. */
async function instancesUsage(instances: readonly InstanceProcess[]): Promise<ServersUsage> {
  const each = await Promise.all(instances.map((instance) => instance.usage()));
  const loopBusy = each.map((usage) => usage.loopBusyMs);
  return {
    cpuMicros: each.reduce((total, usage) => total + usage.cpuMicros, 0),
    loopBusyMs: loopBusy.includes(null) ? null : loopBusy.reduce((total, busy) => total! + busy!, 0),
    loops: instances.length,
  };
}

interface Measured {
  figures: Figures;
  waits: DatabaseWaits | null;
}

/** A target of the bench: what the load generator sends, and the processes whose CPU serves it. */
interface Target {
  title: string;
  options: autocannon.Options;
  serversUsage: () => Promise<ServersUsage>;
  /** The database whose backends are sampled while it runs (the gateway's targets). */
  databaseUrl?: string;
}

/** A warm-up of the target: the requests it answers per second then, which sizes its rounds. */
async function warmUp(run: (request: LoadRequest) => Promise<LoadRun>, target: Target, connections: number) {
  const warm = await run({ options: { ...target.options, amount: 200 * connections, connections }, watchPostgres: false });
  return { perSecond: (warm.result['2xx'] + warm.result.non2xx) / warm.seconds, ok: warm.result['2xx'], other: warm.result.non2xx };
}

/** One round of the target: `amount` requests, every one answered before it ends. */
async function measureRound(run: (request: LoadRequest) => Promise<LoadRun>, target: Target, connections: number, amount: number): Promise<Measured> {
  const serversBefore = await target.serversUsage();
  const { result, seconds, postgresSeconds, generatorSeconds, waits } = await run({
    options: { ...target.options, title: target.title, amount, connections },
    watchPostgres: true,
    ...(target.databaseUrl ? { sampleWaitsOf: target.databaseUrl } : {}),
  });
  const serversAfter = await target.serversUsage();
  const answered = result['2xx'] + result.non2xx;
  const { cpuMicros, loopBusyMs } = usedBetween(serversBefore, serversAfter);
  return {
    figures: {
      requestsPerSecond: answered / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      processCpuUs: cpuMicros / answered,
      postgresCpuUs: postgresSeconds === null ? null : (postgresSeconds * 1e6) / answered,
      generatorCpuUs: (generatorSeconds * 1e6) / answered,
      loopUs: loopBusyMs === null ? null : (loopBusyMs * 1000) / answered,
      loopBusy: loopBusyMs === null ? null : loopBusyMs / (seconds * 1000 * serversAfter.loops),
    },
    waits,
  };
}

/** A target's rounds as one: the median of each figure, the counts summed. */
function combine(rounds: readonly Measured[]): Measured {
  const of = (read: (figures: Figures) => number) => median(rounds.map((round) => read(round.figures)));
  const sum = (read: (figures: Figures) => number) => rounds.reduce((total, round) => total + read(round.figures), 0);
  const waits = rounds.flatMap((round) => (round.waits ? [round.waits] : []));
  return {
    figures: {
      requestsPerSecond: of((figures) => figures.requestsPerSecond),
      p50: of((figures) => figures.p50),
      p99: of((figures) => figures.p99),
      ok: sum((figures) => figures.ok),
      non2xx: sum((figures) => figures.non2xx),
      errors: sum((figures) => figures.errors),
      processCpuUs: of((figures) => figures.processCpuUs),
      postgresCpuUs: medianOrNull(rounds.map((round) => round.figures.postgresCpuUs)),
      generatorCpuUs: of((figures) => figures.generatorCpuUs),
      loopUs: medianOrNull(rounds.map((round) => round.figures.loopUs)),
      loopBusy: medianOrNull(rounds.map((round) => round.figures.loopBusy)),
    },
    waits: waits.length === 0 ? null : addedWaits(waits),
  };
}

/**
 * The targets at one number of connections: a warm-up of each, then ROUNDS rounds, each running
 * every target in turn for DURATION_S / ROUNDS. A ratio is taken within each round, between
 * figures measured a few seconds apart, and its median is printed: the machine's speed drifts by
 * more than the changes the bench is to show between one minute and the next.
 */
async function measureTargets(run: (request: LoadRequest) => Promise<LoadRun>, targets: readonly Target[], connections: number) {
  const warmUps: Array<Awaited<ReturnType<typeof warmUp>>> = [];
  for (const target of targets) warmUps.push(await warmUp(run, target, connections));
  const rounds: Measured[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) {
      const amount = Math.max(1000, Math.round((warmUps[index]!.perSecond * DURATION_S) / ROUNDS));
      rounds[index]!.push(await measureRound(run, target, connections, amount));
    }
  }
  // Every answer, the warm-up's included, is one the stored rows must match.
  const combined = rounds.map(combine).map((measured, index) => ({
    ...measured,
    ok: measured.figures.ok + warmUps[index]!.ok,
    other: measured.figures.non2xx + warmUps[index]!.other,
  }));
  const requestsPerSecond = (target: number) => rounds[target]!.map((round) => round.figures.requestsPerSecond);
  /** The ratio of two targets' requests/s in each round: its median, lowest and highest. */
  const ratio = (numerator: number, denominator: number) => roundRatios(requestsPerSecond(numerator), requestsPerSecond(denominator));
  return { combined, ratio };
}

async function main() {
  boundHeapGrowth();
  const started = Date.now();
  const postgres = await startPostgres();
  const handle = await benchDatabase(postgres);
  const bare = Fastify({ logger: false });
  const load = startLoadGenerator();
  let instance: InstanceProcess | undefined;
  let other: InstanceProcess | undefined;
  try {
    const customer = await seedGatewayCustomer(handle.db);
    const entry = await bundleInstance(checkout, 'bench-gateway-instance');
    instance = await startInstance(handle.url, { name: 'the app instance', entry });
    other = await startInstance(handle.url, { name: 'the second app instance', entry });

    const gatewayUrl = `http://127.0.0.1:${instance.port}${SANDBOX_PATH}`;
    const otherUrl = `http://127.0.0.1:${other.port}${SANDBOX_PATH}`;
    const instanceUsage = () => instancesUsage([instance!]);
    const bothInstancesUsage = () => instancesUsage([instance!, other!]);
    const call = sandboxCall(customer);
    let ok = 0;
    let others = 0;
    const probe = await fetch(gatewayUrl, call);
    const answer = (await probe.json()) as { response_code: number; response_message: string };
    ok += 1;
    if (probe.status !== 200 || answer.response_code !== 100) throw new Error(`the sandbox call is not accepted: ${probe.status} ${JSON.stringify(answer)}`);

    // (a'): the same body parsed, an answer of the gateway's size (its envelope with this call's ids).
    bare.get('/bench/bare', async () => ({ ok: true }));
    bare.post('/bench/bare', async (request) => {
      const data = (request.body as { data?: Record<string, unknown> }).data;
      return { ...answer, request_id: randomUUID(), group_id: randomUUID(), task_id: randomUUID(), echoed: typeof data };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bench/bare`;

    const cpu = (us: number | null) => (us === null ? 'n/a' : `${us.toFixed(0)} µs`).padStart(9);
    /** The cores the three kept busy: where a target keeps fewer busy than the bare routes do, its calls waited for something else (the WAL flush, say). */
    const busyCores = (figures: Figures) =>
      figures.postgresCpuUs === null
        ? 'n/a'
        : ((figures.requestsPerSecond * (figures.processCpuUs + figures.postgresCpuUs + figures.generatorCpuUs)) / 1e6).toFixed(2);
    const loopBusy = (figures: Figures) => (figures.loopBusy === null ? 'n/a' : figures.loopBusy.toFixed(2)).padStart(5);
    const row = (name: string, figures: Figures) =>
      `${name.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(9)} ${`${figures.p50} ms`.padStart(9)} ${`${figures.p99} ms`.padStart(9)} ${cpu(figures.processCpuUs)} ${cpu(figures.postgresCpuUs)} ${cpu(figures.generatorCpuUs)} ${busyCores(figures).padStart(7)} ${cpu(figures.loopUs)} ${loopBusy(figures)}   ${figures.non2xx} non-2xx, ${figures.errors} errors`;
    for (const connections of CONNECTIONS) {
      console.log('');
      console.log(
        `autocannon: ${connections} connections, a warm-up of each target, then ${ROUNDS} rounds of the targets in turn, about ${(DURATION_S / ROUNDS).toFixed(1)} s each; medians of the rounds`,
      );
      const targets: Target[] = [
        { title: 'bare', options: { url: bareUrl }, serversUsage: ownUsage },
        { title: 'bare post', options: { url: bareUrl, ...call }, serversUsage: ownUsage },
        { title: 'gateway', options: { url: gatewayUrl, ...call }, serversUsage: instanceUsage, databaseUrl: handle.url },
        {
          title: 'gateway, two instances',
          options: { url: [gatewayUrl, otherUrl] as unknown as string, ...call },
          serversUsage: bothInstancesUsage,
          databaseUrl: handle.url,
        },
      ];
      const { combined, ratio } = await measureTargets(load.run, targets, connections);
      const [a, aPost, b, c] = [combined[0]!.figures, combined[1]!.figures, combined[2]!, combined[3]!];
      ok += b.ok + c.ok;
      others += b.other + c.other;
      console.log(
        `${'target'.padEnd(44)} ${'req/s'.padStart(9)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'CPU srv'.padStart(9)} ${'CPU PG'.padStart(9)} ${'CPU gen'.padStart(9)} ${'cores'.padStart(7)} ${'loop'.padStart(9)} ${'busy'.padStart(5)}   (CPU and event loop per answer; cores busy of ${availableParallelism()}; share of the round each loop was busy)`,
      );
      console.log(row('(a)  bare Fastify GET', a));
      console.log(row("(a') bare Fastify POST, same body and size", aPost));
      console.log(row('(b)  authenticated sandbox call', b.figures));
      console.log(row('(c)  the same over two processes, one DB', c.figures));
      console.log(`ratios at ${connections}, median of the rounds' (lowest to highest): b/a ${ratio(2, 0)}, b/a' ${ratio(2, 1)}, c/a' ${ratio(3, 1)}`);
      console.log(
        `CPU a call of (b) costs beyond (a') in the server: ${(b.figures.processCpuUs - aPost.processCpuUs).toFixed(0)} µs; in PostgreSQL: ${cpu(b.figures.postgresCpuUs).trim()}`,
      );
      for (const [name, run] of [
        ['(b)', b],
        ['(c)', c],
      ] as const)
        if (run.waits) console.log(`PostgreSQL backends running a statement during ${name}, sampled every 20 ms: ${describeWaits(run.waits)}`);
    }
    const [stored] = await handle.db.select({ rows: count() }).from(transactions);
    console.log('');
    console.log(
      `(b) and (c), warm-ups included: ${stored!.rows} transaction rows stored, ${ok} 2xx answers${stored!.rows === ok ? ' (equal)' : ' (NOT EQUAL)'}, ${others} other answers`,
    );
    console.log(`total run ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    load.stop();
    await bare.close();
    await instance?.stop();
    await other?.stop();
    await handle.drop();
    await postgres.stop();
  }
}

await main();
