import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's security headers in place of the portal's (routeSecurityPolicy, apiSecurityHeaders). */
    securityHeaders?: Headers;
  }
}

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every answer, made for the built portal: scripts only from this
 * origin (Vite emits no inline script; a page the build gives one of its own allows it by its hash,
 * server/src/platform/spa.ts), calls only to this origin, no framing by anyone, no
 * plugins. Two relaxations, both for parts the portal is built from:
 * - `style-src 'unsafe-inline'`: Mantine sets `style` attributes and injects `<style>` elements
 *   at run time (CSS variables, the ALTCHA widget's styles); a nonce cannot cover a style
 *   attribute. Inline CSS cannot run script, so this opens no script injection.
 * - `worker-src blob:`: the ALTCHA widget solves its proof of work in a Web Worker it creates from
 *   a blob: URL.
 * `data:` images and fonts cover the SVG icons Mantine's CSS embeds.
 */
const PORTAL_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
};

/**
 * Powerful browser features the portal never uses, refused for every page. Only features that
 * browsers know are named: Chromium reports an error in the console of every page whose policy
 * names one it does not (it did for 'bluetooth').
 */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), interest-cohort=()';

type Headers = Record<string, string>;

/** A year: browsers keep to https for the portal's host that long after an answer. */
const HSTS_MAX_AGE_S = 31_536_000;
const servedOverHttps = (config: Pick<Config, 'PUBLIC_URL'>) => config.PUBLIC_URL.startsWith('https://');

/** @fastify/helmet's options for the portal's policy with `directives` in place of some of its own. */
function helmetOptions(config: Pick<Config, 'PUBLIC_URL'>, directives: Directives) {
  const https = servedOverHttps(config);
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: https ? { ...directives, 'upgrade-insecure-requests': [] } : directives },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : (false as const),
    referrerPolicy: { policy: 'no-referrer' as const },
    xFrameOptions: { action: 'deny' as const },
  };
}

/**
 * The headers @fastify/helmet sets for a policy, read once from a throwaway instance: the same for
 * every answer, so an answer gets them as a constant instead of helmet rebuilding its middleware
 * (and parsing the policy) per request.
 */
async function securityHeadersOf(config: Pick<Config, 'PUBLIC_URL'>, directives: Directives): Promise<Headers> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, helmetOptions(config, directives));
  let set: Headers = {};
  // Runs after helmet's own hooks: what the raw answer holds then is what helmet set.
  probe.addHook('onRequest', (_request, reply, done) => {
    set = Object.fromEntries(Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]));
    done();
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!set['content-security-policy']) throw new Error('security headers could not be read from @fastify/helmet');
  return { ...set, 'permissions-policy': PERMISSIONS_POLICY };
}

/**
 * Security headers on every answer (helmet's, computed once): the CSP above, `X-Content-Type-Options:
 * nosniff`, `Referrer-Policy: no-referrer` (links carry tokens), `X-Frame-Options: DENY`,
 * cross-origin opener and resource policies, `Strict-Transport-Security` when PUBLIC_URL is https,
 * and a Permissions-Policy; or the route's own (its `securityHeaders`) in their place.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'PUBLIC_URL'>): Promise<void> {
  const portal = await securityHeadersOf(config, PORTAL_DIRECTIVES);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders ?? portal);
    done();
  });
}

/**
 * The security headers of answers that programs read, not browsers (the provider API's JSON):
 * what OWASP's REST Security Cheat Sheet asks of an API. Its policy loads nothing and lets no page
 * frame the answer; `nosniff` and `X-Frame-Options` hold for browsers without CSP; HSTS when
 * PUBLIC_URL is https. A page's other headers (a permissions policy, cross-origin isolation, the
 * referrer policy of its links) mean nothing to a JSON answer, and every call would carry them.
 */
export function apiSecurityHeaders(config: Pick<Config, 'PUBLIC_URL'>): Headers {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(servedOverHttps(config) ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` } : {}),
  };
}

/** The security headers of an answer whose policy has `directives` in place of the portal's, for a reply to set itself. */
export const pageSecurityHeaders = (config: Pick<Config, 'PUBLIC_URL'>, directives: Directives): Promise<Headers> =>
  securityHeadersOf(config, { ...PORTAL_DIRECTIVES, ...directives });

/**
 * A route's own policy, for a page that needs other sources than the portal (a payment checkout
 * that posts to a provider, an API reference that loads a renderer) or fewer (a page with no
 * script at all). Spread it into the route's options (it is their `config`; a route with a config
 * of its own adds `securityHeaders` to it); each directive given replaces the portal's, the others
 * stay:
 *
 *   app.get('/checkout/:id', { ...(await routeSecurityPolicy(config, { 'form-action': ["'self'", 'https://pay.example'] })) }, handler)
 *
 * The route's Permissions-Policy, if it needs one, is its own `reply.header('permissions-policy', …)`.
 */
export async function routeSecurityPolicy(config: Pick<Config, 'PUBLIC_URL'>, directives: Directives): Promise<{ config: { securityHeaders: Headers } }> {
  return { config: { securityHeaders: await pageSecurityHeaders(config, directives) } };
}
