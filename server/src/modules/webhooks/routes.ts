import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  messageResponse,
  webhookDeliveriesPath,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryPage,
  webhookEndpoint,
  webhookEndpointCreate,
  webhookEndpointIdParams,
  webhookEndpointList,
  webhookEndpointPath,
  webhookEndpointsPath,
  webhookEndpointUpdate,
  webhookEndpointWithSecret,
  webhookEventIdParams,
  webhookReplay,
  webhookReplayPath,
  webhookReplayResult,
  webhookResend,
  webhookResendPath,
  webhookRotateSecret,
  webhookRotateSecretPath,
  webhookTestPath,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';

/** Webhooks on the customer API (packages/contracts/src/webhooks.ts): the owners and admins of the organisation the call acts for. */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { webhooks } = ctx.services;

  const manager = async (request: FastifyRequest) => (await ctx.requireOrganisation(request)).organisationId;

  app.get(webhookEndpointsPath, { schema: { response: replies(webhookEndpointList) } }, async (request) => ({
    data: { endpoints: await webhooks.list(await manager(request)) },
  }));

  app.post(webhookEndpointsPath, { schema: { body: webhookEndpointCreate, response: replies(webhookEndpointWithSecret) } }, async (request) => ({
    data: await webhooks.create(await manager(request), request.body),
  }));

  app.get(webhookEndpointPath(':id'), { schema: { params: webhookEndpointIdParams, response: replies(webhookEndpoint) } }, async (request) => ({
    data: await webhooks.get(await manager(request), request.params.id),
  }));

  app.patch(
    webhookEndpointPath(':id'),
    { schema: { params: webhookEndpointIdParams, body: webhookEndpointUpdate, response: replies(webhookEndpoint) } },
    async (request) => ({ data: await webhooks.update(await manager(request), request.params.id, request.body) }),
  );

  app.delete(webhookEndpointPath(':id'), { schema: { params: webhookEndpointIdParams, response: replies(messageResponse) } }, async (request) => ({
    data: await webhooks.remove(await manager(request), request.params.id),
  }));

  app.post(
    webhookRotateSecretPath(':id'),
    { schema: { params: webhookEndpointIdParams, body: webhookRotateSecret, response: replies(webhookEndpointWithSecret) } },
    async (request) => ({ data: await webhooks.rotateSecret(await manager(request), request.params.id, request.body.overlap) }),
  );

  app.post(webhookTestPath(':id'), { schema: { params: webhookEndpointIdParams, response: replies(webhookDelivery) } }, async (request) => ({
    data: await webhooks.sendTest(await manager(request), request.params.id),
  }));

  app.post(
    webhookReplayPath(':id'),
    { schema: { params: webhookEndpointIdParams, body: webhookReplay, response: replies(webhookReplayResult) } },
    async (request) => ({ data: await webhooks.replay(await manager(request), request.params.id, request.body) }),
  );

  app.get(webhookDeliveriesPath, { schema: { querystring: webhookDeliveriesQuery, response: replies(webhookDeliveryPage) } }, async (request) => ({
    data: await webhooks.deliveries(await manager(request), request.query),
  }));

  app.post(
    webhookResendPath(':eventId'),
    { schema: { params: webhookEventIdParams, body: webhookResend, response: replies(webhookDelivery) } },
    async (request) => ({ data: await webhooks.resend(await manager(request), request.params.eventId, request.body.endpoint_id) }),
  );
};
