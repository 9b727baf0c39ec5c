import { spawn } from 'node:child_process';
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, root } from './ensure-installed.mjs';
import { requireNodeVersion } from './preflight.mjs';

requireNodeVersion();
ensureInstalled();
ensureWebBuilt();
// In production the compiled server runs on plain node; elsewhere tsx runs the sources.
const production = process.env.NODE_ENV === 'production';
if (production) ensureServerBuilt();

// Bound to this machine (the default HOST) and without SMTP, mail is readable in the development
// mailbox; anywhere else it stays off unless DEV_MAILBOX says otherwise.
const env = { ...process.env };
const onThisMachineOnly = ['127.0.0.1', 'localhost', '::1'].includes(env.HOST ?? '127.0.0.1');
if (env.DEV_MAILBOX === undefined && onThisMachineOnly && !env.SMTP_URL) env.DEV_MAILBOX = 'true';

// `node --import tsx` rather than the tsx command: the server is this script's only child process.
const serverArgs = production ? ['--enable-source-maps', 'server/dist/main.js'] : ['--import', 'tsx', 'server/src/main.ts'];
const server = spawn(process.execPath, serverArgs, { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// npm's shell may die of a SIGTERM without passing it on: once this script is orphaned, the server stops too.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && server.kill('SIGTERM'), 1000).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
