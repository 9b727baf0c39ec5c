import { sql } from 'drizzle-orm';
import { RATE_LIMIT_BY_PLAN, RATE_LIMIT_CUSTOM_PLAN, RATE_LIMIT_NO_PLAN } from '@verigate/contracts';
import type { Database } from '../db/client.js';
import type { Clock } from '../platform/clock.js';

/**
 * Per-app limits of provider-API calls per second (docs/decisions/0019-rate-limits.md): fixed
 * one-second windows whose calls are leased from PostgreSQL in chunks. A lease is one statement
 * on the app's `rate_limit_windows` row, so the instances together are never granted more than
 * the limit in a window; the calls in between spend the lease in memory, without a round trip.
 * An app whose window is used up is refused from memory until the next window.
 */

/** What the `RateLimit-Policy` and `RateLimit` headers of an answer say. */
export interface RateLimitState {
  /** Calls per window (q). */
  limit: number;
  /** Calls left in this window (r), as this instance knows. */
  remaining: number;
  /** Whole seconds until the window ends (t, and Retry-After on a 429); at least 1. */
  resetSeconds: number;
}

interface Admission {
  admitted: boolean;
  state: RateLimitState;
}

const WINDOW_MS = 1000;
/** A lease takes a tenth of the limit (at least the calls waiting): ten round trips per window and app at most, per instance. */
const LEASE_PARTS = 10;
/** Beyond this many apps remembered, the windows that ended are forgotten. */
const SWEEP_AT = 10_000;

interface AppWindow {
  window: number;
  /** Calls per window, as the latest lease or look read it. */
  limit: number;
  /** Leased to this instance and not yet spent. */
  leased: number;
  /** Granted to all instances in this window, as the latest lease read it. */
  granted: number;
  /** Callers of this instance waiting for the lease under way. */
  waiting: number;
  leasing?: Promise<void>;
}

/** The app's limit: the operator's for its organisation, else `fallback` when configured, else its active plan's. */
const quotaOf = (appId: string, fallback: number | undefined) => sql`
  select coalesce(
           (select o.calls_per_second from organisation_rate_limits o where o.organisation_id = a.organisation_id),
           ${fallback ?? null}::int,
           (select case when p.is_custom_plan then ${RATE_LIMIT_CUSTOM_PLAN}::int else (${JSON.stringify(RATE_LIMIT_BY_PLAN)}::jsonb ->> p.code)::int end
              from plan_subscriptions s join plans p on p.id = s.plan_id
             where s.organisation_id = a.organisation_id and s.status = 'ACTIVE'),
           ${RATE_LIMIT_NO_PLAN}::int) as quota
    from apps a where a.id = ${appId}::uuid`;

