import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_CALLBACK_PATH,
  formatWithGst,
  linkIdParam,
  organisationIdParam,
  paiseToRupees,
  paymentCreateRequest,
  paymentLink,
  paymentLinkCreated,
  virtualAccount,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { onlyFromThisMachine } from '../../platform/dev-tools.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';
import type { SandboxGateway } from './gateways.js';
import { checkoutPage, closedLinkPage, transferPage } from './pages.js';

const webhookReceived = z.strictObject({ received: z.literal(true), outcome: z.string() });
/** A provider's webhook body is small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** Form posts of the plain HTML pages (no script): `application/x-www-form-urlencoded`. */
function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { payments } = ctx.services;

  app.post('/payment/create', { schema: { body: paymentCreateRequest, response: replies(paymentLinkCreated) } }, async (request) => {
    const { organisationId, userId } = await ctx.requireOrganisation(request);
    return { data: await payments.createLink(organisationId, userId, request.body.amount, originOf(request)) };
  });

  app.get('/payment/fetch/:link_id', { schema: { params: linkIdParam, response: replies(paymentLink) } }, async (request) => {
    const { organisationId } = await ctx.requireOrganisation(request);
    return { data: await payments.fetchLink(organisationId, request.params.link_id) };
  });

  app.get('/organisation/:organisationId/virtual-account', { schema: { params: organisationIdParam, response: replies(virtualAccount) } }, async (request) => {
    await ctx.requireMember(request, request.params.organisationId);
    return { data: await payments.virtualAccount(request.params.organisationId) };
  });

  // Webhooks are verified over the exact bytes the provider signed, so their body stays text.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    webhooks.post<{ Params: { gateway: string }; Body: string | undefined }>(
      '/payment/webhook/:gateway',
      { schema: { params: z.strictObject({ gateway: z.string().max(20) }), response: replies(webhookReceived) } },
      async (request) => ({
        data: { received: true as const, outcome: await payments.handleWebhook(request.params.gateway, request.headers, request.body ?? '') },
      }),
    );
  });
};

/**
 * The sandbox provider's hosted checkout, outside /api like a provider's own page: Pay, Fail or
 * Cancel sends the signed webhook to this server's webhook route, then returns the payer to the
 * portal's callback page.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; sandbox: SandboxGateway }> = async (app, { ctx, sandbox }) => {
  const { payments } = ctx.services;
  const callbackUrl = (linkId: string) => `${ctx.config.PUBLIC_URL}${PAYMENT_CALLBACK_PATH}?link_id=${encodeURIComponent(linkId)}`;
  const html = (reply: { type: (value: string) => unknown }) => reply.type('text/html; charset=utf-8');
  acceptForms(app);
  const params = z.strictObject({ linkId: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/) });

  app.get('/checkout/:linkId', { schema: { params } }, async (request, reply) => {
    const link = await payments.checkoutLink(request.params.linkId);
    if (!link) return reply.status(404).type('text/plain').send('Payment link not found');
    html(reply);
    if (link.status !== 'ACTIVE') return closedLinkPage(link.status, callbackUrl(request.params.linkId));
    return checkoutPage({
      linkId: link.linkId!,
      orderId: link.orderId,
      amountRupees: paiseToRupees(link.amountPaise),
      breakdown: formatWithGst(paiseToRupees(link.taxablePaise), ctx.config.GST_RATE_PERCENT),
      expiresAt: link.expiresAt,
    });
  });

  app.post('/checkout/:linkId', { schema: { params, body: z.object({ outcome: z.enum(['pay', 'fail', 'cancel']) }) } }, async (request, reply) => {
    const link = await payments.checkoutLink(request.params.linkId);
    if (!link) return reply.status(404).type('text/plain').send('Payment link not found');
    if (link.status === 'ACTIVE') {
      const status = ({ pay: 'paid', fail: 'error', cancel: 'cancelled' } as const)[request.body.outcome];
      const event = sandbox.signedEvent(
        {
          link_id: link.linkId!,
          status,
          amount_paid: status === 'paid' ? paiseToRupees(link.amountPaise) : 0,
          reference: `sbx_${randomBytes(6).toString('hex')}`,
        },
        String(Date.now()),
      );
      const delivered = await app.inject({ method: 'POST', url: '/api/payment/webhook/sandbox', headers: event.headers, payload: event.body });
      if (delivered.statusCode !== 200) request.log.warn({ status: delivered.statusCode }, 'sandbox webhook refused');
    }
    return reply.redirect(callbackUrl(request.params.linkId), 303);
  });
};

/**
 * Development only (with the local mailbox's setting, from this machine): simulate the bank
 * transfer a requested plan waits for. It activates plans without money, so it is never on in production.
 */
export const devTransferRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { plans, payments, organisations } = ctx.services;
  onlyFromThisMachine(app);
  acceptForms(app);

  const pending = async () =>
    Promise.all(
      (await plans.pendingPayments()).map(async (item) => ({
        organisationId: item.organisationId,
        organisation: (await organisations.get(item.organisationId)).name,
        plan: item.planName,
        breakdown: formatWithGst(paiseToRupees(item.amountPaise), ctx.config.GST_RATE_PERCENT),
        accountNumber: (await payments.virtualAccount(item.organisationId)).account_number,
      })),
    );

  app.get('/dev/transfers', async (_request, reply) => reply.type('text/html; charset=utf-8').send(transferPage(await pending(), null)));

  app.post('/dev/transfers', { schema: { body: z.object({ organisationId: z.uuid() }) } }, async (request, reply) => {
    const item = (await plans.pendingPayments()).find((candidate) => candidate.organisationId === request.body.organisationId);
    let notice = 'That organisation is not waiting for a transfer.';
    if (item) {
      const utr = `DEV${randomBytes(6).toString('hex').toUpperCase()}`;
      await payments.recordTransfer(item.organisationId, paiseToRupees(item.duePaise), utr, 'operator:dev-transfer-page', originOf(request));
      notice = `Recorded a transfer of ${paiseToRupees(item.duePaise)} rupees (UTR ${utr}).`;
    }
    return reply.type('text/html; charset=utf-8').send(transferPage(await pending(), notice));
  });
};
