import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exampleRequest, productByArn } from '@verigate/catalog';
import { SANDBOX_OTP } from '@verigate/catalog/sandbox';
import { sandboxSessions } from '../db/schema.js';
import { ALLOWLISTED, createTestServer, PORTAL, type TestServer } from '../test/harness.js';
import { ADMIN_TOKEN, callApi, creditsOf, setCredits, testCustomer, type Customer } from '../test/gateway-support.js';

/** The multi-step flows (seed 001 §4): OTP request → verify, hosted pages init → fetch, eSign. */
const FLOW_PRODUCTS = [
  'in_contact_email_otp',
  'in_contact_mobile_otp',
  'in_identity_okyc_otp',
  'in_face_liveness_lite',
  'in_contract_esign_aadhaar',
  'in_identity_digilocker_lite',
  'in_ocr_card_sdk',
  'in_identity_student_sdk',
  'in_identity_pan_lite',
];

let server: TestServer;
let customer: Customer;
let other: Customer;

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN });
  customer = await testCustomer(server, ALLOWLISTED[0]!, FLOW_PRODUCTS);
  other = await testCustomer(server, ALLOWLISTED[1]!, ['in_contact_email_otp']);
  for (const arn of FLOW_PRODUCTS) await setCredits(server, customer.orgId, arn, 1000);
});
afterAll(() => server.close());

const as = (who: Customer) => (arn: string, body: unknown) => callApi(server, { arn, appId: who.appId, key: who.key, body });
const call = (arn: string, body: unknown) => as(customer)(arn, body);
const step = (arn: string, index: number, data: Record<string, unknown> = {}) => {
  const product = productByArn(arn)!;
  const body = exampleRequest(product, product.operations[index]);
  return { ...body, data: { ...body.data, ...data } };
};
const page = (url: string, method: 'GET' | 'POST' = 'GET', payload?: string) =>
  server.app.inject({
    method,
    url: url.replace(PORTAL, ''),
    ...(payload !== undefined ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  });

describe('OTP flows', () => {
  it('verify an email with request-test then submit-test and the request_id, once', async () => {
    const sent = await call('in_contact_email_otp', step('in_contact_email_otp', 0, { email: 'priya.sharma@example.com' }));
    expect(sent.body).toMatchObject({ response_code: 100, result: { is_otp_sent: true, email: 'p**********a@example.com' } });
    const submit = (otp: string, requestId = sent.body.request_id) =>
      call('in_contact_email_otp', step('in_contact_email_otp', 1, { request_id: requestId, otp }));
    const wrong = await submit('654321');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ response_code: 106, result: { errors: [{ field: 'data.otp', message: 'The OTP does not match' }] } });
    const verified = await submit(SANDBOX_OTP);
    expect(verified.body).toMatchObject({ response_code: 100, result: { verified: true, email: 'p**********a@example.com' } });
    const again = await submit(SANDBOX_OTP);
    expect(again.body).toMatchObject({
      response_code: 106,
      result: { errors: [{ field: 'data.request_id', message: 'request_id is unknown or has expired' }] },
    });
  });

  it('refuses the seed’s other actions on email verification and any action on a single-step product', async () => {
    for (const action of ['request', 'verify', 'init']) {
      const reply = await call('in_contact_email_otp', { ...step('in_contact_email_otp', 0), action });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ response_code: null, response_message: 'action disallowed for the product' });
    }
    expect((await call('in_identity_pan_lite', { ...exampleRequest(productByArn('in_identity_pan_lite')!), action: 'fetch' })).status).toBe(403);
  });

  it('answers an unknown, foreign or expired request_id with 106 and spends no credit', async () => {
    const before = await creditsOf(server, customer.orgId, 'in_contact_mobile_otp');
    const unknown = await call(
      'in_contact_mobile_otp',
      step('in_contact_mobile_otp', 1, { request_id: '5b0e7c52-8a55-4d7e-9a51-1f2d3c4b5a69', otp: SANDBOX_OTP }),
    );
    expect(unknown.body).toMatchObject({
      response_code: 106,
      result: { errors: [{ field: 'data.request_id', message: 'request_id is unknown or has expired' }] },
    });
    expect(await creditsOf(server, customer.orgId, 'in_contact_mobile_otp')).toBe(before);

    const theirs = await as(other)('in_contact_email_otp', step('in_contact_email_otp', 0));
    const foreign = await call('in_contact_email_otp', step('in_contact_email_otp', 1, { request_id: theirs.body.request_id, otp: SANDBOX_OTP }));
    expect(foreign.body.response_code).toBe(106);
    const acrossProducts = await call('in_contact_mobile_otp', step('in_contact_mobile_otp', 1, { request_id: theirs.body.request_id, otp: SANDBOX_OTP }));
    expect(acrossProducts.body.response_code).toBe(106);

    const sent = await call('in_contact_mobile_otp', step('in_contact_mobile_otp', 0));
    expect(sent.body.result).toEqual({ otp_sent: true, mobile_number: 'XXXXXX1234' });
    server.clock.advance(10 * 60_000 + 1);
    const expired = await call('in_contact_mobile_otp', step('in_contact_mobile_otp', 1, { request_id: sent.body.request_id, otp: SANDBOX_OTP }));
    expect(expired.body.response_code).toBe(106);
  });

  it('verifies an OTP only once under a parallel burst, charging only that call', async () => {
    const sent = await call('in_identity_okyc_otp', step('in_identity_okyc_otp', 0));
    const before = await creditsOf(server, customer.orgId, 'in_identity_okyc_otp');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => call('in_identity_okyc_otp', step('in_identity_okyc_otp', 1, { request_id: sent.body.request_id, otp: SANDBOX_OTP }))),
    );
    expect(replies.map((reply) => reply.body.response_code).sort()).toEqual([100, 106, 106, 106, 106, 106]);
    expect(replies.find((reply) => reply.body.response_code === 100)!.body.result).toMatchObject({ verified: true, aadhaar_number: 'XXXXXXXX1234' });
    expect(await creditsOf(server, customer.orgId, 'in_identity_okyc_otp')).toBe(before - 1);
  });

  it('opens no session for a first step answered with another code', async () => {
    const failed = await call('in_contact_mobile_otp', exampleRequest(productByArn('in_contact_mobile_otp')!, undefined, { code: 110 }));
    expect(failed.body.response_code).toBe(110);
    expect(await server.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, failed.body.request_id))).toEqual([]);
  });
});

