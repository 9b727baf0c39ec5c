import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  /** http://127.0.0.1:{port} of the running server. */
  base: string;
  port: number;
  /** What it printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends the signal and waits for the process to exit (SIGKILL: a crash, SIGTERM: a clean stop). */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * A real server process on a free port (or `port`), for tests that kill it: the sources through
 * tsx, or with `built` the compiled server/dist/main.js on plain node as in production. Resolved
 * once it answers /readyz, rejected with its output if it exits or has not answered within two minutes.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { built = false, port: given }: { built?: boolean; port?: number } = {},
): Promise<ServerProcess> {
  const port = given ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const args = built ? ['--enable-source-maps', 'server/dist/main.js'] : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: env.PUBLIC_URL ?? base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const answered = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { base, port, output: () => output, exited, stop };
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
