import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CHALLENGE_ATTEMPTS, PERMISSION_MESSAGES, RECOVERY_CODE_COUNT, TOTP_PERIOD_SECONDS, TWO_FACTOR_MESSAGES } from '@verigate/contracts';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { auditEvents, memberships, recoveryCodes } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const STRANGER = 'stranger@acme-finance.in';

/** The code an authenticator app shows now (on the test clock) for `secret`. */
const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: server.clock.now().getTime() });

/** Turns two-factor sign-in on for the signed-in user; returns the secret and the recovery codes. */
async function turnOn(token: string) {
  const setup = await server.request('POST', '/api/user/two-factor/setup', { token });
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  expect(setup.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Verigate:.+secret=/);
  expect(setup.body.data.qr_svg).toContain('<svg');
  const confirmed = await server.request('POST', '/api/user/two-factor/confirm', { token, body: { code: codeFor(secret) } });
  expect(confirmed.status).toBe(200);
  server.clock.advance(STEP_MS);
  return { secret, codes: confirmed.body.data.recovery_codes as string[] };
}

const challengeOf = async (email: string) => {
  const login = await server.login(email);
  expect(login.status).toBe(200);
  expect(login.body.data.token).toBeUndefined();
  return login.body.data.two_factor.challenge as string;
};

const secondStep = (challenge: string, code: string) => server.request('POST', '/api/user/login/two-factor', { body: { challenge, code } });

beforeAll(async () => {
  server = await createTestServer({ CAPTCHA_ALLOWLIST: [...ALLOWLISTED, STRANGER].join(',') });
}, 60_000);

afterAll(() => server?.close());