describe('hosted pages', () => {
  it('run face liveness: init gives an sdk_url on this server, fetch is PENDING until the page is completed', async () => {
    const init = await call('in_face_liveness_lite', step('in_face_liveness_lite', 0));
    const { request_id: requestId, sdk_url: sdkUrl } = init.body.result;
    expect(requestId).toBe(init.body.request_id);
    expect(sdkUrl).toBe(`${PORTAL}/sandbox/session/${requestId}`);
    const fetch = () => call('in_face_liveness_lite', step('in_face_liveness_lite', 1, { request_id: requestId }));
    expect((await fetch()).body).toMatchObject({ response_code: 100, result: { request_id: requestId, status: 'PENDING', liveness: null } });

    const shown = await page(sdkUrl);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('Face liveness check');
    expect(shown.body).toContain('<button class="pass" name="outcome" value="pass">I am a live person</button>');
    const done = await page(sdkUrl, 'POST', 'outcome=pass');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/sandbox/session/${requestId}`);
    expect((await page(sdkUrl)).body).toContain('Done: <strong>I am a live person</strong>');

    expect((await fetch()).body.result).toMatchObject({ status: 'COMPLETED', liveness: { is_live: true }, face_match: { match: true } });
    expect((await page(sdkUrl, 'POST', 'outcome=fail')).statusCode).toBe(303);
    expect((await fetch()).body.result.liveness.is_live).toBe(true);
  });

  it('answers the failed outcome of DigiLocker, OCR SDK and student verification', async () => {
    for (const arn of ['in_identity_digilocker_lite', 'in_ocr_card_sdk', 'in_identity_student_sdk']) {
      const init = await call(arn, step(arn, 0));
      expect((await page(init.body.result.sdk_url, 'POST', 'outcome=fail')).statusCode).toBe(303);
      const fetched = await call(arn, step(arn, 1, { request_id: init.body.result.request_id }));
      expect(fetched.body).toMatchObject({ response_code: 100, result: { status: 'COMPLETED' } });
      expect(
        Object.values(fetched.body.result).some((value) => value === null || (Array.isArray(value) && value.length === 0)),
        arn,
      ).toBe(true);
    }
  });

  it('run eSign: one signing page per signer, then the signed PDF', async () => {
    const base = step('in_contract_esign_aadhaar', 0);
    const signers = [
      ...(base.data.signers as object[]),
      { signer_name: 'Asha <Rao>', signer_email: 'asha@example.com', signer_city: 'Pune', signer_purpose: 'Demo', sign_coordinates: [{ page_num: 1 }] },
    ];
    const refused = await call('in_contract_esign_aadhaar', { ...base, data: { ...base.data, signers } });
    expect(refused.body.result.errors).toEqual([{ field: 'data.signers.1.signer_name', message: 'Signer Name is not valid' }]);
    signers[1] = { ...signers[1], signer_name: 'Asha Rao' };
    const init = await call('in_contract_esign_aadhaar', { ...base, data: { ...base.data, signers } });
    const requests = init.body.result.requests as Array<{ request_id: string; signing_url: string; signer_name: string }>;
    expect(requests.map((request) => request.signer_name)).toEqual(['Rahul Sharma', 'Asha Rao']);
    const viewer = await page(requests[1]!.signing_url);
    expect(viewer.body).toContain('<dd>Asha Rao</dd>');
    expect(viewer.body).toContain('<dd>Demo agreement</dd>');
    await page(requests[1]!.signing_url, 'POST', 'outcome=pass');
    const fetch = (requestId: string) => call('in_contract_esign_aadhaar', step('in_contract_esign_aadhaar', 1, { request_id: requestId }));
    const signed = await fetch(requests[1]!.request_id);
    expect(signed.body.result).toMatchObject({ status: 'COMPLETED', signer_name: 'Asha Rao', signed_at: expect.any(String) });
    expect(Buffer.from(signed.body.result.signed_document, 'base64').toString('latin1')).toMatch(/^%PDF-1\.4/);
    expect((await fetch(requests[0]!.request_id)).body.result.status).toBe('PENDING');
  });

  it('answer an unknown session with 404 and an unknown outcome with 400, and serve no script', async () => {
    expect((await page('/sandbox/session/5b0e7c52-8a55-4d7e-9a51-1f2d3c4b5a69')).statusCode).toBe(404);
    expect((await page('/sandbox/session/not-a-uuid')).statusCode).toBe(404);
    const init = await call('in_face_liveness_lite', step('in_face_liveness_lite', 0));
    expect((await page(init.body.result.sdk_url, 'POST', 'outcome=maybe')).statusCode).toBe(400);
    const shown = await page(init.body.result.sdk_url);
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.body).not.toContain('<script');
  });
});
