import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { addressMatcher } from './ip-addresses.js';

const isLoopback = addressMatcher(['127.0.0.0/8', '::1']);

/** The development tools (mailbox, simulated bank transfers): on with DEV_MAILBOX=true, never when NODE_ENV=production. */
export const developmentToolsOn = (config: Pick<Config, 'DEV_MAILBOX' | 'NODE_ENV'>): boolean => config.DEV_MAILBOX && config.NODE_ENV !== 'production';

/**
 * Serves the plugin's routes only to clients on this machine: the socket's own peer, never
 * X-Forwarded-For (a proxy in front would make every client look local). Anyone else is answered
 * as if the routes did not exist. What they show or do is never cached.
 */
export function onlyFromThisMachine(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress ?? '')) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
  });
}
