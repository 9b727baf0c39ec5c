import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BANK_REASON_CODES, BANK_REASON_NAMES, exampleRequest, productByArn, products, RESPONSE_CODES, SANDBOX_CODES, type Operation } from '@verigate/catalog';
import { brokenRequest, SEED_MESSAGE_CASES } from '@verigate/catalog/testing';
import { transactions } from '../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { ADMIN_TOKEN, callApi, creditsOf, everyProductCustomer, type Customer } from '../test/gateway-support.js';

/** Every product of the catalogue through the real gateway, with a real test key and its test credits. */
let server: TestServer;
let customer: Customer;

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN });
  customer = await everyProductCustomer(server, ALLOWLISTED[0]!);
}, 120_000);
afterAll(() => server.close());

const call = (arn: string, body: unknown) => callApi(server, { arn, appId: customer.appId, key: customer.key, body });
const firstSteps = products.flatMap((product) =>
  product.operations.filter((operation) => operation.session !== 'continues').map((operation) => [product.arn, operation.action ?? '', operation] as const),
);

describe('every product in the test environment', () => {
  it.each(firstSteps)('%s %s answers its documented example with 100 and the documented result fields', async (arn, _action, operation: Operation) => {
    const reply = await call(arn, exampleRequest(productByArn(arn)!, operation));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, response_code: 100, response_message: 'Valid Authentication', metadata: { billable: 'Y' } });
    const required = Object.entries(operation.result)
      .filter(([, field]) => !field.optional)
      .map(([name]) => name);
    expect(Object.keys(reply.body.result)).toEqual(expect.arrayContaining(required));
  });

  it.each(firstSteps)('%s %s answers each magic input with its code, HTTP status and billability', async (arn, _action, operation: Operation) => {
    const replies = await Promise.all(SANDBOX_CODES.map((code) => call(arn, exampleRequest(productByArn(arn)!, operation, { code }))));
    expect(replies.map((reply) => [reply.body.response_code, reply.status, reply.body.metadata.billable, reply.body.response_message])).toEqual(
      SANDBOX_CODES.map((code) => [code, RESPONSE_CODES[code].httpStatus, code >= 100 && code <= 103 ? 'Y' : 'N', RESPONSE_CODES[code].message]),
    );
  });

  it.each(products.filter((product) => product.operations.length === 1).map((product) => [product.arn] as const))(
    '%s gives the same input the same answer',
    async (arn) => {
      const body = exampleRequest(productByArn(arn)!);
      const [first, second] = [await call(arn, body), await call(arn, body)];
      expect(second.body.result).toEqual(first.body.result);
      expect(second.body.request_id).not.toBe(first.body.request_id);
    },
  );

  it('answers 111 Internal Error with HTTP 500 and never 501', async () => {
    const reply = await call('in_identity_voter_lite', exampleRequest(productByArn('in_identity_voter_lite')!, undefined, { code: 111 }));
    expect(reply.status).toBe(500);
    expect(reply.body).toMatchObject({ response_code: 111, response_message: 'Internal Error', success: false });
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, reply.body.request_id));
    expect(row).toMatchObject({ httpStatus: 500, responseCode: 111, billable: false });
  });
});

describe('seed messages through the gateway', () => {
  it.each(SEED_MESSAGE_CASES.map((testCase) => [`${testCase.arn} ${testCase.path} → ${testCase.message}`, testCase] as const))(
    '%s',
    async (_name, testCase) => {
      const reply = await call(testCase.arn, brokenRequest(testCase));
      const code = testCase.code ?? 106;
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ response_code: code, response_message: RESPONSE_CODES[code].message, metadata: { billable: 'N' } });
      expect(reply.body.result.errors).toEqual([{ field: testCase.path, message: testCase.message }]);
    },
  );

  it('spends no credit on a refused input', async () => {
    const before = await creditsOf(server, customer.orgId, 'in_contract_estamp_lite');
    for (const testCase of SEED_MESSAGE_CASES.filter((item) => item.arn === 'in_contract_estamp_lite')) await call(testCase.arn, brokenRequest(testCase));
    expect(await creditsOf(server, customer.orgId, 'in_contract_estamp_lite')).toBe(before);
  });
});

