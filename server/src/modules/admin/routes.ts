import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errEnvelope, organisation, organisationIdParam, subscriptionResult } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import { replies } from '../../platform/http.js';
import { sameSecret } from '../../platform/secrets.js';
import {
  activationRequest,
  auditEntry,
  auditQuery,
  documentIdParam,
  managerAssignment,
  organisationRow,
  productDecision,
  productRequest,
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
  const { admin: backOffice, organisations, products, users } = ctx.services;

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
          data: await products.decide(request.body.organisationId, request.body.arn, decision, operatorOf(request.headers)),
        }));
      }

      admin.get('/activation-requests', { schema: { response: replies(z.array(activationRequest)) } }, async () => ({
        data: await organisations.activationRequests(),
      }));

      admin.get(
        '/documents/:documentId',
        { schema: { params: documentIdParam, response: { 200: z.instanceof(Buffer), '4xx': errEnvelope, '5xx': errEnvelope } } },
        async (request, reply) => {
          const document = await organisations.kycDocument(request.params.documentId);
          return reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${document.fileName.replace(/[^\w.-]/g, '_')}"`)
            .send(document.content);
        },
      );

      admin.post('/organisations/:organisationId/activate', { schema: { params: organisationIdParam, response: replies(organisation) } }, async (request) => ({
        data: await organisations.activate(request.params.organisationId, operatorOf(request.headers)),
      }));

      admin.put(
        '/organisations/:organisationId/managers',
        { schema: { params: organisationIdParam, body: managerAssignment, response: replies(organisation) } },
        async (request) => {
          const { role, ...manager } = request.body;
          return { data: await organisations.assignManager(request.params.organisationId, role, manager, operatorOf(request.headers)) };
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

      admin.get('/audit', { schema: { querystring: auditQuery, response: replies(z.array(auditEntry)) } }, async (request) => ({
        data: await ctx.audit.latest(request.query.organisationId),
      }));
    },
    { prefix: '/admin' },
  );
};
