import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STEP_UP_MESSAGES } from '@verigate/contracts';
import { loadConfig } from '../../config.js';
import { appKeys, memberships, otpRelays, zpins } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let owner: { token: string; userId: string };
let orgId: string;
let appId: string;
const EMAIL = ALLOWLISTED[0]!;
const RIGHT_ZPIN = '1257';
const { OTP_SENDS_PER_USER, OTP_SENDS_PER_ORGANISATION, RATE_LIMIT_WINDOW_MS } = loadConfig({});

beforeAll(async () => {
  server = await createTestServer();
  owner = await server.signedInUser(EMAIL);
  orgId = await server.createOrganisation(owner.token);
  await server.request('PUT', `/api/organisation/${orgId}?action=org_product_subscribe`, {
    token: owner.token,
    body: { productIds: ['in_identity_pan_lite'] },
  });
  appId = (await server.request('POST', '/api/app', { token: owner.token, body: { name: 'Test App' } })).body.data._id;
  const generated = await server.request('PUT', `/api/app/${appId}?action=generate_app_key`, { token: owner.token, body: { keyName: 'TestKey' } });
  expect(generated.status).toBe(200);
  const created = await server.request('POST', '/api/zpin', { token: owner.token, body: { zpin: RIGHT_ZPIN, orgId, ...(await sendOtp('zpin_create')) } });
  expect(created.status).toBe(200);
});
afterAll(() => server.close());

/** Sends an OTP and reads the code from the newest email's text. */
async function sendOtp(purpose: string, token = owner.token, email = EMAIL) {
  const reply = await server.request('POST', '/api/events?action=send_otp', { token, body: { purpose } });
  expect(reply.status).toBe(200);
  const [mail] = await server.mailTo(email);
  return { relayId: reply.body.data.relay_id as string, otp: mail!.text.match(/^(\d{6})$/m)![1]! };
}

const toggle = (action: 'enable_app_key' | 'disable_app_key', proof: Record<string, string>) =>
  server.request('PUT', `/api/app/${appId}?action=${action}`, { token: owner.token, body: { keyName: 'TestKey', ...proof } });
const keyStatus = async () => (await server.db.select().from(appKeys).where(eq(appKeys.appId, appId)))[0]!.status;
const zpinRow = async () => (await server.db.select().from(zpins).where(eq(zpins.organisationId, orgId)))[0]!;
/** The attempts left that a reply reports: present only on a ZPIN that was actually checked and found wrong. */
const attemptsLeft = (reply: { body: any }) => reply.body.err?.details?.find((detail: { path: string }) => detail.path === 'attempts_left')?.message;

