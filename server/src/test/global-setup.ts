import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../../node_modules/.bin/tsx');

/**
 * Tests run against a real PostgreSQL: the one DATABASE_URL names, or an embedded one started
 * here for the run. Each test file then creates a database of its own from this admin URL.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
  }
  const parent = await mkdtemp(path.join(tmpdir(), 'verigate-test-pg-'));
  await chmod(parent, 0o755);
  const child = spawn(tsx, [path.join(here, 'embedded-postgres-process.ts'), path.join(parent, 'data'), String(await freePort())], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with ${code}`)));
  });
  project.provide('adminDatabaseUrl', url);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(parent, { recursive: true, force: true });
  };
}
