import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  /** http://127.0.0.1:{port} of the running server. */
  base: string;
  /** Sends the signal and waits for the process to exit (SIGKILL: a crash, SIGTERM: a clean stop). */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * A real server process (server/src/main.ts) on a free port, for tests that kill it: resolved once
 * it answers /api/config, rejected with its output if it exits or has not answered within a minute.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const answered = await fetch(`${base}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { base, stop };
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
