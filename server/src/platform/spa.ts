import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { RESERVED_PATHS } from './operations.js';

/** Serves the built portal; any unknown non-API path gets index.html so the client router decides. */
export async function serveSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) await app.register(fastifyStatic, { root: webDist, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const isApi = RESERVED_PATHS.test(request.url);
    const isMissingFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]!);
    if (isApi || isMissingFile || request.method !== 'GET') {
      return reply.status(404).send({ err: { status: 404, code: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` } });
    }
    if (!hasBuild) return reply.status(503).type('text/plain').send('The portal is not built yet: run `npm run build`.');
    return reply.type('text/html').sendFile('index.html');
  });
}
