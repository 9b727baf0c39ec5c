import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisation, organisationIdParam, payment, plan, rateLimitSetting, rupeesToPaise, subscriptionResult } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { fileReplies, replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';
import { sameSecret } from '../../platform/secrets.js';
import {
  activationRequest,
  auditEntry,
  auditQuery,
  customPlanRequest,
  documentIdParam,
  managerAssignment,
  openRequest,
  organisationRow,
  planRow,
  productDecision,
  productRequest,
  transferRecord,
  userAccess,
  userByEmail,
} from './schemas.js';

/**
 * The provider's back office. Off unless ADMIN_TOKEN is set; every call names its operator in
 * `x-operator`, and every change is recorded in the audit trail with that name.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const token = ctx.config.ADMIN_TOKEN;
  if (!token) return;
  const { admin: backOffice, organisations, products, users, plans, payments, requests } = ctx.services;

  await app.register(
    async (instance) => {
      const admin = instance.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', async (request) => {
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameSecret(given, token)) throw new AppError('unauthorized', 'Operator token required');
        const operator = request.headers['x-operator'];
        if (typeof operator !== 'string' || !/^[\w.@-]{2,64}$/.test(operator)) throw new AppError('bad_request', 'Name the operator in the x-operator header');
      });
      const operatorOf = (headers: Record<string, unknown>) => `operator:${String(headers['x-operator'])}`;

      admin.get('/organisations', { schema: { response: replies(z.array(organisationRow)) } }, async () => ({ data: await backOffice.organisations() }));

      admin.get('/product-requests', { schema: { response: replies(z.array(productRequest)) } }, async () => ({ data: await products.pendingRequests() }));

      for (const decision of ['approve', 'reject'] as const) {
        admin.post(`/product-requests/${decision}`, { schema: { body: productDecision, response: replies(subscriptionResult) } }, async (request) => ({
          data: await products.decide(request.body.organisationId, request.body.arn, decision, operatorOf(request.headers), originOf(request)),
        }));
      }

      admin.get('/activation-requests', { schema: { response: replies(z.array(activationRequest)) } }, async () => ({
        data: await organisations.activationRequests(),
      }));

      admin.get('/documents/:documentId', { schema: { params: documentIdParam, response: fileReplies(z.instanceof(Buffer)) } }, async (request, reply) => {
        const document = await organisations.kycDocument(request.params.documentId);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${document.fileName.replace(/[^\w.-]/g, '_')}"`)
          .send(document.content);
      });

      admin.post('/organisations/:organisationId/activate', { schema: { params: organisationIdParam, response: replies(organisation) } }, async (request) => ({
        data: await organisations.activate(request.params.organisationId, operatorOf(request.headers), originOf(request)),
      }));

      admin.put(
        '/organisations/:organisationId/managers',
        { schema: { params: organisationIdParam, body: managerAssignment, response: replies(organisation) } },
        async (request) => {
          const { role, ...manager } = request.body;
          return { data: await organisations.assignManager(request.params.organisationId, role, manager, operatorOf(request.headers), originOf(request)) };
        },
      );

      for (const [path, deactivated] of [
        ['/users/deactivate', true],
        ['/users/reactivate', false],
      ] as const) {
        admin.post(path, { schema: { body: userByEmail, response: replies(userAccess) } }, async (request) => ({
          data: await users.setDeactivated(request.body.email, deactivated, operatorOf(request.headers)),
        }));
      }

      admin.get('/plans', { schema: { response: replies(z.array(planRow)) } }, async () => ({ data: await plans.allPlans() }));

      // What the scheduled expiry job does every minute, run now (after downtime, say).
      admin.post('/plans/expire', { schema: { response: replies(z.strictObject({ expired: z.number() })) } }, async () => ({
        data: { expired: await plans.expireDue() },
      }));

      admin.post(
        '/organisations/:organisationId/custom-plans',
        { schema: { params: organisationIdParam, body: customPlanRequest, response: replies(plan) } },
        async (request) => {
          const { name, plan_type, amount, validity_months, base_plan, prices } = request.body;
          const pricesPaise = prices ? Object.fromEntries(Object.entries(prices).map(([arn, rupees]) => [arn, rupeesToPaise(rupees)])) : undefined;
          return {
            data: await plans.createCustomPlan(
              request.params.organisationId,
              { name, planType: plan_type, amountPaise: rupeesToPaise(amount), validityMonths: validity_months, basePlanCode: base_plan, pricesPaise },
              operatorOf(request.headers),
              originOf(request),
            ),
          };
        },
      );

      admin.post(
        '/organisations/:organisationId/transfers',
        { schema: { params: organisationIdParam, body: transferRecord, response: replies(payment) } },
        async (request) => ({
          data: await payments.recordTransfer(
            request.params.organisationId,
            request.body.amount,
            request.body.utr,
            operatorOf(request.headers),
            originOf(request),
          ),
        }),
      );

      admin.put(
        '/organisations/:organisationId/rate-limit',
        { schema: { params: organisationIdParam, body: rateLimitSetting, response: replies(rateLimitSetting.extend({ organisation_id: z.string() })) } },
        async (request) => ({
          data: await backOffice.setRateLimit(request.params.organisationId, request.body, operatorOf(request.headers), originOf(request)),
        }),
      );

      admin.get('/requests', { schema: { response: replies(z.array(openRequest)) } }, async () => ({ data: await requests.open() }));

      admin.get('/audit', { schema: { querystring: auditQuery, response: replies(z.array(auditEntry)) } }, async (request) => ({
        data: await ctx.audit.latest(request.query.organisationId),
      }));
    },
    { prefix: '/admin' },
  );
};
