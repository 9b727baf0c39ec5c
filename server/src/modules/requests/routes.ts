import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRequestBody, customerRequestList, requestRegistered } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

export const requestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { requests } = ctx.services;

  app.get('/requests', { schema: { response: replies(customerRequestList) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await requests.list(organisationId) };
  });

  app.post('/requests', { schema: { body: createRequestBody, response: replies(requestRegistered) } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { data: await requests.create(organisationId, userId, request.body.request_type, null, originOf(request)) };
  });
};
