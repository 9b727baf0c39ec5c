import type { FastifyRequest } from 'fastify';

/**
 * Where a portal request came from: the audit trail and the session list record it. Routes pass it
 * to the services by hand rather than through AsyncLocalStorage, whose first use turns on Node 20's
 * promise hook for the whole process and costs every provider-API call about a tenth more CPU.
 */
export interface RequestOrigin {
  clientIp: string;
  userAgent: string | null;
}

const USER_AGENT_MAX = 300;

export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return { clientIp: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null };
}
