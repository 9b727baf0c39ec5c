import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogCsvPath, auditLogPage, auditLogPath, auditLogQuery } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { fileReplies, replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

/** The organisation's security history (packages/contracts/src/audit-log.ts), for owners and admins. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { auditLog } = ctx.services;

  app.get(auditLogPath, { schema: { querystring: auditLogQuery, response: replies(auditLogPage) } }, async (request) => ({
    data: await auditLog.page((await ctx.requireOrganisation(request)).organisationId, request.query),
  }));

  app.get(auditLogCsvPath, { schema: { querystring: auditLogQuery, response: fileReplies(z.string()) } }, async (request, reply) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    const csv = await auditLog.csv(organisationId, request.query, `user:${userId}`, originOf(request));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"').send(csv);
  });
};
