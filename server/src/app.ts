import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { createCaptcha } from './platform/captcha.js';
import { systemClock, type Clock } from './platform/clock.js';
import { loadCredentialEnvelope } from './platform/credential-envelope.js';
import { devMailbox } from './platform/dev-mailbox.js';
import { installErrorEnvelope, zodValidator } from './platform/http.js';
import { createMailer } from './platform/mail.js';
import { platformRoutes } from './platform/platform-routes.js';
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
  app.setValidatorCompiler(zodValidator);
  app.removeContentTypeParser('text/plain');
  installErrorEnvelope(app);

  const sessions = createSessions(db, clock, config.SESSION_IDLE_MS);
  const mailer = createMailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const ctx: AppContext = {
    config,
    db,
    clock,
    mailer,
    sessions,
    rateLimiter: createRateLimiter(db, clock),
    captcha: await createCaptcha(db, { cost: config.CAPTCHA_COST, allowlist: config.CAPTCHA_ALLOWLIST }),
    envelope: await loadCredentialEnvelope(db),
    requireUser: (request) => sessions.authenticate(request.headers.authorization),
  };

  await app.register(
    async (api) => {
      await api.register(platformRoutes, { ctx });
      await api.register(referenceRoutes, { ctx });
      await api.register(userRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  if (mailer.local) await app.register(devMailbox, { db });
  await serveSpa(app, config.WEB_DIST);
  return app;
}
