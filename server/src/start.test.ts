import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from './test/free-port.js';

/**
 * `npm start` as its user meets it: real server processes (`server/src/main.ts`, one Node process
 * each) on their own ports and data folders, with the embedded PostgreSQL, killed and restarted.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Server {
  child: ChildProcess;
  port: number;
  stderr: () => string;
  exited: Promise<number | null>;
}

function launch(env: Record<string, string>, options: { uid?: number; gid?: number; detached?: boolean } = {}): Server {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  // `node --import tsx` rather than the tsx command: one process, so SIGKILL hits the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...options,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port: Number(env.PORT), stderr: () => stderr, exited };
}

async function launchServing(dataDir: string, env: Record<string, string> = {}, options: { detached?: boolean } = {}): Promise<Server> {
  const server = launch({ PORT: String(await freePort()), EMBEDDED_PG_DIR: dataDir, ...env }, options);
  for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.stderr()}`);
    if (Date.now() > deadline) throw new Error(`the server did not serve within 60 s: ${server.stderr()}`);
    if (
      await fetch(`http://127.0.0.1:${server.port}/api/config`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return server;
  }
}

async function stopGracefully(server: Server): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** The one line a failed start prints, and its exit code. */
async function failure(server: Server): Promise<{ code: number | null; lines: string[] }> {
  const code = await server.exited;
  return { code, lines: server.stderr().trim().split('\n') };
}

