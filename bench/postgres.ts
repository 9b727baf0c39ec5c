import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/seed.js';
import { freePort } from '../server/src/test/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Postgres {
  /** An admin URL; the bench creates and drops a database of its own on it. */
  adminUrl: string;
  stop: () => Promise<void>;
}

/** DATABASE_URL, or the tests' embedded PostgreSQL in a process of its own, in a temporary folder. */
export async function startPostgres(): Promise<Postgres> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  const parent = await mkdtemp(path.join(tmpdir(), 'verigate-bench-pg-'));
  await chmod(parent, 0o755);
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'server/src/test/embedded-postgres-process.ts'), path.join(parent, 'data'), String(await freePort())],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const adminUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with ${code}`)));
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

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated and seeded database of the bench's own on `postgres`; `drop` removes it. */
export async function benchDatabase(postgres: Postgres): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  const name = `verigate_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgres.adminUrl, `create database "${name}"`);
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  await seedReferenceData(handle.db);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await adminQuery(postgres.adminUrl, `drop database if exists "${name}" with (force)`).catch(() => undefined);
    },
  };
}
