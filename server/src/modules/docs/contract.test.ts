import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, productByArn, products, SANDBOX_CODES, selectorValue, type ProductDefinition } from '@verigate/catalog';
import { productPath } from '@verigate/catalog/openapi';
import { openApiValidator, type OpenApiValidator } from '@verigate/catalog/testing';
import { ADMIN_TOKEN, callApi, everyProductCustomer, type Customer, type ProviderReply } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, PORTAL, type TestServer } from '../../test/harness.js';

/**
 * The API reference against the API: every documented example, sent to the sandbox through the
 * real gateway with a real test key, answers 100 in the shape the document gives — and so does
 * every other answer the document lists (magic codes, refusals). The document is the one the
 * server publishes at /openapi.json.
 */
let server: TestServer;
let customer: Customer;
let document: Record<string, any>;
let validator: OpenApiValidator;

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN });
  customer = await everyProductCustomer(server, ALLOWLISTED[0]!);
  document = (await server.request('GET', '/openapi.json')).body;
  validator = openApiValidator(document);
}, 120_000);
afterAll(() => server.close());

const call = (arn: string, body: unknown) => callApi(server, { arn, appId: customer.appId, key: customer.key, body });

interface DocumentedExample {
  summary: string;
  value: { action?: string; data: Record<string, unknown> } & Record<string, unknown>;
}
const examplesOf = (product: ProductDefinition): DocumentedExample[] =>
  Object.values(document.paths[productPath(product)].post.requestBody.content['application/json'].examples);

function expectDocumented(product: ProductDefinition, reply: ProviderReply, what: string) {
  expect(validator.response(productPath(product), reply.status, reply.body), `${product.arn} ${what}: ${JSON.stringify(reply.body).slice(0, 300)}`).toEqual([]);
}

/** A hosted page passed by the customer, as the page's form posts it. */
const passPage = (url: string) =>
  server.app.inject({
    method: 'POST',
    url: url.replace(PORTAL, ''),
    payload: 'outcome=pass',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('every documented operation through the real gateway', () => {
  it('documents every product of the catalogue', () => {
    expect(Object.keys(document.paths).sort()).toEqual(products.map((product) => productPath(product)).sort());
  });

  it.each(products.map((product) => [product.arn, product] as const))(
    '%s: each documented example answers 100 in the documented shape',
    async (_arn, product) => {
      const [first] = product.operations;
      let previous: ProviderReply | undefined;
      for (const example of examplesOf(product)) {
        let body = example.value;
        const step = product.operations.find((operation) => operation.action === body.action) ?? first!;
        if (step.session === 'continues') {
          // As the reference says: the next step sends what the first step answered at requestIdAt.
          const requestId = selectorValue(previous!.body as unknown as Record<string, unknown>, first!.requestIdAt!);
          body = { ...body, data: { ...body.data, request_id: requestId } };
        }
        const reply = await call(product.arn, body);
        expect(reply.body, `${product.arn} ${example.summary}`).toMatchObject({ success: true, response_code: 100 });
        expectDocumented(product, reply, example.summary);
        if (step.session === 'continues' && product.flow?.kind === 'hosted') {
          const page = selectorValue(previous!.body as unknown as Record<string, unknown>, first!.openUrlAt!);
          expect((await passPage(String(page))).statusCode).toBe(303);
          const completed = await call(product.arn, body);
          expect(completed.body.result.status).toBe('COMPLETED');
          expectDocumented(product, completed, `${example.summary} (completed)`);
        }
        if (step.session !== 'continues') previous = reply;
      }
    },
  );

  it.each(products.map((product) => [product.arn, product] as const))('%s: every magic code answers in the documented shape', async (_arn, product) => {
    const operation = product.operations[0]!;
    const replies = await Promise.all(SANDBOX_CODES.map((code) => call(product.arn, exampleRequest(product, operation, { code }))));
    replies.forEach((reply, index) => {
      expect(reply.body.response_code).toBe(SANDBOX_CODES[index]);
      expectDocumented(product, reply, `code ${SANDBOX_CODES[index]}`);
    });
  });
});

describe('documented refusals', () => {
  const pan = productByArn('in_identity_pan_lite')!;
  const body = () => exampleRequest(pan);

  it('answers authentication, authorisation and input refusals in the documented shapes', async () => {
    const replies = await Promise.all([
      callApi(server, { arn: pan.arn, appId: '00000000-0000-4000-8000-000000000000', key: customer.key, body: body() }),
      callApi(server, { arn: pan.arn, appId: customer.appId, key: 'vgk_test_nope', body: body() }),
      call(pan.arn, { ...body(), action: 'verify' }),
      call(pan.arn, { ...body(), task_id: 'not-a-uuid' }),
      call(pan.arn, { ...body(), data: { ...body().data, consent: 'N' } }),
      call(pan.arn, { ...body(), data: { ...body().data, customer_pan_number: 'ABCDE' } }),
    ]);
    expect(replies.map((reply) => [reply.status, reply.body.response_code, reply.body.response_message])).toEqual([
      [401, null, 'app not found'],
      [401, null, 'api key is invalid or disabled'],
      [403, null, 'action disallowed for the product'],
      [400, 106, 'task_id must be a UUIDv4'],
      [400, 104, 'Missing or Invalid Consent'],
      [400, 106, 'Invalid ID Number or Combination of Inputs'],
    ]);
    for (const reply of replies) expectDocumented(pan, reply, reply.body.response_message);
  });
});
