import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { products, requestBodyLimit } from '@verigate/catalog';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../platform/clock.js';
import type { Jobs } from '../platform/jobs.js';
import { releaseStaleReservations } from './charging.js';
import { createCredentialCache } from './credentials.js';
import { coded, GATEWAY_REFUSALS, type Outcome } from './outcome.js';
import { createGateway, type Environment, type GatewayAnswer, type GatewayCall } from './pipeline.js';
import { sandboxPages } from './sandbox-pages.js';

const ENVIRONMENTS: readonly Environment[] = ['test', 'live'];
const RELEASE_QUEUE = 'gateway.release-stale-holds';

interface ProductPath {
  region: string;
  category: string;
  service: string;
  type: string;
}

/**
 * The provider API (architecture page): `POST /test/api/v1/{region}/{category}/{service}/{type}`
 * answered by the sandbox, `/live/api/v1/...` forwarded upstream. Registered at the top level,
 * in its own encapsulated context: bodies are read as text (the pipeline parses them, so even a
 * malformed body gets the provider envelope) and errors answer in the provider envelope too.
 */
export const gatewayRoutes: FastifyPluginAsync<{
  db: Database;
  clock: Clock;
  config: Config;
  jobs: Jobs;
  onWalletAlert: (alertId: string) => void;
}> = async (app, { db, clock, config, jobs, onWalletAlert }) => {
  const credentials = await createCredentialCache(db, { clock, log: app.log });
  app.addHook('onClose', () => credentials.close());
  const gateway = createGateway({ db, clock, config, credentials, onWalletAlert });

  // Holds a crashed instance left behind: released once older than any call can last, every
  // minute (pg-boss runs each tick on one instance only).
  await jobs.define(RELEASE_QUEUE, { policy: 'singleton', retryLimit: 1 });
  await jobs.work(RELEASE_QUEUE, async () => {
    const released = await releaseStaleReservations(db, new Date(clock.now().getTime() - config.RESERVATION_HOLD_MS));
    if (released > 0) app.log.warn({ released }, 'released wallet holds of unfinished live calls');
  });
  await jobs.schedule(RELEASE_QUEUE, '* * * * *');
  // At start and one hold later: what a crashed predecessor held is free again soon after a restart.
  await jobs.send(RELEASE_QUEUE, {}, { singletonKey: 'start' });
  await jobs.send(RELEASE_QUEUE, {}, { singletonKey: 'start-after-hold', startAfter: new Date(Date.now() + config.RESERVATION_HOLD_MS + 1000) });

  // Products that take files accept larger bodies; the pipeline holds each product to its own limit.
  const bodyLimit = Math.max(...products.map((product) => requestBodyLimit(product, config.BODY_LIMIT_BYTES)));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const send = (reply: FastifyReply, answer: GatewayAnswer) => reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
  const callOf = (request: FastifyRequest, environment: Environment, arn: string, productRoute: boolean, rawBody: string | undefined): GatewayCall => ({
    environment,
    arn,
    productRoute,
    headers: request.headers,
    ip: request.ip,
    rawBody,
    log: request.log,
  });

  for (const environment of ENVIRONMENTS) {
    app.post<{ Params: ProductPath; Body: string | undefined }>(
      `/${environment}/api/v1/:region/:category/:service/:type`,
      { bodyLimit },
      async (request, reply) => {
        const { region, category, service, type } = request.params;
        return send(reply, await gateway.handle(callOf(request, environment, `${region}_${category}_${service}_${type}`, true, request.body)));
      },
    );
    // Any other path or method under the API answers 'product not found' in the envelope.
    app.all<{ Params: { '*': string } }>(`/${environment}/api/v1/*`, async (request, reply) =>
      send(reply, await gateway.handle(callOf(request, environment, request.params['*'].replace(/\//g, '_'), false, undefined))),
    );
  }

  await app.register(sandboxPages, { db, clock });

  // Failures before the handler (an oversized body, say) still answer in the provider envelope.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const environment: Environment = request.url.startsWith('/live/') ? 'live' : 'test';
    const params = (request.params ?? {}) as Partial<ProductPath>;
    const arn = [params.region, params.category, params.service, params.type].filter(Boolean).join('_') || 'unknown';
    const client = (error.statusCode ?? 500) < 500;
    const outcome: Outcome = client
      ? {
          httpStatus: error.statusCode!,
          responseCode: null,
          message: error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? GATEWAY_REFUSALS.bodyTooLarge.message : error.message,
        }
      : coded(111);
    if (!client) request.log.error({ err: error }, 'provider API call failed');
    return send(reply, await gateway.refuse(callOf(request, environment, arn, false, undefined), outcome));
  });
};
