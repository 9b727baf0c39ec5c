/**
 * bench:gateway's load generator, in a process of its own. In the servers' process it shared their
 * event loop: every answer waited for autocannon's work on the others, and that process's CPU mixed
 * the two. Here it takes one run per message and answers the run's result and seconds, and, when
 * asked, the CPU the PostgreSQL processes used meanwhile: reading /proc ten times a second is work
 * that the servers' process would otherwise count as theirs; so is sampling what the database's
 * backends wait for.
 */
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { type DatabaseWaits, sampleDatabaseWaits } from './database-waits.js';
import { watchPostgresCpu } from './measure.js';

export interface LoadRequest {
  options: autocannon.Options;
  watchPostgres: boolean;
  /** The database whose backends' waits are sampled during the run (database-waits.ts). */
  sampleWaitsOf?: string;
}

export interface LoadRun {
  result: autocannon.Result;
  seconds: number;
  /** The CPU seconds PostgreSQL's processes used during the run; null when not asked or not visible here. */
  postgresSeconds: number | null;
  /** The CPU seconds the load generator's own process used during the run. */
  generatorSeconds: number;
  /** What the database's backends were doing during the run, when asked. */
  waits: DatabaseWaits | null;
}

/**
 * One autocannon run of a fixed number of requests, timed from its start to its last answer:
 * autocannon ends a run of an `amount` at its next one-second tick and counts requests per
 * second, so its own duration and rate are rounded.
 */
async function run({ options, watchPostgres, sampleWaitsOf }: LoadRequest): Promise<LoadRun> {
  const postgres = watchPostgres ? watchPostgresCpu() : undefined;
  const waits = sampleWaitsOf ? sampleDatabaseWaits(sampleWaitsOf) : undefined;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let last = started;
  // Without a callback autocannon answers its tracker, an event emitter that is also the run's promise.
  const instance = autocannon(options) as unknown as EventEmitter & PromiseLike<autocannon.Result>;
  instance.on('response', () => (last = performance.now()));
  const result = await instance;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    result,
    seconds: (last - started) / 1000,
    postgresSeconds: postgres ? await postgres.stop() : null,
    generatorSeconds: (cpu.user + cpu.system) / 1e6,
    waits: waits ? await waits.stop() : null,
  };
}

process.on('message', (request: LoadRequest) => {
  run(request).then(
    (done) => process.send!(done),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
