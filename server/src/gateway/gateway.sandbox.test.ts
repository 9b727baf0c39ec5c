import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exampleRequest, productByArn, RESPONSE_CODES, SANDBOX_CODES, type SandboxCode } from '@verigate/catalog';
import { transactions } from '../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { ADMIN_TOKEN, callApi, creditsOf, mistypedKey, panBody, setCredits, testCustomer, type Customer } from '../test/gateway-support.js';

let server: TestServer;
let customer: Customer;
/** Products these tests call; every product is called in gateway.products.test.ts. */
const SAMPLED = [
  'in_identity_pan_lite',
  'in_identity_pan_advance',
  'in_merchant_gstin_lite',
  'in_financial_bank_lite',
  'in_identity_dl_lite',
  'in_identity_aadhaar_lite',
];

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN });
  customer = await testCustomer(server, ALLOWLISTED[0]!, SAMPLED);
  for (const arn of SAMPLED) await setCredits(server, customer.orgId, arn, 1000);
});
afterAll(() => server.close());

const call = (options: Parameters<typeof callApi>[1] = {}) => callApi(server, { appId: customer.appId, key: customer.key, body: panBody(), ...options });
const sandboxBody = (arn: string, code: SandboxCode) => exampleRequest(productByArn(arn)!, undefined, { code });

describe('the sandbox through the gateway', () => {
  it.each(SANDBOX_CODES)('answers %s for the PAN magic input with the seed’s HTTP status and billability', async (code) => {
    const reply = await call({ body: sandboxBody('in_identity_pan_lite', code) });
    expect(reply.status).toBe(RESPONSE_CODES[code].httpStatus);
    expect(reply.body).toMatchObject({
      success: code === 100,
      response_code: code,
      response_message: RESPONSE_CODES[code].message,
      metadata: { billable: code >= 100 && code <= 103 ? 'Y' : 'N' },
    });
    expect('result' in reply.body).toBe([100, 102, 103].includes(code));
  });

  it.each(SAMPLED)('answers %s: 100 with a record, 101 without', async (arn) => {
    const found = await call({ arn, body: sandboxBody(arn, 100) });
    expect(found.status).toBe(200);
    expect(found.body.result).toBeTypeOf('object');
    const missing = await call({ arn, body: sandboxBody(arn, 101) });
    expect(missing.body).toMatchObject({ response_code: 101, response_message: 'No Record Found', success: false, metadata: { billable: 'Y' } });
  });

  it('is deterministic: the same input gives the same result, with new ids every time', async () => {
    const body = panBody('ABCPE4321F', { data: { customer_pan_number: 'ABCPE4321F', name_to_match: 'Asha Rao', consent: 'Y', consent_text: 'ok' } });
    const first = await call({ body });
    const second = await call({ body });
    expect(second.body.result).toEqual(first.body.result);
    expect(first.body.result.name_match).toMatchObject({ name_to_match: 'Asha Rao' });
    expect(second.body.request_id).not.toBe(first.body.request_id);
    expect(second.body.group_id).not.toBe(first.body.group_id);
    expect(second.body.task_id).not.toBe(first.body.task_id);
  });
});

