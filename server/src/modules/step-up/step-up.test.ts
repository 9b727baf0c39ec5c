import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STEP_UP_MESSAGES } from '@verigate/contracts';
import { appKeys, appProducts, apps, auditEvents, memberships, otpRelays, zpins } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let owner: { token: string; userId: string };
let rival: { token: string; userId: string };
let orgId: string;
let rivalOrgId: string;
let appId: string;
const EMAIL = ALLOWLISTED[0]!;

beforeAll(async () => {
  // This file asks for more codes than the default limits allow one user; step-up.security.test.ts tests those.
  server = await createTestServer({ OTP_SENDS_PER_USER: '100', OTP_SENDS_PER_ORGANISATION: '100' });
  owner = await server.signedInUser(EMAIL);
  rival = await server.signedInUser(ALLOWLISTED[1]!);
  orgId = await server.createOrganisation(owner.token);
  rivalOrgId = await server.createOrganisation(rival.token);
  await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, {
    token: owner.token,
    body: { productIds: ['in_identity_pan_lite', 'in_identity_aadhaar_lite'] },
  });
  appId = (await server.request('POST', '/api/app', { token: owner.token, body: { name: 'Test App' } })).body.data._id;
  await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token: owner.token, body: { keyName: 'Main' } });
});
afterAll(() => server.close());

async function sendOtp(purpose: string, token = owner.token, email = token === owner.token ? EMAIL : ALLOWLISTED[1]!) {
  const reply = await server.request('POST', '/api/events?action=send_otp', { token, body: { purpose } });
  expect(reply.status).toBe(200);
  const [mail] = await server.mailTo(email);
  const otp = mail!.text.match(/^(\d{6})$/m)![1]!;
  return { relayId: reply.body.data.relay_id as string, otp };
}

const keyStatus = async () => (await server.db.select().from(appKeys).where(eq(appKeys.appId, appId)))[0]!.status;
const toggle = (action: 'enable_app_key' | 'disable_app_key', proof: Record<string, string>, token = owner.token) =>
  server.request('PUT', `/api/app/${appId}?action=${action}`, { token, body: { keyName: 'Main', ...proof } });

/**
 * Starts `first`, and `second` once `fraction` of `takes` (how long `first` took alone) has passed:
 * a race test sweeps the fraction over its rounds, so that `second` lands all along `first`.
 */
const startedAcross = <A, B>(takes: number, fraction: number, first: () => Promise<A>, second: () => Promise<B>) =>
  Promise.all([first(), new Promise((resolve) => setTimeout(resolve, takes * fraction)).then(second)]);