describe('a parallel burst of guesses', () => {
  it('100 ZPINs 1200–1299 at once, the right one among them: three wrong ones are checked, then even the right one is refused', async () => {
    const disabled = await toggle('disable_app_key', await sendOtp('step_up'));
    expect(disabled.body).toMatchObject({ data: { keys: [{ status: 'DISABLED' }] } });
    expect((await zpinRow()).failedAttempts).toBe(0);

    const guesses = Array.from({ length: 100 }, (_, index) => String(1200 + index));
    const replies = await Promise.all(guesses.map((zpin) => toggle('enable_app_key', { orgId, zpin })));

    const rightReply = replies[guesses.indexOf(RIGHT_ZPIN)]!;
    const accepted = replies.filter((reply) => reply.status === 200);
    const checkedWrong = replies.map(attemptsLeft).filter((left) => left !== undefined);
    const refusedUnchecked = replies.filter((reply) => reply.status !== 200 && attemptsLeft(reply) === undefined);
    expect(refusedUnchecked.every((reply) => reply.body.err.message === STEP_UP_MESSAGES.zpinLocked)).toBe(true);
    expect((await zpinRow()).failedAttempts).toBe(3);

    if (accepted.length === 0) {
      // The right one came after the third wrong one: refused like any guess, never checked.
      expect(rightReply.body.err.message).toBe(STEP_UP_MESSAGES.zpinLocked);
      expect(checkedWrong.sort()).toEqual(['0', '1', '2']);
      expect(await keyStatus()).toBe('DISABLED');
    } else {
      // The right one came among the first three: the count started again and three more wrong ones locked it.
      expect(accepted).toEqual([rightReply]);
      expect(checkedWrong.length).toBeLessThanOrEqual(5);
      expect(checkedWrong.filter((left) => left === '0')).toEqual(['0']);
      expect(await keyStatus()).toBe('ENABLED');
    }
    expect(replies).toHaveLength(100);
    // Locked: the right ZPIN is refused now, an OTP unlocks it.
    expect((await toggle('enable_app_key', { orgId, zpin: RIGHT_ZPIN })).body.err.message).toBe(STEP_UP_MESSAGES.zpinLocked);
    await toggle('enable_app_key', await sendOtp('step_up'));
    expect(await keyStatus()).toBe('ENABLED');
    expect((await zpinRow()).failedAttempts).toBe(0);
  });

  it('150 wrong OTPs and the right one at once on one relay: five attempts count, then the right one is refused as used up', async () => {
    const { relayId, otp } = await sendOtp('step_up');
    const wrong = Array.from({ length: 150 }, (_, index) => String((Number(otp) + 1 + index) % 1_000_000).padStart(6, '0'));
    const codes = [...wrong.slice(0, 75), otp, ...wrong.slice(75)];
    const replies = await Promise.all(codes.map((code) => toggle('disable_app_key', { relayId, otp: code })));

    const [relay] = await server.db.select().from(otpRelays).where(eq(otpRelays.id, relayId));
    const accepted = replies.filter((reply) => reply.status === 200);
    const refusals = replies.filter((reply) => reply.status !== 200).map((reply) => reply.body.err.message as string);
    expect(refusals.every((message) => message === STEP_UP_MESSAGES.otpInvalid || message === STEP_UP_MESSAGES.otpUsedUp)).toBe(true);
    if (accepted.length === 0) {
      expect(relay!.attempts).toBe(5);
      expect(refusals.filter((message) => message === STEP_UP_MESSAGES.otpInvalid)).toHaveLength(4);
      expect(relay!.usedAt).toBeNull();
      expect(await keyStatus()).toBe('ENABLED');
    } else {
      // Spent before five wrong codes were counted: once, and nothing was counted after it.
      expect(accepted).toEqual([replies[75]]);
      expect(relay!.attempts).toBeLessThan(5);
      expect(relay!.usedAt).not.toBeNull();
      expect(await keyStatus()).toBe('DISABLED');
      await toggle('enable_app_key', { orgId, zpin: RIGHT_ZPIN });
    }
    const again = (await toggle('disable_app_key', { relayId, otp })).body.err.message;
    expect(again).toBe(accepted.length === 0 ? STEP_UP_MESSAGES.otpUsedUp : STEP_UP_MESSAGES.otpInvalid);
  });
});

