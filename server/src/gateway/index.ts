import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../platform/clock.js';
import type { Jobs } from '../platform/jobs.js';
import type { Telemetry } from '../platform/telemetry.js';
import { releaseStaleReservations } from './charging.js';
import { createCredentialCache } from './credentials.js';
import { createGroupCommit } from './group-commit.js';
import { createKeyUsage } from './key-usage.js';
import { createCallLimiter } from './rate-limit.js';
import { createGateway, type BatchRowCall, type GatewayAnswer, type TrialCall } from './pipeline.js';
import { forgetOldTasks, recordedTasks, type RecordedTask } from './transactions.js';

export type { RecordedTask };

export { gatewayRoutes, type ProviderApiFailures } from './routes.js';
export { upstreamCallbackRoutes } from './upstream-callbacks.js';
export type { FlowCompleted } from './completions.js';
/** For tests that write the keys' last use before they look. */
export { keyUsageFor } from './key-usage.js';

/**
 * The gateway's public face (server/src/gateway/README.md): app.ts starts it and registers its
 * routes; a module that needs the provider-API pipeline in process (the Trial Center) receives
 * a `TrialPipeline` and never reaches the gateway's files or tables.
 */
export interface TrialPipeline {
  trial(call: TrialCall): Promise<GatewayAnswer>;
}

/**
 * What the batch service needs of the pipeline: a row run on the batch's test or live app with its derived task id,
 * and which task ids an app has already used (a row answered just before a crash).
 */
export interface BatchPipeline {
  batchRow(call: BatchRowCall): Promise<GatewayAnswer>;
  recordedTasks(appId: string, taskIds: readonly string[]): Promise<RecordedTask[]>;
}

const RELEASE_QUEUE = 'gateway.release-stale-holds';

/**
 * The pipeline with its credential cache (LISTEN on the credentials channel) and the job that
 * releases wallet holds a crashed instance left behind; close() stops listening.
 */
export async function startGateway(
  db: Database,
  {
    clock,
    config,
    log,
    jobs,
    telemetry,
    onWalletAlert,
  }: { clock: Clock; config: Config; log: FastifyBaseLogger; jobs: Jobs; telemetry: Telemetry; onWalletAlert: (alertId: string) => void },
) {
  const group = createGroupCommit(db);
  const credentials = await createCredentialCache(db, {
    clock,
    log,
    metrics: telemetry.credentialCache,
    onConnected: async (connection) => {
      if (!(await group.claimSlots(connection))) log.warn('every run of writer slots is claimed by other instances: this one shares one');
    },
  });
  const keyUsage = createKeyUsage(db, { log });
  const rateLimit = createCallLimiter({ db, clock, fallback: config.APP_RATE_LIMIT });
  const gateway = createGateway({ db, clock, config, credentials, group, onWalletAlert, keyUsage, rateLimit });

  // Released once older than any call can last, every minute (pg-boss runs each tick on one instance only).
  await jobs.define(RELEASE_QUEUE, { policy: 'singleton', retryLimit: 1 });
  await jobs.work(RELEASE_QUEUE, async () => {
    const released = await releaseStaleReservations(db, new Date(clock.now().getTime() - config.RESERVATION_HOLD_MS));
    if (released > 0) log.warn({ released }, 'released wallet holds of unfinished live calls');
    await forgetOldTasks(db, clock.now());
  });
  await jobs.schedule(RELEASE_QUEUE, '* * * * *');
  // At start and one hold later: what a crashed predecessor held is free again soon after a restart.
  await jobs.send(RELEASE_QUEUE, {}, { singletonKey: 'start' });
  await jobs.send(RELEASE_QUEUE, {}, { singletonKey: 'start-after-hold', startAfter: new Date(Date.now() + config.RESERVATION_HOLD_MS + 1000) });

  const batch: BatchPipeline = {
    async batchRow(call) {
      const answer = await gateway.batchRow(call);
      telemetry.batchRowProcessed(call.environment, answer.body.metadata.billable === 'Y');
      return answer;
    },
    recordedTasks: (appId, taskIds) => recordedTasks(db, appId, taskIds),
  };
  return {
    gateway,
    batch,
    /** Before the pool closes: the queued calls are committed and answered, the keys' last use written, then the cache stops listening. */
    async close() {
      await group.close();
      await keyUsage.close();
      await credentials.close();
    },
  };
}
