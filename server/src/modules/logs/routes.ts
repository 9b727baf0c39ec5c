import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiLogDetail,
  apiLogPage,
  logDetailQuery,
  logPath,
  logRequestIdParams,
  logRetention,
  logRetentionPath,
  logsPath,
  logsQuery,
  organisationIdParam,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

/**
 * API Logs on the customer API: the calls of the organisation the request acts for (`x-org-id`,
 * else the user's own), and its retention setting (read by members, changed by owners).
 */
export const logRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { logs } = ctx.services;

  app.get(logsPath, { schema: { querystring: logsQuery, response: replies(apiLogPage) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await logs.list(organisationId, request.query) };
  });

  app.get(logPath(':requestId'), { schema: { params: logRequestIdParams, querystring: logDetailQuery, response: replies(apiLogDetail) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await logs.get(organisationId, request.params.requestId, request.query.tz) };
  });

  app.get(logRetentionPath(':organisationId'), { schema: { params: organisationIdParam, response: replies(logRetention) } }, async (request) => {
    await ctx.requireMember(request, request.params.organisationId);
    return { data: await logs.retention(request.params.organisationId) };
  });

  app.put(
    logRetentionPath(':organisationId'),
    { schema: { params: organisationIdParam, body: logRetention, response: replies(logRetention) } },
    async (request) => {
      const { userId } = await ctx.requireMember(request, request.params.organisationId);
      return { data: await logs.setRetention(request.params.organisationId, userId, request.body.retention_days, originOf(request)) };
    },
  );
};
