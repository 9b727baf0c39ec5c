import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../platform/clock.js';
import { createCredentialCache } from './credentials.js';
import { createGateway, type GatewayAnswer, type TrialCall } from './pipeline.js';

export { gatewayRoutes } from './routes.js';

/**
 * The gateway's public face (server/src/gateway/README.md): app.ts starts it and registers its
 * routes; a module that needs the provider-API pipeline in process (the Trial Center) receives
 * a `TrialPipeline` and never reaches the gateway's files or tables.
 */
export interface TrialPipeline {
  trial(call: TrialCall): Promise<GatewayAnswer>;
}

/** The pipeline with its credential cache (LISTEN on the credentials channel); close() stops listening. */
export async function startGateway(db: Database, options: { clock: Clock; config: Config; log: FastifyBaseLogger }) {
  const credentials = await createCredentialCache(db, { clock: options.clock, log: options.log });
  const gateway = createGateway({ db, clock: options.clock, config: options.config, credentials });
  return { gateway, close: () => credentials.close() };
}
