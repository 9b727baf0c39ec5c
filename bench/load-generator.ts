/**
 * bench:gateway's load generator, in a process of its own. In the servers' process it shared their
 * event loop: every answer waited for autocannon's work on the others, and that process's CPU mixed
 * the two. Here it takes one run's options per message and answers the run's result and seconds.
 */
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';

export interface LoadRun {
  result: autocannon.Result;
  seconds: number;
}

/**
 * One autocannon run of a fixed number of requests, timed from its start to its last answer:
 * autocannon ends a run of an `amount` at its next one-second tick and counts requests per
 * second, so its own duration and rate are rounded.
 */
async function run(options: autocannon.Options): Promise<LoadRun> {
  const started = performance.now();
  let last = started;
  // Without a callback autocannon answers its tracker, an event emitter that is also the run's promise.
  const instance = autocannon(options) as unknown as EventEmitter & PromiseLike<autocannon.Result>;
  instance.on('response', () => (last = performance.now()));
  const result = await instance;
  return { result, seconds: (last - started) / 1000 };
}

process.on('message', (options: autocannon.Options) => {
  run(options).then(
    (done) => process.send!(done),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
