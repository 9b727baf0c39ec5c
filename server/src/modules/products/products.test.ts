import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products as catalog } from '@verigate/catalog';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditEvents, subscriptions, webhookEvents } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test/harness.js';

const AUTO = 'in_identity_pan_lite';
const APPROVAL = 'in_identity_pan_advance';

let server: TestServer;
let token: string;
let orgId: string;

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN: TEST_ADMIN_TOKEN });
  ({ token } = await server.signedInUser(ALLOWLISTED[0]!));
  orgId = await server.createOrganisation(token);
});
afterAll(() => server.close());

const subscribe = (productIds: string[], as = token) =>
  server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, { token: as, body: { productIds } });
const listed = async (query = '') =>
  (await server.request('GET', `/api/product${query}`, { token })).body.data as Array<{
    arn: string;
    subscription_status: string;
    remaining_test_credits: number;
  }>;
const statusOf = async (arn: string) => (await listed()).find((product) => product.arn === arn);

describe('GET /api/product', () => {
  it('lists the whole catalog for the organisation, unsubscribed at first', async () => {
    const all = await listed();
    expect(all).toHaveLength(catalog.length);
    expect(new Set(all.map((product) => product.subscription_status))).toEqual(new Set(['UNSUBSCRIBED']));
  });

  it('offers the onboarding subset with show_while_onboarding=1', async () => {
    const onboarding = await listed('?show_while_onboarding=1');
    expect(onboarding.map((product) => product.arn).sort()).toEqual(
      catalog
        .filter((product) => product.show_while_onboarding)
        .map((product) => product.arn)
        .sort(),
    );
  });

  it('refuses an unknown filter', async () => {
    expect((await server.request('GET', '/api/product?subscription_status=everything', { token })).status).toBe(400);
  });
});

describe('subscriptions', () => {
  it('subscribes an auto-approved product at once with its free test credits; ORG_CREATED → SERVICES_SUBSCRIBED', async () => {
    const reply = await subscribe([AUTO]);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([
      expect.objectContaining({ status: 'SUBSCRIBED', test_credit: 100, product: expect.objectContaining({ _id: AUTO, auto_approval: true }) }),
    ]);
    const org = await server.request('GET', `/api/organisation/${orgId}`, { token });
    expect(org.body.data.onboarding_status).toBe('SERVICES_SUBSCRIBED');
    expect((await listed('?subscription_status=subscribed')).map((product) => product.arn)).toEqual([AUTO]);
    expect((await listed('?remaining_test_credits=true')).map((product) => product.arn)).toEqual([AUTO]);
  });

  it('puts a product that needs approval in PENDING_APPROVAL without credits', async () => {
    const reply = await subscribe([APPROVAL]);
    expect(reply.body.data[0]).toMatchObject({ status: 'PENDING_APPROVAL', test_credit: 0 });
    expect((await listed('?subscription_status=pending_approval')).map((product) => product.arn)).toEqual([APPROVAL]);
  });

  it('is idempotent: subscribing again keeps the status and the credits', async () => {
    const again = await subscribe([AUTO, APPROVAL]);
    expect(again.body.data.map((item: { status: string }) => item.status)).toEqual(['SUBSCRIBED', 'PENDING_APPROVAL']);
    expect((await statusOf(AUTO))?.remaining_test_credits).toBe(100);
  });

  it('unsubscribes; a later subscription does not grant the free credits twice', async () => {
    const reply = await server.request('PUT', `/api/organisation/${orgId}?action=org_product_unsubscribe`, { token, body: { productIds: [AUTO] } });
    expect(reply.body.data[0]).toMatchObject({ status: 'UNSUBSCRIBED' });
    expect((await statusOf(AUTO))?.subscription_status).toBe('UNSUBSCRIBED');
    await subscribe([AUTO]);
    expect(await statusOf(AUTO)).toMatchObject({ subscription_status: 'SUBSCRIBED', remaining_test_credits: 100 });
  });

  it("records each member's subscription change once, with who asked and the status before and after", async () => {
    const rows = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, orgId), inArray(auditEvents.action, ['product.subscribed', 'product.unsubscribed'])))
      .orderBy(asc(auditEvents.createdAt));
    expect(rows.map((row) => [row.action, row.details])).toEqual([
      ['product.subscribed', { arn: AUTO, before: { status: null }, after: { status: 'SUBSCRIBED' } }],
      ['product.subscribed', { arn: APPROVAL, before: { status: null }, after: { status: 'PENDING_APPROVAL' } }],
      ['product.unsubscribed', { arn: AUTO, before: { status: 'SUBSCRIBED' }, after: { status: 'UNSUBSCRIBED' } }],
      ['product.subscribed', { arn: AUTO, before: { status: 'UNSUBSCRIBED' }, after: { status: 'SUBSCRIBED' } }],
    ]);
    expect(new Set(rows.map((row) => row.actor)).size).toBe(1);
    expect(rows[0]!.actor).toMatch(/^user:/);
  });

  it('refuses unknown products and changes nothing', async () => {
    const reply = await subscribe(['in_identity_pan_lite', 'in_nothing_at_all']);
    expect(reply.status).toBe(404);
    expect(reply.body.err.message).toBe('Product not found: in_nothing_at_all');
    const empty = await subscribe([]);
    expect(empty.body.err.message).toBe('Select at least one product');
    const wrongType = await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, {
      token,
      body: { productIds: 'in_identity_pan_lite' },
    });
    expect(wrongType.body.err.message).toBe('productIds: must be a list of product ids');
  });
});

