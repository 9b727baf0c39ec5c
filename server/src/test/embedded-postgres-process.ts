import { startEmbeddedPostgres } from '../db/embedded.js';
import { explainStartFailure } from '../start-failure.js';

/**
 * Runs the tests' embedded PostgreSQL in a process of its own, so that it stops when the test
 * runner goes away, even killed: prints the connection URL as one line, then stops the server when
 * told to (SIGTERM) or when the parent's end of stdin closes.
 */
const [dataDir, durability] = process.argv.slice(2);
if (!dataDir || !['durable', 'fast'].includes(durability ?? '')) throw new Error('usage: embedded-postgres-process <dataDir> durable|fast');

let server;
try {
  server = await startEmbeddedPostgres(dataDir, 'postgres', {
    durable: durability === 'durable',
    onUnexpectedExit: (sentence) => {
      process.stderr.write(`${sentence}\n`);
      process.exit(1);
    },
  });
} catch (error) {
  process.stderr.write(`${explainStartFailure(error, { step: 'embedded-postgres' })}\n`);
  process.exit(1);
}
process.stdout.write(`${server.url}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