export function createCallLimiter({ db, clock, fallback }: { db: Database; clock: Clock; fallback?: number }) {
  const windows = new Map<string, AppWindow>();

  const windowOf = (now: number) => Math.floor(now / WINDOW_MS);

  function current(appId: string): AppWindow | undefined {
    const window = windowOf(clock.now().getTime());
    const entry = windows.get(appId);
    if (entry?.window === window) return entry;
    if (windows.size > SWEEP_AT) for (const [id, old] of windows) if (old.window < window && !old.leasing) windows.delete(id);
    if (!entry) return undefined;
    const fresh: AppWindow = { window, limit: entry.limit, leased: 0, granted: 0, waiting: 0 };
    windows.set(appId, fresh);
    return fresh;
  }

  function stateOf(entry: AppWindow, refused = false): RateLimitState {
    const endsIn = (entry.window + 1) * WINDOW_MS - clock.now().getTime();
    return {
      limit: entry.limit,
      remaining: refused ? 0 : entry.leased + Math.max(0, entry.limit - entry.granted),
      resetSeconds: Math.max(1, Math.ceil(endsIn / 1000)),
    };
  }

  /** Takes up to a tenth of the limit (or the calls waiting) from the app's window row, in one statement. */
  async function lease(appId: string, entry: AppWindow): Promise<void> {
    const { rows } = await db.execute<{ quota: number; granted: number; last_grant: number }>(sql`
      with q as (${quotaOf(appId, fallback)}),
      want as (select quota, least(quota, greatest(${entry.waiting}::int, ceil(quota / ${LEASE_PARTS}::numeric)::int)) as take from q)
      insert into rate_limit_windows as w (app_id, window_start, granted, last_grant)
      select ${appId}::uuid, ${entry.window}::bigint, take, take from want
      on conflict (app_id) do update set
        window_start = greatest(w.window_start, excluded.window_start),
        last_grant = case when excluded.window_start > w.window_start then excluded.granted
                          else greatest(0, least(excluded.granted, (select quota from want) - w.granted)) end,
        granted = case when excluded.window_start > w.window_start then excluded.granted
                       else w.granted + greatest(0, least(excluded.granted, (select quota from want) - w.granted)) end
      returning (select quota from want) as quota, granted, last_grant`);
    const row = rows[0];
    if (!row) {
      // The app was deleted meanwhile: nothing is granted.
      entry.limit ||= RATE_LIMIT_NO_PLAN;
      entry.granted = entry.limit;
      return;
    }
    entry.limit = Number(row.quota);
    entry.granted = Math.max(entry.granted, Number(row.granted));
    entry.leased += Number(row.last_grant);
  }

  return {
    /** Takes one call of the app's current window: refused (r=0) when the window is used up across the instances. */
    async admit(appId: string): Promise<Admission> {
      let entry = current(appId);
      if (!entry) {
        entry = { window: windowOf(clock.now().getTime()), limit: 0, leased: 0, granted: 0, waiting: 0 };
        windows.set(appId, entry);
      }
      for (;;) {
        if (entry.leased > 0) {
          entry.leased -= 1;
          return { admitted: true, state: stateOf(entry) };
        }
        // Known used up: refused from memory, no round trip.
        if (entry.limit > 0 && entry.granted >= entry.limit) return { admitted: false, state: stateOf(entry, true) };
        const target = entry;
        target.waiting += 1;
        try {
          await (target.leasing ??= lease(appId, target).finally(() => (target.leasing = undefined)));
        } finally {
          target.waiting -= 1;
        }
        if (target.leased === 0 && target.limit > 0 && target.granted >= target.limit) return { admitted: false, state: stateOf(target, true) };
      }
    },

    /** The app's window without taking a call: for an answer that refused the call before it was counted. */
    async peek(appId: string): Promise<RateLimitState> {
      const known = current(appId);
      if (known && known.limit > 0) return stateOf(known);
      const window = windowOf(clock.now().getTime());
      const { rows } = await db.execute<{ quota: number; granted: number | null }>(sql`
        with q as (${quotaOf(appId, fallback)})
        select q.quota, (select w.granted from rate_limit_windows w where w.app_id = ${appId}::uuid and w.window_start = ${window}::bigint) as granted from q`);
      const entry: AppWindow = { window, limit: Number(rows[0]?.quota ?? RATE_LIMIT_NO_PLAN), leased: 0, granted: Number(rows[0]?.granted ?? 0), waiting: 0 };
      if (!windows.has(appId)) windows.set(appId, entry);
      return stateOf(entry);
    },
  };
}

export type CallLimiter = ReturnType<typeof createCallLimiter>;

/** The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers, structured fields) of an answer, with Retry-After on a 429. */
export function rateLimitHeaders(state: RateLimitState, refused: boolean): Record<string, string> {
  return {
    'ratelimit-policy': `"app";q=${state.limit};w=${WINDOW_MS / 1000}`,
    ratelimit: `"app";r=${state.remaining};t=${state.resetSeconds}`,
    ...(refused ? { 'retry-after': String(state.resetSeconds) } : {}),
  };
}
