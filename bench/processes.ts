import { fork, type ChildProcess } from 'node:child_process';
import type { InstanceMessage } from './gateway-instance.js';
import type { LoadRequest, LoadRun } from './load-generator.js';
import type { ProcessUsage } from './measure.js';

/** The load generator's process (load-generator.ts), one run at a time. */
export function startLoadGenerator(): { run: (request: LoadRequest) => Promise<LoadRun>; stop: () => void } {
  const child = fork(new URL('./load-generator.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the load generator exited with code ${code}`))));
  exited.catch(() => {});
  return {
    run: (request) => {
      const answered = new Promise<LoadRun>((resolve, reject) =>
        child.once('message', (message: LoadRun | { error: string }) =>
          'error' in message ? reject(new Error(`the load generator failed: ${message.error}`)) : resolve(message),
        ),
      );
      child.send(request);
      return Promise.race([answered, exited]);
    },
    stop: () => child.disconnect(),
  };
}

export interface InstanceProcess {
  port: number;
  /** What it has used so far: its CPU time, and its event loop's busy time (null: a build that does not tell it). */
  usage(): Promise<ProcessUsage>;
  /** Disconnects it and waits for its exit (it closes its app and pool first). */
  stop(): Promise<void>;
}

/**
 * An app instance in a process of its own on the database at `databaseUrl`, as an instance is
 * deployed: `entry`, a bundle of gateway-instance.ts (instance-bundle.ts), run by Node as is.
 */
export async function startInstance(
  databaseUrl: string,
  { name, entry, execArgv = [] }: { name: string; entry: string; execArgv?: string[] },
): Promise<InstanceProcess> {
  const child = fork(entry, [databaseUrl], { execArgv });
  const next = (what: string) =>
    new Promise<InstanceMessage>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`${name} exited with code ${code} ${what}`));
      child.once('exit', exited);
      child.once('message', (message: InstanceMessage) => {
        child.off('exit', exited);
        resolve(message);
      });
    });
  const started = await next('before it listened');
  if (!('port' in started)) throw new Error(`${name} did not answer its port`);
  return {
    port: started.port,
    usage: async () => {
      const answer = next('while asked for its CPU time');
      child.send('cpu');
      const message = await answer;
      if (!('cpuMicros' in message)) throw new Error(`${name} did not answer its CPU time`);
      return { cpuMicros: message.cpuMicros, loopBusyMs: message.loopBusyMs ?? null };
    },
    stop: () => stopChild(child),
  };
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.disconnect();
  });
