import type { TestProject } from 'vitest/node';
import { loadCredentialEnvelope } from '../platform/credential-envelope.js';
import { asAdmin, freshDatabase } from './fresh-database.js';
import { startTestPostgres } from './test-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** A migrated and seeded database that test files copy (createTestDatabase). */
    templateDatabase: string;
  }
}

/**
 * Tests run against a real PostgreSQL: the one DATABASE_URL names, or an embedded one started
 * here for the run. Each test file then creates a database of its own from this admin URL, a
 * copy of a template migrated and seeded once here. The template holds the server's RSA key
 * too: making one takes about a second of CPU, which every test file's first server would spend.
 */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  const template = await freshDatabase(postgres.adminUrl, 'verigate_template');
  await loadCredentialEnvelope(template.db);
  // A template may have no connection open while it is copied.
  await template.close();
  project.provide('adminDatabaseUrl', postgres.adminUrl);
  project.provide('templateDatabase', template.name);
  return async () => {
    await asAdmin(postgres.adminUrl, `drop database if exists "${template.name}"`);
    await postgres.stop();
  };
}
