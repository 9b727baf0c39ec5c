import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, productByArn } from '@verigate/catalog';
import { UPSTREAM_CALLBACK_MESSAGES, upstreamCallbackPath, WEBHOOK_RETENTION_DAYS } from '@verigate/contracts';
import { installContracts } from '../platform/http.js';
import { activate, BILLING_ADMIN_TOKEN, payPlan, planIdByCode } from '../test/billing-support.js';
import { eventually } from '../test/eventually.js';
import { callApi, liveApp, testCustomer, type Customer } from '../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { startReceiver, type Receiver } from '../test/webhook-support.js';
import { upstreamCallbackRoutes } from './upstream-callbacks.js';

/**
 * `verification.completed` of live calls: the upstream of an asynchronous product calls back,
 * signed with UPSTREAM_CALLBACK_SECRET, when the customer finished the hosted flow. One event per
 * call, delivered to a real receiver, whatever the number of callbacks; unsigned, stale,
 * malformed and foreign callbacks are refused in the `{err}` envelope and store nothing.
 */

const LIVENESS = 'in_face_liveness_lite';
const DIGILOCKER = 'in_identity_digilocker_lite';
const PAN = 'in_identity_pan_lite';
const SECRET = `whsec_${Buffer.from('upstream-callback-test-secret-0123456789').toString('base64')}`;

let upstream: Server;
let server: TestServer;
let receiver: Receiver;
let endpointSecret: string;
let customer: Customer;
let live: { appId: string; key: string };
let other: { appId: string; key: string };

/** A customer of `email` with a paid plan and a live app of these products. */
async function liveCustomer(email: string): Promise<{ customer: Customer; live: { appId: string; key: string } }> {
  const created = await testCustomer(server, email, [LIVENESS, DIGILOCKER, PAN]);
  const billed = { ...created, userId: '', testAppId: created.appId, testKey: created.key };
  await activate(server, billed);
  await payPlan(server, billed, await planIdByCode(server, billed, 'LITE'));
  return { customer: created, live: await liveApp(server, created.orgId, [LIVENESS, DIGILOCKER, PAN]) };
}

beforeAll(async () => {
  // The upstream starts every flow; its answer says nothing of how the flow will end.
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ response_code: 100, result: { sdk_url: 'https://upstream.example/flow', status: 'PENDING' } })),
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await createTestServer({
    ADMIN_TOKEN: BILLING_ADMIN_TOKEN,
    UPSTREAM_CALLBACK_SECRET: SECRET,
    UPSTREAM_URLS: JSON.stringify({ [LIVENESS]: `${base}/liveness`, [DIGILOCKER]: `${base}/digilocker`, [PAN]: `${base}/pan` }),
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: '2000',
  });
  receiver = await startReceiver();
  ({ customer, live } = await liveCustomer(ALLOWLISTED[0]!));
  ({ live: other } = await liveCustomer(ALLOWLISTED[1]!));
  const endpoint = await server.request('POST', '/api/webhooks/endpoints', {
    token: customer.token,
    body: { url: receiver.url, events: ['verification.completed'] },
  });
  expect(endpoint.status).toBe(200);
  endpointSecret = endpoint.body.data.secret;
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await server?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** The flow's first step, live (or on the test app), as the customer sends it. */
const start = (arn: string, app: { appId: string; key: string }, environment: 'live' | 'test' = 'live') =>
  callApi(server, { environment, arn, appId: app.appId, key: app.key, body: { ...exampleRequest(productByArn(arn)!), task_id: randomUUID() } });

/** A callback as an upstream sends it: the raw body signed with `secret` at `at`. */
function signed(body: unknown, { secret = SECRET, at = new Date() }: { secret?: string; at?: Date } = {}) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const id = `msg_${randomUUID()}`;
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, payload),
    },
  };
}

const callback = (arn: string, request: { payload: string; headers: Record<string, string> }) =>
  server.app.inject({ method: 'POST', url: upstreamCallbackPath(arn), headers: request.headers, payload: request.payload });

