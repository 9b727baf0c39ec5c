import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { exampleRequest, productByArn } from '@verigate/catalog';
import { eventually } from '../../test/eventually.js';
import { ADMIN_TOKEN, callApi, setCredits, testCustomer, type Customer } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, PORTAL, type TestServer } from '../../test/harness.js';
import { startReceiver, type Receiver } from '../../test/webhook-support.js';

/**
 * `verification.completed` over the real API: sandbox hosted flows (liveness, DigiLocker, eSign)
 * driven to completion on their pages reach a subscribed receiver once each, signed, with ids and
 * the outcome and no personal data; a flow left open, or completed twice, raises nothing more.
 */

const LIVENESS = 'in_face_liveness_lite';
const DIGILOCKER = 'in_identity_digilocker_lite';
const ESIGN = 'in_contract_esign_aadhaar';

let server: TestServer;
let receiver: Receiver;
let customer: Customer;
let secret: string;

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '2000' });
  receiver = await startReceiver();
  customer = await testCustomer(server, ALLOWLISTED[0]!, [LIVENESS, DIGILOCKER, ESIGN]);
  for (const arn of [LIVENESS, DIGILOCKER, ESIGN]) await setCredits(server, customer.orgId, arn, 100);
  const endpoint = await server.request('POST', '/api/webhooks/endpoints', {
    token: customer.token,
    body: { url: receiver.url, events: ['verification.completed'] },
  });
  expect(endpoint.status).toBe(200);
  secret = endpoint.body.data.secret;
});

afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const step = (arn: string, index: number, data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
  const product = productByArn(arn)!;
  const body = exampleRequest(product, product.operations[index]);
  return { ...body, ...extra, data: { ...body.data, ...data } };
};
const call = (arn: string, body: unknown) => callApi(server, { arn, appId: customer.appId, key: customer.key, body });
const complete = (url: string, outcome: 'pass' | 'fail') =>
  server.app.inject({
    method: 'POST',
    url: url.replace(PORTAL, ''),
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

interface Message {
  type: string;
  data: Record<string, unknown>;
}
const messages = () => receiver.received.map((request) => JSON.parse(request.body) as Message);
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('verification.completed', () => {
  it('is sent once per completed hosted flow, signed, with ids and the outcome only', async () => {
    const livenessTask = randomUUID();
    const liveness = await call(LIVENESS, step(LIVENESS, 0, {}, { task_id: livenessTask }));
    expect(liveness.body.response_code).toBe(100);
    const digilocker = await call(DIGILOCKER, step(DIGILOCKER, 0));
    expect(digilocker.body.response_code).toBe(100);
    const esign = await call(ESIGN, step(ESIGN, 0));
    expect(esign.body.response_code).toBe(100);
    const [signer] = esign.body.result.requests as Array<{ request_id: string; signing_url: string; signer_name: string; signer_email: string }>;

    const at = server.clock.now().toISOString();
    expect((await complete(liveness.body.result.sdk_url, 'pass')).statusCode).toBe(303);
    expect((await complete(digilocker.body.result.sdk_url, 'fail')).statusCode).toBe(303);
    expect((await complete(signer!.signing_url, 'pass')).statusCode).toBe(303);
    // A page posted again changes nothing and raises nothing.
    expect((await complete(liveness.body.result.sdk_url, 'fail')).statusCode).toBe(303);

    await eventually(async () => (receiver.received.length >= 3 ? true : undefined));
    await settle();
    expect(receiver.received).toHaveLength(3);
    const verifier = new Webhook(secret);
    for (const request of receiver.received) expect(() => verifier.verify(request.body, request.headers)).not.toThrow();
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(3);

    const byRequest = new Map(messages().map((message) => [message.data.request_id, message]));
    const base = { type: 'verification.completed' };
    expect(byRequest.get(liveness.body.request_id)).toEqual({
      ...base,
      timestamp: expect.any(String),
      data: {
        request_id: liveness.body.request_id,
        task_id: livenessTask,
        product_arn: LIVENESS,
        env: 'test',
        app_id: customer.appId,
        outcome: 'passed',
        completed_at: at,
      },
    });
    expect(byRequest.get(digilocker.body.request_id)).toMatchObject({
      ...base,
      data: { product_arn: DIGILOCKER, task_id: digilocker.body.task_id, outcome: 'failed', env: 'test' },
    });
    expect(byRequest.get(signer!.request_id)).toMatchObject({ ...base, data: { product_arn: ESIGN, task_id: esign.body.task_id, outcome: 'passed' } });
    // No personal data: the signer's name and email stay with the fetch step.
    const bodies = receiver.received.map((request) => request.body).join('\n');
    expect(bodies).not.toContain(signer!.signer_name);
    expect(bodies).not.toContain(signer!.signer_email);

    // The fetch step answers what the event announced.
    const fetched = await call(LIVENESS, step(LIVENESS, 1, { request_id: liveness.body.request_id }));
    expect(fetched.body.result).toMatchObject({ status: 'COMPLETED' });
  });

  it('is not sent for a flow left open until it expires, nor for a first step that failed', async () => {
    const before = receiver.received.length;
    const abandoned = await call(LIVENESS, step(LIVENESS, 0));
    expect(abandoned.body.response_code).toBe(100);
    const failed = await call(LIVENESS, exampleRequest(productByArn(LIVENESS)!, productByArn(LIVENESS)!.operations[0], { code: 110 }));
    expect(failed.body.response_code).toBe(110);
    server.clock.advance(31 * 60_000);
    expect((await complete(abandoned.body.result.sdk_url, 'pass')).statusCode).toBe(404);
    await settle();
    expect(receiver.received).toHaveLength(before);
    const token = (await server.login(ALLOWLISTED[0]!)).body.data.token as string;
    const log = await server.request('GET', '/api/webhooks/deliveries?event_type=verification.completed', { token });
    expect(log.body.data.deliveries).toHaveLength(before);
  });
});
