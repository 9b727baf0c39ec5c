import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { poolOf } from '../db/pool.js';

/** Remembers each key's latest call and writes them together, so a call costs no write of its own. */
export interface KeyUsage {
  /** Notes a call made with the key at `at` from `clientIp`; the latest one per key is kept. */
  touch(keyId: string, clientIp: string, at: Date): void;
  /** Writes what was noted since the last flush. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

const DEFAULT_FLUSH_MS = 5000;

/** The address moves only with a later call, so an instance flushing an older use changes neither column. */
const FLUSH = `
update app_keys as k
   set last_used_at = greatest(k.last_used_at, v.at),
       last_client_ip = case when k.last_used_at is null or v.at >= k.last_used_at then v.ip else k.last_client_ip end
  from unnest($1::uuid[], $2::timestamptz[], $3::text[]) as v(id, at, ip)
 where k.id = v.id`;
const usages = new WeakMap<Database, KeyUsage>();

/** The key usage of the app built on `db`, for tests that flush it before they look. */
export const keyUsageFor = (db: Database): KeyUsage | undefined => usages.get(db);

/**
 * Last used at and last client address per key, flushed every `flushMs` in one statement. Several
 * instances write the same keys: `greatest()` keeps the latest call whichever instance writes last,
 * and the address moves only with it, so the columns never go backwards.
 */
export function createKeyUsage(db: Database, { flushMs = DEFAULT_FLUSH_MS, log }: { flushMs?: number; log?: FastifyBaseLogger } = {}): KeyUsage {
  let pending = new Map<string, { at: number; ip: string }>();
  let flushing: Promise<void> = Promise.resolve();

  const keep = (into: Map<string, { at: number; ip: string }>, keyId: string, at: number, ip: string) => {
    const known = into.get(keyId);
    if (!known || at >= known.at) into.set(keyId, { at, ip });
  };

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    try {
      await poolOf(db).query(FLUSH, [ids, ids.map((id) => new Date(batch.get(id)!.at)), ids.map((id) => batch.get(id)!.ip)]);
    } catch (error) {
      // Kept for the next flush: a short outage loses no usage.
      for (const [keyId, use] of batch) keep(pending, keyId, use.at, use.ip);
      log?.warn({ err: error }, 'key usage could not be written; retrying at the next flush');
    }
  }

  const flush = () => (flushing = flushing.then(write));
  const timer = setInterval(() => void flush(), flushMs).unref();

  const usage: KeyUsage = {
    touch: (keyId, clientIp, at) => keep(pending, keyId, at.getTime(), clientIp),
    flush,
    async close() {
      clearInterval(timer);
      usages.delete(db);
      await flush();
    },
  };
  usages.set(db, usage);
  return usage;
}
