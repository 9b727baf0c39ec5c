import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ESTAMP_BRANCHES, exampleRequest, productByArn, splitArn } from '@verigate/catalog';
import { brokenRequest, SEED_MESSAGE_CASES } from '@verigate/catalog/testing';
import { TRIAL_MESSAGES } from '@verigate/contracts';
import { apps, transactions } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test/harness.js';
import { subscribedMember, type SubscribedMember } from '../../test/members.js';
import { creditsOf, setCredits as setCreditsOf } from '../../test/gateway-support.js';

const PAN_LITE = 'in_identity_pan_lite';
const ESIGN = 'in_contract_esign_aadhaar';
const LIVENESS = 'in_face_liveness_lite';
const ESTAMP = 'in_contract_estamp_lite';
const VOTER = 'in_identity_voter_lite';

let server: TestServer;
let asha: SubscribedMember;
let ravi: SubscribedMember;

const member = (email: string, arns: string[]) => subscribedMember(server, email, arns);

/** The body the Trial Center sends: the arn and its parts, mode sync, the action, and the data. */
function trialBody(arn: string, request: Record<string, unknown> = exampleRequest(productByArn(arn)!)) {
  return { arn, ...splitArn(arn), ...request };
}

function trial(who: SubscribedMember, body: unknown, headers: Record<string, string | undefined> = {}) {
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries({ 'app-id': who.appId, 'org-id': who.orgId, 'x-user-id': who.userId, ...headers }))
    if (value !== undefined) sent[name] = value;
  return server.request('POST', '/api/demoPortal/product', { token: who.token, headers: sent, body });
}

const credits = (who: SubscribedMember, arn: string) => creditsOf(server, who.orgId, arn);

const setCredits = (who: SubscribedMember, arn: string, count: number) => setCreditsOf(server, who.orgId, arn, count);

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN: TEST_ADMIN_TOKEN });
  asha = await member(ALLOWLISTED[0]!, [PAN_LITE, ESIGN, LIVENESS, ESTAMP]);
  ravi = await member(ALLOWLISTED[1]!, [PAN_LITE]);
}, 120_000);
afterAll(() => server.close());

