import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.js';
import { poolOf } from '../db/pool.js';

/** A job handler gets the job's data; throwing makes pg-boss retry it (up to the queue's retryLimit). */
export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export interface QueueOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** 'singleton' keeps at most one job of the queue active across every instance. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

export interface SendOptions {
  /** A job with the same key already waiting is not enqueued again. */
  singletonKey?: string;
  startAfter?: Date | number;
}

export interface Jobs {
  /** Declares a queue (idempotent); every queue is declared before jobs are sent to it or worked. */
  define(queue: string, options?: QueueOptions): Promise<void>;
  /**
   * Enqueues a job. With `executor` (the caller's transaction) the job exists only if the change
   * commits: the outbox pattern, so nothing is sent for a change that rolled back. Without one the
   * job is stored at once and this instance's workers of the queue look for it now, not at their next poll.
   */
  send<T extends object>(queue: string, data: T, options?: SendOptions & { executor?: Executor }): Promise<void>;
  /**
   * Works the queue on this instance; `batchSize` jobs are fetched at a time and handled one by
   * one, or all at once with `parallel` (for handlers that mostly wait on the network; one that
   * throws fails the whole batch, so such handlers must be safe to run again).
   */
  work<T extends object>(
    queue: string,
    handler: JobHandler<T>,
    options?: { batchSize?: number; pollingIntervalSeconds?: number; parallel?: boolean },
  ): Promise<void>;
  /** Runs the queue on a cron schedule; pg-boss makes one instance enqueue each tick, however many run. */
  schedule(queue: string, cron: string, data?: object): Promise<void>;
  /** false once stop() began: readiness reports it. */
  running(): boolean;
  stop(): Promise<void>;
}

/** pg-boss tables live in their own schema of the same database, beside the application's. */
const SCHEMA = 'pgboss';

/**
 * pg-boss speaks raw SQL with positional values. A drizzle transaction keeps its pg client on its
 * session; taking it from there lets a job be inserted in the caller's transaction.
 */
function sqlRunner(executor: Executor): PgBoss.Db {
  const client = (executor as unknown as { session?: { client?: { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> } } }).session
    ?.client;
  if (!client) throw new Error('jobs.send needs a drizzle node-postgres executor');
  return { executeSql: (text, values) => client.query(text, values) as Promise<{ rows: any[] }> };
}

/**
 * The job queue of every instance: pg-boss on the application's own PostgreSQL, so jobs survive a
 * restart, several instances share the work, and a scheduled job runs once per tick in total.
 */
export async function startJobs(db: Database, log: FastifyBaseLogger): Promise<Jobs> {
  const pool = poolOf(db);
  /**
   * pg-boss's statements and our handlers still running. pg-boss can stop while a worker's fetch
   * is in flight; the jobs it returns are handed to a handler after stop() resolved, and their
   * completion is written after that. stop() waits for all of it, so the pool is not closed under them.
   */
  let pending = 0;
  const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
    pending += 1;
    try {
      return await work();
    } finally {
      pending -= 1;
    }
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => tracked(() => pool.query(text, values)) },
    schema: SCHEMA,
    // Jobs are small and their effect is in the application's tables; keep a week for inspection.
    deleteAfterDays: 7,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  let running = true;
  boss.on('stopped', () => (running = false));
  const defined = new Set<string>();
  const workersOf = new Map<string, string[]>();

  return {
    async define(queue, options = {}) {
      if (defined.has(queue)) return;
      await boss.createQueue(queue, { name: queue, retryLimit: 5, retryDelay: 5, retryBackoff: true, ...options });
      defined.add(queue);
    },
    async send(queue, data, { executor, ...options } = {}) {
      await boss.send(queue, data, { ...options, ...(executor ? { db: sqlRunner(executor) } : {}) });
      if (!executor) for (const worker of workersOf.get(queue) ?? []) boss.notifyWorker(worker);
    },
    async work(queue, handler, { parallel = false, ...options } = {}) {
      const worker = await boss.work<object>(queue, { batchSize: 1, pollingIntervalSeconds: 1, ...options, includeMetadata: true }, (jobs) =>
        tracked(async () => {
          const run = (job: (typeof jobs)[number]) => handler(job.data as never, { id: job.id, retryCount: job.retryCount });
          if (!parallel) {
            for (const job of jobs) await run(job);
            return;
          }
          const failed = (await Promise.allSettled(jobs.map(run))).find((outcome) => outcome.status === 'rejected');
          if (failed) throw failed.reason;
        }),
      );
      workersOf.set(queue, [...(workersOf.get(queue) ?? []), worker]);
    },
    async schedule(queue, cron, data = {}) {
      await boss.schedule(queue, cron, data);
    },
    running: () => running,
    async stop() {
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      const deadline = Date.now() + 10_000;
      do await new Promise((resolve) => setTimeout(resolve, 10));
      while (pending > 0 && Date.now() < deadline);
    },
  };
}