/** The PostgreSQL process recorded in a data folder, when one is running there. */
async function postgresPid(dataDir: string): Promise<number | undefined> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const pid = Number((await readFile(lockFile, 'utf8')).split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

describe('npm start', () => {
  let folder: string;
  let first: Server;
  const servers: Server[] = [];
  const dataDirs: string[] = [];
  const dataDir = (name: string) => {
    const dir = path.join(folder, name);
    dataDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'verigate-start-'));
    // As root, PostgreSQL runs as the postgres user, which must reach the data folders inside.
    await chmod(folder, 0o755);
    first = await launchServing(dataDir('first'));
    servers.push(first);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopGracefully));
    // A failed test may leave a PostgreSQL behind; it must not outlive the run.
    for (const dir of dataDirs) {
      const pid = await postgresPid(dir);
      if (pid) process.kill(pid, 'SIGINT');
    }
    await rm(folder, { recursive: true, force: true });
  }, 60_000);

  it('serves two checkouts side by side, each with its own data folder', async () => {
    const second = await launchServing(dataDir('second'));
    servers.push(second);
    for (const server of [first, second]) {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/config`);
      expect(response.status).toBe(200);
    }
    expect(await postgresPid(path.join(folder, 'second'))).not.toBe(await postgresPid(path.join(folder, 'first')));
    expect(await stopGracefully(second)).toBe(0);
    expect(await postgresPid(path.join(folder, 'second'))).toBeUndefined();
  }, 90_000);

  it('refuses a second server on a data folder another running server uses, naming it', async () => {
    const result = await failure(launch({ PORT: String(await freePort()), EMBEDDED_PG_DIR: path.join(folder, 'first') }));
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([
      `Another Verigate server (process ${first.child.pid}) is already using the data folder ${path.join(folder, 'first')}: stop it, or give this one a folder of its own with EMBEDDED_PG_DIR.`,
    ]);
    expect((await fetch(`http://127.0.0.1:${first.port}/api/config`)).status).toBe(200);
  }, 60_000);

  it('lets one of two servers started at once on a new data folder serve, and refuses the other by name', async () => {
    const dir = dataDir('together');
    // A lock left by a start that died (its process is gone) must not stand in the way.
    await writeFile(`${dir}.starting`, '999999999\n');
    const pair = await Promise.all([0, 1].map(async () => launch({ PORT: String(await freePort()), EMBEDDED_PG_DIR: dir })));
    const refused = await Promise.race(pair.map((server) => server.exited.then(() => server)));
    const serving = pair.find((server) => server !== refused)!;
    servers.push(serving);
    const result = await failure(refused);
    expect(result.code).toBe(1);
    const starting = `Another Verigate server (process ${serving.child.pid}) is starting on the data folder ${dir}: wait for it, or give this one a folder of its own with EMBEDDED_PG_DIR.`;
    const using = `Another Verigate server (process ${serving.child.pid}) is already using the data folder ${dir}: stop it, or give this one a folder of its own with EMBEDDED_PG_DIR.`;
    expect([[starting], [using]]).toContainEqual(result.lines);
    for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const ready = await fetch(`http://127.0.0.1:${serving.port}/api/config`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (serving.child.exitCode !== null || Date.now() > deadline) throw new Error(`the first server did not serve: ${serving.stderr()}`);
    }
    expect(existsSync(`${dir}.starting`)).toBe(false);
    expect(await stopGracefully(serving)).toBe(0);
  }, 90_000);

  it('starts again after the server was killed with SIGKILL, stopping the PostgreSQL it left behind', async () => {
    const orphan = await postgresPid(path.join(folder, 'first'));
    first.child.kill('SIGKILL');
    await first.exited;
    expect(orphan).toBeDefined();
    expect(await postgresPid(path.join(folder, 'first'))).toBe(orphan);

    const again = await launchServing(path.join(folder, 'first'));
    servers.push(again);
    expect((await fetch(`http://127.0.0.1:${again.port}/api/config`)).status).toBe(200);
    const now = await postgresPid(path.join(folder, 'first'));
    expect(now).toBeDefined();
    expect(now).not.toBe(orphan);
  }, 90_000);

  it('answers from its database while it drains after Ctrl-C, which the terminal sends to the whole process group', async () => {
    const dir = dataDir('interrupted');
    // A process group of its own, as a terminal gives `npm start`: Ctrl-C is a SIGINT to every process in it.
    const server = await launchServing(dir, { SHUTDOWN_DELAY_MS: '1500' }, { detached: true });
    process.kill(-server.child.pid!, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const call = await fetch(`http://127.0.0.1:${server.port}/test/api/v1/in/identity/pan/lite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-id': '00000000-0000-4000-8000-000000000000', 'api-key': 'vgk_test_unknown' },
      body: JSON.stringify({ mode: 'sync', data: { customer_pan_number: 'ABCPE1234F', consent: 'Y', consent_text: 'I consent' } }),
    });
    expect([call.status, ((await call.json()) as { response_message: string }).response_message]).toEqual([401, 'app not found']);
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
    expect(await postgresPid(dir)).toBeUndefined();
  }, 90_000);

  it('says the port is taken when PORT is in use, and leaves no PostgreSQL running', async () => {
    const taken = servers.at(-1)!.port;
    const result = await failure(launch({ PORT: String(taken), EMBEDDED_PG_DIR: path.join(folder, 'second') }));
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([
      `Port ${taken} is already in use by another program (perhaps another Verigate): stop it or choose a free port, e.g. PORT=${taken + 1} npm start.`,
    ]);
    expect(await postgresPid(path.join(folder, 'second'))).toBeUndefined();
  }, 60_000);

  describe.concurrent('explains other failed starts', () => {
    it('says the data folder is not writable, and by whom', async () => {
      const parent = path.join(folder, 'read-only');
      await mkdir(path.join(parent, 'data'), { recursive: true });
      await chmod(path.join(parent, 'data'), 0o555);
      // Root writes anywhere, so as root the start runs as an ordinary user, as on a laptop.
      const asRoot = process.getuid?.() === 0;
      const account = asRoot
        ? { uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })) }
        : {};
      const user = asRoot ? 'nobody' : execFileSync('id', ['-un'], { encoding: 'utf8' }).trim();
      const result = await failure(launch({ PORT: String(await freePort()), EMBEDDED_PG_DIR: path.join(parent, 'data') }, account));
      expect(result.code).toBe(1);
      expect(result.lines).toEqual([
        `The data folder ${path.join(parent, 'data')} is not writable by user ${user} (EACCES): give that user write access to it or set EMBEDDED_PG_DIR to a folder it can write.`,
      ]);
    }, 60_000);

    it('says DATABASE_URL cannot be reached', async () => {
      const closed = await freePort();
      const result = await failure(
        launch({ PORT: String(await freePort()), DATABASE_URL: `postgres://verigate:secret-password@127.0.0.1:${closed}/verigate` }),
      );
      expect(result.code).toBe(1);
      expect(result.lines).toEqual([`Cannot reach the PostgreSQL at 127.0.0.1:${closed} (ECONNREFUSED): start that PostgreSQL or correct DATABASE_URL.`]);
    }, 60_000);

    it('says the schema update failed when the database does not match the migrations', async () => {
      const adminUrl = inject('adminDatabaseUrl');
      const name = `verigate_start_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const clash = new pg.Client({ connectionString: url.toString() });
      await clash.connect();
      await clash.query('create table business_categories (made_by_hand integer)');
      await clash.end();
      try {
        const result = await failure(launch({ PORT: String(await freePort()), DATABASE_URL: url.toString() }));
        expect(result.code).toBe(1);
        expect(result.lines).toHaveLength(1);
        expect(result.lines[0]).toMatch(
          new RegExp(
            `^Updating the schema of the database ${name} on the PostgreSQL at .+ failed \\(relation "business_categories" already exists\\): the database differs from what the migrations in server/drizzle expect — restore it from a backup or correct DATABASE_URL\\.$`,
          ),
        );
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    }, 60_000);
  });
});

describe('a production start', () => {
  it('refuses WEBHOOK_ALLOW_PRIVATE=true, naming the variable and why, before it touches any database', async () => {
    const dataDir = path.join(tmpdir(), `verigate-production-${randomBytes(4).toString('hex')}`);
    const result = await failure(
      launch({ PORT: String(await freePort()), EMBEDDED_PG_DIR: dataDir, NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE: 'true', SHUTDOWN_DELAY_MS: '0' }),
    );
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([
      'Invalid configuration: WEBHOOK_ALLOW_PRIVATE=true is refused with NODE_ENV=production, as it would let webhook endpoints reach loopback, private and cloud metadata addresses: correct the environment variable (the README lists every one).',
    ]);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
