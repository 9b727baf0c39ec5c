import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { freePort } from '../test/free-port.js';
import { ADMIN_TOKEN, panBody, pathOf, testCustomer, type Customer } from '../test/gateway-support.js';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789abcdef';
const PROXY = '10.9.8.7';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;
let customer: Customer;
let metricsPort: number;
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];

const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  server.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const requestLines = (requestId: string) => lines.filter((line) => line.requestId === requestId && line.msg === 'request');

beforeAll(async () => {
  metricsPort = await freePort();
  server = await createTestServer({ ADMIN_TOKEN, METRICS_TOKEN, METRICS_PORT: String(metricsPort), TRUSTED_PROXIES: PROXY, LOG_LEVEL: 'info' }, { logStream });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  customer = await testCustomer(server, ALLOWLISTED[0]!, ['in_identity_pan_lite']);
});
afterAll(() => server.close());

describe('health and readiness', () => {
  it('answers liveness and readiness in JSON with what was checked', async () => {
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-type']).toMatch(/^application\/json/);
    expect(ready.json()).toEqual({ status: 'ready', checks: { shutdown: 'ok', database: 'ok', migrations: 'ok', jobs: 'ok' } });
  });

  it('reports 503 naming the database when it cannot be reached, and ready again once it can', async () => {
    await server.database.refuseConnections();
    try {
      const down = await get('/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'not_ready', checks: { database: expect.not.stringMatching(/^ok$/), migrations: 'unknown' } });
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      await server.database.allowConnections();
    }
    await expect.poll(async () => (await get('/readyz')).statusCode, { timeout: 10_000 }).toBe(200);
  });

  it.each([
    ['/healthz?verbose=1', 404],
    ['/readyz?x', 404],
    ['/healthz/deep', 404],
    ['/readyz/', 404],
    ['/metrics/extra', 404],
    ['/health', 404],
    ['/ready', 404],
  ])('answers GET %s with a JSON %i, never the portal', async (url, status) => {
    const reply = await get(url);
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toMatchObject({ err: { status, code: 'not_found' } });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('refuses %s on the health and metrics paths with 405', async (method) => {
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const reply = await server.app.inject({ method, url, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(reply.statusCode).toBe(405);
      expect(reply.headers.allow).toBe('GET, HEAD');
    }
  });
});

describe('request ids and the request log', () => {
  it('makes an id for every answer and ignores one sent by a client that is not a trusted proxy', async () => {
    const reply = await get('/healthz', { 'x-request-id': 'client-made-up' });
    expect(reply.headers['x-request-id']).toMatch(UUID);
    const missing = await get('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
  });

  it('keeps the id a trusted proxy sends, and refuses one that could forge a log line', async () => {
    expect((await get('/healthz', { 'x-request-id': 'lb-7f3a.42' }, PROXY)).headers['x-request-id']).toBe('lb-7f3a.42');
    expect((await get('/healthz', { 'x-request-id': 'bad id\nforged' }, PROXY)).headers['x-request-id']).toMatch(UUID);
  });

  it('logs one line per request with method, route pattern, status, duration and id, and nothing of the query', async () => {
    const reply = await get('/api/config?secret=hunter2');
    const id = String(reply.headers['x-request-id']);
    const [line, ...more] = requestLines(id);
    expect(more).toHaveLength(0);
    expect(line).toMatchObject({ method: 'GET', route: '/api/config', status: 200, requestId: id });
    expect(line!.durationMs).toBeTypeOf('number');
    expect(raw.some((text) => text.includes('hunter2'))).toBe(false);
    expect(lines.some((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed')).toBe(false);
  });

  it('uses the envelope’s request_id as the id of a provider-API call, even from a trusted proxy, and logs its organisation', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: pathOf('in_identity_pan_lite'),
      headers: { 'content-type': 'application/json', 'app-id': customer.appId, 'api-key': customer.key, 'x-request-id': 'lb-chosen-id' },
      payload: JSON.stringify(panBody()),
      remoteAddress: PROXY,
    });
    const body = reply.json<{ request_id: string; response_code: number }>();
    expect(body.response_code).toBe(100);
    expect(reply.headers['x-request-id']).toBe(body.request_id);
    expect(requestLines(body.request_id)).toEqual([
      expect.objectContaining({ method: 'POST', route: '/test/api/v1/:region/:category/:service/:type', status: 200, organisationId: customer.orgId }),
    ]);
  });

  it('logs the organisation of a portal request that names one', async () => {
    const reply = await server.app.inject({
      method: 'GET',
      url: `/api/organisation/${customer.orgId}`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(requestLines(String(reply.headers['x-request-id']))[0]).toMatchObject({ organisationId: customer.orgId });
  });
});

describe('metrics', () => {
  it('refuses a scrape without the token or with a wrong one, and logs the refusal without the token', async () => {
    expect((await get('/metrics')).statusCode).toBe(401);
    const wrong = await get('/metrics', { authorization: 'Bearer wrong-token-that-is-long-enough-000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ err: { status: 401, code: 'unauthorized' } });
    expect(lines.some((line) => line.msg === 'metrics scrape refused: missing or wrong token')).toBe(true);
    expect(raw.some((text) => text.includes('wrong-token-that-is-long-enough'))).toBe(false);
  });

  it('serves every documented metric to the token’s bearer, with the provider-API call counted by product, environment, code and billability', async () => {
    const reply = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    const text = reply.body;
    expect(text).toMatch(/verigate_provider_api_calls_total\{product="in_identity_pan_lite",environment="test",response_code="100",billable="true"\} [1-9]/);
    expect(text).toMatch(
      /verigate_provider_api_call_duration_seconds_bucket\{le="0.005",product="in_identity_pan_lite",environment="test",response_code="100"\}/,
    );
    expect(text).toMatch(/verigate_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} [1-9]/);
    expect(text).toMatch(/verigate_db_pool_connections\{state="waiting"\} \d/);
    expect(text).toMatch(/verigate_job_queue_jobs\{queue="[^"]+",state="(created|active|retry|failed)"\} \d/);
    expect(text).toMatch(/verigate_wallet_holds_outstanding 0/);
    expect(text).toMatch(/verigate_credential_cache_events_total\{event="(hit|miss)"\} [1-9]/);
    expect(text).toMatch(/verigate_metrics_requests_refused_total [1-9]/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
    expect(text).toContain('verigate_batch_rows_processed_total');
  });

  it('serves /metrics alone on METRICS_PORT, still asking for the token', async () => {
    const base = `http://127.0.0.1:${metricsPort}`;
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const scraped = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('verigate_http_request_duration_seconds');
    expect((await fetch(`${base}/healthz`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});

describe('draining', () => {
  it('turns readiness to 503 at once while liveness stays 200, and asks every client to close its connection', async () => {
    server.app.drain.begin();
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', checks: { shutdown: 'draining' } });
    expect(ready.headers.connection).toBe('close');
    expect((await get('/healthz')).statusCode).toBe(200);
  });
});