describe('changes at once', () => {
  const auto = catalog.find((product) => product.auto_approval && product.arn !== AUTO)!;
  const needsApproval = catalog.find((product) => !product.auto_approval && product.arn !== APPROVAL)!;
  const recorded = async (arn: string, action: string) =>
    (
      await server.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.organisationId, orgId), eq(auditEvents.action, action)))
    ).filter((row) => (row.details as { arn: string }).arn === arn).length;
  const announced = async (arn: string, type: string) =>
    (
      await server.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.organisationId, orgId), eq(webhookEvents.type, type)))
    ).filter((row) => (row.payload as { product_arn: string }).product_arn === arn).length;
  const decide = (decision: 'approve' | 'reject', arn: string) =>
    server.request('POST', `/api/admin/product-requests/${decision}`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'x-operator': 'tests' },
      body: { organisationId: orgId, arn },
    });

  it('subscribes once when a member asks six times at once: one grant, one record, one event', async () => {
    const burst = await Promise.all(Array.from({ length: 6 }, () => subscribe([auto.arn])));
    expect(burst.map((reply) => [reply.status, reply.body.data[0].status, reply.body.data[0].test_credit])).toEqual(
      Array.from({ length: 6 }, () => [200, 'SUBSCRIBED', auto.default_free_transactions]),
    );
    expect(await recorded(auto.arn, 'product.subscribed')).toBe(1);
    expect(await announced(auto.arn, 'product.approved')).toBe(1);
  });

  it('keeps the credits already spent when the grant is asked for again at once after an unsubscription', async () => {
    const spent = auto.default_free_transactions - 7;
    await server.db
      .update(subscriptions)
      .set({ testCreditsRemaining: spent })
      .where(and(eq(subscriptions.organisationId, orgId), eq(subscriptions.productArn, auto.arn)));
    await server.request('PUT', `/api/organisation/${orgId}?action=org_product_unsubscribe`, { token, body: { productIds: [auto.arn] } });
    const burst = await Promise.all(Array.from({ length: 6 }, () => subscribe([auto.arn])));
    expect(burst.map((reply) => reply.body.data[0].test_credit)).toEqual(Array.from({ length: 6 }, () => spent));
    expect(await recorded(auto.arn, 'product.subscribed')).toBe(2);
  });

  it('decides a pending request once when operators answer it at the same time', async () => {
    await subscribe([needsApproval.arn]);
    const answers = await Promise.all([
      decide('approve', needsApproval.arn),
      decide('approve', needsApproval.arn),
      decide('reject', needsApproval.arn),
      decide('approve', needsApproval.arn),
    ]);
    const accepted = answers.filter((reply) => reply.status === 200);
    expect(accepted).toHaveLength(1);
    expect(answers.filter((reply) => reply.status === 404).map((reply) => reply.body.err.message)).toEqual(
      Array.from({ length: 3 }, () => 'No pending request for that organisation and product'),
    );
    expect((await recorded(needsApproval.arn, 'product.approved')) + (await recorded(needsApproval.arn, 'product.rejected'))).toBe(1);
    const decided = accepted[0]!.body.data.status;
    expect(await statusOf(needsApproval.arn)).toMatchObject({
      subscription_status: decided,
      remaining_test_credits: decided === 'SUBSCRIBED' ? needsApproval.default_free_transactions : 0,
    });
  });
});
