import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../../node_modules/.bin/tsx');

export interface TestPostgres {
  /** A superuser URL; callers create (and drop) databases of their own on it. */
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * DATABASE_URL when set, otherwise an embedded PostgreSQL of its own in a temporary folder, run by
 * embedded-postgres-process.ts: it listens on a socket in that folder, so any number of test runs
 * (other clones, other branches) share the machine without meeting. Unless `durable`, it skips
 * fsync: a test cluster is thrown away, so crash safety buys it nothing.
 */
export async function startTestPostgres({ durable = false } = {}): Promise<TestPostgres> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  const parent = await mkdtemp(path.join(tmpdir(), 'verigate-test-pg-'));
  // As root, PostgreSQL runs as the postgres user, which must reach the data folder inside.
  await chmod(parent, 0o755);
  const child = spawn(tsx, [path.join(here, 'embedded-postgres-process.ts'), path.join(parent, 'data'), durable ? 'durable' : 'fast'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const adminUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.once('exit', (code) => reject(new Error(`the embedded PostgreSQL exited with code ${code} (its reason is printed above)`)));
  });
  return {
    adminUrl,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(parent, { recursive: true, force: true });
    },
  };
}
