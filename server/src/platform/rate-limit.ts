import { sql } from 'drizzle-orm';
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
 * Fixed-window counters in PostgreSQL, so the limit holds across every instance. Each call
 * counts one attempt and refuses it once the window's count passes the limit; the count and the
 * check are one statement, so parallel attempts are counted one by one. Given a transaction, the
 * attempt counts only if it commits: a refusal thrown inside it takes its own count back.
 */
export function createRateLimiter(db: Database, clock: Clock) {
  return {
    async consume(limit: Limit, executor: Executor = db): Promise<void> {
      const now = clock.now().getTime();
      const windowStart = new Date(now - (now % limit.windowMs));
      const [row] = await executor
        .insert(rateCounters)
        .values({ key: limit.key, windowStart, count: 1 })
        .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
        .returning({ count: rateCounters.count });
      if ((row?.count ?? 0) > limit.max) throw new AppError('rate_limited', limit.message);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
