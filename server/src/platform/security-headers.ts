import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every answer, made for the built portal: scripts only from this
 * origin (Vite emits no inline script), calls only to this origin, no framing by anyone, no
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

/** Powerful browser features the portal never uses, refused for every page. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()';

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, `X-Content-Type-Options:
 * nosniff`, `Referrer-Policy: no-referrer` (links carry tokens), `X-Frame-Options: DENY`,
 * cross-origin opener and resource policies, `Strict-Transport-Security` when PUBLIC_URL is https,
 * and a Permissions-Policy. Registered before any route, so a route's own policy
 * (`routeSecurityPolicy`) applies.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'PUBLIC_URL'>): Promise<void> {
  const https = config.PUBLIC_URL.startsWith('https://');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: https ? { ...PORTAL_DIRECTIVES, 'upgrade-insecure-requests': [] } : PORTAL_DIRECTIVES },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * A route's own policy, for a page that needs other sources than the portal (a payment checkout
 * that posts to a provider, an API reference that loads a renderer) or fewer (a page with no
 * script at all). Spread it into the route's options; each directive given replaces the
 * portal's, the others stay:
 *
 *   app.get('/checkout/:id', { ...routeSecurityPolicy({ 'form-action': ["'self'", 'https://pay.example'] }) }, handler)
 *
 * The route's Permissions-Policy, if it needs one, is its own `reply.header('permissions-policy', …)`.
 */
export function routeSecurityPolicy(directives: Directives) {
  return { helmet: { contentSecurityPolicy: { useDefaults: false, directives: { ...PORTAL_DIRECTIVES, ...directives } } } };
}