describe('POST /demoPortal/product', () => {
  it('runs the provider pipeline on the test app, spends one test credit and records the transaction', async () => {
    const before = await credits(asha, PAN_LITE);
    const reply = await trial(asha, trialBody(PAN_LITE));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ success: true, response_code: 100, response_message: 'Valid Authentication', metadata: { billable: 'Y' } });
    expect(reply.body.data.result.pan_number).toBe('ABCPE1234F');
    expect(await credits(asha, PAN_LITE)).toBe(before - 1);
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, reply.body.data.request_id));
    expect(row).toMatchObject({ organisationId: asha.orgId, appId: asha.appId, productArn: PAN_LITE, env: 'TEST', responseCode: 100, status: 'SUCCESS' });

    const listed = await server.request('GET', '/api/product?subscription_status=subscribed&remaining_test_credits=true', { token: asha.token });
    expect(listed.body.data.find((product: { arn: string }) => product.arn === PAN_LITE).remaining_test_credits).toBe(before - 1);
  });

  it.each(SEED_MESSAGE_CASES.filter((testCase) => [PAN_LITE, ESIGN, ESTAMP].includes(testCase.arn)).map((testCase) => [testCase.message, testCase] as const))(
    'answers a broken field with the seed message as the product does: %s',
    async (_message, testCase) => {
      const before = await credits(asha, testCase.arn);
      const reply = await trial(asha, trialBody(testCase.arn, brokenRequest(testCase)), testCase.arn === ESIGN ? { 'x-user-id': undefined } : {});
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ success: false, response_code: testCase.code ?? 106, metadata: { billable: 'N' } });
      expect(reply.body.data.result.errors).toEqual([{ field: testCase.path, message: testCase.message }]);
      expect(await credits(asha, testCase.arn)).toBe(before);
    },
  );

  it('opens the hosted pages: liveness answers an sdk_url, e-sign (sent without x-user-id) a viewer per signer', async () => {
    const liveness = await trial(asha, trialBody(LIVENESS, exampleRequest(productByArn(LIVENESS)!)));
    expect(liveness.body.data.result).toMatchObject({ sdk_url: expect.stringMatching(/\/sandbox\/session\//), request_id: expect.any(String) });
    const fetched = await trial(
      asha,
      trialBody(LIVENESS, { mode: 'sync', action: 'fetch', data: { request_id: liveness.body.data.result.request_id, consent: 'Y', consent_text: 'I agree' } }),
    );
    expect(fetched.body.data).toMatchObject({ response_code: 100, result: { status: 'PENDING' } });

    const esign = await trial(asha, trialBody(ESIGN, exampleRequest(productByArn(ESIGN)!)), { 'x-user-id': undefined });
    expect(esign.status).toBe(200);
    expect(esign.body.data.result.requests[0]).toMatchObject({ request_id: expect.any(String), signing_url: expect.stringMatching(/\/sandbox\/session\//) });
  });

  it('refuses once the product has no test credits left, spending nothing', async () => {
    await setCredits(asha, ESTAMP, 0);
    const reply = await trial(asha, trialBody(ESTAMP));
    expect(reply.status).toBe(409);
    expect(reply.body.err).toMatchObject({ code: 'conflict', message: 'test credits exhausted for this product' });
    expect(await credits(asha, ESTAMP)).toBe(0);
    await setCredits(asha, ESTAMP, 10);
  });

  it('spends each credit once under a parallel burst', async () => {
    await setCredits(asha, PAN_LITE, 3);
    const replies = await Promise.all(Array.from({ length: 10 }, () => trial(asha, trialBody(PAN_LITE))));
    expect(replies.filter((reply) => reply.status === 200 && reply.body.data.response_code === 100)).toHaveLength(3);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(7);
    expect(await credits(asha, PAN_LITE)).toBe(0);
    await setCredits(asha, PAN_LITE, 50);
  });

  it('refuses a product the organisation has not subscribed', async () => {
    const reply = await trial(asha, trialBody(VOTER));
    expect(reply.status).toBe(409);
    expect(reply.body.err.message).toBe('product not subscribed by app');
  });

  it.each([['app-id'], ['org-id']])('answers a missing %s with the seed message', async (header) => {
    const reply = await trial(asha, trialBody(PAN_LITE), { [header]: undefined });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe(TRIAL_MESSAGES.missingIds);
  });

  it('refuses another organisation’s app or ids, a live app, another user’s id and a malformed id alike, spending nothing', async () => {
    const [live] = await server.db.insert(apps).values({ organisationId: asha.orgId, name: 'Production', isTestApp: false }).returning();
    const before = [await credits(asha, PAN_LITE), await credits(ravi, PAN_LITE)];
    const attempts = [
      trial(asha, trialBody(PAN_LITE), { 'app-id': ravi.appId }),
      trial(asha, trialBody(PAN_LITE), { 'org-id': ravi.orgId, 'app-id': ravi.appId }),
      trial(asha, trialBody(PAN_LITE), { 'app-id': live!.id }),
      trial(asha, trialBody(PAN_LITE), { 'x-user-id': ravi.userId }),
      trial(asha, trialBody(PAN_LITE), { 'org-id': 'not-an-id' }),
      trial(ravi, trialBody(PAN_LITE), { 'org-id': asha.orgId, 'app-id': asha.appId, 'x-user-id': ravi.userId }),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(404);
      expect(reply.body.err.message).toBe(TRIAL_MESSAGES.missingIds);
    }
    expect([await credits(asha, PAN_LITE), await credits(ravi, PAN_LITE)]).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const reply = await server.request('POST', '/api/demoPortal/product', {
      headers: { 'app-id': asha.appId, 'org-id': asha.orgId },
      body: trialBody(PAN_LITE),
    });
    expect(reply.status).toBe(401);
  });

  it('checks the body: the arn’s parts, mode and malformed JSON', async () => {
    const wrongParts = await trial(asha, { ...trialBody(PAN_LITE), type: 'pro' });
    expect(wrongParts.body.err).toMatchObject({ status: 400, message: 'Region, category, service and type must be the parts of the arn' });
    const wrongMode = await trial(asha, { ...trialBody(PAN_LITE), mode: 'async' });
    expect(wrongMode.body.err.message).toBe("The mode must be 'sync'");
    const malformed = await server.request('POST', '/api/demoPortal/product', {
      token: asha.token,
      headers: { 'app-id': asha.appId, 'org-id': asha.orgId },
      rawBody: '{"arn":',
    });
    expect(malformed.status).toBe(400);
  });
});

describe('the e-stamp lists and the trial app', () => {
  it('lists the branches and a branch’s articles', async () => {
    const branches = await server.request('GET', '/api/estamp/getBranches', { token: asha.token });
    expect(branches.body.data).toEqual(ESTAMP_BRANCHES);
    const articles = await server.request('GET', '/api/estamp/articles/KA', { token: asha.token });
    expect(articles.body.data[0]).toEqual({ id: '101', description: expect.stringContaining('Agreement') });
    const unknown = await server.request('GET', '/api/estamp/articles/ZZ', { token: asha.token });
    expect(unknown.status).toBe(404);
    expect((await server.request('GET', '/api/estamp/getBranches')).status).toBe(401);
  });

  it('GET /app?page=trial-center answers the test app alone, for the signed-in user only', async () => {
    const page = await server.request('GET', '/api/app?page=trial-center', { token: asha.token, headers: { 'x-user-id': asha.userId } });
    expect(page.body.data.map((app: { _id: string; is_test_app: boolean }) => [app._id, app.is_test_app])).toEqual([[asha.appId, true]]);
    const all = await server.request('GET', '/api/app?page=apps', { token: asha.token });
    expect(all.body.data.length).toBeGreaterThan(1);
    const someoneElse = await server.request('GET', '/api/app?page=trial-center', { token: asha.token, headers: { 'x-user-id': ravi.userId } });
    expect(someoneElse.status).toBe(404);
  });
});