describe('sending OTPs', () => {
  it('keeps the code out of the subject line', async () => {
    await sendOtp('step_up');
    const [mail] = await server.mailTo(EMAIL);
    expect(mail!.subject).not.toMatch(/\d{6}/);
    expect(mail!.text).toMatch(/^\d{6}$/m);
  });

  it(`sends a user at most ${OTP_SENDS_PER_USER} OTPs a window, resends included, even asked for in parallel`, async () => {
    // At the start of a window, so the 30 s advanced below stay inside it.
    server.clock.advance(RATE_LIMIT_WINDOW_MS - (server.clock.now().getTime() % RATE_LIMIT_WINDOW_MS));
    const user = await server.signedInUser(ALLOWLISTED[2]!);
    await server.createOrganisation(user.token);
    const send = () => server.request('POST', '/api/events?action=send_otp', { token: user.token, body: { purpose: 'step_up' } });
    const replies = await Promise.all(Array.from({ length: 20 }, send));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(OTP_SENDS_PER_USER);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(refused).toHaveLength(20 - OTP_SENDS_PER_USER);
    expect(refused[0]!.body.err.message).toBe(STEP_UP_MESSAGES.otpSendLimit);
    const otpMails = async () => (await server.mailTo(ALLOWLISTED[2]!)).filter((mail) => mail.subject === 'Your Verigate verification code');
    expect(await otpMails()).toHaveLength(OTP_SENDS_PER_USER);

    server.clock.advance(30_000);
    const relayId = replies.find((reply) => reply.status === 200)!.body.data.relay_id;
    const resend = await server.request('POST', '/api/events?action=resend_otp', { token: user.token, body: { relay_id: relayId } });
    expect(resend.status).toBe(429);
    expect(await otpMails()).toHaveLength(OTP_SENDS_PER_USER);
  });

  it(`sends an organisation's members at most ${OTP_SENDS_PER_ORGANISATION} OTPs a window together`, async () => {
    server.clock.advance(RATE_LIMIT_WINDOW_MS);
    const ownerAgain = (await server.login(EMAIL)).body.data.token as string;
    const members = [{ token: ownerAgain, userId: owner.userId }, await server.signedInUser(ALLOWLISTED[3]!), await server.signedInUser(ALLOWLISTED[4]!)];
    for (const member of members.slice(1)) await server.db.insert(memberships).values({ userId: member.userId, organisationId: orgId, role: 'admin' });
    const sendAs = (token: string) =>
      server.request('POST', '/api/events?action=send_otp', { token, body: { purpose: 'step_up' }, headers: { 'x-org-id': orgId } });
    const statuses: number[] = [];
    for (const member of members) {
      for (let sent = 0; sent < OTP_SENDS_PER_USER; sent += 1) statuses.push((await sendAs(member.token)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(OTP_SENDS_PER_ORGANISATION);
    expect(statuses.slice(OTP_SENDS_PER_ORGANISATION).every((status) => status === 429)).toBe(true);
  });
});

describe('step-up per member', () => {
  it('gives each member their own ZPIN, and an OTP only to the member who asked for it', async () => {
    // A fresh window for OTP sends (the tests above spent it), and fresh sessions.
    server.clock.advance(RATE_LIMIT_WINDOW_MS);
    owner = { ...owner, token: (await server.login(EMAIL)).body.data.token as string };
    // A member the OTP tests above added as an admin.
    const developerEmail = ALLOWLISTED[4]!;
    const login = await server.login(developerEmail);
    const developer = { token: login.body.data.token as string, userId: login.body.data.user._id as string };
    expect(login.body.data.user.roles).toContainEqual({ org_id: orgId, role: 'admin' });
    const asDeveloper = { token: developer.token, headers: { 'x-org-id': orgId } };
    expect((await server.request('GET', `/api/zpin/${orgId}`, asDeveloper)).body.data).toBeNull();
    expect((await server.request('GET', `/api/zpin/${orgId}`, { token: owner.token })).body.data).not.toBeNull();

    const ownersZpin = await server.request('PUT', `/api/app/${appId}?action=disable_app_key`, {
      ...asDeveloper,
      body: { keyName: 'TestKey', orgId, zpin: RIGHT_ZPIN },
    });
    expect(ownersZpin.status).toBe(400);
    expect(ownersZpin.body.err.message).toBe(STEP_UP_MESSAGES.zpinMissing);

    const developerOtp = async (purpose: string) => {
      const reply = await server.request('POST', '/api/events?action=send_otp', { ...asDeveloper, body: { purpose } });
      const [mail] = await server.mailTo(developerEmail);
      return { relayId: reply.body.data.relay_id as string, otp: mail!.text.match(/^(\d{6})$/m)![1]! };
    };
    const created = await server.request('POST', '/api/zpin', { ...asDeveloper, body: { zpin: '8642', orgId, ...(await developerOtp('zpin_create')) } });
    expect(created.status).toBe(200);
    const rows = await server.db.select().from(zpins).where(eq(zpins.organisationId, orgId));
    expect(rows.map((row) => row.userId).sort()).toEqual([owner.userId, developer.userId].sort());

    const ownersOtp = await sendOtp('step_up');
    const borrowed = await server.request('PUT', `/api/app/${appId}?action=disable_app_key`, { ...asDeveloper, body: { keyName: 'TestKey', ...ownersOtp } });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.err.message).toBe(STEP_UP_MESSAGES.otpInvalid);
    const own = await server.request('PUT', `/api/app/${appId}?action=disable_app_key`, { ...asDeveloper, body: { keyName: 'TestKey', orgId, zpin: '8642' } });
    expect(own.status).toBe(200);
    expect(await keyStatus()).toBe('DISABLED');
  });
});
