import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallenge, clientConfig, publicKeyResponse, type ClientConfig, type PublicKeyResponse } from '@verigate/contracts';
import type { Config } from '../config.js';
import type { Captcha } from './captcha.js';
import type { CredentialEnvelope } from './credential-envelope.js';
import { replies } from './http.js';

interface Options {
  config: Config;
  envelope: CredentialEnvelope;
  captcha: Captcha;
}

/** What the portal needs before its first call: settings, the credential key, captcha challenges. */
export const platformRoutes: FastifyPluginAsyncZod<Options> = async (app, { config, envelope, captcha }) => {
  const settings: ClientConfig = {
    idleTimeoutMs: config.SESSION_IDLE_MS,
    captchaChallengeUrl: '/api/captcha/challenge',
    workEmailRequestUrl: config.WORK_EMAIL_REQUEST_URL,
    supportUrl: config.SUPPORT_URL,
    salesUrl: config.SALES_URL,
    providerSiteUrl: config.PROVIDER_SITE_URL,
    termsUrl: config.TERMS_URL,
    privacyUrl: config.PRIVACY_URL,
    gstRatePercent: config.GST_RATE_PERCENT,
  };
  const publicKey: PublicKeyResponse = { alg: 'RSA-OAEP-256', jwk: envelope.publicJwk };

  app.get('/config', { schema: { response: replies(clientConfig) } }, async () => ({ data: settings }));
  app.get('/crypto/public-key', { schema: { response: replies(publicKeyResponse) } }, async () => ({ data: publicKey }));
  // ALTCHA's widget reads the challenge as the library answers it, outside the `{data}` envelope.
  app.get('/captcha/challenge', { schema: { response: { 200: captchaChallenge } } }, captcha.challengeHandler);
};
