import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsLink, productByArn, products } from '@verigate/catalog';
import { openApiDocument } from '@verigate/catalog/openapi';
import { DOC_PLACEHOLDERS, docEntry } from '@verigate/contracts';
import { ADMIN_TOKEN, testCustomer, type Customer } from '../../test/gateway-support.js';
import { ALLOWLISTED, createTestServer, PORTAL, type TestServer } from '../../test/harness.js';

let server: TestServer;
let customer: Customer;

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN });
  customer = await testCustomer(server, ALLOWLISTED[0]!, ['in_identity_pan_lite']);
});
afterAll(() => server.close());

describe('GET /openapi.json', () => {
  it('serves the generated document to anyone, with this portal’s servers', async () => {
    const reply = await server.request('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(PORTAL))));
    expect(reply.body.servers.map((item: { url: string }) => item.url)).toEqual([`${PORTAL}/test/api/v1`, `${PORTAL}/live/api/v1`]);
  });

  it('holds no customer data: app ids and keys are placeholders', async () => {
    const text = JSON.stringify((await server.request('GET', '/openapi.json')).body);
    expect(text).toContain(DOC_PLACEHOLDERS.testAppId);
    expect(text).not.toContain(customer.appId);
    expect(text).not.toContain(customer.key);
  });
});

describe('GET /postman_collection.json', () => {
  it('serves the collection generated from the document; its PAN Lite request, with a real app id and key, runs', async () => {
    const reply = await server.request('GET', '/postman_collection.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    const collection = reply.body as { variable: Array<{ key: string; value: string }>; item: Array<{ item: any[] }> };
    const names = collection.item.flatMap((folder) => folder.item.map((item: { name: string }) => item.name));
    for (const product of products) expect(names).toContain(product.name);

    const request = collection.item.flatMap((folder) => folder.item).find((item) => item.name === productByArn('in_identity_pan_lite')!.name).request;
    const variables: Record<string, string> = {
      ...Object.fromEntries(collection.variable.map((variable) => [variable.key, variable.value])),
      appId: customer.appId,
      apiKey: customer.key,
    };
    const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => variables[name]!);
    const url = new URL(fill(request.url.raw));
    expect(url.origin).toBe(PORTAL);
    const answer = await server.app.inject({
      method: request.method,
      url: url.pathname,
      headers: Object.fromEntries(request.header.map((header: { key: string; value: string }) => [header.key, fill(header.value)])),
      payload: request.body.raw,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ response_code: 100, metadata: { billable: 'Y' } });
    expect(answer.headers['ratelimit-policy']).toMatch(/^"app";q=\d+;w=1$/);
  });
});

describe('GET /api/doc', () => {
  it('is for signed-in users only', async () => {
    const reply = await server.request('GET', '/api/doc');
    expect(reply.status).toBe(401);
    expect(reply.body.err).toMatchObject({ status: 401 });
  });

  it('lists the doc entries of every product with the organisation’s test app id, never a key', async () => {
    const reply = await server.request('GET', '/api/doc', { token: customer.token });
    expect(reply.status).toBe(200);
    const entries = reply.body.data as unknown[];
    expect(entries).toHaveLength(products.reduce((sum, product) => sum + product.operations.length, 0));
    for (const entry of entries) expect(docEntry.safeParse(entry).error?.issues).toBeUndefined();
    const text = JSON.stringify(entries);
    expect(text).not.toContain(customer.key);
    expect(text).not.toContain(DOC_PLACEHOLDERS.testAppId);
    expect(reply.body.data[0]).toMatchObject({
      arn: 'in_identity_pan_lite',
      headers: expect.arrayContaining([expect.objectContaining({ name: 'app-id', example: customer.appId })]),
      curl: expect.stringContaining(`app-id: ${customer.appId}`),
    });
  });

  it('shows each organisation its own app id', async () => {
    const other = await testCustomer(server, ALLOWLISTED[1]!, ['in_identity_pan_lite']);
    const reply = await server.request('GET', '/api/doc', { token: other.token });
    const text = JSON.stringify(reply.body.data);
    expect(text).toContain(other.appId);
    expect(text).not.toContain(customer.appId);
  });
});

describe('the catalogue’s documentation links', () => {
  it('give every product its /doc anchor', async () => {
    const reply = await server.request('GET', '/api/product', { token: customer.token });
    const pan = reply.body.data.find((product: { arn: string }) => product.arn === 'in_identity_pan_lite');
    expect(pan.doc_link).toBe('/doc#tag/identity-verification/operation/identity-pan-lite');
    expect(reply.body.data.map((product: { arn: string; doc_link: string }) => product.doc_link)).toEqual(
      reply.body.data.map((product: { arn: string }) => docsLink(productByArn(product.arn)!)),
    );
  });
});