describe('bank reason codes through the gateway', () => {
  it.each(BANK_REASON_NAMES)('Bank Account Advance answers %s with its code', async (reason) => {
    const reply = await call('in_financial_bank_advance', exampleRequest(productByArn('in_financial_bank_advance')!, undefined, { reason }));
    const code = BANK_REASON_CODES[reason].responseCode;
    expect(reply.status).toBe(RESPONSE_CODES[code].httpStatus);
    expect(reply.body).toMatchObject({ response_code: code, result: { reason_code: reason } });
  });
});

describe('documents', () => {
  it('refuses a file of the wrong type with the field’s message, spending no credit', async () => {
    const before = await creditsOf(server, customer.orgId, 'in_ocr_cheque_lite');
    const body = exampleRequest(productByArn('in_ocr_cheque_lite')!);
    const pdf = exampleRequest(productByArn('in_ocr_document_processor')!).data.document_file;
    const reply = await call('in_ocr_cheque_lite', { ...body, data: { ...body.data, cheque_image: pdf } });
    expect(reply.status).toBe(400);
    expect(reply.body.result.errors).toEqual([{ field: 'data.cheque_image', message: 'Only png, jpeg, jpg files are allowed' }]);
    expect(await creditsOf(server, customer.orgId, 'in_ocr_cheque_lite')).toBe(before);
  });

  it('takes a large image where the product takes files, and holds other products to the JSON limit', async () => {
    const body = exampleRequest(productByArn('in_face_crop_lite')!);
    const image = Buffer.concat([Buffer.from(String(body.data.card_image), 'base64'), Buffer.alloc(3 * 1024 * 1024, 7)]).toString('base64');
    const large = await call('in_face_crop_lite', { ...body, data: { ...body.data, card_image: image } });
    expect(large.body).toMatchObject({ response_code: 100, result: { face_detected: true } });
    const overFive = (extra: number) =>
      Buffer.concat([Buffer.from(String(body.data.card_image), 'base64'), Buffer.alloc(5 * 1024 * 1024 + extra, 7)]).toString('base64');
    const refused = await call('in_face_crop_lite', { ...body, data: { ...body.data, card_image: overFive(10_000) } });
    expect(refused.body.result.errors).toEqual([{ field: 'data.card_image', message: 'File size should not exceed 5 MB' }]);
    const beyondTheBody = await call('in_face_crop_lite', { ...body, data: { ...body.data, card_image: overFive(200_000) } });
    expect(beyondTheBody).toMatchObject({ status: 413, body: { response_message: 'Request body is too large' } });
    const pan = exampleRequest(productByArn('in_identity_pan_lite')!);
    const padded = await call('in_identity_pan_lite', { ...pan, data: { ...pan.data, name_to_match: 'A'.repeat(200 * 1024) } });
    expect(padded.status).toBe(413);
    expect(padded.body).toMatchObject({ response_code: null, response_message: 'Request body is too large' });
  });
});

describe('test credits', () => {
  it('are spent once per call that reaches the sandbox, and every call is stored', async () => {
    const arn = 'in_merchant_fssai_lite';
    const before = await creditsOf(server, customer.orgId, arn);
    const rowsBefore = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.appId, customer.appId), eq(transactions.productArn, arn)));
    const product = productByArn(arn)!;
    await Promise.all(
      [exampleRequest(product), exampleRequest(product, undefined, { code: 101 }), exampleRequest(product, undefined, { code: 108 })].map((body) =>
        call(arn, body),
      ),
    );
    await call(arn, brokenRequest({ arn, path: 'data.fssai_number', value: '1', message: '' }));
    expect(await creditsOf(server, customer.orgId, arn)).toBe(before - 3);
    const rows = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.appId, customer.appId), eq(transactions.productArn, arn)));
    expect(rows.length - rowsBefore.length).toBe(4);
  });
});
