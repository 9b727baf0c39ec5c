import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, root } from './ensure-installed.mjs';

ensureInstalled();
ensureWebBuilt();

const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
