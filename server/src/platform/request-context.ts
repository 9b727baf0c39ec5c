import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Where a customer-API call came from: the audit trail and the session list record it without every service passing it along. */
export interface RequestOrigin {
  clientIp: string;
  userAgent: string | null;
}

const origins = new AsyncLocalStorage<RequestOrigin>();

const USER_AGENT_MAX = 300;

/** Runs every request of `api` (and what it awaits) with its origin in scope. */
export function trackRequestOrigin(api: FastifyInstance): void {
  api.addHook('onRequest', (request, _reply, done) => {
    const userAgent = request.headers['user-agent'];
    origins.run({ clientIp: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null }, done);
  });
}

export const currentOrigin = (): RequestOrigin | undefined => origins.getStore();