describe('request validation', () => {
  it('answers 106 with the first broken rule, spending no credit', async () => {
    const before = await creditsOf(server, customer.orgId, 'in_identity_pan_lite');
    const reply = await call({ body: panBody('ABCPE1234') });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      response_code: 106,
      response_message: 'Invalid ID Number or Combination of Inputs',
      metadata: { billable: 'N' },
      result: { errors: [{ field: 'data.customer_pan_number', message: 'Please enter a valid Pan number' }] },
    });
    const bank = await call({
      arn: 'in_financial_bank_lite',
      body: { mode: 'sync', data: { account_number: '50100421234', ifsc: 'HDFC1234567', consent: 'Y', consent_text: 'ok' } },
    });
    expect(bank.body.result.errors).toEqual([{ field: 'data.ifsc', message: 'Please enter a valid IFSC number' }]);
    const noMode = await call({ body: { data: panBody().data } });
    expect(noMode.body.result.errors).toEqual([{ field: 'mode', message: "mode must be 'sync'" }]);
    expect(await creditsOf(server, customer.orgId, 'in_identity_pan_lite')).toBe(before);
  });

  it('answers 104 without consent', async () => {
    const reply = await call({ body: { mode: 'sync', data: { customer_pan_number: 'ABCPE1234F', consent: 'N', consent_text: 'no' } } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      response_code: 104,
      response_message: 'Missing or Invalid Consent',
      result: { errors: [{ field: 'data.consent', message: 'Please provide consent!' }] },
    });
  });

  it('answers 106 to a malformed or non-object JSON body, still in the envelope', async () => {
    const malformed = await call({ rawBody: '{"mode": "sync", ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ response_code: 106, result: { errors: [{ field: 'body', message: 'Malformed JSON body' }] } });
    const array = await call({ rawBody: '[1,2]' });
    expect(array.body).toMatchObject({ response_code: 106, result: { errors: [{ field: 'body' }] } });
  });

  it('answers 415 to a body sent as anything but application/json, JSON or not, and spends no credit', async () => {
    const before = await creditsOf(server, customer.orgId, 'in_identity_pan_lite');
    const json = JSON.stringify(panBody());
    const replies = await Promise.all([
      call({ rawBody: 'hello', headers: { 'content-type': 'text/plain' } }),
      call({ rawBody: json, headers: { 'content-type': 'text/plain' } }),
      call({ rawBody: json, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ]);
    for (const reply of replies) {
      expect(reply.status).toBe(415);
      expect(reply.body).toMatchObject({ response_code: null, response_message: 'content-type must be application/json', metadata: { billable: 'N' } });
    }
    expect((await call({ rawBody: json, headers: { 'content-type': 'application/json; charset=UTF-8' } })).body.response_code).toBe(100);
    expect(await creditsOf(server, customer.orgId, 'in_identity_pan_lite')).toBe(before - 1);
  });

  it('answers an oversized body in the envelope too', async () => {
    const reply = await call({ body: panBody('ABCPE1234F', { padding: 'x'.repeat(70 * 1024) }) });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ response_code: null, response_message: 'Request body is too large', success: false, metadata: { billable: 'N' } });
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, reply.body.request_id));
    expect(row).toMatchObject({ httpStatus: 413, productArn: 'in_identity_pan_lite' });
  });
});

describe('task ids', () => {
  it('echoes a client UUIDv4 and refuses any other task_id with 106', async () => {
    const taskId = randomUUID();
    expect((await call({ body: panBody('ABCPE1234F', { task_id: taskId.toUpperCase() }) })).body.task_id).toBe(taskId);
    for (const bad of ['1234', 'c2d8f8e0-3b1a-11ef-9a2b-0242ac120002', 42, null]) {
      const reply = await call({ body: panBody('ABCPE1234F', { task_id: bad }) });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        response_code: 106,
        response_message: 'task_id must be a UUIDv4',
        result: { errors: [{ field: 'task_id', message: 'task_id must be a UUIDv4' }] },
      });
      expect(reply.body.task_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    }
  });

  it('answers 107 Duplicate Transaction to a task id repeated within 15 minutes, and accepts it after', async () => {
    const body = panBody('ABCPE1234F', { task_id: randomUUID() });
    expect((await call({ body })).body.response_code).toBe(100);
    server.clock.advance(14 * 60_000);
    const duplicate = await call({ body });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({ response_code: 107, response_message: 'Duplicate Transaction', metadata: { billable: 'N' } });
    server.clock.advance(60_000 + 1);
    expect((await call({ body })).body.response_code).toBe(100);
  });

  it('keeps task ids apart per app, and lets a task refused before verification be retried', async () => {
    const taskId = randomUUID();
    const refused = await call({ arn: 'in_merchant_gstin_temporary', body: panBody('ABCPE1234F', { task_id: taskId }) });
    expect(refused.status).toBe(403);
    expect((await call({ body: panBody('ABCPE1234F', { task_id: taskId }) })).body.response_code).toBe(100);
  });

  it('catches a duplicate sent while the first call is still in progress', async () => {
    const body = panBody('ABCPE1234F', { task_id: randomUUID() });
    const codes = (await Promise.all([call({ body }), call({ body })])).map((reply) => reply.body.response_code).sort();
    expect(codes).toEqual([100, 107]);
  });
});

