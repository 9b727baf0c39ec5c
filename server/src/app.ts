import type { Writable } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { createRouteAccess } from './platform/route-access.js';
import { gatewayRoutes, startGateway, upstreamCallbackRoutes, type FlowCompleted, type ProviderApiFailures } from './gateway/index.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createAdminService } from './modules/admin/service.js';
import { appRoutes } from './modules/apps/routes.js';
import { createAppService } from './modules/apps/service.js';
import { batchRoutes } from './modules/batch/routes.js';
import { createBatchService } from './modules/batch/service.js';
import { createBillingService } from './modules/billing/service.js';
import { docRoutes, openApiRoute } from './modules/docs/routes.js';
import { createDocsService } from './modules/docs/service.js';
import { eventRoutes } from './modules/events/routes.js';
import { createLogsService } from './modules/logs/service.js';
import { logRoutes } from './modules/logs/routes.js';
import { organisationRoutes } from './modules/organisations/routes.js';
import { createOrganisationService } from './modules/organisations/service.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { spendRoutes } from './modules/spend/routes.js';
import { createSpendService } from './modules/spend/service.js';
import { createInvoiceService } from './modules/invoices/service.js';
import { checkoutRoutes, devTransferRoutes, paymentRoutes } from './modules/payments/routes.js';
import { createPaymentService, paymentGatewayOf } from './modules/payments/service.js';
import { planRoutes } from './modules/plans/routes.js';
import { createPlanService } from './modules/plans/service.js';
import { productRoutes } from './modules/products/routes.js';
import { createProductService } from './modules/products/service.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { createReferenceService } from './modules/reference/service.js';
import { requestRoutes } from './modules/requests/routes.js';
import { createRequestService } from './modules/requests/service.js';
import { zpinRoutes } from './modules/step-up/routes.js';
import { createStepUpService } from './modules/step-up/service.js';
import { trialRoutes } from './modules/trial/routes.js';
import { createTrialService } from './modules/trial/service.js';
import { usageRoutes } from './modules/usage/routes.js';
import { createUsageService } from './modules/usage/service.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService } from './modules/users/service.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { auditLogRoutes } from './modules/audit-log/routes.js';
import { createAuditLogService } from './modules/audit-log/service.js';
import { securityRoutes } from './modules/security/routes.js';
import { createTwoFactor } from './modules/security/service.js';
import { createSecretBox } from './platform/secret-box.js';
import { createMemberService } from './modules/members/service.js';
import { createWebhookService } from './modules/webhooks/service.js';
import { createAudit } from './platform/audit.js';
import { createCaptcha } from './platform/captcha.js';
import { compressLargeAnswers } from './platform/compression.js';
import { capConnectionsPerClient, timeoutOptions } from './platform/connections.js';
import { describeError } from './platform/errors.js';
import { systemClock, type Clock } from './platform/clock.js';
import { loadCredentialEnvelope } from './platform/credential-envelope.js';
import { devMailbox } from './platform/dev-mailbox.js';
import { developmentToolsOn } from './platform/dev-tools.js';
import { clientErrorEnvelope, installContracts, refuseNulBytes } from './platform/http.js';
import { createMailer } from './platform/mail.js';
import { createMailQueue } from './platform/mail-queue.js';
import { platformRoutes } from './platform/platform-routes.js';
import { installSecurityHeaders } from './platform/security-headers.js';
import { installOperations, requestIdOptions } from './platform/operations.js';
import { createTelemetry } from './platform/telemetry.js';
import { startJobs } from './platform/jobs.js';
import { createRateLimiter } from './platform/rate-limit.js';
import { createSessions } from './platform/sessions.js';
import { serveSpa } from './platform/spa.js';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Where log lines go; standard output unless given (tests read them). */
  logStream?: Writable;
}

