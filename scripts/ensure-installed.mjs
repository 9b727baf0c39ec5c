import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const newestFileIn = (dir) =>
  existsSync(dir)
    ? Math.max(
        0,
        ...readdirSync(dir, { withFileTypes: true, recursive: true })
          .filter((entry) => entry.isFile())
          .map((entry) => mtime(path.join(entry.parentPath, entry.name))),
      )
    : 0;

/**
 * Installs dependencies when node_modules is missing or older than the lockfile: a first run
 * installs exactly the lockfile (`npm ci`), a later one brings an existing node_modules up to it.
 */
export function ensureInstalled() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (mtime(installed) >= mtime(path.join(root, 'package-lock.json'))) return;
  if (existsSync(path.join(root, 'node_modules'))) {
    console.log('Updating dependencies to package-lock.json ...');
    runOrExit('npm', ['install', '--no-audit', '--no-fund']);
  } else {
    console.log('Installing dependencies (first run) ...');
    runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
  }
}

/** Builds the portal when there is no build or its sources changed since. */
export function ensureWebBuilt() {
  const built = mtime(path.join(root, 'web', 'dist', 'index.html'));
  const sources = Math.max(
    newestFileIn(path.join(root, 'web', 'src')),
    newestFileIn(path.join(root, 'packages', 'contracts', 'src')),
    mtime(path.join(root, 'web', 'index.html')),
  );
  if (built > sources) return;
  console.log('Building the portal ...');
  runOrExit('npm', ['run', 'build']);
}

/** Compiles the server (server/dist) when there is no build or its sources changed since. */
export function ensureServerBuilt() {
  const built = mtime(path.join(root, 'server', 'dist', 'main.js'));
  const sources = Math.max(
    newestFileIn(path.join(root, 'server', 'src')),
    newestFileIn(path.join(root, 'packages', 'contracts', 'src')),
    newestFileIn(path.join(root, 'packages', 'catalog', 'src')),
  );
  if (built > sources) return;
  console.log('Building the server ...');
  runOrExit(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')]);
}