const completionEvents = async (requestId: string) =>
  (
    await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_events where type = 'verification.completed' and payload ->> 'request_id' = ${requestId}`,
    )
  ).rows[0]!.n;
const stored = async () => {
  const { rows } = await server.db.execute<{ completions: number; events: number }>(sql`
    select (select count(*)::int from live_completions) as completions,
           (select count(*)::int from webhook_events where type = 'verification.completed') as events`);
  return rows[0]!;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('upstream completion callbacks', () => {
  it('raise one signed verification.completed for a live call, delivered to the receiver', async () => {
    const started = await start(LIVENESS, live);
    expect(started.body).toMatchObject({ response_code: 100, result: { status: 'PENDING' } });
    const before = server.clock.now().toISOString();

    const reply = await callback(LIVENESS, signed({ request_id: started.body.request_id, task_id: started.body.task_id, outcome: 'passed' }));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ data: { request_id: started.body.request_id, task_id: started.body.task_id, outcome: 'passed', completed_at: before } });

    const [delivered] = await eventually(async () => (receiver.received.length >= 1 ? receiver.received : undefined));
    const message = new Webhook(endpointSecret).verify(delivered!.body, delivered!.headers);
    // The shape the sandbox's hosted pages raise, with the live environment.
    expect(message).toEqual({
      type: 'verification.completed',
      timestamp: expect.any(String),
      data: {
        request_id: started.body.request_id,
        task_id: started.body.task_id,
        product_arn: LIVENESS,
        env: 'live',
        app_id: live.appId,
        outcome: 'passed',
        completed_at: before,
      },
    });
  });

  it('answers a repeated callback with the recorded completion and raises nothing more, even in a burst', async () => {
    const first = await start(DIGILOCKER, live);
    const request = signed({ request_id: first.body.request_id, outcome: 'failed' });
    const replies = await Promise.all(Array.from({ length: 6 }, () => callback(DIGILOCKER, request)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const answers = new Set(replies.map((reply) => reply.body));
    expect(answers.size).toBe(1);
    expect(JSON.parse([...answers][0]!).data).toMatchObject({ request_id: first.body.request_id, task_id: first.body.task_id, outcome: 'failed' });

    // Later, with another outcome and a fresh signature: the first completion stands.
    server.clock.advance(60_000);
    const again = await callback(DIGILOCKER, signed({ request_id: first.body.request_id, outcome: 'passed' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ outcome: 'failed' });

    await eventually(async () => (receiver.received.some((received) => received.body.includes(first.body.request_id)) ? true : undefined));
    await settle();
    expect(await completionEvents(first.body.request_id)).toBe(1);
    expect(receiver.received.filter((received) => received.body.includes(first.body.request_id))).toHaveLength(1);
  });

  it('refuses unsigned, stale, malformed and foreign callbacks in the {err} envelope, storing nothing', async () => {
    const mine = await start(LIVENESS, live);
    const theirs = await start(LIVENESS, other);
    const sandbox = await start(LIVENESS, { appId: customer.appId, key: customer.key }, 'test');
    const pan = await callApi(server, { environment: 'live', arn: PAN, appId: live.appId, key: live.key, body: exampleRequest(productByArn(PAN)!) });
    expect([mine, theirs, sandbox, pan].map((reply) => reply.body.response_code)).toEqual([100, 100, 100, 100]);
    const body = { request_id: mine.body.request_id, outcome: 'passed' };
    const before = await stored();

    const unsigned = signed(body);
    const tampered = signed(body);
    const wrongSecret = `whsec_${Buffer.from('not-the-upstream-secret-but-long-enough').toString('base64')}`;
    const cases: Array<[string, string, { payload: string; headers: Record<string, string> }, number, string]> = [
      ['no signature', LIVENESS, { payload: unsigned.payload, headers: { 'content-type': 'application/json' } }, 401, UPSTREAM_CALLBACK_MESSAGES.badSignature],
      ['another secret', LIVENESS, signed(body, { secret: wrongSecret }), 401, UPSTREAM_CALLBACK_MESSAGES.badSignature],
      [
        'a body changed after signing',
        LIVENESS,
        { ...tampered, payload: tampered.payload.replace('passed', 'failed') },
        401,
        UPSTREAM_CALLBACK_MESSAGES.badSignature,
      ],
      ['a timestamp 6 minutes old', LIVENESS, signed(body, { at: new Date(Date.now() - 6 * 60_000) }), 401, UPSTREAM_CALLBACK_MESSAGES.badSignature],
      ['a timestamp 6 minutes ahead', LIVENESS, signed(body, { at: new Date(Date.now() + 6 * 60_000) }), 401, UPSTREAM_CALLBACK_MESSAGES.badSignature],
      ['a body that is not JSON', LIVENESS, signed('{"request_id":'), 400, UPSTREAM_CALLBACK_MESSAGES.malformed],
      ['a JSON array', LIVENESS, signed([body]), 400, UPSTREAM_CALLBACK_MESSAGES.malformed],
      ['a request id that is no id', LIVENESS, signed({ ...body, request_id: 'r-1' }), 400, UPSTREAM_CALLBACK_MESSAGES.requestId],
      ['an unknown outcome', LIVENESS, signed({ ...body, outcome: 'maybe' }), 400, UPSTREAM_CALLBACK_MESSAGES.outcome],
      ['an unknown request id', LIVENESS, signed({ ...body, request_id: randomUUID() }), 404, UPSTREAM_CALLBACK_MESSAGES.callNotFound],
      ['another organisation’s task', LIVENESS, signed({ ...body, task_id: theirs.body.task_id }), 404, UPSTREAM_CALLBACK_MESSAGES.callNotFound],
      ['a test-environment call', LIVENESS, signed({ ...body, request_id: sandbox.body.request_id }), 404, UPSTREAM_CALLBACK_MESSAGES.callNotFound],
      ['another product’s path', DIGILOCKER, signed(body), 404, UPSTREAM_CALLBACK_MESSAGES.callNotFound],
      ['a product without asynchronous completion', PAN, signed({ ...body, request_id: pan.body.request_id }), 404, UPSTREAM_CALLBACK_MESSAGES.notAsynchronous],
      ['an unknown product', 'in_nothing_at_all', signed(body), 404, UPSTREAM_CALLBACK_MESSAGES.notAsynchronous],
    ];
    for (const [what, arn, request, status, message] of cases) {
      const reply = await callback(arn, request);
      expect(reply.statusCode, what).toBe(status);
      expect(Object.keys(reply.json()), what).toEqual(['err']);
      expect(reply.json().err, what).toMatchObject({ status, message });
    }
    const oversized = signed({ ...body, padding: 'x'.repeat(10_000) });
    const tooLarge = await callback(LIVENESS, oversized);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().err).toMatchObject({ status: 413, code: 'payload_too_large' });

    await settle();
    expect(await stored()).toEqual(before);
    // The refusals left the call's completion to come: the upstream's real callback still counts.
    expect((await callback(LIVENESS, signed({ ...body, task_id: mine.body.task_id }))).statusCode).toBe(200);
    expect(await completionEvents(mine.body.request_id)).toBe(1);
  });

  it('answers 404 while UPSTREAM_CALLBACK_SECRET is unset', async () => {
    const bare = Fastify();
    installContracts(bare);
    await bare.register(upstreamCallbackRoutes, { db: server.db, clock: server.clock, secret: undefined, onFlowCompleted: async () => undefined });
    const started = await start(LIVENESS, live);
    const request = signed({ request_id: started.body.request_id, outcome: 'passed' });
    const reply = await bare.inject({ method: 'POST', url: upstreamCallbackPath(LIVENESS), headers: request.headers, payload: request.payload });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ err: { status: 404, code: 'not_found', message: UPSTREAM_CALLBACK_MESSAGES.disabled } });
    expect(await completionEvents(started.body.request_id)).toBe(0);
    await bare.close();
  });

  it('takes a completion only within the webhook retention of its call, which the retention job deletes completions by', async () => {
    const completed = await start(LIVENESS, live);
    const body = { request_id: completed.body.request_id, outcome: 'passed' };
    const first = await callback(LIVENESS, signed(body));
    expect(first.statusCode).toBe(200);
    const neverCompleted = await start(LIVENESS, live);

    server.clock.advance((WEBHOOK_RETENTION_DAYS * 24 * 60 + 1) * 60_000);
    const late = await callback(LIVENESS, signed({ request_id: neverCompleted.body.request_id, outcome: 'passed' }));
    expect(late.statusCode).toBe(404);
    expect(late.json().err.message).toBe(UPSTREAM_CALLBACK_MESSAGES.callNotFound);
    // Until the job deletes it, a recorded completion is still answered as recorded, and raises nothing.
    const repeated = await callback(LIVENESS, signed({ ...body, outcome: 'failed' }));
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual(first.json());
    await settle();
    expect(await completionEvents(completed.body.request_id)).toBe(1);
    expect(await completionEvents(neverCompleted.body.request_id)).toBe(0);
  });
});
