import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, root } from './ensure-installed.mjs';

ensureInstalled();
ensureWebBuilt();

// Bound to this machine (the default HOST) and without SMTP, mail is readable in the development
// mailbox; anywhere else it stays off unless DEV_MAILBOX says otherwise.
const env = { ...process.env };
const onThisMachineOnly = ['127.0.0.1', 'localhost', '::1'].includes(env.HOST ?? '127.0.0.1');
if (env.DEV_MAILBOX === undefined && onThisMachineOnly && !env.SMTP_URL) env.DEV_MAILBOX = 'true';

const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
