import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { gatewayRoutes, startGateway } from './gateway/index.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createAdminService } from './modules/admin/service.js';
import { appRoutes } from './modules/apps/routes.js';
import { createAppService } from './modules/apps/service.js';
import { eventRoutes } from './modules/events/routes.js';
import { organisationRoutes } from './modules/organisations/routes.js';
import { createOrganisationService } from './modules/organisations/service.js';
import { productRoutes } from './modules/products/routes.js';
import { createProductService } from './modules/products/service.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { createReferenceService } from './modules/reference/service.js';
import { zpinRoutes } from './modules/step-up/routes.js';
import { createStepUpService } from './modules/step-up/service.js';
import { trialRoutes } from './modules/trial/routes.js';
import { createTrialService } from './modules/trial/service.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService } from './modules/users/service.js';
import { createAudit } from './platform/audit.js';
import { createCaptcha } from './platform/captcha.js';
import { systemClock, type Clock } from './platform/clock.js';
import { loadCredentialEnvelope } from './platform/credential-envelope.js';
import { devMailbox } from './platform/dev-mailbox.js';
import { installContracts } from './platform/http.js';
import { createMailer } from './platform/mail.js';
import { platformRoutes } from './platform/platform-routes.js';
import { startJobs } from './platform/jobs.js';
import { createRateLimiter } from './platform/rate-limit.js';
import { createSessions } from './platform/sessions.js';
import { serveSpa } from './platform/spa.js';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
}

/** Builds the whole server without listening, so tests drive it with inject() or a port of their own. */
export async function buildApp({ config, db, clock = systemClock }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers.authorization', 'req.headers.captchatoken', 'req.headers["api-key"]'], remove: true },
      serializers: { req: (request) => ({ method: request.method, url: request.url.replace(/\/(verify-email|password-reset)\/[^/?]+/, '/$1/[token]') }) },
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('text/plain');
  installContracts(app);

  // Platform first, then each module's service from the services it calls (no cycles).
  const sessions = createSessions(db, clock, config.SESSION_IDLE_MS);
  const mailer = createMailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const audit = createAudit(db);
  const captcha = await createCaptcha(db, { cost: config.CAPTCHA_COST, allowlist: config.CAPTCHA_ALLOWLIST });
  const envelope = await loadCredentialEnvelope(db);
  const jobs = await startJobs(db, app.log);
  app.addHook('onClose', () => jobs.stop());

  const reference = createReferenceService(db);
  const organisations = createOrganisationService({ db, clock, audit, reference });
  const users = createUserService({ config, db, clock, mailer, rateLimiter: createRateLimiter(db, clock), sessions, audit, organisations });
  const products = createProductService({ db, clock, audit, onboarding: organisations });
  const apps = createAppService({ db, clock, audit, products, organisations });
  products.follow(apps.subscriptionListener);
  const stepUp = createStepUpService({ db, clock, mailer, audit, users });
  const admin = createAdminService({ organisations, users });
  const provider = await startGateway(db, { clock, config, log: app.log });
  app.addHook('onClose', () => provider.close());
  const trial = createTrialService({ apps, organisations, pipeline: provider.gateway });

  const requireUser = (request: FastifyRequest) => sessions.authenticate(request.headers.authorization);
  const ctx: AppContext = {
    config,
    sessions,
    captcha,
    envelope,
    audit,
    services: { reference, users, organisations, products, apps, stepUp, admin, trial },
    requireUser,
    async requireMember(request, organisationId) {
      const user = await requireUser(request);
      await organisations.requireMember(user.userId, organisationId);
      return user;
    },
    async requireOrganisation(request) {
      const user = await requireUser(request);
      const header = request.headers['x-org-id'];
      const organisationId = await organisations.organisationOf(user.userId, Array.isArray(header) ? header[0] : header);
      return { ...user, organisationId };
    },
  };

  await app.register(
    async (api) => {
      await api.register(platformRoutes, { config, envelope, captcha });
      await api.register(referenceRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(organisationRoutes, { ctx });
      await api.register(productRoutes, { ctx });
      await api.register(appRoutes, { ctx });
      await api.register(eventRoutes, { ctx });
      await api.register(zpinRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(trialRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  await app.register(gatewayRoutes, { db, clock, config, gateway: provider.gateway });
  if (mailer.local) await app.register(devMailbox, { db });
  await serveSpa(app, config.WEB_DIST);
  return app;
}
