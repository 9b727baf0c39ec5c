import { inject } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { asAdmin, freshDatabase } from './fresh-database.js';

export type TestDatabase = DatabaseHandle & { url: string; setReachable: (reachable: boolean) => Promise<void> };

/**
 * A fresh, migrated and seeded database for one test file, dropped afterwards. `setReachable(false)`
 * makes it unavailable as an outage would (new connections refused, open ones ended) without
 * stopping the server other test files share; `setReachable(true)` ends the outage.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const { name, ...handle } = await freshDatabase(adminUrl, 'verigate_test', inject('templateDatabase'));
  return {
    ...handle,
    setReachable: async (reachable) => {
      await asAdmin(adminUrl, `alter database "${name}" with allow_connections ${reachable}`);
      if (!reachable) await asAdmin(adminUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    },
    close: async () => {
      await handle.close();
      await asAdmin(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
