import { eq, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise, withGst } from '@verigate/contracts';
import type { Database } from '../db/client.js';
import { wallets } from '../db/schema.js';
import { TEST_ADMIN_TOKEN, type TestServer } from './harness.js';
import { multipart, pdf } from './multipart.js';

/** Helpers of the billing tests: an organisation taken through onboarding, activation and a paid plan, all over the API. */

export const BILLING_ADMIN_TOKEN = TEST_ADMIN_TOKEN;
/** Work emails allowed to log in without the captcha on a billing test server (one organisation each). */
export const CUSTOMERS = Array.from({ length: 12 }, (_, index) => `owner${index + 1}@billing-test.io`);
/** The environment of a billing test server: the back office on, the customers' emails on the captcha allow-list. */
export const billingEnv = (env: Record<string, string> = {}) => ({ ADMIN_TOKEN: BILLING_ADMIN_TOKEN, CAPTCHA_ALLOWLIST: CUSTOMERS.join(','), ...env });
export const operatorHeaders = { authorization: `Bearer ${BILLING_ADMIN_TOKEN}`, 'x-operator': 'billing-tests' };

/** A valid KYC form (activation request). */
export const KYC_FIELDS = {
  bankAccountNumber: '123456789012',
  gstinNumber: '27ABCDE1234F1Z5',
  ifsc: 'HDFC0001234',
  authorName: 'Meera Iyer',
  designation: 'Director',
  registrationDocumentType: 'CIN',
};

export interface Activated {
  token: string;
  userId: string;
  orgId: string;
  testAppId: string;
  testKey: string;
}

async function expectOk<T = any>(reply: Promise<{ status: number; body: any }>, what: string): Promise<T> {
  const { status, body } = await reply;
  if (status !== 200) throw new Error(`${what} failed with ${status}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Up to ONBOARDING_COMPLETED: sign-up, organisation, a product, the test app and its key. */
export async function onboardedCustomer(server: TestServer, email: string, overrides: Record<string, unknown> = {}): Promise<Activated> {
  const { token, userId } = await server.signedInUser(email);
  const orgId = await server.createOrganisation(token, overrides);
  await expectOk(
    server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, { token, body: { productIds: ['in_identity_pan_lite'] } }),
    'subscribe',
  );
  const app = await expectOk<{ _id: string }>(server.request('POST', '/api/app', { token, body: { name: 'TestApp' } }), 'test app');
  const key = await expectOk<{ apiKey: string }>(
    server.request('PUT', `/api/app/${app._id}?action=generate_app_key`, { token, body: { keyName: 'TestKey' } }),
    'test key',
  );
  return { token, userId, orgId, testAppId: app._id, testKey: key.apiKey };
}

/** Up to ACCOUNT_ACTIVATED: KYC on file, the activation request, the operator's activation. Needs ADMIN_TOKEN. */
export async function activate(server: TestServer, customer: Activated, kyc: Record<string, string> = KYC_FIELDS): Promise<void> {
  const form = multipart(kyc, [
    { field: 'gstinCertificate', name: 'gstin.pdf', content: pdf('gstin') },
    { field: 'registrationDocument', name: 'cin.pdf', content: pdf('cin') },
  ]);
  const upload = await server.app.inject({
    method: 'POST',
    url: `/api/organisation/${customer.orgId}/kyc`,
    headers: { authorization: `Bearer ${customer.token}`, 'content-type': form.contentType },
    payload: form.body,
  });
  if (upload.statusCode !== 200) throw new Error(`kyc failed: ${upload.body}`);
  await expectOk(server.request('POST', '/api/events?action=account_activation_request', { token: customer.token }), 'activation request');
  await expectOk(server.request('POST', `/api/admin/organisations/${customer.orgId}/activate`, { headers: operatorHeaders }), 'activation');
}

export async function activatedCustomer(
  server: TestServer,
  email: string,
  overrides: Record<string, unknown> = {},
  kyc: Record<string, string> = KYC_FIELDS,
): Promise<Activated> {
  const customer = await onboardedCustomer(server, email, overrides);
  await activate(server, customer, kyc);
  return customer;
}

export async function planIdByCode(server: TestServer, customer: Activated, code: string): Promise<string> {
  const plans = await expectOk<Array<{ _id: string; plan_code: string }>>(server.request('GET', '/api/plan', { token: customer.token }), 'plans');
  const plan = plans.find((candidate) => candidate.plan_code === code);
  if (!plan) throw new Error(`no plan ${code}`);
  return plan._id;
}

export const subscribe = (server: TestServer, customer: Activated, planId: string, enableImmediately?: boolean) =>
  server.request('PUT', `/api/organisation/${customer.orgId}?action=org_plan_subscribe`, {
    token: customer.token,
    body: { planId, ...(enableImmediately === undefined ? {} : { enable_immediately: enableImmediately }) },
  });

/** GST_RATE_PERCENT of a test server (the default). */
const TEST_GST_RATE_PERCENT = 18;
/** What a customer pays for a pre-tax amount in rupees: the amount plus GST (`withGst`). */
export const withGstRupees = (rupees: number) => paiseToRupees(withGst(rupeesToPaise(rupees), TEST_GST_RATE_PERCENT).totalPaise);

let utrCounter = 0;
/** The operator records the NEFT transfer (`npm run admin -- record-transfer`) over the admin API. */
export const recordTransfer = (server: TestServer, orgId: string, amount: number, utr = `UTR${Date.now()}${(utrCounter += 1)}`) =>
  server.request('POST', `/api/admin/organisations/${orgId}/transfers`, { headers: operatorHeaders, body: { amount, utr } });

/** Requests the plan and pays it by transfer of its amount plus GST: the plan becomes ACTIVE. */
export async function payPlan(server: TestServer, customer: Activated, planId: string): Promise<void> {
  const requested = await expectOk<{ next: { amount: number } | null; current: unknown }>(subscribe(server, customer, planId), 'plan request');
  if (requested.next) await expectOk(recordTransfer(server, customer.orgId, withGstRupees(requested.next.amount)), 'transfer');
}

/** An operator's custom plan for the organisation, in rupees. */
export const customPlan = (
  server: TestServer,
  orgId: string,
  body: { name: string; plan_type: 'PREPAID' | 'POSTPAID'; amount: number; validity_months: number; prices?: Record<string, number>; base_plan?: string },
) => expectOk<{ _id: string }>(server.request('POST', `/api/admin/organisations/${orgId}/custom-plans`, { headers: operatorHeaders, body }), 'custom plan');

/** The wallet's balance and reserved sum, and what its ledger entries add up to (paise). */
export async function ledgerOf(db: Database, orgId: string) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.organisationId, orgId));
  const { rows } = await db.execute<{ sum: string | null; entries: string }>(
    sql`select sum(amount_paise) as sum, count(*) as entries from wallet_entries where organisation_id = ${orgId}::uuid`,
  );
  return {
    balance: wallet?.balancePaise ?? 0,
    reserved: wallet?.reservedPaise ?? 0,
    ledgerSum: Number(rows[0]?.sum ?? 0),
    entries: Number(rows[0]?.entries ?? 0),
  };
}
