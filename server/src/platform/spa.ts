import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { RESERVED_PATHS } from './operations.js';
import { pageSecurityHeaders } from './security-headers.js';

/** Vite names every file under assets/ by its content's hash: a changed file gets a new name. */
const HASHED_ASSETS = `assets${path.sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Hashed assets are kept for a year without asking again; anything else (index.html, which names
 * the current assets, the favicon) is revalidated on every load, so a new release shows at once.
 * The answer depends on Accept-Encoding (a .br or .gz copy may be sent), which caches must know.
 */
function cachingHeaders(root: string) {
  return (response: SetHeadersResponse, file: string) => {
    response.setHeader('cache-control', path.relative(root, file).startsWith(HASHED_ASSETS) ? IMMUTABLE : 'no-cache');
    response.setHeader('vary', 'accept-encoding');
  };
}

/**
 * Pages the build writes for one address, each the app's index.html with more in it: /login with
 * its screen already drawn, which the browser paints before the app's script has run
 * (web/prerender.ts), and the dashboard with the scripts it needs named, which the browser fetches
 * with the entry, and a script of its own that asks for its first data meanwhile (web/chunks.ts).
 * The app then takes over as from index.html.
 */
const PAGES: Record<string, string> = { '/login': 'login.html', '/application/dashboard': 'dashboard.html' };

/** The scripts a page holds itself (`<script>…</script>`, as the build writes them), by their CSP hash source. */
const inlineScriptSources = (html: string): string[] =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, script]) => `'sha256-${createHash('sha256').update(script!).digest('base64')}'`);

/** The page served for each address, with the security headers of a page that holds scripts of its own (those scripts allowed, no other). */
async function pagesIn(root: string, config: Pick<Config, 'PUBLIC_URL'>) {
  const pages = new Map<string, { file: string; headers: Record<string, string> }>();
  for (const [address, file] of Object.entries(PAGES)) {
    if (!existsSync(path.join(root, file))) continue;
    const scripts = inlineScriptSources(await readFile(path.join(root, file), 'utf8'));
    pages.set(address, { file, headers: scripts.length ? await pageSecurityHeaders(config, { 'script-src': ["'self'", ...scripts] }) : {} });
  }
  return pages;
}

/**
 * Serves the built portal; any unknown non-API path gets index.html so the client router decides.
 * The build writes a brotli and a gzip copy of each text file, sent to browsers that accept them.
 */
export async function serveSpa(app: FastifyInstance, config: Pick<Config, 'WEB_DIST' | 'PUBLIC_URL'>): Promise<void> {
  const root = path.resolve(config.WEB_DIST);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  const pages = await pagesIn(root, config);
  if (hasBuild) {
    await app.register(fastifyStatic, { root, index: 'index.html', preCompressed: true, cacheControl: false, setHeaders: cachingHeaders(root) });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = RESERVED_PATHS.test(request.url);
    const isMissingFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]!);
    // A HEAD asks for a GET's headers (RFC 9110 §9.3.2): a link checker or a monitor gets the page's status, not a 404.
    if (isApi || isMissingFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ err: { status: 404, code: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` } });
    }
    if (!hasBuild) return reply.status(503).type('text/plain').send('The portal is not built yet: run `npm run build`.');
    const page = pages.get(request.url.split('?')[0]!.replace(/\/$/, ''));
    return reply
      .headers(page?.headers ?? {})
      .type('text/html')
      .sendFile(page?.file ?? 'index.html');
  });
}
