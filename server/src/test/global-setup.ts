import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './test-postgres.js';

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
  const postgres = await startTestPostgres();
  project.provide('adminDatabaseUrl', postgres.adminUrl);
  return postgres.stop;
}
