import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appActionQuery, appIdParam, appListQuery, createAppRequest, generateKeyRequest } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { firstIssue } from '../../platform/validation.js';

export const appRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { apps } = ctx.services;

  app.get('/app', { schema: { querystring: appListQuery } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await apps.list(organisationId) };
  });

  app.post('/app', { schema: { body: createAppRequest } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { data: await apps.create(organisationId, request.body.name.trim(), `user:${userId}`) };
  });

  app.get('/app/:appId', { schema: { params: appIdParam } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await apps.get(organisationId, request.params.appId) };
  });

  app.put('/app/:appId', { schema: { params: appIdParam, querystring: appActionQuery } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    const body = generateKeyRequest.safeParse(request.body ?? {});
    if (!body.success) throw firstIssue(body.error);
    return { data: await apps.generateKey(organisationId, request.params.appId, body.data.keyName, `user:${userId}`) };
  });
};
