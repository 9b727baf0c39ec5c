import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { rateCounters } from '../db/schema.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  message: string;
}

/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every instance. An attempt is
 * counted and checked in one statement, so parallel attempts are counted one by one. Given a
 * transaction, the attempt counts only if it commits: a refusal thrown inside it takes its own
 * count back.
 */
export function createRateLimiter(db: Database, clock: Clock) {
  const windowOf = (limit: Limit) => {
    const now = clock.now().getTime();
    return new Date(now - (now % limit.windowMs));
  };

  /** Counts one attempt; whether it is within the limit. */
  async function attempt(limit: Limit, executor: Executor = db): Promise<boolean> {
    const [row] = await executor
      .insert(rateCounters)
      .values({ key: limit.key, windowStart: windowOf(limit), count: 1 })
      .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
      .returning({ count: rateCounters.count });
    return (row?.count ?? 0) <= limit.max;
  }

  return {
    attempt,

    /** Counts one attempt and refuses it (429) beyond the limit. */
    async consume(limit: Limit, executor: Executor = db): Promise<void> {
      if (!(await attempt(limit, executor))) throw new AppError('rate_limited', limit.message);
    },

    /** Takes back an attempt that turned out to be no failure (a right password), so a limit counts failures only. */
    async release(limit: Limit): Promise<void> {
      await db
        .update(rateCounters)
        .set({ count: sql`greatest(${rateCounters.count} - 1, 0)` })
        .where(and(eq(rateCounters.key, limit.key), eq(rateCounters.windowStart, windowOf(limit))));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
