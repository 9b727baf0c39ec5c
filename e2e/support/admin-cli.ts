import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `npm run admin -- <args>` against a portal, as an operator would. */
export function runAdmin(portalUrl: string, adminToken: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: root,
      env: { ...process.env, ADMIN_URL: portalUrl, ADMIN_TOKEN: adminToken, ADMIN_OPERATOR: 'e2e.operator' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run admin ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}
