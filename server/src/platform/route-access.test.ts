import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, PERMISSION_MESSAGES, ROLES, ROUTE_ACCESS, type Permission, type Role } from '@verigate/contracts';
import { memberships } from '../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { createRouteAccess } from './route-access.js';

/**
 * ROUTE_ACCESS, route by route and role by role, generated from the table itself: a role the
 * permission names gets past the check, every other role gets the 403 role refusal.
 */
let server: TestServer;
let orgId: string;
const tokens = new Map<Role, string>();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await createTestServer();
  const owner = await server.signedInUser('qa@verigate-test.io');
  orgId = await server.createOrganisation(owner.token);
  tokens.set('owner', owner.token);
  for (const [index, role] of ROLES.filter((role) => role !== 'owner').entries()) {
    const member = await server.signedInUser(ALLOWLISTED[index + 1]!);
    await server.db.insert(memberships).values({ userId: member.userId, organisationId: orgId, role });
    tokens.set(role, member.token);
  }
}, 120_000);

afterAll(() => server?.close());

/** Each (route, action) the table names with its permission: one case per action of a shared route. */
const cases = Object.entries(ROUTE_ACCESS).flatMap(([route, access]) => {
  if (access === 'public' || access === 'session' || access === 'operator') return [];
  if (typeof access === 'string') return [{ route, action: undefined as string | undefined, permission: access as Permission }];
  return [
    ...Object.entries(access.byAction).map(([action, permission]) => ({ route, action: action as string | undefined, permission })),
    ...(access.otherwise ? [{ route, action: undefined, permission: access.otherwise }] : []),
  ];
});

function callOf(route: string, action: string | undefined) {
  const [method, path] = route.split(' ') as [string, string];
  const url = `/api${path.replace(/:organisationId|:orgId/, orgId).replace(/:[A-Za-z_]+/g, UNKNOWN_ID)}${action ? `?action=${action}` : ''}`;
  return { method, url };
}

describe('the permission table, for every role', () => {
  it('covers every permission-checked route', () => {
    expect(cases.length).toBeGreaterThan(60);
  });

  for (const role of ROLES) {
    it(`lets ${role} through exactly where its permissions allow`, async () => {
      const mismatches: string[] = [];
      for (const { route, action, permission } of cases) {
        const { method, url } = callOf(route, action);
        const reply = await server.request(method, url, { token: tokens.get(role)!, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
        const refused = reply.status === 403 && reply.body?.err?.code === 'forbidden' && reply.body.err.message === PERMISSION_MESSAGES.refused(role);
        if (reply.status >= 500) mismatches.push(`${route} ${action ?? ''}: ${reply.status}`);
        if (can(role, permission) === refused) mismatches.push(`${route} ${action ?? ''}: ${permission} ${can(role, permission) ? 'refused' : 'allowed'}`);
      }
      expect(mismatches).toEqual([]);
    }, 120_000);
  }
});

describe('the table and the routes', () => {
  it('names only routes the server has', () => {
    const missing = Object.keys(ROUTE_ACCESS).filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return !server.app.hasRoute({ method: method as 'GET', url: `/api${path}` });
    });
    expect(missing).toEqual([]);
  });

  it('refuses to build a server with a route the table does not name', async () => {
    const app = Fastify();
    const access = createRouteAccess({
      authenticate: () => Promise.reject(new Error('unused')),
      memberships: { requireMember: () => Promise.reject(new Error('unused')), membershipOf: () => Promise.reject(new Error('unused')) },
    });
    const building = async () => {
      await app.register(
        async (api) => {
          access.install(api, '/api');
          api.get('/reports/everything', async () => 'no');
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(building()).rejects.toThrow(PERMISSION_MESSAGES.unlisted('GET /reports/everything'));
  });

  it('checks the role before the input: a refused call with a bad body is still a 403', async () => {
    const reply = await server.request('POST', '/api/app', { token: tokens.get('viewer')!, body: { name: 12 } });
    expect(reply.status).toBe(403);
    expect(reply.body.err.message).toBe(PERMISSION_MESSAGES.refused('viewer'));
  });

  it('answers a shared route an unknown action with 400 for any role', async () => {
    const reply = await server.request('PUT', `/api/organisation/${orgId}?action=drop_tables`, { token: tokens.get('viewer')!, body: {} });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe(PERMISSION_MESSAGES.unknownAction);
  });
});
