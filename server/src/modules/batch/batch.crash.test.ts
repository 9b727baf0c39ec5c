import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { batches } from '../../db/schema.js';
import { batchMember, dataDir, PAN_LITE, panCsv, panRows, parseCsv, type BatchMember } from '../../test/batch-support.js';
import { creditsOf, setCredits } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { createTestDatabase } from '../../test/test-database.js';
import { rowTaskId } from './task-id.js';

/**
 * A real server process (server/src/main.ts) working a batch is killed with SIGKILL and started
 * again: the batch resumes from its checkpoint and finishes, every row is in the results once and
 * in input order, and no row spent a second test credit or made a second call.
 */

const ROWS = 3000;
const CREDITS = 100_000;

let database: DatabaseHandle & { url: string };
let folder: string;
let env: Record<string, string>;
let asha: BatchMember;
let server: ServerProcess | null = null;
let base = '';

async function startServer(): Promise<void> {
  server = await startServerProcess(env);
  base = server.base;
}

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const running = server;
  server = null;
  await running?.stop(signal);
}

async function batchRow(batchId: string) {
  const [row] = await database.db.select().from(batches).where(eq(batches.id, batchId));
  return row!;
}

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 60_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - start > ms) throw new Error(`gave up after ${ms} ms with ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await dataDir();
  env = {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    DATA_DIR: folder,
    CAPTCHA_ALLOWLIST: ALLOWLISTED.join(','),
  };
  // The customer is set up in process, on the database the server process then uses.
  const setup = await createTestServer(env, { database });
  asha = await batchMember(setup, ALLOWLISTED[0]!, [PAN_LITE]);
  await setCredits(setup, asha.orgId, PAN_LITE, CREDITS);
  await setup.close();
}, 120_000);

afterAll(async () => {
  await stopServer('SIGTERM');
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

describe('a server killed in the middle of a batch', () => {
  it('resumes it after a restart: every row once in the results, no row charged twice', async () => {
    await startServer();
    const pans = panRows(ROWS);
    const form = new FormData();
    for (const [name, value] of Object.entries({ batch_name: 'Crash run', batch_type: PAN_LITE, user_email: asha.email, org_id: asha.orgId }))
      form.append(name, value);
    form.append('upload_file', new Blob([panCsv(pans)], { type: 'text/csv' }), 'rows.csv');
    const createdReply = await fetch(`${base}/api/productBatchService/createTask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${asha.token}` },
      body: form,
    });
    expect(createdReply.status).toBe(200);
    const { batchId } = ((await createdReply.json()) as { data: { batchId: string } }).data;

    const atKill = await until(
      () => batchRow(batchId),
      (row) => row.totalProcessed >= 300,
    );
    await stopServer('SIGKILL');
    expect(atKill.totalProcessed).toBeLessThan(ROWS);
    const { rows: recordedAtKill } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions where app_id = ${asha.appId}::uuid`,
    );

    await startServer();
    const finished = await until(
      () => batchRow(batchId),
      (row) => row.state === 'FINISHED',
    );
    expect(finished).toMatchObject({ totalProcessed: ROWS, totalItems: ROWS, totalCompleted: ROWS });

    const download = await fetch(`${base}/api/productBatchService/download/${batchId}`, { headers: { authorization: `Bearer ${asha.token}` } });
    expect(download.status).toBe(200);
    const [, ...rows] = parseCsv(await download.text());
    expect(rows.map((row) => row[0])).toEqual(pans);
    expect(rows.every((row) => row[3] === '100' && row[4] === 'SUCCESS')).toBe(true);

    // One call per row under its derived task id; one test credit each.
    const taskIds = pans.map((_, row) => rowTaskId(batchId, row));
    const { rows: calls } = await database.db.execute<{ task_id: string; n: number }>(
      sql`select task_id, count(*)::int as n from transactions where app_id = ${asha.appId}::uuid group by task_id`,
    );
    expect(calls).toHaveLength(ROWS);
    expect(calls.every((call) => call.n === 1)).toBe(true);
    expect(new Set(calls.map((call) => call.task_id))).toEqual(new Set(taskIds));
    const setup = { db: database.db } as Parameters<typeof creditsOf>[0];
    expect(CREDITS - (await creditsOf(setup, asha.orgId, PAN_LITE))).toBe(ROWS);
    process.stdout.write(
      `SIGKILL mid-batch: ${atKill.totalProcessed} rows checkpointed and ${recordedAtKill[0]!.n} calls recorded at the kill; ${ROWS} rows, ${calls.length} calls after the restart\n`,
    );
  }, 180_000);
});