describe('setting up two-factor sign-in', () => {
  it('turns on only with a right first code, gives ten recovery codes once and stores them hashed', async () => {
    const user = await server.signedInUser(ALLOWLISTED[0]!);
    const setup = await server.request('POST', '/api/user/two-factor/setup', { token: user.token });
    const wrong = await server.request('POST', '/api/user/two-factor/confirm', { token: user.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.err.message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    expect((await server.request('GET', '/api/user/two-factor', { token: user.token })).body.data.enabled).toBe(false);
    const confirmed = await server.request('POST', '/api/user/two-factor/confirm', { token: user.token, body: { code: codeFor(setup.body.data.secret) } });
    const codes = confirmed.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.userId));
    expect(stored.every((row) => row.codeHash.startsWith('$argon2id$') && !codes.some((code) => row.codeHash.includes(code)))).toBe(true);
    expect((await server.request('GET', '/api/user/two-factor', { token: user.token })).body.data).toEqual({
      enabled: true,
      recovery_codes_left: 10,
      required_by: [],
    });
    expect((await server.request('POST', '/api/user/two-factor/setup', { token: user.token })).body.err.message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
  });
});

describe('signing in with a second factor', () => {
  let secret: string;
  let codes: string[];
  const email = ALLOWLISTED[1]!;

  beforeAll(async () => {
    const user = await server.signedInUser(email);
    ({ secret, codes } = await turnOn(user.token));
  });

  it('asks for a code after the password, and signs in with the code of the moment, once', async () => {
    const challenge = await challengeOf(email);
    const wrong = await secondStep(challenge, '123456');
    expect(wrong.status).toBe(400);
    expect(wrong.body.err.message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    const code = codeFor(secret);
    const signedIn = await secondStep(challenge, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email).toBe(email);
    expect((await server.request('GET', `/api/user/${signedIn.body.data.user._id}`, { token: signedIn.body.data.token })).status).toBe(200);
    expect((await secondStep(challenge, code)).body.err.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect((await secondStep(await challengeOf(email), code)).body.err.message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    server.clock.advance(STEP_MS);
    expect((await secondStep(await challengeOf(email), codeFor(secret))).status).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    server.clock.advance(STEP_MS);
    expect((await secondStep(await challengeOf(email), codes[0]!.toUpperCase())).status).toBe(200);
    const again = await secondStep(await challengeOf(email), codes[0]!);
    expect(again.status).toBe(400);
    expect(again.body.err.message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
  });

  it(`allows ${LOGIN_CHALLENGE_ATTEMPTS} tries of a challenge, also in a burst, and none after`, async () => {
    server.clock.advance(STEP_MS);
    const challenge = await challengeOf(email);
    const burst = await Promise.all(Array.from({ length: LOGIN_CHALLENGE_ATTEMPTS + 3 }, (_, index) => secondStep(challenge, String(100000 + index))));
    expect(burst.filter((reply) => reply.body.err?.message === TWO_FACTOR_MESSAGES.codeWrong)).toHaveLength(LOGIN_CHALLENGE_ATTEMPTS);
    expect(burst.filter((reply) => reply.body.err?.message === TWO_FACTOR_MESSAGES.challengeExpired)).toHaveLength(3);
    expect((await secondStep(challenge, codeFor(secret))).body.err.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('lets a challenge expire after five minutes', async () => {
    server.clock.advance(STEP_MS);
    const challenge = await challengeOf(email);
    server.clock.advance(5 * 60_000 + 1);
    expect((await secondStep(challenge, codeFor(secret))).body.err.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('refuses malformed codes with a clear message', async () => {
    const challenge = await challengeOf(email);
    const malformed = await secondStep(challenge, '12ab');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body.err)).toContain(TWO_FACTOR_MESSAGES.codeShape);
  });
});

describe('an organisation that requires two-factor sign-in', () => {
  it('is set by an owner who has it on, and holds every member to it until they set it up', async () => {
    const owner = await server.signedInUser(ALLOWLISTED[2]!);
    const orgId = await server.createOrganisation(owner.token);
    const member = await server.signedInUser(ALLOWLISTED[3]!);
    await server.db.insert(memberships).values({ userId: member.userId, organisationId: orgId, role: 'admin' });
    const policy = (token: string, required: boolean) => server.request('PUT', `/api/organisation/${orgId}/two-factor`, { token, body: { required } });

    expect((await policy(owner.token, true)).body.err.message).toBe(TWO_FACTOR_MESSAGES.ownRequirementFirst);
    expect((await policy(member.token, true)).body.err.message).toBe(PERMISSION_MESSAGES.refused('admin'));
    const { secret } = await turnOn(owner.token);
    expect((await policy(owner.token, true)).body.data).toEqual({ required: true });
    expect((await server.request('GET', `/api/organisation/${orgId}/two-factor`, { token: owner.token })).body.data).toEqual({ required: true });

    const blocked = await server.request('GET', '/api/app', { token: member.token, headers: { 'x-org-id': orgId } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.err.message).toMatch(/requires two-factor sign-in: set it up under Security to continue$/);
    const status = await server.request('GET', '/api/user/two-factor', { token: member.token });
    expect(status.body.data.required_by).toHaveLength(1);
    await turnOn(member.token);
    expect((await server.request('GET', '/api/app', { token: member.token, headers: { 'x-org-id': orgId } })).status).toBe(200);

    const off = await server.request('DELETE', '/api/user/two-factor', { token: owner.token, body: { code: codeFor(secret) } });
    expect(off.status).toBe(409);
    expect(off.body.err.message).toMatch(/requires two-factor sign-in, so it cannot be turned off$/);
    const [audit] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, orgId), eq(auditEvents.action, 'organisation.two_factor_policy_changed')));
    expect(audit!.details).toEqual({ before: { required: false }, after: { required: true } });
  });
});

describe("a member's sessions", () => {
  it('lists them with browser and address, and ends one or every other', async () => {
    const email = ALLOWLISTED[4]!;
    const first = await server.signedInUser(email);
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    const second = (await server.login(email, undefined, { 'user-agent': chrome }, '203.0.113.9')).body.data.token as string;
    const third = (await server.login(email)).body.data.token as string;
    const listed = await server.request('GET', '/api/user/sessions', { token: second });
    expect(listed.body.data).toHaveLength(3);
    const mine = listed.body.data.find((session: { current: boolean }) => session.current);
    expect(mine).toMatchObject({ browser: 'Chrome on Windows', ip: '203.0.113.9' });

    const firstId = listed.body.data.find((session: { id: string; current: boolean }) => !session.current && session.id !== mine.id).id;
    expect((await server.request('DELETE', `/api/user/sessions/${firstId}`, { token: second })).body.data.message).toBe(TWO_FACTOR_MESSAGES.sessionEnded);
    expect((await server.request('DELETE', `/api/user/sessions/${firstId}`, { token: second })).status).toBe(404);
    expect((await server.request('DELETE', '/api/user/sessions', { token: second })).body.data.message).toBe(TWO_FACTOR_MESSAGES.otherSessionsEnded);
    for (const token of [first.token, third]) expect((await server.request('GET', '/api/user/sessions', { token })).status).toBe(401);
    expect((await server.request('GET', '/api/user/sessions', { token: second })).body.data).toHaveLength(1);

    const stranger = await server.signedInUser(STRANGER);
    const foreign = await server.request('DELETE', `/api/user/sessions/${mine.id}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect((await server.request('GET', '/api/user/sessions', { token: second })).body.data).toHaveLength(1);
  });
});

describe('the security trail', () => {
  it('records sign-ins and failed sign-ins with the address and browser', async () => {
    const email = ALLOWLISTED[4]!;
    const failed = await server.login(email, 'Wrong-password-1', { 'user-agent': 'curl/8.5.0' }, '198.51.100.7');
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const rows = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.sign_in_failed'));
    expect(rows.at(-1)).toMatchObject({ clientIp: '198.51.100.7', userAgent: 'curl/8.5.0', details: { reason: 'password' } });
    const signIns = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.signed_in'));
    expect(signIns.length).toBeGreaterThan(0);
  });
});
