import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';

/** Seconds: from a fast cached answer to an upstream that took the whole timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A query a scrape runs against the shared database: what every instance sees the same way. */
export type DatabaseSnapshot = () => Promise<{
  jobs: Array<{ queue: string; state: string; count: number }>;
  holds: { count: number; paise: number };
}>;

/**
 * The instance's Prometheus metrics (README, "Metrics"), on a registry of its own so several apps
 * in one process (the tests) keep separate figures. Counters and histograms are per instance;
 * the job queue and wallet holds are read from the database at each scrape.
 */
export function createTelemetry() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'verigate_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'verigate_provider_api_calls_total',
    help: 'Provider-API calls answered, by product, environment, response code and billability',
    labelNames: ['product', 'environment', 'response_code', 'billable'] as const,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'verigate_provider_api_call_duration_seconds',
    help: 'Time to answer a provider-API call, by product, environment and response code',
    labelNames: ['product', 'environment', 'response_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const batchRows = new Counter({
    name: 'verigate_batch_rows_processed_total',
    help: 'Batch rows run through the pipeline by this instance, by environment and billability',
    labelNames: ['environment', 'billable'] as const,
    registers: [registry],
  });
  const credentialCache = new Counter({
    name: 'verigate_credential_cache_events_total',
    help: 'Credential-cache lookups answered from memory (hit) or the database (miss), and entries dropped by a change notice (invalidation)',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const metricsRefused = new Counter({
    name: 'verigate_metrics_requests_refused_total',
    help: 'Scrapes of /metrics refused for a missing or wrong token',
    registers: [registry],
  });

  const telemetry = {
    registry,
    requestAnswered(method: string, route: string, statusCode: number, seconds: number) {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    providerCallAnswered(call: { product: string; environment: string; responseCode: number | null; billable: boolean; seconds: number }) {
      const responseCode = call.responseCode === null ? 'refused' : String(call.responseCode);
      providerCalls.inc({ product: call.product, environment: call.environment, response_code: responseCode, billable: String(call.billable) });
      providerDuration.observe({ product: call.product, environment: call.environment, response_code: responseCode }, call.seconds);
    },
    batchRowProcessed(environment: string, billable: boolean) {
      batchRows.inc({ environment, billable: String(billable) });
    },
    credentialCache: {
      hit: () => credentialCache.inc({ event: 'hit' }),
      miss: () => credentialCache.inc({ event: 'miss' }),
      invalidated: () => credentialCache.inc({ event: 'invalidation' }),
    },
    metricsRefused: () => metricsRefused.inc(),
    /** The pool's connections in use and callers waiting for one, read at each scrape. */
    watchPool(pool: pg.Pool) {
      new Gauge({
        name: 'verigate_db_pool_connections',
        help: 'Database pool connections of this instance: in use, idle, and callers waiting for one',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    },
    /** The job queue and wallet holds as the database holds them, read at each scrape. */
    watchDatabase(snapshot: DatabaseSnapshot) {
      type Snapshot = Awaited<ReturnType<DatabaseSnapshot>>;
      let latest: Promise<Snapshot> | undefined;
      // One query per scrape feeds every gauge; with the database out of reach they read empty
      // (readiness says why) and the process metrics are still served.
      const read = () =>
        (latest ??= snapshot()
          .catch((): Snapshot => ({ jobs: [], holds: { count: 0, paise: 0 } }))
          .finally(() => setTimeout(() => (latest = undefined), 100)));
      new Gauge({
        name: 'verigate_job_queue_jobs',
        help: 'Jobs of each pg-boss queue by state (created, retry, active, failed), across every instance',
        labelNames: ['queue', 'state'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          for (const row of (await read()).jobs) this.set({ queue: row.queue, state: row.state }, row.count);
        },
      });
      new Gauge({
        name: 'verigate_wallet_holds_outstanding',
        help: 'Wallet holds of live calls not yet settled, across every instance',
        registers: [registry],
        async collect() {
          this.set((await read()).holds.count);
        },
      });
      new Gauge({
        name: 'verigate_wallet_holds_outstanding_paise',
        help: 'Amount held on wallets by live calls not yet settled, in paise',
        registers: [registry],
        async collect() {
          this.set((await read()).holds.paise);
        },
      });
    },
  };
  return telemetry;
}

export type Telemetry = ReturnType<typeof createTelemetry>;
