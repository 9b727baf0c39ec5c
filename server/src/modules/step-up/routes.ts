import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createZpinRequest, messageResponse, organisationIdParam, updateZpinRequest, zpinState } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

export const zpinRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { stepUp } = ctx.services;

  app.get('/zpin/:organisationId', { schema: { params: organisationIdParam, response: replies(zpinState) } }, async (request) => {
    const { userId } = await ctx.requireMember(request, request.params.organisationId);
    return { data: await stepUp.zpinOf(request.params.organisationId, userId) };
  });

  app.post('/zpin', { schema: { body: createZpinRequest, response: replies(messageResponse) } }, async (request) => {
    const { userId } = await ctx.requireMember(request, request.body.orgId);
    return { data: await stepUp.createZpin(request.body.orgId, userId, request.body, originOf(request)) };
  });

  app.put(
    '/zpin/:organisationId',
    { schema: { params: organisationIdParam, body: updateZpinRequest, response: replies(messageResponse) } },
    async (request) => {
      const { userId } = await ctx.requireMember(request, request.params.organisationId);
      return { data: await stepUp.updateZpin(request.params.organisationId, userId, request.body, originOf(request)) };
    },
  );
};
