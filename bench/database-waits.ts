import pg from 'pg';

/** What the sampled backends were doing: running, or waiting for one of these. */
export interface DatabaseWaits {
  /** Samples taken. */
  samples: number;
  /** Active backends seen over all samples: their mean is `active / samples`. */
  active: number;
  running: number;
  /** A row or transaction lock another transaction holds until it commits (a hot row). */
  rowLock: number;
  /** The WAL written and flushed at commit. */
  walFlush: number;
  other: number;
}

/** Several samplings' waits as one, as if sampled in one go. */
export const addedWaits = (all: readonly DatabaseWaits[]): DatabaseWaits =>
  all.reduce((total, next) => ({
    samples: total.samples + next.samples,
    active: total.active + next.active,
    running: total.running + next.running,
    rowLock: total.rowLock + next.rowLock,
    walFlush: total.walFlush + next.walFlush,
    other: total.other + next.other,
  }));

/**
 * PostgreSQL's wait events of writing and flushing the WAL, new WAL files' included (IO and
 * LWLock), as PostgreSQL 17 names them and as earlier versions did (a DATABASE_URL may be either).
 */
const WAL_FLUSH = new Set(['WalSync', 'WalWrite', 'WalInitSync', 'WalInitWrite', 'WALSync', 'WALWrite', 'WALInitSync', 'WALInitWrite']);

/**
 * Samples, every `everyMs`, what the backends of `databaseUrl`'s database that are running a
 * statement are doing (pg_stat_activity), until `stop`. The share of them waiting for a row lock
 * shows how much the calls' transactions queue behind each other on the rows they all update
 * (a subscription's credits, a day's rollups), which a CPU profile does not show.
 */
export function sampleDatabaseWaits(databaseUrl: string, everyMs = 20): { stop: () => Promise<DatabaseWaits> } {
  const client = new pg.Client({ connectionString: databaseUrl });
  const waits: DatabaseWaits = { samples: 0, active: 0, running: 0, rowLock: 0, walFlush: 0, other: 0 };
  let stopped = false;
  // Kept until `stop`, which reports it: a rejection nobody awaits yet would end the process.
  let failure: unknown;
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ wait_event_type: string | null; wait_event: string | null }>(
        "select wait_event_type, wait_event from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active'",
      );
      waits.samples += 1;
      for (const { wait_event_type: type, wait_event: event } of rows) {
        waits.active += 1;
        if (type === null) waits.running += 1;
        else if (type === 'Lock' && (event === 'transactionid' || event === 'tuple')) waits.rowLock += 1;
        else if (event !== null && WAL_FLUSH.has(event)) waits.walFlush += 1;
        else waits.other += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })().catch((error: unknown) => {
    failure = error;
  });
  return {
    stop: async () => {
      stopped = true;
      await sampling;
      await client.end().catch(() => undefined);
      if (failure) throw new Error(`sampling the database's waits failed: ${failure instanceof Error ? failure.message : String(failure)}`);
      return waits;
    },
  };
}

/** '0.9 active: 52% running, 31% waiting for a row lock, 12% for the WAL flush, 5% other'. */
export function describeWaits(waits: DatabaseWaits): string {
  if (waits.active === 0) return `no statement seen running in ${waits.samples} samples`;
  const share = (part: number) => `${Math.round((100 * part) / waits.active)}%`;
  return (
    `${(waits.active / waits.samples).toFixed(1)} active: ${share(waits.running)} running, ${share(waits.rowLock)} waiting for a row lock, ` +
    `${share(waits.walFlush)} for the WAL flush, ${share(waits.other)} other`
  );
}