describe('test credits', () => {
  it('are spent one per call that reaches the sandbox, whatever its code; none left is refused', async () => {
    const other = await testCustomer(server, ALLOWLISTED[1]!, ['in_identity_pan_lite']);
    await setCredits(server, other.orgId, 'in_identity_pan_lite', 2);
    const as = (body: unknown) => callApi(server, { appId: other.appId, key: other.key, body });
    expect((await as(sandboxBody('in_identity_pan_lite', 108))).body.response_code).toBe(108);
    expect((await as(panBody('bad'))).body.response_code).toBe(106);
    expect(await creditsOf(server, other.orgId, 'in_identity_pan_lite')).toBe(1);
    expect((await as(panBody())).body.response_code).toBe(100);
    const exhausted = await as(panBody());
    expect(exhausted.status).toBe(403);
    expect(exhausted.body).toMatchObject({
      success: false,
      response_code: null,
      response_message: 'test credits exhausted for this product',
      metadata: { billable: 'N' },
    });
    expect(await creditsOf(server, other.orgId, 'in_identity_pan_lite')).toBe(0);
  });

  it('cannot be overspent by concurrent calls', async () => {
    const other = await testCustomer(server, ALLOWLISTED[2]!, ['in_identity_pan_lite']);
    await setCredits(server, other.orgId, 'in_identity_pan_lite', 3);
    const replies = await Promise.all(Array.from({ length: 8 }, () => callApi(server, { appId: other.appId, key: other.key, body: panBody() })));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    expect(replies.filter((reply) => reply.body.response_message === 'test credits exhausted for this product')).toHaveLength(5);
    expect(await creditsOf(server, other.orgId, 'in_identity_pan_lite')).toBe(0);
  });
});

describe('the transaction record', () => {
  it('stores every call, refused or not, with the report-row fields and never the api-key', async () => {
    const fresh = await testCustomer(server, ALLOWLISTED[3]!, ['in_identity_pan_lite']);
    const as = (options: Parameters<typeof callApi>[1]) => callApi(server, { appId: fresh.appId, key: fresh.key, body: panBody(), ...options });
    const taskId = randomUUID();
    const replies = [
      await as({ body: panBody('ABCPE1234F', { task_id: taskId }) }),
      await as({ body: sandboxBody('in_identity_pan_lite', 101) }),
      await as({ body: panBody('nope') }),
      await as({ key: mistypedKey(fresh.key) }),
      await as({ arn: 'in_identity_aadhaar_lite' }),
      await as({ arn: 'in_identity_pan_nope' }),
    ];
    const rows = await server.db.select().from(transactions).where(eq(transactions.appId, fresh.appId));
    expect(rows).toHaveLength(replies.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const reply of replies) {
      const row = byId.get(reply.body.request_id)!;
      expect(row).toMatchObject({
        organisationId: fresh.orgId,
        appId: fresh.appId,
        productVersion: 'v1',
        env: 'TEST',
        taskId: reply.body.task_id,
        groupId: reply.body.group_id,
        httpStatus: reply.status,
        responseCode: reply.body.response_code,
        status: reply.body.response_code === 100 ? 'SUCCESS' : 'FAILURE',
        billable: reply.body.metadata.billable === 'Y',
        clientIp: '127.0.0.1',
        message: reply.body.response_message,
      });
      expect(row.responseTimestamp.getTime()).toBeGreaterThanOrEqual(row.requestTimestamp.getTime());
    }
    expect(byId.get(replies[0]!.body.request_id)).toMatchObject({ taskId, productArn: 'in_identity_pan_lite', responseCode: 100, billable: true });
    expect(byId.get(replies[1]!.body.request_id)).toMatchObject({ responseCode: 101, billable: true, status: 'FAILURE' });
    expect(byId.get(replies[3]!.body.request_id)).toMatchObject({ responseCode: null, httpStatus: 401, message: 'api key is invalid or disabled' });
    expect(byId.get(replies[5]!.body.request_id)).toMatchObject({ productArn: 'in_identity_pan_nope', httpStatus: 404 });

    const unknownApp = await callApi(server, { appId: randomUUID(), key: fresh.key, body: panBody() });
    const [orphan] = await server.db.select().from(transactions).where(eq(transactions.id, unknownApp.body.request_id));
    expect(orphan).toMatchObject({ appId: null, organisationId: null, httpStatus: 401, message: 'app not found' });

    const everything = JSON.stringify(await server.db.select().from(transactions));
    for (const key of [customer.key, fresh.key]) {
      expect(everything).not.toContain(key);
      expect(everything).not.toContain(key.split('_')[2]);
    }
  });
});
