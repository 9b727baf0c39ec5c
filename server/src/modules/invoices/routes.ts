import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errEnvelope, invoiceIdParam, invoiceList, invoicePdfPath, invoicesPath } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';

/** The organisation's tax invoices and receipts (the one the request acts for: `x-org-id`, else the user's own). */
export const invoiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { invoices } = ctx.services;

  app.get(invoicesPath, { schema: { response: replies(invoiceList) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await invoices.list(organisationId) };
  });

  app.get(
    invoicePdfPath(':invoiceId'),
    { schema: { params: invoiceIdParam, response: { 200: z.instanceof(Buffer), '4xx': errEnvelope, '5xx': errEnvelope } } },
    async (request, reply) => {
      const { organisationId } = await ctx.requireOrganisation(request);
      const file = await invoices.pdf(organisationId, request.params.invoiceId);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );
};
