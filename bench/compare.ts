/**
 * `npm run bench:compare -- <ref> [<other ref>]`: what a provider-API call costs in two builds of
 * the server, measured in one run. The full bench (gateway.ts) cannot tell most changes to the
 * pipeline from the machine's drift between one minute and the next; this one loads the two
 * builds in turn, seconds apart, and compares them round by round.
 *
 * Build A is `<ref>`, build B the working tree (or `<other ref>`); a ref is checked out in a
 * temporary git worktree. Each build's gateway-instance.ts is bundled with esbuild as
 * `npm run build` bundles the server (the workspace packages in, npm packages from this checkout's
 * node_modules). Both run on one bench database (postgres.ts), migrated by this checkout: builds
 * whose schemas differ cannot be compared here. Each of COMPARE_ROUNDS rounds (default 6) starts a
 * new instance of each build in a process of its own, warms both up, then loads them in turn with
 * autocannon (in the load generator's process), COMPARE_SECONDS (default 4) each at
 * COMPARE_CONNECTIONS (default 64), the first in alternate rounds. New instances each round,
 * because one process can run a tenth or more slower than another of the same build for its whole
 * life. Printed: each round's requests/s, CPU per answer of the instance, of PostgreSQL and of the
 * load generator, the instance's event loop's busy time per answer, and p99, then each build's
 * medians and the medians of B/A per round. Two builds alike differ by up to a tenth in a round
 * and by a few hundredths in the medians; only a larger difference shows.
 * NODE_FLAGS_A and NODE_FLAGS_B add Node flags to one instance (`--cpu-prof`, say). Nothing is asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sandboxCall, SANDBOX_PATH, seedGatewayCustomer } from './gateway-customer.js';
import { bundleInstance, checkout } from './instance-bundle.js';
import { median, medianOrNull, roundRatios, usedBetween } from './measure.js';
import { benchDatabase, startPostgres } from './postgres.js';
import { type InstanceProcess, startInstance, startLoadGenerator } from './processes.js';

const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 6);
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 4);
const WARM_UP_S = 2;
const CONNECTIONS = Number(process.env.COMPARE_CONNECTIONS ?? 64);

interface Build {
  name: 'A' | 'B';
  /** What it was built from: a ref, or the working tree. */
  source: string;
  tree: string;
  /** The worktree made for it, removed at the end. */
  worktree?: string;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: checkout, encoding: 'utf8' }).trim();

async function checkedOut(name: Build['name'], ref: string | undefined): Promise<Build> {
  if (ref === undefined) return { name, source: 'the working tree', tree: checkout };
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const worktree = await mkdtemp(path.join(tmpdir(), `verigate-compare-${name}-`));
  git('worktree', 'add', '--detach', worktree, commit);
  return { name, source: `${ref} (${commit.slice(0, 7)})`, tree: worktree, worktree };
}

interface Round {
  requestsPerSecond: number;
  serverCpuUs: number;
  postgresCpuUs: number | null;
  /** The load generator's: a build whose answers are cheaper to read leaves the others more of the cores. */
  generatorCpuUs: number;
  /** The instance's event loop's busy time per answer (null: a build that does not tell it). */
  loopUs: number | null;
  p99Ms: number;
}

async function main() {
  const [refA, refB] = process.argv.slice(2);
  if (!refA) throw new Error('usage: npm run bench:compare -- <ref> [<other ref>] (B is the working tree when no other ref is given)');
  const builds: Build[] = [];
  try {
    for (const [name, ref] of [
      ['A', refA],
      ['B', refB],
    ] as const)
      builds.push(await checkedOut(name, ref));
    await compare(builds);
  } finally {
    for (const { worktree } of builds) if (worktree) git('worktree', 'remove', '--force', worktree);
  }
}

