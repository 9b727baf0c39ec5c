import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { auditEvents, kycDocuments, kycSubmissions, organisations } from '../../db/schema.js';
import { KYC_FIELDS } from '../../test/billing-support.js';
import { eventually } from '../../test/eventually.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';
import { multipart, pdf } from '../../test/multipart.js';

const ADMIN_TOKEN = 'operator-secret-token-0123456789';
const operator = { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-operator': 'asha.ops' };

let server: TestServer;
let owner: { token: string; userId: string };
let stranger: { token: string; userId: string };
let orgId: string;
let appId: string;

const files = (gstin = pdf('gstin'), registration = pdf('registration')) => [
  { field: 'gstinCertificate', name: 'gstin.pdf', content: gstin },
  { field: 'registrationDocument', name: 'cin.pdf', content: registration },
];

async function uploadKyc(token: string, fields: Record<string, string> = KYC_FIELDS, parts = files(), org = orgId) {
  const form = multipart(fields, parts);
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/organisation/${org}/kyc`,
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    payload: form.body,
  });
  return { status: response.statusCode, body: response.json() };
}

const status = async () => (await server.request('GET', `/api/organisation/${orgId}`, { token: owner.token })).body.data.onboarding_status;
const requestActivation = (token = owner.token) => server.request('POST', '/api/events?action=account_activation_request', { token });
const submissions = async () => (await server.db.select({ n: count() }).from(kycSubmissions))[0]!.n;

beforeAll(async () => {
  server = await createTestServer({ ADMIN_TOKEN });
  owner = await server.signedInUser(ALLOWLISTED[0]!);
  stranger = await server.signedInUser(ALLOWLISTED[1]!);
  orgId = await server.createOrganisation(owner.token);
  await server.createOrganisation(stranger.token);
});
afterAll(() => server.close());

describe('the onboarding status machine', () => {
  it('skip: ORG_CREATED → SERVICES_ADDED with a test app', async () => {
    const reply = await server.request('PUT', `/api/organisation/${orgId}?action=skip_onboarding`, { token: owner.token });
    appId = reply.body.data._id;
    expect(appId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await status()).toBe('SERVICES_ADDED');
    const again = await server.request('PUT', `/api/organisation/${orgId}?action=skip_onboarding`, { token: owner.token });
    expect(again.body.data._id).toBe(appId);
  });

  it('refuses an activation request before the test key, then moves on with the first key', async () => {
    expect((await requestActivation()).body.err.message).toBe('Submit the KYC details before requesting activation');
    await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, {
      token: owner.token,
      body: { productIds: ['in_identity_pan_lite'] },
    });
    expect(await status()).toBe('SERVICES_ADDED');
    await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token: owner.token, body: { keyName: 'Test Key' } });
    expect(await status()).toBe('ONBOARDING_COMPLETED');
  });
});

describe('KYC upload and activation request', () => {
  it.each([
    ['a missing field', { ...KYC_FIELDS, ifsc: '' }, files(), 'Field Cannot be Empty'],
    ['an invalid GSTIN', { ...KYC_FIELDS, gstinNumber: '27ABCDE1234' }, files(), 'Please enter a valid GSTIN number'],
    ['a signatory with digits', { ...KYC_FIELDS, authorName: 'Meera 2' }, files(), 'should contain alphabets only!'],
    ['no registration type', { ...KYC_FIELDS, registrationDocumentType: '' }, files(), 'Please Select an option'],
    ['a missing file', KYC_FIELDS, files().slice(0, 1), 'Please upload the file!'],
    [
      'a file that is not a PDF',
      KYC_FIELDS,
      [{ field: 'gstinCertificate', name: 'gstin.png', content: Buffer.from('not a pdf'), type: 'image/png' }, files()[1]!],
      'File should be in pdf format',
    ],
    [
      'a PDF name on something else',
      KYC_FIELDS,
      [{ field: 'gstinCertificate', name: 'gstin.pdf', content: Buffer.from('MZ executable') }, files()[1]!],
      'File should be in pdf format',
    ],
    ['a file of 2 MB', KYC_FIELDS, files(pdf('big', 2_000_000)), 'File should be less than 2 MB'],
  ])('refuses %s and stores nothing', async (_label, fields, parts, message) => {
    const before = await submissions();
    const reply = await uploadKyc(owner.token, fields, parts);
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe(message);
    expect(await submissions()).toBe(before);
  });

  it('refuses another organisation’s upload', async () => {
    const reply = await uploadKyc(stranger.token);
    expect(reply.status).toBe(404);
    expect(await submissions()).toBe(0);
  });

  it('refuses an account number that is too short once its spaces are gone', async () => {
    const reply = await uploadKyc(owner.token, { ...KYC_FIELDS, bankAccountNumber: '1234 5678' });
    expect(reply.body.err.message).toBe('Please enter a valid account number');
  });

  it('stores the details and both PDFs, then ONBOARDING_COMPLETED → ACTIVATION_REQUESTED', async () => {
    const typed = { ...KYC_FIELDS, bankAccountNumber: ' 1234 5678 9012 ', authorName: ' Meera Iyer ' };
    const upload = await uploadKyc(owner.token, typed, files(pdf('gstin', 1_999_999)));
    expect(upload.status).toBe(200);
    const [submission] = await server.db.select().from(kycSubmissions).where(eq(kycSubmissions.organisationId, orgId));
    expect(submission!.fields).toMatchObject({ bankAccountNumber: '123456789012', authorName: 'Meera Iyer' });
    const documents = await server.db.select().from(kycDocuments);
    expect(documents.map((document) => [document.kind, document.sizeBytes])).toEqual([
      ['gstinCertificate', 1_999_999],
      ['registrationDocument', pdf('registration').length],
    ]);
    const reply = await requestActivation();
    expect(reply.body.data).toEqual({ message: 'Activation requested', onboarding_status: 'ACTIVATION_REQUESTED' });
    expect(await status()).toBe('ACTIVATION_REQUESTED');
    expect((await server.request('GET', `/api/organisation/${orgId}`, { token: owner.token })).body.data.kyc).toEqual({ gstin: '27ABCDE1234F1Z5' });
    const twice = await requestActivation();
    expect(twice.status).toBe(409);
    expect(twice.body.err.message).toBe('account_activation_requested');
    const liveApp = await server.request('POST', '/api/app', { token: owner.token, body: { name: 'Production' } });
    expect(liveApp.body.err.message).toBe('account_activation_requested');
  });

  it('sends the request by email: the provider’s team gets it with the KYC details, the requester a copy', async () => {
    const team = await eventually(
      () => server.mailTo('operations@verigate.local'),
      (messages) => messages.length > 0,
    );
    expect(team).toHaveLength(1);
    expect(team[0]!.subject).toBe('Acme Finance requests account activation');
    expect(team[0]!.text).toContain('gstinNumber: 27ABCDE1234F1Z5');
    const copy = await eventually(
      () => server.mailTo(ALLOWLISTED[0]!),
      (messages) => messages.some((message) => message.subject === 'We have received your activation request'),
    );
    expect(copy.filter((message) => message.subject === 'We have received your activation request')).toHaveLength(1);
  });
});

describe('the back office', () => {
  it('is closed without the operator token or the operator’s name', async () => {
    expect((await server.request('GET', '/api/admin/activation-requests')).status).toBe(401);
    expect((await server.request('GET', '/api/admin/activation-requests', { headers: { authorization: 'Bearer wrong-token-wrong-token-wrong' } })).status).toBe(
      401,
    );
    expect((await server.request('GET', '/api/admin/activation-requests', { token: owner.token })).status).toBe(401);
    expect((await server.request('GET', '/api/admin/activation-requests', { headers: { authorization: operator.authorization } })).body.err.message).toBe(
      'Name the operator in the x-operator header',
    );
  });

  it('does not exist when ADMIN_TOKEN is unset', async () => {
    const closed = await createTestServer();
    expect((await closed.request('GET', '/api/admin/activation-requests', { headers: operator })).status).toBe(404);
    await closed.close();
  });

  it('lists activation requests with their documents, serves a document, and activates: → ACCOUNT_ACTIVATED', async () => {
    const requests = (await server.request('GET', '/api/admin/activation-requests', { headers: operator })).body.data;
    expect(requests).toEqual([expect.objectContaining({ organisationId: orgId, fields: expect.objectContaining({ gstinNumber: '27ABCDE1234F1Z5' }) })]);
    const [document] = requests[0].documents;
    const download = await server.app.inject({ method: 'GET', url: `/api/admin/documents/${document.id}`, headers: operator });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const activated = await server.request('POST', `/api/admin/organisations/${orgId}/activate`, { headers: operator });
    expect(activated.body.data.onboarding_status).toBe('ACCOUNT_ACTIVATED');
    expect((await server.request('POST', `/api/admin/organisations/${orgId}/activate`, { headers: operator })).status).toBe(409);
  });

  it('approves and rejects pending product requests', async () => {
    await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, {
      token: owner.token,
      body: { productIds: ['in_identity_pan_advance', 'in_identity_okyc_otp'] },
    });
    const pending = (await server.request('GET', '/api/admin/product-requests', { headers: operator })).body.data;
    expect(pending.map((item: { arn: string }) => item.arn).sort()).toEqual(['in_identity_okyc_otp', 'in_identity_pan_advance']);
    const approved = await server.request('POST', '/api/admin/product-requests/approve', {
      headers: operator,
      body: { organisationId: orgId, arn: 'in_identity_pan_advance' },
    });
    expect(approved.body.data).toMatchObject({ status: 'SUBSCRIBED', test_credit: 25 });
    const rejected = await server.request('POST', '/api/admin/product-requests/reject', {
      headers: operator,
      body: { organisationId: orgId, arn: 'in_identity_okyc_otp' },
    });
    expect(rejected.body.data.status).toBe('REJECTED');
    expect(
      (await server.request('POST', '/api/admin/product-requests/approve', { headers: operator, body: { organisationId: orgId, arn: 'in_identity_okyc_otp' } }))
        .status,
    ).toBe(404);
    const app = (await server.request('GET', `/api/app/${appId}`, { token: owner.token })).body.data;
    expect(app.service_access.map((product: { _id: string }) => product._id)).toContain('in_identity_pan_advance');
  });

  it('assigns managers, shown on the organisation', async () => {
    await server.request('PUT', `/api/admin/organisations/${orgId}/managers`, {
      headers: operator,
      body: { role: 'kam', name: 'Kiran Shah', email: 'kiran@verigate.in', phone: '+919800000001' },
    });
    const org = (await server.request('GET', `/api/organisation/${orgId}`, { token: owner.token })).body.data;
    expect(org.kam).toEqual({ kam_name: 'Kiran Shah', kam_email: 'kiran@verigate.in', kam_phone: '+919800000001' });
  });

  it('deactivates a user (sessions end, login refused) and reactivates them', async () => {
    const email = ALLOWLISTED[1]!;
    await server.request('POST', '/api/admin/users/deactivate', { headers: operator, body: { email } });
    const blocked = await server.request('GET', `/api/user/${stranger.userId}`, { token: stranger.token });
    expect(blocked.status).toBe(401);
    expect((await server.login(email)).status).toBe(403);
    await server.request('POST', '/api/admin/users/reactivate', { headers: operator, body: { email } });
    expect((await server.login(email)).status).toBe(200);
  });

  it('records every operator action with who, what and when', async () => {
    const rows = await server.db.select().from(auditEvents).where(eq(auditEvents.actor, 'operator:asha.ops'));
    expect(rows.map((row) => row.action).sort()).toEqual([
      'account.activated',
      'organisation.kam_assigned',
      'product.approved',
      'product.rejected',
      'user.deactivated',
      'user.reactivated',
    ]);
    expect(rows.every((row) => row.createdAt instanceof Date)).toBe(true);
  });

  it('answers the same through `npm run admin`', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', 'admin', '--', 'orgs'], {
        cwd: root,
        env: { ...process.env, ADMIN_URL: address, ADMIN_TOKEN, ADMIN_OPERATOR: 'cli.ops' },
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`admin exited ${code}: ${text}`))));
    });
    const listed = JSON.parse(output) as Array<{ id: string; status: string }>;
    expect(listed.find((org) => org.id === orgId)?.status).toBe('ACCOUNT_ACTIVATED');
    const [row] = await server.db.select().from(organisations).where(eq(organisations.id, orgId));
    expect(row!.onboardingStatus).toBe('ACCOUNT_ACTIVATED');
  });
});