describe('OTP', () => {
  it('is mailed as 6 digits and stored only as a hash', async () => {
    const { relayId, otp } = await sendOtp('step_up');
    expect(otp).toMatch(/^\d{6}$/);
    const [relay] = await server.db.select().from(otpRelays).where(eq(otpRelays.id, relayId));
    expect(relay!.otpHash).not.toContain(otp);
    expect(relay!.otpHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('confirms a key change once; reused, wrong or expired it is refused', async () => {
    const { relayId, otp } = await sendOtp('step_up');
    const wrongOtp = otp === '000000' ? '111111' : '000000';
    expect((await toggle('disable_app_key', { relayId, otp: wrongOtp })).body.err.message).toBe('OTP is invalid!, please re-enter');
    expect(await keyStatus()).toBe('ENABLED');
    expect((await toggle('disable_app_key', { relayId, otp })).body.data.keys[0].status).toBe('DISABLED');
    expect((await toggle('enable_app_key', { relayId, otp })).body.err.message).toBe('OTP is invalid!, please re-enter');
    expect(await keyStatus()).toBe('DISABLED');

    const late = await sendOtp('step_up');
    server.clock.advance(10 * 60_000 + 1);
    const expired = await toggle('enable_app_key', late);
    expect(expired.status).toBe(410);
    expect(expired.body.err.message).toBe('OTP has expired, please request a new one');
    const fresh = await sendOtp('step_up');
    expect((await toggle('enable_app_key', fresh)).body.data.keys[0].status).toBe('ENABLED');
  });

  it('is used up by the fifth wrong code: that answer and the right code after it say so, and a resent code works', async () => {
    const { relayId, otp } = await sendOtp('step_up');
    const wrongOtp = otp === '000000' ? '111111' : '000000';
    const wrong = [];
    for (let attempt = 0; attempt < 5; attempt += 1) wrong.push((await toggle('disable_app_key', { relayId, otp: wrongOtp })).body.err.message);
    expect(wrong).toEqual([...Array(4).fill('OTP is invalid!, please re-enter'), STEP_UP_MESSAGES.otpUsedUp]);
    const right = await toggle('disable_app_key', { relayId, otp });
    expect(right.status).toBe(410);
    expect(right.body.err.message).toBe('Too many wrong attempts: this OTP is used up, please request a new one');
    expect(await keyStatus()).toBe('ENABLED');

    server.clock.advance(30_000);
    const resent = await server.request('POST', '/api/events?action=resend_otp', { token: owner.token, body: { relay_id: relayId } });
    expect(resent.body.data).toEqual({ relay_id: relayId, resends_left: 2 });
    const [mail] = await server.mailTo(EMAIL);
    const fresh = mail!.text.match(/^(\d{6})$/m)![1]!;
    expect((await toggle('disable_app_key', { relayId, otp: fresh })).body.data.keys[0].status).toBe('DISABLED');
    expect((await toggle('enable_app_key', await sendOtp('step_up'))).body.data.keys[0].status).toBe('ENABLED');
  });

  it('counts a parallel burst of wrong OTPs one by one: five attempts, then even the right one is refused as used up', async () => {
    const { relayId, otp } = await sendOtp('step_up');
    const wrongOtp = otp === '000000' ? '111111' : '000000';
    const burst = await Promise.all(Array.from({ length: 10 }, () => toggle('disable_app_key', { relayId, otp: wrongOtp })));
    const messages = burst.map((reply) => reply.body.err.message as string);
    expect(messages.filter((message) => message === 'OTP is invalid!, please re-enter')).toHaveLength(4);
    expect(messages.filter((message) => message === STEP_UP_MESSAGES.otpUsedUp)).toHaveLength(6);
    const [relay] = await server.db.select().from(otpRelays).where(eq(otpRelays.id, relayId));
    expect(relay!.attempts).toBe(5);
    expect((await toggle('disable_app_key', { relayId, otp })).body.err.message).toBe(STEP_UP_MESSAGES.otpUsedUp);
    expect(await keyStatus()).toBe('ENABLED');
  });

  it('is resent at most 3 times, 30 seconds apart', async () => {
    const { relayId } = await sendOtp('step_up');
    const resend = () => server.request('POST', '/api/events?action=resend_otp', { token: owner.token, body: { relay_id: relayId } });
    expect((await resend()).body.err.message).toBe('Please wait 30 seconds before requesting another OTP');
    for (let left = 2; left >= 0; left -= 1) {
      server.clock.advance(30_000);
      expect((await resend()).body.data.resends_left).toBe(left);
    }
    server.clock.advance(30_000);
    const exhausted = await resend();
    expect(exhausted.status).toBe(429);
    expect(exhausted.body.err.message).toBe('You have exhausted the resend OTP limit');
  });

  it('works only for its own organisation', async () => {
    const mine = await sendOtp('step_up');
    const theirs = await sendOtp('step_up', rival.token);
    expect((await toggle('disable_app_key', theirs)).body.err.message).toBe('OTP is invalid!, please re-enter');
    expect((await server.request('POST', '/api/events?action=resend_otp', { token: rival.token, body: { relay_id: mine.relayId } })).status).toBe(404);
    expect(await keyStatus()).toBe('ENABLED');
  });
});

describe('ZPIN', () => {
  it('does not exist at first', async () => {
    expect((await server.request('GET', `/api/zpin/${orgId}`, { token: owner.token })).body).toEqual({ data: null });
    expect((await toggle('disable_app_key', { orgId, zpin: '1234' })).body.err.message).toBe('Create a ZPIN first');
  });

  it('refuses a guessable ZPIN (1111, 1234, 0000) with one message and stores nothing', async () => {
    const { relayId, otp } = await sendOtp('zpin_create');
    for (const zpin of ['1111', '1234', '0000']) {
      const refused = await server.request('POST', '/api/zpin', { token: owner.token, body: { zpin, orgId, relayId, otp } });
      expect(refused.status).toBe(400);
      expect(refused.body.err.message).toBe(STEP_UP_MESSAGES.zpinWeak);
    }
    expect(await server.db.select().from(zpins).where(eq(zpins.organisationId, orgId))).toEqual([]);
  });

  it('is created with an emailed OTP and stored as an argon2id hash', async () => {
    const { relayId, otp } = await sendOtp('zpin_create');
    const wrong = await server.request('POST', '/api/zpin', {
      token: owner.token,
      body: { zpin: '4826', orgId, relayId, otp: otp === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.err.message).toBe('OTP Is not valid, please re-enter');
    const created = await server.request('POST', '/api/zpin', { token: owner.token, body: { zpin: '4826', orgId, relayId, otp } });
    expect(created.body).toEqual({ data: { message: 'ZPIN successfully created' } });
    const [row] = await server.db.select().from(zpins).where(eq(zpins.organisationId, orgId));
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    expect((await server.request('GET', `/api/zpin/${orgId}`, { token: owner.token })).body.data.updatedAt).toEqual(expect.any(Number));
    const again = await sendOtp('zpin_create');
    expect((await server.request('POST', '/api/zpin', { token: owner.token, body: { zpin: '5173', orgId, ...again } })).status).toBe(409);
  });

  it('applies the ZPIN rules', async () => {
    const { relayId, otp } = await sendOtp('zpin_update');
    const put = (zpin: string) => server.request('PUT', `/api/zpin/${orgId}`, { token: owner.token, body: { zpin, relayId, otp } });
    expect((await put('')).body.err.message).toBe('ZPIN cannot be empty');
    expect((await put('12a4')).body.err.message).toBe('ZPIN should be numeric');
    expect((await put('123')).body.err.message).toBe('Invalid zpin, please re-enter');
    for (const zpin of ['1111', '1234', '0000']) expect((await put(zpin)).body.err.message).toBe(STEP_UP_MESSAGES.zpinWeak);
  });

  it('confirms key changes; after the third wrong ZPIN only an OTP will do, which unlocks it again', async () => {
    expect((await toggle('disable_app_key', { orgId, zpin: '4826' })).body.data.keys[0].status).toBe('DISABLED');
    expect((await toggle('enable_app_key', { orgId, zpin: '4826' })).body.data.keys[0].status).toBe('ENABLED');
    const first = await toggle('disable_app_key', { orgId, zpin: '0000' });
    expect(first.body.err).toMatchObject({ message: 'Invalid zpin, please re-enter', details: [{ path: 'attempts_left', message: '2' }] });
    await toggle('disable_app_key', { orgId, zpin: '0000' });
    expect((await toggle('disable_app_key', { orgId, zpin: '0000' })).body.err.message).toBe('Too many wrong ZPIN attempts: verify with an OTP instead');
    expect((await toggle('disable_app_key', { orgId, zpin: '4826' })).body.err.message).toBe('Too many wrong ZPIN attempts: verify with an OTP instead');
    expect(await keyStatus()).toBe('ENABLED');
    expect((await toggle('disable_app_key', await sendOtp('step_up'))).body.data.keys[0].status).toBe('DISABLED');
    expect((await toggle('enable_app_key', { orgId, zpin: '4826' })).body.data.keys[0].status).toBe('ENABLED');
  });

  it('is reset through "forgot ZPIN" with an OTP', async () => {
    const { relayId, otp } = await sendOtp('zpin_update');
    expect((await server.request('PUT', `/api/zpin/${orgId}`, { token: owner.token, body: { zpin: '7391', relayId, otp } })).body).toEqual({
      data: { message: 'ZPIN successfully updated' },
    });
    expect((await toggle('disable_app_key', { orgId, zpin: '4826' })).body.err.message).toBe('Invalid zpin, please re-enter');
    expect((await toggle('disable_app_key', { orgId, zpin: '7391' })).body.data.keys[0].status).toBe('DISABLED');
    await toggle('enable_app_key', { orgId, zpin: '7391' });
  });

  it('works only for its own organisation', async () => {
    expect((await server.request('GET', `/api/zpin/${orgId}`, { token: rival.token })).status).toBe(404);
    expect(
      (await server.request('PUT', `/api/zpin/${orgId}`, { token: rival.token, body: { zpin: '5173', ...(await sendOtp('zpin_update', rival.token)) } }))
        .status,
    ).toBe(404);
    expect((await toggle('disable_app_key', { orgId: rivalOrgId, zpin: '7391' })).body.err.message).toBe('Invalid zpin, please re-enter');
    expect((await toggle('disable_app_key', { orgId, zpin: '7391' }, rival.token)).status).toBe(404);
    expect(await keyStatus()).toBe('ENABLED');
  });

  it('counts a parallel burst of wrong ZPINs one by one and locks after the third', async () => {
    const burst = await Promise.all(Array.from({ length: 8 }, () => toggle('disable_app_key', { orgId, zpin: '0000' })));
    const messages = burst.map((reply) => reply.body.err.message);
    expect(messages.filter((message) => message === 'Invalid zpin, please re-enter')).toHaveLength(2);
    expect(messages.filter((message) => message === 'Too many wrong ZPIN attempts: verify with an OTP instead')).toHaveLength(6);
    const [row] = await server.db.select().from(zpins).where(eq(zpins.organisationId, orgId));
    expect(row!.failedAttempts).toBe(3);
    expect((await toggle('disable_app_key', { orgId, zpin: '7391' })).body.err.message).toBe('Too many wrong ZPIN attempts: verify with an OTP instead');
    expect(await keyStatus()).toBe('ENABLED');
    expect((await toggle('disable_app_key', await sendOtp('step_up'))).body.data.keys[0].status).toBe('DISABLED');
    expect((await toggle('enable_app_key', { orgId, zpin: '7391' })).body.data.keys[0].status).toBe('ENABLED');
  });

  it('is needed: no proof, no change', async () => {
    const reply = await server.request('PUT', `/api/app/${appId}?action=disable_app_key`, { token: owner.token, body: { keyName: 'Main' } });
    expect(reply.status).toBe(400);
    expect(reply.body.err.message).toBe('Verify with your ZPIN or an OTP to continue');
    expect(await keyStatus()).toBe('ENABLED');
  });
});

describe('keys, products, whitelist and apps behind the step-up', () => {
  const proof = () => ({ orgId, zpin: '7391' });

  it('deletes a key only once disabled', async () => {
    const del = () => server.request('PUT', `/api/app/${appId}?action=delete_app_key`, { token: owner.token, body: { keyName: 'Main' } });
    expect((await del()).body.err.message).toBe('Disable the key before deleting one.');
    await toggle('disable_app_key', proof());
    expect((await del()).body.data.keys).toEqual([]);
    expect((await del()).status).toBe(404);
  });

  it('changes the app’s products to subscribed ones only', async () => {
    const change = (productIds: string[]) =>
      server.request('PUT', `/api/app/${appId}?action=app_update_subscribed_product`, { token: owner.token, body: { productIds, ...proof() } });
    expect((await change(['in_identity_pan_advance'])).body.err.message).toBe('Only subscribed products can be added to an app: in_identity_pan_advance');
    expect((await change(['in_identity_aadhaar_lite'])).body.data.service_access).toEqual([{ _id: 'in_identity_aadhaar_lite', name: expect.any(String) }]);
  });

  it('never leaves an app linked to a product unsubscribed while the link was being made', async () => {
    const product = 'in_vehicle_rc_lite';
    const subscription = (action: 'org_product_subscribe' | 'org_product_unsubscribe') =>
      server.request('PUT', `/api/organisation/${orgId}?action=${action}`, { token: owner.token, body: { productIds: [product] } });
    const link = () =>
      server.request('PUT', `/api/app/${appId}?action=app_update_subscribed_product`, {
        token: owner.token,
        body: { productIds: ['in_identity_aadhaar_lite', product], ...proof() },
      });
    expect((await subscription('org_product_subscribe')).status).toBe(200);
    const started = performance.now();
    expect((await link()).status).toBe(200);
    const linkTakes = performance.now() - started;
    // The unsubscription lands at a different moment of the link in each round, from its start to its end.
    const rounds = 12;
    for (let round = 0; round < rounds; round += 1) {
      expect((await subscription('org_product_subscribe')).status).toBe(200);
      const [linked, unsubscribed] = await startedAcross(linkTakes, round / rounds, link, () => subscription('org_product_unsubscribe'));
      expect(unsubscribed.status, `round ${round}`).toBe(200);
      if (linked.status !== 200) expect(linked.body.err.message, `round ${round}`).toBe(`Only subscribed products can be added to an app: ${product}`);
      const links = await server.db.select().from(appProducts).where(eq(appProducts.productArn, product));
      expect(links, `round ${round}`).toEqual([]);
    }
  });

  it('whitelists IPv4, IPv6 and CIDR entries, refuses others, and turns off with ALL', async () => {
    const set = (whitelisted_ips: string[]) =>
      server.request('PUT', `/api/app/${appId}?action=update_whitelisted_ip`, { token: owner.token, body: { whitelisted_ips, ...proof() } });
    expect((await set(['203.0.113.7', '2001:db8::1', '10.0.0.0/8'])).body.data.ip_whitelisted).toEqual(['203.0.113.7', '2001:db8::1', '10.0.0.0/8']);
    expect((await server.request('GET', `/api/app/${appId}?onlyIpWhitelisted=true`, { token: owner.token })).body.data).toEqual({
      ip_whitelisted: ['203.0.113.7', '2001:db8::1', '10.0.0.0/8'],
    });
    expect((await set(['not-an-ip'])).body.err.message).toBe('Enter a valid IP Address');
    expect((await set(['2001:db8::1', '2001:DB8:0::1'])).body.err.message).toBe('This IP Address already exists');
    expect((await set(['ALL'])).body.data.ip_whitelisted).toEqual(['ALL']);
    const [row] = await server.db.select().from(apps).where(eq(apps.id, appId));
    expect(row!.ipWhitelist).toEqual(['ALL']);
  });

  it('refuses ranges that open the app to nearly every address, saying why, and keeps the saved list', async () => {
    const set = (whitelisted_ips: string[]) =>
      server.request('PUT', `/api/app/${appId}?action=update_whitelisted_ip`, { token: owner.token, body: { whitelisted_ips, ...proof() } });
    await set(['203.0.113.7']);
    for (const range of ['0.0.0.0/0', '::/0', '64.0.0.0/2', '2001:db8::/31']) {
      const reply = await set(['203.0.113.7', range]);
      expect(reply.status, range).toBe(400);
      expect(reply.body.err.message).toMatch(new RegExp(`^${range.replace(/\./g, '\\.')} would let far too many addresses call with this app's keys`));
    }
    expect((await set(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'])).status).toBe(200);
    const [row] = await server.db.select().from(apps).where(eq(apps.id, appId));
    expect(row!.ipWhitelist).toEqual(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32']);
    await set(['ALL']);
  });

  it("records in the audit log, as a change's before, the whitelist another member saved a moment earlier", async () => {
    // Each member's step-up locks their own ZPIN, so only two members' changes can overlap.
    const colleague = await server.signedInUser(ALLOWLISTED[2]!);
    await server.db.insert(memberships).values({ userId: colleague.userId, organisationId: orgId, role: 'admin' });
    colleague.token = (await server.login(ALLOWLISTED[2]!)).body.data.token;
    const { relayId, otp } = await sendOtp('zpin_create', colleague.token, ALLOWLISTED[2]!);
    expect((await server.request('POST', '/api/zpin', { token: colleague.token, body: { zpin: '5928', orgId, relayId, otp } })).status).toBe(200);
    const set = (token: string, zpin: string, ip: string) =>
      server.request('PUT', `/api/app/${appId}?action=update_whitelisted_ip`, { token, body: { whitelisted_ips: [ip], orgId, zpin } });
    const started = performance.now();
    expect((await set(owner.token, '7391', '203.0.113.1')).status).toBe(200);
    const changeTakes = performance.now() - started;
    // The colleague's change lands at a different moment of the owner's in each round, from its start to its end.
    const rounds = 12;
    let saved = ['203.0.113.1'];
    for (let round = 0; round < rounds; round += 1) {
      const mine = [`198.51.100.${round}`];
      const theirs = [`192.0.2.${round}`];
      const replies = await startedAcross(
        changeTakes,
        round / rounds,
        () => set(owner.token, '7391', mine[0]!),
        () => set(colleague.token, '5928', theirs[0]!),
      );
      expect(
        replies.map((reply) => reply.status),
        `round ${round}`,
      ).toEqual([200, 200]);
      const [row] = await server.db.select().from(apps).where(eq(apps.id, appId));
      const [second, first] = row!.ipWhitelist[0] === mine[0] ? [mine, theirs] : [theirs, mine];
      const changes = (await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'app.whitelist_changed'))).map(
        (event) => event.details as { before: string[]; after: string[] },
      );
      // Whichever was saved last saw the other's list as its before, and the first saw the list of the round before.
      expect(changes.find((change) => change.after[0] === first[0])?.before, `round ${round}`).toEqual(saved);
      expect(changes.find((change) => change.after[0] === second[0])?.before, `round ${round}`).toEqual(first);
      saved = second;
    }
    await set(owner.token, '7391', 'ALL');
  });

  it('never deletes the test app; a live app goes only without enabled keys', async () => {
    const testApp = await server.request('DELETE', `/api/app/${appId}`, { token: owner.token });
    expect(testApp.body.err.message).toBe('The test app cannot be deleted');
    const [live] = await server.db.insert(apps).values({ organisationId: orgId, name: 'Production', isTestApp: false }).returning();
    await server.db.insert(appKeys).values({ appId: live!.id, keyName: 'Live', keyHash: 'x'.repeat(64), keyStart: 'vgk_live_abcd', status: 'ENABLED' });
    expect((await server.request('DELETE', `/api/app/${live!.id}`, { token: rival.token })).status).toBe(404);
    expect((await server.request('DELETE', `/api/app/${live!.id}`, { token: owner.token })).body.err.message).toBe(
      'Disable all API keys before deleting the app.',
    );
    await server.db.update(appKeys).set({ status: 'DISABLED' }).where(eq(appKeys.appId, live!.id));
    expect((await server.request('DELETE', `/api/app/${live!.id}`, { token: owner.token })).body.data.message).toBe('App deleted');
  });

  it('deletes a live app or adds a key to it, never both, when the two are asked for at once', async () => {
    const [product] = await server.db.select().from(appProducts).where(eq(appProducts.appId, appId)).limit(1);
    const liveApp = async (name: string) => {
      const [live] = await server.db.insert(apps).values({ organisationId: orgId, name, isTestApp: false }).returning();
      await server.db.insert(appProducts).values({ appId: live!.id, productArn: product!.productArn });
      return live!;
    };
    const addKey = (id: string) => server.request('PUT', `/api/app/${id}?action=generate_app_key`, { token: owner.token, body: { keyName: 'Live' } });
    const timed = await liveApp('Timed');
    const started = performance.now();
    expect((await addKey(timed.id)).status).toBe(200);
    const addTakes = performance.now() - started;
    // The deletion lands at a different moment of the key's creation in each round, from its start to its end.
    const rounds = 20;
    for (let round = 0; round < rounds; round += 1) {
      const live = await liveApp(`Race ${round}`);
      const [added, deleted] = await startedAcross(
        addTakes,
        round / rounds,
        () => addKey(live.id),
        () => server.request('DELETE', `/api/app/${live.id}`, { token: owner.token }),
      );
      const [kept] = await server.db.select().from(apps).where(eq(apps.id, live.id));
      if (deleted.status === 200) {
        expect(added.status, `round ${round}`).toBe(404);
        expect(kept).toBeUndefined();
      } else {
        expect(deleted.body.err.message, `round ${round}`).toBe('Disable all API keys before deleting the app.');
        expect(added.status).toBe(200);
        expect((await server.db.select().from(appKeys).where(eq(appKeys.appId, live.id))).map((key) => key.status)).toEqual(['ENABLED']);
      }
    }
  });

  it('records every sensitive action with who, what, when and where — never a secret', async () => {
    const rows = await server.db.select().from(auditEvents).where(eq(auditEvents.organisationId, orgId));
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'key.created',
      'key.enabled',
      'key.disabled',
      'key.deleted',
      'app.created',
      'app.deleted',
      'app.products_changed',
      'app.whitelist_changed',
      'zpin.created',
      'zpin.updated',
      'otp.sent',
      'stepup.failed',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(rows.every((row) => row.clientIp === '127.0.0.1')).toBe(true);
    const everything = JSON.stringify(rows);
    expect(everything).not.toMatch(/"(zpin|otp)":/);
    // The ZPIN as a value of its own, not four digits that happen to sit inside an id.
    expect(everything).not.toMatch(/(?<![\w-])7391(?![\w-])/);
  });
});
