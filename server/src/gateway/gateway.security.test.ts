import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions } from '../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../test/harness.js';
import { callApi, panBody, setCredits, testCustomer, type Customer, type ProviderReply } from '../test/gateway-support.js';

let server: TestServer;
let customer: Customer;

beforeAll(async () => {
  server = await createTestServer();
  customer = await testCustomer(server, ALLOWLISTED[0]!, ['in_identity_pan_lite']);
  await setCredits(server, customer.orgId, 'in_identity_pan_lite', 1000);
});
afterAll(() => server.close());

const call = (options: Parameters<typeof callApi>[1] = {}) => callApi(server, { appId: customer.appId, key: customer.key, body: panBody(), ...options });
const rowOf = async (reply: ProviderReply) => (await server.db.select().from(transactions).where(eq(transactions.id, reply.body.request_id)))[0];

function expectProviderEnvelope(reply: ProviderReply) {
  expect(reply.body).toEqual(
    expect.objectContaining({
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      group_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      task_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      success: false,
      response_message: expect.any(String),
      metadata: { billable: 'N' },
    }),
  );
}

/** Each call is answered with its status and message in the provider envelope, and stored as one row. */
async function expectRecordedRefusals(cases: ReadonlyArray<readonly [url: string, status: number, message: string]>) {
  for (const [url, status, message] of cases) {
    const reply = await call({ url });
    expect(reply.status, url).toBe(status);
    expectProviderEnvelope(reply);
    expect(reply.body.response_message).toBe(message);
    const row = await rowOf(reply);
    expect(row, url).toBeDefined();
    expect(row!.productArn).not.toContain('\u0000');
    expect(row!.appId).toBe(customer.appId);
  }
}

describe('paths the provider API does not have', () => {
  it('a NUL byte in the product path is answered in the provider envelope and still recorded, sanitised', async () => {
    await expectRecordedRefusals([
      ['/test/api/v1/in/identity/pan%00/lite', 404, 'product not found'],
      ['/test/api/v1/in/ident%00ity/pan/lite/extra%00', 404, 'product not found'],
      ['/live/api/v1/in/identity/pan%00/lite', 401, 'api key is invalid or disabled'],
    ]);
  });

  it('a path of another version (v2, v10, none) is answered in the provider envelope and recorded', async () => {
    await expectRecordedRefusals([
      ['/test/api/v2/in/identity/pan/lite', 404, 'product not found'],
      ['/test/api/in/identity/pan/lite', 404, 'product not found'],
      ['/test/api/', 404, 'product not found'],
      ['/live/api/v10/in/identity/pan/lite', 401, 'api key is invalid or disabled'],
    ]);
  });
});

describe('with the database unavailable', () => {
  it('answers 503 in the provider envelope, and recovers without a restart', async () => {
    expect((await call()).status).toBe(200);
    await server.database.refuseConnections();
    try {
      const down = await call();
      expect(down.status).toBe(503);
      expectProviderEnvelope(down);
      expect(down.body).toMatchObject({ response_code: 111, response_message: 'Service temporarily unavailable' });
    } finally {
      await server.database.allowConnections();
    }
    const recovered = await call();
    expect(recovered.status).toBe(200);
    expect(recovered.body.response_code).toBe(100);
  });
});
