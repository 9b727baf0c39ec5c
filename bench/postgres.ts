import { asAdmin, freshDatabase } from '../server/src/test/fresh-database.js';
import type { DatabaseHandle } from '../server/src/db/client.js';
import { startTestPostgres, type TestPostgres } from '../server/src/test/test-postgres.js';

export type Postgres = TestPostgres;

/** DATABASE_URL, or an embedded PostgreSQL of the bench's own, durable like production: its commits are part of what is measured. */
export const startPostgres = (): Promise<Postgres> => startTestPostgres({ durable: true });

/** A fresh, migrated and seeded database of the bench's own on `postgres`; `drop` removes it. */
export async function benchDatabase(postgres: Postgres): Promise<DatabaseHandle & { url: string; drop: () => Promise<void> }> {
  const { name, ...handle } = await freshDatabase(postgres.adminUrl, 'verigate_bench');
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await asAdmin(postgres.adminUrl, `drop database if exists "${name}" with (force)`).catch(() => undefined);
    },
  };
}
