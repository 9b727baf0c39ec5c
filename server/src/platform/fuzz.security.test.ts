import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errEnvelope } from '@verigate/contracts';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { routeContracts, type RouteContract } from './http.js';

/**
 * Malformed input for every registered route, driven by the routes' contracts: every path
 * parameter gets bad ids, every `action` of a query every body shape, every body field of its
 * schema wrong types and hostile text, every route hostile headers and bodies. Nothing may answer
 * 5xx, and the customer API answers every refusal in the `{err}` envelope, the provider API in
 * its own.
 */

const ADMIN_TOKEN = 'fuzz-tests-admin-token-0123456789';
let server: TestServer;
let own: { userId: string; orgId: string; appId: string; key: string };
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'verigate-fuzz-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const unlimited = '1000000';
  server = await createTestServer({
    WEB_DIST: webDist,
    ADMIN_TOKEN,
    RATE_LIMIT_PER_IP: unlimited,
    RATE_LIMIT_PER_EMAIL: unlimited,
    OTP_SENDS_PER_USER: unlimited,
    OTP_SENDS_PER_ORGANISATION: unlimited,
  });
  const { token, userId } = await server.signedInUser(ALLOWLISTED[0]!);
  const orgId = await server.createOrganisation(token);
  await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, { token, body: { productIds: ['in_identity_pan_lite'] } });
  const appId = (await server.request('POST', '/api/app', { token, body: { name: 'Test App' } })).body.data._id as string;
  const key = (await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token, body: { keyName: 'TestKey' } })).body.data.apiKey as string;
  own = { userId, orgId, appId, key };
}, 120_000);
afterAll(async () => {
  await server.close();
  await rm(webDist, { recursive: true, force: true });
});

const BAD_IDS = [
  '-'.repeat(36),
  'a'.repeat(36),
  '0'.repeat(32),
  randomUUID(),
  'abc%00def',
  '%00',
  'x'.repeat(300),
  '..%2F..%2Fetc%2Fpasswd',
  '%E2%80%AE',
  "1'%20or%20'1'%3D'1",
  '%FF%FE',
];
const BAD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  ['a', 1],
  {},
  { nested: { deeper: [null] } },
  '',
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  '-'.repeat(36),
  'a'.repeat(36),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '\u{1F4A5}'.repeat(40),
  '__proto__',
];
const RAW_BODIES = [
  '{',
  '[',
  'null',
  '[]',
  '"text"',
  '123',
  '{"a":',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  JSON.stringify({ big: 'x'.repeat(70_000) }),
  JSON.stringify({ text: 'a\u0000b' }),
  '\u0000',
];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/xml'];
const HOSTILE_HEADERS: Array<Record<string, string>> = [
  { 'x-org-id': '-'.repeat(36) },
  { 'x-org-id': 'a'.repeat(36) },
  { 'x-org-id': randomUUID() },
  { 'x-org-id': 'x'.repeat(2000) },
  { authorization: `Bearer ${'x'.repeat(5000)}` },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer' },
  { captchatoken: 'garbage' },
  { captchatoken: Buffer.from('{"challenge":1,"solution":"x"}').toString('base64') },
  { 'x-operator': 'x'.repeat(1000) },
  { 'app-id': '-'.repeat(36), 'api-key': 'vgk_test_garbage' },
  { 'app-id': randomUUID(), 'api-key': 'x'.repeat(3000) },
  { 'x-forwarded-for': '127.0.0.1, ::1, not-an-ip' },
];
/** Field names the actions' bodies use (their schemas are picked per action inside the handler). */
const ACTION_FIELDS = ['keyName', 'productIds', 'whitelisted_ips', 'purpose', 'relay_id', 'relayId', 'otp', 'zpin', 'orgId', 'technical_poc', 'business_poc'];

/** The fields of an object schema (or of every member of a union of them). */
function shapeOf(schema: z.ZodType | undefined): Record<string, unknown> {
  const def = (schema as unknown as { def?: { type: string; shape?: Record<string, unknown>; options?: z.ZodType[]; innerType?: z.ZodType } } | undefined)?.def;
  if (!def) return {};
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'union') return Object.assign({}, ...(def.options ?? []).map(shapeOf));
  if (def.innerType) return shapeOf(def.innerType);
  return {};
}

/** The values an enum (or optional enum) query parameter accepts. */
function choicesOf(schema: unknown): string[] {
  const def = (schema as { def?: { type: string; entries?: Record<string, string>; innerType?: unknown } } | undefined)?.def;
  if (!def) return [];
  if (def.type === 'enum') return Object.values(def.entries ?? {});
  if (def.innerType) return choicesOf(def.innerType);
  return [];
}

interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  contentType?: string;
}

const isProviderApi = (url: string) => /^\/(test|live)\/api\//.test(url);

/** A valid-looking value for each path parameter: this user's own ids, or a product path. */
function ownValue(param: string): string {
  const values: Record<string, string> = {
    organisationId: own.orgId,
    appId: own.appId,
    userId: own.userId,
    documentId: randomUUID(),
    token: 'a'.repeat(43),
    region: 'in',
    category: 'identity',
    service: 'pan',
    type: 'lite',
    '*': 'v1/in/identity/pan/lite',
  };
  return values[param] ?? randomUUID();
}

