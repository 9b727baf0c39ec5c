import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClientConfig, PublicKeyResponse } from '@verigate/contracts';
import type { AppContext } from '../context.js';

/** What the portal needs before its first call: settings, the credential key, captcha challenges. */
export const platformRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;
  const clientConfig: ClientConfig = {
    idleTimeoutMs: config.SESSION_IDLE_MS,
    captchaChallengeUrl: '/api/captcha/challenge',
    workEmailRequestUrl: config.WORK_EMAIL_REQUEST_URL,
    supportUrl: config.SUPPORT_URL,
    providerSiteUrl: config.PROVIDER_SITE_URL,
    termsUrl: config.TERMS_URL,
    privacyUrl: config.PRIVACY_URL,
  };
  const publicKey: PublicKeyResponse = { alg: 'RSA-OAEP-256', jwk: ctx.envelope.publicJwk };

  app.get('/config', async () => ({ data: clientConfig }));
  app.get('/crypto/public-key', async () => ({ data: publicKey }));
  app.get('/captcha/challenge', ctx.captcha.challengeHandler);
};
