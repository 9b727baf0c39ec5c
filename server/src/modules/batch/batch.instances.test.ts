import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { batches } from '../../db/schema.js';
import { batchMember, createTask, dataDir, PAN_LITE, panCsv, panRows, parseCsv, waitForTask, type BatchMember } from '../../test/batch-support.js';
import { setCredits } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test/harness.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/**
 * Two servers share the queue and the database: a batch is worked by one at a time (the advisory
 * lock), slice after slice on whichever instance takes the next job, and each row runs once.
 */
const ROWS = 400;
let database: TestDatabase;
let folder: string;
let one: TestServer;
let two: TestServer;
let asha: BatchMember;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await dataDir();
  // Short slices, so the batch changes hands between the instances many times.
  const env = { ADMIN_TOKEN: TEST_ADMIN_TOKEN, DATA_DIR: folder, BATCH_SLICE_MS: '150' };
  one = await createTestServer(env, { database });
  two = await createTestServer(env, { database });
  asha = await batchMember(one, ALLOWLISTED[0]!, [PAN_LITE]);
  await setCredits(one, asha.orgId, PAN_LITE, ROWS);
}, 120_000);

afterAll(async () => {
  await one.close();
  await two.close();
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

describe('two instances', () => {
  it('work a batch one at a time: nothing runs while its lock is held elsewhere, then every row runs once', async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      const pans = panRows(ROWS);
      const reply = await createTask(one, asha, {}, { name: 'rows.csv', content: panCsv(pans) });
      expect(reply.status).toBe(200);
      const batchId = reply.body.data.batchId as string;
      // Another holder of the batch's lock (as a worker elsewhere would be): neither instance starts it.
      await holder.query("select pg_advisory_lock(hashtextextended('batch:' || $1::text, 0))", [batchId]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const [waiting] = await database.db.select().from(batches).where(eq(batches.id, batchId));
      expect(waiting).toMatchObject({ state: 'Waiting for approval', totalProcessed: 0 });
      await holder.query("select pg_advisory_unlock(hashtextextended('batch:' || $1::text, 0))", [batchId]);

      await waitForTask(two, asha, batchId, (task) => task.batchState === 'FINISHED', 60_000);
      const download = await two.app.inject({
        method: 'GET',
        url: `/api/productBatchService/download/${batchId}`,
        headers: { authorization: `Bearer ${asha.token}` },
      });
      const [, ...rows] = parseCsv(download.body);
      expect(rows.map((row) => row[0])).toEqual(pans);
      const { rows: calls } = await database.db.execute<{ task_id: string; n: number }>(
        sql`select task_id, count(*)::int as n from transactions where app_id = ${asha.appId}::uuid group by task_id`,
      );
      expect(calls).toHaveLength(ROWS);
      expect(calls.every((call) => call.n === 1)).toBe(true);
    } finally {
      await holder.end();
    }
  }, 90_000);
});
