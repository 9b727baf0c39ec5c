import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  OPERATOR_ROUTES_PREFIX,
  PERMISSION_MESSAGES,
  permissionFor,
  ROUTE_ACCESS,
  TWO_FACTOR_MESSAGES,
  type Permission,
  type RouteAccess,
} from '@verigate/contracts';
import { AppError } from './errors.js';
import type { SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user the route-access check found. */
    sessionUser?: SessionUser;
    /** The signed-in member the route-access check found, with the organisation the call acts for. */
    member?: Member;
    /** The permission the route-access check required of the member. */
    permission?: Permission;
  }
}

export interface Member extends SessionUser {
  organisationId: string;
  role: string;
}

interface Membership {
  role: string;
  organisationName: string;
  twoFactorMissing: boolean;
}

interface Memberships {
  requireMember(userId: string, organisationId: string): Promise<Membership>;
  membershipOf(userId: string, requested?: string): Promise<Membership & { organisationId: string }>;
}

/** A member acts for an organisation only with the role's permission, and with a second factor where the organisation requires one. */
function allow(membership: Membership, permission: Permission): void {
  if (!can(membership.role, permission)) throw new AppError('forbidden', PERMISSION_MESSAGES.refused(membership.role));
  if (membership.twoFactorMissing) throw new AppError('forbidden', TWO_FACTOR_MESSAGES.requiredBy(membership.organisationName));
}

/**
 * The one check of ROUTE_ACCESS (packages/contracts): every route under `api` must have an entry
 * (else building the app fails, naming the route), and before a route's input is validated the
 * caller is authenticated and their role in the organisation the call acts for is checked. A call
 * refused here has touched nothing.
 */
export function createRouteAccess(deps: { authenticate: (request: FastifyRequest) => Promise<SessionUser>; memberships: Memberships }) {
  function install(api: FastifyInstance, prefix: string): void {
    api.addHook('onRoute', (route) => {
      const path = route.url.slice(prefix.length);
      // HEAD answers as GET does; a route's methods share one rule.
      for (const method of new Set([route.method].flat().map((method) => (method === 'HEAD' ? 'GET' : method)))) {
        const key = `${method} ${path}`;
        const access = path.startsWith(OPERATOR_ROUTES_PREFIX) ? 'operator' : ROUTE_ACCESS[key];
        if (!access) throw new Error(PERMISSION_MESSAGES.unlisted(key));
        route.config = { ...route.config, access };
      }
    });

    api.addHook('preValidation', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) throw new AppError('internal', 'This route has no access rule');
      if (access === 'public' || access === 'operator') return;
      const user = await deps.authenticate(request);
      if (access === 'session') {
        request.sessionUser = user;
        return;
      }
      const permission = permissionFor(access, (request.query as Record<string, unknown> | undefined)?.action);
      if (!permission) throw new AppError('bad_request', PERMISSION_MESSAGES.unknownAction);
      const params = request.params as Record<string, unknown>;
      const fromPath = params.organisationId ?? params.orgId;
      const membership =
        typeof fromPath === 'string'
          ? { organisationId: fromPath, ...(await deps.memberships.requireMember(user.userId, fromPath)) }
          : await deps.memberships.membershipOf(user.userId, headerValue(request.headers['x-org-id']));
      allow(membership, permission);
      const { organisationId, role } = membership;
      request.sessionUser = user;
      request.member = { ...user, organisationId, role };
      request.permission = permission;
      request.organisationId = organisationId;
    });
  }

  /** The member acting for `organisationId`, held to the permission the route needs. */
  async function memberFor(request: FastifyRequest, organisationId: string): Promise<Member> {
    const member = request.member;
    if (!member || !request.permission) throw new AppError('internal', 'This route has no access rule');
    if (member.organisationId === organisationId) return member;
    const membership = await deps.memberships.requireMember(member.userId, organisationId);
    allow(membership, request.permission);
    return { ...member, organisationId, role: membership.role };
  }

  return { install, memberFor };
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
