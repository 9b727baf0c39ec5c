import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingDetails,
  billingDetailsAnswer,
  billingDetailsPath,
  invoiceIdParam,
  invoiceList,
  invoicePdfPath,
  invoicesPath,
  ledgerCsvPath,
  ledgerQuery,
  statementParams,
  statementPath,
  statementQuery,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { fileReplies, replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

const CONTENT_TYPES = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' } as const;

/**
 * The finance documents of the organisation the request acts for (`x-org-id`, else the user's
 * own): its tax invoices and receipts, monthly statements and the wallet ledger.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { invoices } = ctx.services;

  app.get(invoicesPath, { schema: { response: replies(invoiceList) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await invoices.list(organisationId) };
  });

  app.get(billingDetailsPath, { schema: { response: replies(billingDetailsAnswer) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await invoices.billingDetails(organisationId) };
  });

  app.put(billingDetailsPath, { schema: { body: billingDetails, response: replies(billingDetails) } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { data: await invoices.saveBillingDetails(organisationId, userId, request.body, originOf(request)) };
  });

  app.get(invoicePdfPath(':invoiceId'), { schema: { params: invoiceIdParam, response: fileReplies(z.instanceof(Buffer)) } }, async (request, reply) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    const file = await invoices.pdf(organisationId, request.params.invoiceId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
  });

  app.get(
    statementPath(':month'),
    { schema: { params: statementParams, querystring: statementQuery, response: fileReplies(z.union([z.instanceof(Buffer), z.string()])) } },
    async (request, reply) => {
      const { organisationId } = await ctx.requireOrganisation(request);
      const file = await invoices.statementFile(organisationId, request.params.month, request.query.format);
      return reply.type(CONTENT_TYPES[request.query.format]).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );

  app.get(ledgerCsvPath, { schema: { querystring: ledgerQuery, response: fileReplies(z.instanceof(Readable)) } }, async (request, reply) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    const file = await invoices.ledgerCsv(organisationId, request.query, `user:${userId}`, originOf(request));
    return reply.type(CONTENT_TYPES.csv).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.stream);
  });
};