async function compare(builds: readonly Build[]) {
  const postgres = await startPostgres();
  const handle = await benchDatabase(postgres);
  const load = startLoadGenerator();
  let instances: InstanceProcess[] = [];
  const stopBoth = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    instances = [];
  };
  try {
    const entries = await Promise.all(builds.map(({ name, tree }) => bundleInstance(tree, `compare-instance-${name}`)));
    const startBoth = async () => {
      for (const [index, build] of builds.entries()) {
        const execArgv = (process.env[`NODE_FLAGS_${build.name}`] ?? '').split(' ').filter(Boolean);
        instances.push(await startInstance(handle.url, { name: `instance ${build.name}`, entry: entries[index]!, execArgv }));
      }
    };
    const call = sandboxCall(await seedGatewayCustomer(handle.db));

    const measure = async (index: number, seconds = SECONDS): Promise<Round> => {
      const instance = instances[index]!;
      const before = await instance.usage();
      const {
        result,
        seconds: took,
        postgresSeconds,
        generatorSeconds,
      } = await load.run({
        options: { url: `http://127.0.0.1:${instance.port}${SANDBOX_PATH}`, ...call, connections: CONNECTIONS, duration: seconds },
        watchPostgres: true,
      });
      const { cpuMicros, loopBusyMs } = usedBetween(before, await instance.usage());
      const answered = result['2xx'] + result.non2xx;
      if (result['2xx'] !== answered || result.errors > 0)
        throw new Error(`instance ${builds[index]!.name} answered ${result.non2xx} non-2xx and ${result.errors} errors: the comparison stops`);
      return {
        requestsPerSecond: answered / took,
        serverCpuUs: cpuMicros / answered,
        postgresCpuUs: postgresSeconds === null ? null : (postgresSeconds * 1e6) / answered,
        generatorCpuUs: (generatorSeconds * 1e6) / answered,
        loopUs: loopBusyMs === null ? null : (loopBusyMs * 1000) / answered,
        p99Ms: result.latency.p99,
      };
    };
    const shown = (round: Round) =>
      `${round.requestsPerSecond.toFixed(0).padStart(6)} req/s ${round.serverCpuUs.toFixed(0).padStart(4)} µs ${round.postgresCpuUs === null ? '  n/a' : round.postgresCpuUs.toFixed(0).padStart(4)} µs ${round.generatorCpuUs.toFixed(0).padStart(4)} µs loop ${round.loopUs === null ? ' n/a   ' : `${round.loopUs.toFixed(0).padStart(4)} µs`} p99 ${String(round.p99Ms).padStart(3)} ms`;

    console.log(`A: ${builds[0]!.source}\nB: ${builds[1]!.source}`);
    console.log(
      `${CONNECTIONS} connections, ${ROUNDS} rounds; in each, a new instance of each build, warmed up for ${WARM_UP_S} s, then loaded for ${SECONDS} s, in turn. Per round: requests/s, CPU per answer of the instance, of PostgreSQL and of the load generator, the instance's event loop's busy time per answer, and p99`,
    );
    const rounds: Round[][] = [[], []];
    for (let round = 0; round < ROUNDS; round += 1) {
      await startBoth();
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) await measure(index, WARM_UP_S);
      for (const index of order) rounds[index]!.push(await measure(index));
      await stopBoth();
      console.log(`round ${String(round + 1).padStart(2)}   A ${shown(rounds[0]![round]!)}   B ${shown(rounds[1]![round]!)}`);
    }

    for (const [index, each] of rounds.entries()) {
      const medians: Round = {
        requestsPerSecond: median(each.map((round) => round.requestsPerSecond)),
        serverCpuUs: median(each.map((round) => round.serverCpuUs)),
        postgresCpuUs: medianOrNull(each.map((round) => round.postgresCpuUs)),
        generatorCpuUs: median(each.map((round) => round.generatorCpuUs)),
        loopUs: medianOrNull(each.map((round) => round.loopUs)),
        p99Ms: median(each.map((round) => round.p99Ms)),
      };
      console.log(`${builds[index]!.name}: medians ${shown(medians)}`);
    }
    const ratio = (label: string, read: (round: Round) => number | null) => `${label} ${roundRatios(rounds[1]!.map(read), rounds[0]!.map(read))}`;
    console.log(
      `B/A, median of the rounds' (lowest to highest): ${ratio('requests/s', (round) => round.requestsPerSecond)}; ${ratio('server CPU per answer', (round) => round.serverCpuUs)}; ${ratio('PostgreSQL CPU per answer', (round) => round.postgresCpuUs)}; ${ratio('load generator CPU per answer', (round) => round.generatorCpuUs)}; ${ratio('event loop per answer', (round) => round.loopUs)}; ${ratio('p99', (round) => round.p99Ms)}`,
    );
  } finally {
    load.stop();
    // Stopped before the database is dropped: each closes its group committer and pool first.
    await stopBoth();
    await handle.drop();
    await postgres.stop();
  }
}

await main();
