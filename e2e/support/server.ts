import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/src/test/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface Portal {
  url: string;
  messagesTo(email: string): Promise<MailboxMessage[]>;
  /** The first link of the newest message to `email`, waiting for it to arrive. */
  linkMailedTo(email: string, after?: number): Promise<string>;
  stop(): Promise<void>;
}

/** What each running portal has printed (warnings and errors only: LOG_LEVEL is warn), by its address. */
const runningPortals = new Map<string, () => string>();

/** What the running portals printed, for a failed test's report. */
export const printedByRunningPortals = (): Array<{ url: string; output: string }> => [...runningPortals].map(([url, output]) => ({ url, output: output() }));

/** The real server on its own port and the database at `databaseUrl`, with the development mailbox; `stop` ends it. */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}, startTimeoutMs = 60_000): Promise<Portal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      CAPTCHA_COST: '50',
      SMTP_URL: '',
      DEV_MAILBOX: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited:\n${output}`);
    const ready = await fetch(`${url}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the portal did not start within ${startTimeoutMs / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  runningPortals.set(url, () => output);

  const messagesTo = async (email: string) => {
    const all = (await (await fetch(`${url}/dev/mailbox/messages`)).json()) as MailboxMessage[];
    return all.filter((message) => message.to === email);
  };

  return {
    url,
    messagesTo,
    async linkMailedTo(email, after = 0) {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const messages = await messagesTo(email);
        if (messages.length > after) {
          const link = messages[0]!.text.match(/https?:\/\/\S+/)?.[0];
          if (link) return link;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`no new mail for ${email}`);
    },
    async stop() {
      runningPortals.delete(url);
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    },
  };
}
