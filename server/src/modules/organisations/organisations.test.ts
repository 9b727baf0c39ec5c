import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { organisations } from '../../db/schema.js';
import { ALLOWLISTED, contactOf, createTestServer, organisationBody, type TestServer } from '../../test/harness.js';

let server: TestServer;
let owner: { token: string; userId: string };
let stranger: { token: string; userId: string };
let orgId: string;

beforeAll(async () => {
  server = await createTestServer();
  owner = await server.signedInUser(ALLOWLISTED[0]!);
  stranger = await server.signedInUser(ALLOWLISTED[1]!);
  orgId = await server.createOrganisation(owner.token);
});
afterAll(() => server.close());

const orgCount = async () => (await server.db.select({ n: count() }).from(organisations))[0]!.n;

describe('POST /api/organisation', () => {
  it('creates the organisation in ORG_CREATED and makes the caller its owner', async () => {
    const reply = await server.request('GET', `/api/organisation/${orgId}`, { token: owner.token });
    expect(reply.body.data).toMatchObject({ _id: orgId, name: 'Acme Finance', country_code: 'IND', onboarding_status: 'ORG_CREATED', kyc: null, kam: null });
    expect(reply.body.data.technical_poc).toEqual(contactOf('Ravi Kumar', 'ravi@acme-finance.in'));
    const profile = await server.request('GET', `/api/user/${owner.userId}`, { token: owner.token });
    expect(profile.body.data.roles).toEqual([{ org_id: orgId, role: 'owner' }]);
    expect((await server.login(ALLOWLISTED[0]!)).body.data.user.roles).toEqual([{ org_id: orgId, role: 'owner' }]);
  });

  it('refuses a second organisation for the same user', async () => {
    const reply = await server.request('POST', '/api/organisation', { token: owner.token, body: await organisationBody(server) });
    expect(reply.status).toBe(409);
  });

  it.each([
    [{ name: '' }, 'Organization name cannot be empty'],
    [{ name: '9 Acme' }, 'Organization name Should not start with a number'],
    [{ name: 'Acme # Co' }, 'should contain alphabets only!'],
    [{ trade_name: 'Acme_Co' }, 'should contain alphabets only!'],
    [{ name: 'Ac' }, 'must be at least 3 characters long'],
    [{ trade_name: '1Acme' }, 'Trade name Should not start with a number'],
    [{ country_code: '' }, 'Please select A country code'],
    [{ country_code: 'XYZ' }, 'Please select A country code'],
    [{ category_id: '00000000-0000-4000-8000-000000000000' }, 'Please select one category'],
    [{ category: 'Not the label of that id' }, 'Please select one category'],
    [{ business_poc: { ...contactOf('Meera Iyer', 'meera@acme-finance.in'), phone: '' } }, 'Phone number cannot be empty'],
    [{ business_poc: { ...contactOf('Meera Iyer', 'meera@acme-finance.in'), phone: '98765x3210' } }, 'Please enter a valid phone number'],
    [{ business_poc: { ...contactOf('Meera Iyer', 'meera@acme-finance.in'), phone: '0987654321' } }, 'Exclude 0 from the beginning'],
    [{ business_poc: { ...contactOf('Meera Iyer', 'meera@acme-finance.in'), phone: '98765' } }, 'Phone Number should be 10 digits'],
    [{ technical_poc: contactOf('Ravi Kumar', 'ravi@gmail.com') }, 'Only work emails are allowed'],
    [{ technical_poc: contactOf('Ra', 'ravi@acme-finance.in') }, 'must be at least 3 characters long'],
    [{ technical_poc: { ...contactOf('Ravi Kumar', 'ravi@acme-finance.in'), designation: '' } }, 'Designation cannot be empty'],
  ])('refuses %j with "%s" and stores nothing', async (override, message) => {
    const before = await orgCount();
    const reply = await server.request('POST', '/api/organisation', { token: stranger.token, body: await organisationBody(server, override) });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe(message);
    expect(await orgCount()).toBe(before);
  });

  it('takes a registered company name and numbers as people paste them, and keeps them trimmed and without spaces', async () => {
    const user = await server.signedInUser(ALLOWLISTED[4]!);
    const reply = await server.request('POST', '/api/organisation', {
      token: user.token,
      body: await organisationBody(server, {
        name: '  Acme & Sons Pvt. Ltd. ',
        trade_name: "D'Souza Verification (India) Pvt Ltd",
        business_poc: { name: ' Meera Iyer ', email: ' Meera@Acme-Finance.in ', designation: ' Director ', phone: ' 98765 43210 ' },
        technical_poc: { ...contactOf('Ravi Kumar', 'ravi@acme-finance.in'), phone: '+91 98765 43211' },
      }),
    });
    expect(reply.status).toBe(200);
    const stored = (await server.request('GET', `/api/organisation/${reply.body.data._id}`, { token: user.token })).body.data;
    expect(stored).toMatchObject({ name: 'Acme & Sons Pvt. Ltd.', trade_name: "D'Souza Verification (India) Pvt Ltd" });
    expect(stored.business_poc).toEqual({ name: 'Meera Iyer', email: 'meera@acme-finance.in', designation: 'Director', phone: '9876543210' });
    expect(stored.technical_poc.phone).toBe('9876543211');
  });

  it('makes the phone optional outside India but still checks it', async () => {
    const abroad = await server.signedInUser(ALLOWLISTED[2]!);
    const poc = { ...contactOf('Anna Smith', 'anna@acme-finance.in'), phone: '' };
    const bad = await server.request('POST', '/api/organisation', {
      token: abroad.token,
      body: await organisationBody(server, { country_code: 'GBR', business_poc: poc, technical_poc: { ...poc, phone: '12ab' } }),
    });
    expect(bad.body.err.message).toBe('Please enter a valid phone number');
    const ok = await server.request('POST', '/api/organisation', {
      token: abroad.token,
      body: await organisationBody(server, { country_code: 'GBR', business_poc: poc, technical_poc: poc }),
    });
    expect(ok.status).toBe(200);
  });

  it("maps the 'other' label to the category whose name and sub_category are both 'other'", async () => {
    const categories = (await server.request('GET', '/api/organisation/categories')).body.data as Array<{ _id: string; name: string; sub_category: string }>;
    const other = categories.find((category) => category.name === 'other' && category.sub_category === 'other')!;
    const user = await server.signedInUser(ALLOWLISTED[3]!);
    const reply = await server.request('POST', '/api/organisation', {
      token: user.token,
      body: await organisationBody(server, { category: 'other', category_id: other._id }),
    });
    expect(reply.body.data).toMatchObject({ category: 'other', category_id: other._id });
  });

  it('needs a session', async () => {
    expect((await server.request('POST', '/api/organisation', { body: await organisationBody(server) })).status).toBe(401);
  });
});

