import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

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
  const server = await startEmbeddedPostgres(path.join(parent, 'data'), await freePort(), 'postgres');
  project.provide('adminDatabaseUrl', server.url);
  return async () => {
    await server.stop();
    await rm(parent, { recursive: true, force: true });
  };
}