function urlsOf(route: RouteContract): string[] {
  const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const fill = (chosen: Record<string, string>) => route.url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => chosen[name ?? '*']!);
  const base = Object.fromEntries(params.map((param) => [param, ownValue(param)]));
  const urls = [fill(base)];
  for (const param of params) for (const bad of BAD_IDS) urls.push(fill({ ...base, [param]: bad }));
  return urls;
}

/** Every probe of a route: its URLs, each query action, each body shape, each hostile header. */
function probesOf(route: RouteContract): Probe[] {
  const urls = urlsOf(route);
  const query = shapeOf(route.schema.querystring);
  const actions = Object.entries(query).flatMap(([name, schema]) => choicesOf(schema).map((choice) => `${name}=${encodeURIComponent(choice)}`));
  const queries = ['', ...actions, 'action=bogus', 'action=', 'action=%00', 'action=a&action=b', `page=${'x'.repeat(3000)}`];
  const fields = [...Object.keys(shapeOf(route.schema.body)), ...(actions.length > 0 ? ACTION_FIELDS : [])];
  const bodies = [
    ...RAW_BODIES.map((body) => ({ body, contentType: 'application/json' })),
    ...CONTENT_TYPES.map((contentType) => ({ body: 'a=1&b=2', contentType })),
    ...fields.flatMap((field) => BAD_VALUES.map((value) => ({ body: JSON.stringify({ [field]: value }), contentType: 'application/json' }))),
  ];
  const withBody = !['GET', 'HEAD'].includes(route.method);
  const probes: Probe[] = [];
  for (const url of urls) probes.push({ method: route.method, url });
  for (const search of queries) {
    const url = `${urls[0]}${search ? `?${search}` : ''}`;
    probes.push({ method: route.method, url });
    if (withBody) for (const body of bodies) probes.push({ method: route.method, url, ...body });
  }
  for (const headers of HOSTILE_HEADERS) probes.push({ method: route.method, url: `${urls[0]}${actions[0] ? `?${actions[0]}` : ''}`, headers });
  return probes;
}

/** What is wrong with an answer, or null when it is a handled refusal or a success. */
function problemOf(probe: Probe, status: number, body: string): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 200)}`;
  if (status < 400 || probe.method === 'HEAD') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `answered ${status} without a JSON body: ${body.slice(0, 100)}`;
  }
  if (isProviderApi(probe.url)) {
    const envelope = parsed as { request_id?: unknown; response_message?: unknown; metadata?: unknown };
    return typeof envelope.request_id === 'string' && typeof envelope.response_message === 'string' && envelope.metadata
      ? null
      : `not the provider envelope: ${body.slice(0, 200)}`;
  }
  return errEnvelope.safeParse(parsed).success ? null : `not the {err} envelope: ${body.slice(0, 200)}`;
}

async function send(probe: Probe, session: Record<string, string>): Promise<string | null> {
  const headers: Record<string, string> = { ...session, ...probe.headers };
  if (probe.body !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
  const reply = await server.app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    headers,
    ...(probe.body !== undefined ? { payload: probe.body } : {}),
  });
  const problem = problemOf(probe, reply.statusCode, reply.body);
  return (
    problem && `${probe.method} ${probe.url.slice(0, 120)} ${JSON.stringify(probe.headers ?? {}).slice(0, 80)} ${(probe.body ?? '').slice(0, 60)} → ${problem}`
  );
}

/** The credentials a route is called with: the operator's for the back office, the app's for the provider API, else a fresh session. */
async function sessionFor(route: RouteContract): Promise<Record<string, string>> {
  if (route.url.startsWith('/api/admin/')) return { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-operator': 'fuzz-tests' };
  if (isProviderApi(route.url)) return { 'app-id': own.appId, 'api-key': own.key };
  const login = await server.login(ALLOWLISTED[0]!);
  return { authorization: `Bearer ${login.body.data.token}`, 'x-org-id': own.orgId };
}

describe('every route, driven by its contract', () => {
  it('answers malformed bodies, wrong types, oversized values, bad ids and hostile headers with a 4xx in its envelope, never a 5xx', async () => {
    const routes = routeContracts(server.app).filter((route) => route.url.startsWith('/api/') || isProviderApi(route.url));
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const session = await sessionFor(route);
      for (const probe of probesOf(route)) {
        sent += 1;
        const problem = await send(probe, session);
        if (problem) problems.push(problem);
      }
    }
    expect(sent).toBeGreaterThan(10_000);
    expect(problems.slice(0, 40)).toEqual([]);
  }, 600_000);

  it('answers unknown and undecodable paths with a 4xx in the envelope', async () => {
    const problems: string[] = [];
    for (const url of [
      '/api/%00',
      `/api/${'x'.repeat(5000)}`,
      '/api/user/%ZZ',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/api/user/login/../../..',
      '/test/api/v1/%ZZ/x/y/z',
      '/api//app',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const problem = await send({ method, url }, {});
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });
});