describe('reference lists', () => {
  it('lists every country with code and flag, India first as IND', async () => {
    const countries = (await server.request('GET', '/api/country')).body.data as Array<{ name: string; code: string; flag: string }>;
    expect(countries.length).toBeGreaterThan(240);
    expect(countries[0]).toMatchObject({ name: 'India', code: 'IND', flag: '🇮🇳' });
    expect(countries.find((country) => country.code === 'GBR')?.name).toBe('United Kingdom');
  });
});

describe('tenant isolation of /organisation/{id}', () => {
  it('answers another organisation as unknown for every call and changes nothing', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/organisation/${orgId}`],
      ['GET', `/api/organisation/${orgId}?action=get_org_details`],
      ['PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, { productIds: ['in_identity_pan_lite'] }],
      ['PUT', `/api/organisation/${orgId}?action=org_product_unsubscribe`, { productIds: ['in_identity_pan_lite'] }],
      ['PUT', `/api/organisation/${orgId}?action=skip_onboarding`],
      ['PUT', `/api/organisation/${orgId}?action=org_techpoc_update`, { technical_poc: contactOf('Mallory Evil', 'mallory@evil-corp.in') }],
      ['PUT', `/api/organisation/${orgId}?action=org_businesspoc_update`, { business_poc: contactOf('Mallory Evil', 'mallory@evil-corp.in') }],
    ];
    for (const [method, url, body] of calls) {
      const reply = await server.request(method, url, { token: stranger.token, ...(body ? { body } : {}) });
      expect(reply.status, `${method} ${url}`).toBe(404);
      expect(reply.body.err.message).toBe('Organisation not found');
    }
    const [row] = await server.db.select().from(organisations).where(eq(organisations.id, orgId));
    expect(row!.onboardingStatus).toBe('ORG_CREATED');
    expect(row!.technicalPoc.name).toBe('Ravi Kumar');
  });

  it('answers an unknown id 404 and a malformed one 400', async () => {
    expect((await server.request('GET', '/api/organisation/00000000-0000-4000-8000-000000000000', { token: owner.token })).status).toBe(404);
    expect((await server.request('GET', '/api/organisation/nope', { token: owner.token })).status).toBe(400);
    expect((await server.request('PUT', `/api/organisation/${orgId}?action=drop_tables`, { token: owner.token })).body.err.message).toBe('Unknown action');
  });
});

describe('point-of-contact edits (My Account)', () => {
  it('apply the edit limits: name 40, designation 25', async () => {
    const long = await server.request('PUT', `/api/organisation/${orgId}?action=org_techpoc_update`, {
      token: owner.token,
      body: { technical_poc: { ...contactOf('A'.repeat(41), 'ravi@acme-finance.in') } },
    });
    expect(long.body.err.message).toBe('must be at most 40 characters long');
    const designation = await server.request('PUT', `/api/organisation/${orgId}?action=org_businesspoc_update`, {
      token: owner.token,
      body: { business_poc: { ...contactOf('Meera Iyer', 'meera@acme-finance.in'), designation: 'D'.repeat(26) } },
    });
    expect(designation.body.err.message).toBe('must be at most 25 characters long');
  });

  it('take a name shorter than 3 letters: the minimum is onboarding’s only (seed 001 §5)', async () => {
    const short = await server.request('PUT', `/api/organisation/${orgId}?action=org_techpoc_update`, {
      token: owner.token,
      body: { technical_poc: contactOf('Al', 'al@acme-finance.in') },
    });
    expect(short.body.data.technical_poc.name).toBe('Al');
  });

  it('update the technical and business owners', async () => {
    const tech = await server.request('PUT', `/api/organisation/${orgId}?action=org_techpoc_update`, {
      token: owner.token,
      body: { technical_poc: contactOf('Sunil Rao', 'sunil@acme-finance.in') },
    });
    expect(tech.body.data.technical_poc).toEqual(contactOf('Sunil Rao', 'sunil@acme-finance.in'));
    const business = await server.request('PUT', `/api/organisation/${orgId}?action=org_businesspoc_update`, {
      token: owner.token,
      body: { business_poc: contactOf('Lata Das', 'lata@acme-finance.in') },
    });
    expect(business.body.data.business_poc.name).toBe('Lata Das');
    const org = (await server.request('GET', `/api/organisation/${orgId}`, { token: owner.token })).body.data;
    expect([org.technical_poc.name, org.business_poc.name]).toEqual(['Sunil Rao', 'Lata Das']);
  });

  it('keep a pasted phone without its spaces and +91, and trimmed names and email', async () => {
    const reply = await server.request('PUT', `/api/organisation/${orgId}?action=org_techpoc_update`, {
      token: owner.token,
      body: { technical_poc: { name: ' Sunil Rao ', email: ' sunil@acme-finance.in', designation: 'Head ', phone: '+91 98765 43210' } },
    });
    expect(reply.body.data.technical_poc).toEqual({ name: 'Sunil Rao', email: 'sunil@acme-finance.in', designation: 'Head', phone: '9876543210' });
  });

  it('refuse a body with the wrong shape', async () => {
    const reply = await server.request('PUT', `/api/organisation/${orgId}?action=org_techpoc_update`, {
      token: owner.token,
      body: { business_poc: contactOf('Lata Das', 'lata@acme-finance.in') },
    });
    expect(reply.status).toBe(400);
  });
});
