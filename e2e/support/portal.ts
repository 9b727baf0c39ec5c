import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { asAdmin } from '../../server/src/test/fresh-database.js';
import type {} from '../../server/src/test/global-setup.js';
import { startServer, type Portal } from './server.js';

export type { Portal } from './server.js';

/**
 * The real server (`server/src/main.ts`), on its own port and its own fresh database: a copy of the
 * run's template (global-setup.ts), migrated and holding a server key, so the server starts
 * without making either.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const adminUrl = inject('adminDatabaseUrl');
  const database = `verigate_e2e_${randomBytes(5).toString('hex')}`;
  await asAdmin(adminUrl, `create database "${database}" template "${inject('templateDatabase')}"`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const portal = await startServer(databaseUrl.toString(), env);
  return {
    ...portal,
    async stop() {
      await portal.stop();
      await asAdmin(adminUrl, `drop database if exists "${database}" with (force)`);
    },
  };
}
