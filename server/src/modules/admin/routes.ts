import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { organisationIdParam } from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { auditEvents, memberships, organisations, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { sameSecret } from '../../platform/secrets.js';

const productDecision = z.strictObject({ organisationId: z.uuid(), arn: z.string().min(1).max(100) });
const managerAssignment = z.strictObject({
  role: z.enum(['kam', 'business_manager']),
  name: z.string().trim().min(3).max(50),
  email: z.email().max(64),
  phone: z.string().regex(/^\+?\d{6,15}$/, 'phone must be digits'),
});
const userByEmail = z.strictObject({ email: z.email().max(64) });
const auditQuery = z.strictObject({ organisationId: z.uuid().optional() });

/**
 * The provider's back office. Off unless ADMIN_TOKEN is set; every call names its operator in
 * `x-operator`, and every change is recorded in the audit trail with that name.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const token = ctx.config.ADMIN_TOKEN;
  if (!token) return;
  const { organisations: orgService, products } = ctx.services;

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

      admin.get('/organisations', async () => {
        const rows = await ctx.db
          .select({ id: organisations.id, name: organisations.name, status: organisations.onboardingStatus, email: users.email })
          .from(organisations)
          .leftJoin(memberships, eq(memberships.organisationId, organisations.id))
          .leftJoin(users, eq(users.id, memberships.userId))
          .orderBy(desc(organisations.createdAt));
        return { data: rows };
      });

      admin.get('/product-requests', async () => ({ data: await products.pendingRequests() }));

      admin.post('/product-requests/approve', { schema: { body: productDecision } }, async (request) => {
        const { organisationId, arn } = request.body;
        const pending = (await products.pendingRequests()).some((item) => item.organisationId === organisationId && item.arn === arn);
        if (!pending) throw new AppError('not_found', 'No pending request for that organisation and product');
        const result = await products.approve(organisationId, arn);
        await ctx.audit.record({ actor: operatorOf(request.headers), organisationId, action: 'product.approved', details: { arn } });
        return { data: result };
      });

      admin.post('/product-requests/reject', { schema: { body: productDecision } }, async (request) => {
        const { organisationId, arn } = request.body;
        const pending = (await products.pendingRequests()).some((item) => item.organisationId === organisationId && item.arn === arn);
        if (!pending) throw new AppError('not_found', 'No pending request for that organisation and product');
        const result = await products.reject(organisationId, arn);
        await ctx.audit.record({ actor: operatorOf(request.headers), organisationId, action: 'product.rejected', details: { arn } });
        return { data: result };
      });

      admin.get('/activation-requests', async () => ({ data: await orgService.activationRequests() }));

      admin.get('/documents/:documentId', { schema: { params: z.strictObject({ documentId: z.uuid() }) } }, async (request, reply) => {
        const document = await orgService.kycDocument(request.params.documentId);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${document.fileName.replace(/[^\w.-]/g, '_')}"`)
          .send(document.content);
      });

      admin.post('/organisations/:organisationId/activate', { schema: { params: organisationIdParam } }, async (request) => ({
        data: await orgService.activate(request.params.organisationId, operatorOf(request.headers)),
      }));

      admin.put('/organisations/:organisationId/managers', { schema: { params: organisationIdParam, body: managerAssignment } }, async (request) => {
        const { role, ...manager } = request.body;
        return { data: await orgService.assignManager(request.params.organisationId, role, manager, operatorOf(request.headers)) };
      });

      for (const [path, deactivated] of [
        ['/users/deactivate', true],
        ['/users/reactivate', false],
      ] as const) {
        admin.post(path, { schema: { body: userByEmail } }, async (request) => {
          const [user] = await ctx.db
            .update(users)
            .set({ deactivatedAt: deactivated ? ctx.clock.now() : null, updatedAt: ctx.clock.now() })
            .where(eq(users.email, request.body.email.toLowerCase()))
            .returning({ id: users.id, email: users.email });
          if (!user) throw new AppError('not_found', 'User not found');
          if (deactivated) await ctx.sessions.revokeAllOf(user.id);
          await ctx.audit.record({
            actor: operatorOf(request.headers),
            organisationId: null,
            action: deactivated ? 'user.deactivated' : 'user.reactivated',
            details: { userId: user.id, email: user.email },
          });
          return { data: { _id: user.id, email: user.email, deactivated } };
        });
      }

      admin.get('/audit', { schema: { querystring: auditQuery } }, async (request) => {
        const query = ctx.db.select().from(auditEvents);
        const rows = await (request.query.organisationId ? query.where(eq(auditEvents.organisationId, request.query.organisationId)) : query)
          .orderBy(desc(auditEvents.createdAt))
          .limit(200);
        return { data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
      });
    },
    { prefix: '/admin' },
  );
};