/** Builds the whole server without listening, so tests drive it with inject() or a port of their own. */
export async function buildApp({ config, db, clock = systemClock, logStream }: AppOptions): Promise<FastifyInstance> {
  const providerApiFailures: ProviderApiFailures = {};
  /** A path the router cannot decode or that is too long: a 4xx in the envelope of the API it was meant for. */
  const answerUnroutable = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (providerApiFailures.answer && /^\/(test|live)\/api(\/|$)/.test(request.url)) return void providerApiFailures.answer(error, request, reply);
    void reply.status(error.statusCode ?? 400).send(clientErrorEnvelope(error));
  };
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(logStream ? { stream: logStream } : {}),
      redact: { paths: ['req.headers.authorization', 'req.headers.captchatoken', 'req.headers["api-key"]'], remove: true },
      serializers: {
        req: (request) => ({ method: request.method, url: request.url.replace(/\/(verify-email|password-reset)\/[^/?]+/, '/$1/[token]') }),
        // Every `{ err }` logged anywhere: class, code and a masked message, never a query's values.
        err: describeError,
      },
    },
    ...requestIdOptions(config),
    // A request that reaches a draining instance on an open connection is still answered.
    return503OnClosing: false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    ...timeoutOptions(config),
    frameworkErrors: answerUnroutable,
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerClient(app.server, config);
  app.removeContentTypeParser('text/plain');
  installContracts(app);
  await installSecurityHeaders(app, config);

  // Platform first, then each module's service from the services it calls (no cycles).
  const sessions = createSessions(db, clock, config.SESSION_IDLE_MS);
  const mailer = createMailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const audit = createAudit(db);
  const captcha = await createCaptcha(db, { cost: config.CAPTCHA_COST, allowlist: config.CAPTCHA_ALLOWLIST });
  const envelope = await loadCredentialEnvelope(db);
  const jobs = await startJobs(db, app.log);
  app.addHook('onClose', () => jobs.stop());
  const telemetry = createTelemetry();
  installOperations(app, { config, db, jobs, telemetry });

  const reference = createReferenceService(db);
  const mailQueue = await createMailQueue(jobs, mailer);
  const organisations = createOrganisationService({ db, clock, audit, mailQueue, config, reference });
  const auditLog = createAuditLogService({ db, audit });
  const webhooks = await createWebhookService({ db, clock, config, jobs, mailQueue, log: app.log, audit });
  const rateLimiter = createRateLimiter(db, clock);
  const members = createMemberService({ db, clock, audit, mailQueue, sessions, rateLimiter, config });
  const twoFactor = createTwoFactor({
    db,
    clock,
    audit,
    box: await createSecretBox(db, { rootSecret: 'two-factor.secret_key', use: 'verigate totp secrets' }),
  });
  const users = createUserService({ config, db, clock, mailer, rateLimiter, captcha, jobs, sessions, audit, organisations, twoFactor });
  await users.startJobs();
  const products = createProductService({ db, clock, audit, onboarding: organisations, webhooks });
  const apps = createAppService({ db, clock, audit, products, organisations, jobs, mailQueue, config, webhooks });
  products.follow(apps.subscriptionListener);
  const stepUp = createStepUpService({ config, db, clock, mailer, audit, rateLimiter, users });
  const admin = createAdminService({ db, audit, organisations, users });
  const billing = createBillingService({ db, clock, audit, jobs, mailer, config, webhooks });
  const requests = createRequestService({ db, clock, audit, mailQueue, config, organisations, users });
  const plans = createPlanService({ db, clock, audit, jobs, config, organisations, products, billing, requests, webhooks });
  await plans.ensureReferencePlans();
  const { gateway: paymentGateway, sandbox } = await paymentGatewayOf(db, config);
  const spend = createSpendService({ db, clock, audit });
  const invoices = createInvoiceService({ db, clock, audit, mailQueue, config, organisations, billing });
  const payments = createPaymentService({ db, clock, audit, jobs, gateway: paymentGateway, config, organisations, users, plans, billing, webhooks, invoices });
  // One after the other: pg-boss creates queues under locks that deadlock when raced.
  await billing.startJobs();
  await plans.startJobs();
  await payments.startJobs();
  await apps.startJobs();
  const docs = createDocsService({ baseUrl: config.PUBLIC_URL, apps });
  const provider = await startGateway(db, { clock, config, log: app.log, jobs, telemetry, onWalletAlert: billing.alertRaised });
  app.addHook('onClose', () => provider.close());
  const trial = createTrialService({ apps, organisations, pipeline: provider.gateway });
  const usage = createUsageService({ db, clock, jobs, audit });
  await usage.startJobs();
  const logs = createLogsService({ db, clock, jobs, audit });
  await logs.startJobs();
  const batch = createBatchService({
    db,
    clock,
    config,
    jobs,
    audit,
    mailQueue,
    log: app.log,
    organisations,
    products,
    apps,
    users,
    pipeline: provider.batch,
    webhooks,
  });
  // Before the queue stops (onClose): a batch in progress saves its place and resumes at the next start.
  app.addHook('preClose', async () => batch.close());
  await batch.startJobs();
  await webhooks.startJobs();

  const authenticate = (request: FastifyRequest) => sessions.authenticate(request.headers.authorization);
  const routeAccess = createRouteAccess({ authenticate, memberships: organisations });
  const ctx: AppContext = {
    config,
    sessions,
    captcha,
    envelope,
    audit,
    services: {
      reference,
      users,
      organisations,
      products,
      apps,
      stepUp,
      admin,
      billing,
      plans,
      requests,
      payments,
      invoices,
      spend,
      docs,
      trial,
      usage,
      batch,
      logs,
      webhooks,
      members,
      twoFactor,
      auditLog,
    },
    requireUser: async (request) => request.sessionUser ?? (await authenticate(request)),
    requireMember: (request, organisationId) => routeAccess.memberFor(request, organisationId),
    requireOrganisation: async (request) => routeAccess.memberFor(request, request.member?.organisationId ?? ''),
  };

  await app.register(
    async (api) => {
      // Answers carry session tokens, API keys and personal data: no cache, shared or private, keeps one.
      api.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      api.addHook('preValidation', refuseNulBytes);
      routeAccess.install(api, '/api');
      await compressLargeAnswers(api);
      await api.register(platformRoutes, { config, envelope, captcha });
      await api.register(referenceRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(organisationRoutes, { ctx });
      await api.register(productRoutes, { ctx });
      await api.register(appRoutes, { ctx });
      await api.register(eventRoutes, { ctx });
      await api.register(zpinRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(planRoutes, { ctx });
      await api.register(requestRoutes, { ctx });
      await api.register(paymentRoutes, { ctx });
      await api.register(invoiceRoutes, { ctx });
      await api.register(spendRoutes, { ctx });
      await api.register(docRoutes, { ctx });
      await api.register(trialRoutes, { ctx });
      await api.register(usageRoutes, { ctx });
      await api.register(batchRoutes, { ctx });
      await api.register(logRoutes, { ctx });
      await api.register(webhookRoutes, { ctx });
      await api.register(memberRoutes, { ctx });
      await api.register(securityRoutes, { ctx });
      await api.register(auditLogRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  // A hosted flow completed, in the sandbox or (told by its upstream) live.
  const onFlowCompleted: FlowCompleted = async (tx, organisationId, data) =>
    void (await webhooks.emit(tx, organisationId, 'verification.completed', { ...data }));
  await app.register(gatewayRoutes, { db, clock, config, gateway: provider.gateway, failures: providerApiFailures, telemetry, onFlowCompleted });
  await app.register(upstreamCallbackRoutes, { db, clock, secret: config.UPSTREAM_CALLBACK_SECRET, onFlowCompleted });
  await app.register(async (published) => {
    await compressLargeAnswers(published);
    await published.register(openApiRoute, { docs });
  });
  if (sandbox) await app.register(checkoutRoutes, { ctx, sandbox });
  if (mailer.local) {
    await app.register(devMailbox, { db, config });
    if (developmentToolsOn(config)) await app.register(devTransferRoutes, { ctx });
  }
  await serveSpa(app, config);
  return app;
}
