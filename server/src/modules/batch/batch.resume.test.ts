import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { batches } from '../../db/schema.js';
import { batchMember, createTask, dataDir, PAN_LITE, panCsv, panRows, parseCsv, waitForTask, type BatchMember } from '../../test/batch-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test/harness.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/**
 * A server that closes while it works a batch saves its place (PAUSED); the next server on the
 * same database and data folder continues from there.
 */
let database: TestDatabase;
let folder: string;
let env: Record<string, string>;
let first: TestServer;
let asha: BatchMember;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await dataDir();
  env = { ADMIN_TOKEN: TEST_ADMIN_TOKEN, DATA_DIR: folder };
  first = await createTestServer(env, { database });
  asha = await batchMember(first, ALLOWLISTED[0]!, [PAN_LITE]);
}, 120_000);

afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

describe('a server closing in the middle of a batch', () => {
  it('leaves it PAUSED, and the next server finishes it from where it was', async () => {
    const pans = panRows(5);
    const reply = await createTask(first, asha, { tpm: '2' }, { name: 'rows.csv', content: panCsv(pans) });
    expect(reply.status).toBe(200);
    const batchId = reply.body.data.batchId as string;
    await waitForTask(first, asha, batchId, (task) => task.totalProcessed === 2);
    await first.close();
    const [paused] = await database.db.select().from(batches).where(eq(batches.id, batchId));
    expect(paused).toMatchObject({ state: 'PAUSED', totalProcessed: 2 });

    const second = await createTestServer(env, { database });
    try {
      await waitForTask(second, asha, batchId, (task) => task.totalProcessed === 4);
      second.clock.advance(60_000);
      await waitForTask(second, asha, batchId, (task) => task.batchState === 'FINISHED');
      const download = await second.app.inject({
        method: 'GET',
        url: `/api/productBatchService/download/${batchId}`,
        headers: { authorization: `Bearer ${asha.token}` },
      });
      const [, ...rows] = parseCsv(download.body);
      expect(rows.map((row) => row[0])).toEqual(pans);
      const { rows: calls } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from transactions where app_id = ${asha.appId}::uuid`);
      expect(calls[0]!.n).toBe(5);
    } finally {
      await second.close();
    }
  }, 60_000);
});
