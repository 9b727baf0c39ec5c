import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createZpinRequest, organisationIdParam, updateZpinRequest } from '@verigate/contracts';
import type { AppContext } from '../../context.js';

export const zpinRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { stepUp } = ctx.services;
  const member = async (request: Parameters<AppContext['requireUser']>[0], organisationId: string) => {
    const user = await ctx.requireUser(request);
    await ctx.access.requireMember(user.userId, organisationId);
    return user;
  };

  app.get('/zpin/:organisationId', { schema: { params: organisationIdParam } }, async (request) => {
    await member(request, request.params.organisationId);
    return { data: await stepUp.zpinOf(request.params.organisationId) };
  });

  app.post('/zpin', { schema: { body: createZpinRequest } }, async (request) => {
    const { userId } = await member(request, request.body.orgId);
    return { data: await stepUp.createZpin(request.body.orgId, userId, request.body, request.ip) };
  });

  app.put('/zpin/:organisationId', { schema: { params: organisationIdParam, body: updateZpinRequest } }, async (request) => {
    const { userId } = await member(request, request.params.organisationId);
    return { data: await stepUp.updateZpin(request.params.organisationId, userId, request.body, request.ip) };
  });
};
