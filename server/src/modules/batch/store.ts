import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { BatchState } from '@verigate/contracts';
import type { Database, Executor } from '../../db/client.js';
import { batches } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { WebhookEmitter } from '../webhooks/service.js';

export type BatchRow = typeof batches.$inferSelect;

const UNFINISHED: BatchState[] = ['Waiting for approval', 'RUNNING', 'PAUSED'];
const STOPPABLE: BatchState[] = ['RUNNING', 'PAUSED'];

interface BatchFilter {
  organisationId: string;
  product?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  state?: BatchState | undefined;
}

/** A batch as its webhook events carry it. */
const batchEventData = (row: BatchRow) => ({
  batch_id: row.id,
  name: row.name,
  product_arn: row.productArn,
  env: row.environment,
  total_items: row.totalItems,
  total_processed: row.totalProcessed,
  total_completed: row.totalCompleted,
});

/**
 * The batches table (owned by this module). Every change of state is one conditional statement,
 * so a stop and the worker's checkpoint, or two workers, never both win; a batch's end raises
 * its webhook event in the transaction of that statement.
 */
export function createBatchStore(db: Database, clock: Clock, webhooks: WebhookEmitter) {
  const now = () => clock.now();
  return {
    async insert(tx: Executor, row: typeof batches.$inferInsert): Promise<BatchRow> {
      const [created] = await tx.insert(batches).values(row).returning();
      return created!;
    },

    async get(batchId: string): Promise<BatchRow | null> {
      const [row] = await db.select().from(batches).where(eq(batches.id, batchId));
      return row ?? null;
    },

    async list(filter: BatchFilter): Promise<BatchRow[]> {
      return db
        .select()
        .from(batches)
        .where(
          and(
            eq(batches.organisationId, filter.organisationId),
            filter.product ? eq(batches.productArn, filter.product) : undefined,
            filter.from ? gte(batches.createdAt, filter.from) : undefined,
            filter.to ? lte(batches.createdAt, filter.to) : undefined,
            filter.state ? eq(batches.state, filter.state) : undefined,
          ),
        )
        .orderBy(desc(batches.createdAt), desc(batches.id));
    },

    async unfinishedIds(): Promise<string[]> {
      const rows = await db.select({ id: batches.id }).from(batches).where(inArray(batches.state, UNFINISHED));
      return rows.map((row) => row.id);
    },

    /** RUNNING from waiting or paused (or still RUNNING after a crash); null when it is finished or failed. */
    async startRunning(batchId: string): Promise<BatchRow | null> {
      const [row] = await db
        .update(batches)
        .set({ state: 'RUNNING', updatedAt: now() })
        .where(and(eq(batches.id, batchId), inArray(batches.state, UNFINISHED)))
        .returning();
      return row ?? null;
    },

    async isRunning(batchId: string): Promise<boolean> {
      const [row] = await db.select({ state: batches.state }).from(batches).where(eq(batches.id, batchId));
      return row?.state === 'RUNNING';
    },

    /** Saves progress; false when the batch is no longer RUNNING (it was stopped). */
    async checkpoint(batchId: string, processed: number, completed: number, bytes: number): Promise<boolean> {
      const rows = await db
        .update(batches)
        .set({ totalProcessed: processed, totalCompleted: completed, resultsBytes: bytes, updatedAt: now() })
        .where(and(eq(batches.id, batchId), eq(batches.state, 'RUNNING')))
        .returning({ id: batches.id });
      return rows.length > 0;
    },

    /** FINISHED with its final counts, and what the caller adds in the same transaction (the owner's email). */
    async finish(batchId: string, processed: number, completed: number, bytes: number, also: (tx: Executor, row: BatchRow) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(batches)
          .set({ state: 'FINISHED', totalProcessed: processed, totalCompleted: completed, resultsBytes: bytes, updatedAt: now(), finishedAt: now() })
          .where(and(eq(batches.id, batchId), eq(batches.state, 'RUNNING')))
          .returning();
        if (!row) return;
        await webhooks.emit(tx, row.organisationId, 'batch.finished', { ...batchEventData(row), stopped: false });
        await also(tx, row);
      });
    },

    /** The rows a stopped batch's worker wrote after the stop (its last lines in flight) join its counts. */
    async settleStopped(batchId: string, processed: number, completed: number, bytes: number): Promise<void> {
      await db
        .update(batches)
        .set({ totalProcessed: processed, totalCompleted: completed, resultsBytes: bytes, updatedAt: now() })
        .where(and(eq(batches.id, batchId), eq(batches.state, 'FINISHED'), lte(batches.totalProcessed, processed)));
    },

    async pause(batchId: string): Promise<void> {
      await db
        .update(batches)
        .set({ state: 'PAUSED', updatedAt: now() })
        .where(and(eq(batches.id, batchId), eq(batches.state, 'RUNNING')));
    },

    async fail(batchId: string, error: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(batches)
          .set({ state: 'ERROR', error, updatedAt: now() })
          .where(and(eq(batches.id, batchId), inArray(batches.state, UNFINISHED)))
          .returning();
        if (row) await webhooks.emit(tx, row.organisationId, 'batch.failed', { ...batchEventData(row), error });
      });
    },

    /** Stops a RUNNING or PAUSED batch above 90 % (seed 001 §4): FINISHED with the rows that ran; null when it may not stop. */
    async stop(tx: Executor, batchId: string, abovePercent: number): Promise<BatchRow | null> {
      const [row] = await tx
        .update(batches)
        .set({ state: 'FINISHED', updatedAt: now(), finishedAt: now() })
        .where(
          and(
            eq(batches.id, batchId),
            inArray(batches.state, STOPPABLE),
            sql`${batches.totalProcessed}::bigint * 100 > ${batches.totalItems}::bigint * ${abovePercent}`,
          ),
        )
        .returning();
      if (!row) return null;
      await webhooks.emit(tx, row.organisationId, 'batch.finished', { ...batchEventData(row), stopped: true });
      return row;
    },

    async markDownloaded(batchId: string): Promise<void> {
      await db
        .update(batches)
        .set({ downloadInitiated: true })
        .where(and(eq(batches.id, batchId), eq(batches.downloadInitiated, false)));
    },
  };
}

export type BatchStore = ReturnType<typeof createBatchStore>;
