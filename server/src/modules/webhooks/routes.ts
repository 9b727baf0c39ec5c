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
import { originOf } from '../../platform/request-origin.js';

/** Webhooks on the customer API (packages/contracts/src/webhooks.ts): the owners and admins of the organisation the call acts for. */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { webhooks } = ctx.services;

  const manager = async (request: FastifyRequest) => (await ctx.requireOrganisation(request)).organisationId;
  /** The organisation a change is for, and who makes it (for the audit trail). */
  const changer = async (request: FastifyRequest) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { organisationId, actor: `user:${userId}` };
  };

  app.get(webhookEndpointsPath, { schema: { response: replies(webhookEndpointList) } }, async (request) => ({
    data: { endpoints: await webhooks.list(await manager(request)) },
  }));

  app.post(webhookEndpointsPath, { schema: { body: webhookEndpointCreate, response: replies(webhookEndpointWithSecret) } }, async (request) => {
    const { organisationId, actor } = await changer(request);
    return { data: await webhooks.create(organisationId, request.body, actor, originOf(request)) };
  });

  app.get(webhookEndpointPath(':id'), { schema: { params: webhookEndpointIdParams, response: replies(webhookEndpoint) } }, async (request) => ({
    data: await webhooks.get(await manager(request), request.params.id),
  }));

  app.patch(
    webhookEndpointPath(':id'),
    { schema: { params: webhookEndpointIdParams, body: webhookEndpointUpdate, response: replies(webhookEndpoint) } },
    async (request) => {
      const { organisationId, actor } = await changer(request);
      return { data: await webhooks.update(organisationId, request.params.id, request.body, actor, originOf(request)) };
    },
  );

  app.delete(webhookEndpointPath(':id'), { schema: { params: webhookEndpointIdParams, response: replies(messageResponse) } }, async (request) => {
    const { organisationId, actor } = await changer(request);
    return { data: await webhooks.remove(organisationId, request.params.id, actor, originOf(request)) };
  });

  app.post(
    webhookRotateSecretPath(':id'),
    { schema: { params: webhookEndpointIdParams, body: webhookRotateSecret, response: replies(webhookEndpointWithSecret) } },
    async (request) => {
      const { organisationId, actor } = await changer(request);
      return { data: await webhooks.rotateSecret(organisationId, request.params.id, request.body.overlap, actor, originOf(request)) };
    },
  );

  app.post(webhookTestPath(':id'), { schema: { params: webhookEndpointIdParams, response: replies(webhookDelivery) } }, async (request) => ({
    data: await webhooks.sendTest(await manager(request), request.params.id),
  }));

  app.post(
    webhookReplayPath(':id'),
    { schema: { params: webhookEndpointIdParams, body: webhookReplay, response: replies(webhookReplayResult) } },
    async (request) => {
      const { organisationId, actor } = await changer(request);
      return { data: await webhooks.replay(organisationId, request.params.id, request.body, actor, originOf(request)) };
    },
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
