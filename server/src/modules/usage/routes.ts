import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisationIdParam, REPORT_CSV_TOTAL_HEADER, reportCsvPath, reportCsvQuery } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { fileReplies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

/**
 * GET /organisation/{id}/usage-report.csv: the report's filter as a CSV download, streamed. The
 * number of rows comes first, in a header, so the portal can show the download's progress. The
 * report's JSON reads are actions of GET /organisation/{id} (organisations/routes.ts).
 */
export const usageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { usage } = ctx.services;

  app.get(
    reportCsvPath(':organisationId'),
    { schema: { params: organisationIdParam, querystring: reportCsvQuery, response: fileReplies(z.instanceof(Readable)) } },
    async (request, reply) => {
      const { organisationId } = request.params;
      const { userId } = await ctx.requireMember(request, organisationId);
      const csv = await usage.exportCsv(organisationId, request.query, `user:${userId}`, originOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header(REPORT_CSV_TOTAL_HEADER, String(csv.total))
        .send(csv.stream);
    },
  );
};
