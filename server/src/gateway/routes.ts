import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_REFUSALS, products, requestBodyLimit } from '@verigate/catalog';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../platform/clock.js';
import type { Telemetry } from '../platform/telemetry.js';
import { apiSecurityHeaders } from '../platform/security-headers.js';
import { observeProviderCall } from './observe.js';
import { coded, type Outcome } from './outcome.js';
import type { Environment, Gateway, GatewayAnswer, GatewayCall } from './pipeline.js';
import { rateLimitHeaders } from './rate-limit.js';
import { sandboxPages } from './sandbox-pages.js';
import type { FlowCompleted } from './completions.js';

const ENVIRONMENTS: readonly Environment[] = ['test', 'live'];

interface ProductPath {
  region: string;
  category: string;
  service: string;
  type: string;
}

/** Set by the provider API: how it answers a failure the router met before any route (an undecodable path). */
export interface ProviderApiFailures {
  answer?: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
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
  gateway: Gateway;
  failures: ProviderApiFailures;
  telemetry: Telemetry;
  /** A hosted flow completed: called in the transaction that records it. */
  onFlowCompleted: FlowCompleted;
}> = async (app, { db, clock, config, gateway, failures, telemetry, onFlowCompleted }) => {
  // Products that take files accept larger bodies; the pipeline holds each product to its own limit.
  const bodyLimit = Math.max(...products.map((product) => requestBodyLimit(product, config.BODY_LIMIT_BYTES)));
  // The API's own security headers, in place of the portal's: its routes' (set by the onRequest
  // hook), and set by answerFailure for a path the router could not take, which no route's reach.
  const securityHeaders = apiSecurityHeaders(config);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const send = (request: FastifyRequest, reply: FastifyReply, call: GatewayCall, answer: GatewayAnswer) => {
    observeProviderCall(telemetry, request, reply, call, answer);
    if (answer.rateLimit) reply.headers(rateLimitHeaders(answer.rateLimit, answer.status === 429));
    return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
  };
  const callOf = (request: FastifyRequest, environment: Environment, arn: string, productRoute: boolean, rawBody: string | undefined): GatewayCall => ({
    environment,
    arn,
    productRoute,
    headers: request.headers,
    ip: request.ip,
    rawBody,
    log: request.log,
    requestId: request.id,
  });

  // Failures before the handler (an oversized body, say) still answer in the provider envelope. Set
  // before the routes: a route keeps the error handler its context had when it was built.
  const answerFailure = async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
    reply.headers(securityHeaders);
    const call = callOf(request, environment, arn, false, undefined);
    return send(request, reply, call, await gateway.refuse(call, outcome));
  };
  app.setErrorHandler(answerFailure);
  failures.answer = answerFailure;

  for (const environment of ENVIRONMENTS) {
    app.post<{ Params: ProductPath; Body: string | undefined }>(
      `/${environment}/api/v1/:region/:category/:service/:type`,
      { bodyLimit, config: { securityHeaders } },
      async (request, reply) => {
        const { region, category, service, type } = request.params;
        const call = callOf(request, environment, `${region}_${category}_${service}_${type}`, true, request.body);
        return send(request, reply, call, await gateway.handle(call));
      },
    );
    // Any other path, version or method under the API answers 'product not found' in the envelope.
    app.all<{ Params: { '*': string } }>(`/${environment}/api/*`, { config: { securityHeaders } }, async (request, reply) => {
      const call = callOf(request, environment, request.params['*'].replace(/\//g, '_'), false, undefined);
      return send(request, reply, call, await gateway.handle(call));
    });
  }

  await app.register(sandboxPages, { db, clock, onFlowCompleted });
};
