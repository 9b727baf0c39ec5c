import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_VALID_DAYS, MEMBER_MESSAGES, PERMISSION_MESSAGES, emailMessages } from '@verigate/contracts';
import { and, eq } from 'drizzle-orm';
import { auditEvents, invitations, memberships } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let owner: { token: string; userId: string };
let orgId: string;
let otherOrg: { token: string; orgId: string };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Invitees who sign in without a captcha, as the allow-listed test users do. */
const TEAM = [
  'late@acme-finance.in',
  'admin@acme-finance.in',
  'finance@acme-finance.in',
  'second-owner@acme-finance.in',
  'leaver@acme-finance.in',
  'viewer-leaves@acme-finance.in',
];

/** Invites `email` as `role` and returns the link's token from the email. */
async function invite(email: string, role: string, token = owner.token) {
  const reply = await server.request('POST', '/api/members/invitations', { token, body: { email, role } });
  expect(reply.status).toBe(200);
  const link = await server.latestLink(email);
  return { id: reply.body.data.id as string, token: new URL(link).pathname.split('/').pop()! };
}

async function join(email: string, role: string) {
  const { token } = await invite(email, role);
  const user = await server.signedInUser(email);
  const accepted = await server.request('POST', `/api/invitations/${token}/accept`, { token: user.token });
  expect(accepted.status).toBe(200);
  return user;
}

const auditRows = (action: string) =>
  server.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organisationId, orgId), eq(auditEvents.action, action)));

beforeAll(async () => {
  server = await createTestServer({ CAPTCHA_ALLOWLIST: [...ALLOWLISTED, ...TEAM].join(',') });
  owner = await server.signedInUser(ALLOWLISTED[0]!);
  orgId = await server.createOrganisation(owner.token);
  const stranger = await server.signedInUser(ALLOWLISTED[1]!);
  otherOrg = { token: stranger.token, orgId: await server.createOrganisation(stranger.token, { name: 'Other Org' }) };
}, 120_000);

afterAll(() => server?.close());

describe('invitations', () => {
  it('emails a single-use link; the invitee joins with the role, which the login then carries', async () => {
    const viewer = await join(ALLOWLISTED[2]!, 'viewer');
    const team = await server.request('GET', '/api/members', { token: owner.token });
    expect(team.body.data.members.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual([
      [ALLOWLISTED[0], 'owner'],
      [ALLOWLISTED[2], 'viewer'],
    ]);
    const login = await server.login(ALLOWLISTED[2]!);
    expect(login.body.data.user.roles).toEqual([{ org_id: orgId, role: 'viewer' }]);
    expect(await auditRows('member.joined')).toHaveLength(1);
    const addKey = await server.request('POST', '/api/app', { token: viewer.token, headers: { 'x-org-id': orgId }, body: { name: 'Sneaky' } });
    expect(addKey.status).toBe(403);
    expect(addKey.body.err.message).toBe(PERMISSION_MESSAGES.refused('viewer'));
  });

  it('gives a member of two organisations both roles at login, their own organisation first', async () => {
    const { token } = await invite(ALLOWLISTED[1]!, 'finance');
    expect((await server.request('POST', `/api/invitations/${token}/accept`, { token: otherOrg.token })).status).toBe(200);
    const login = await server.login(ALLOWLISTED[1]!);
    expect(login.body.data.user.roles).toEqual([
      { org_id: otherOrg.orgId, role: 'owner' },
      { org_id: orgId, role: 'finance' },
    ]);
  });

  it('refuses a used, revoked, expired or malformed link with a clear message', async () => {
    const pending = await invite('pending@acme-finance.in', 'developer');
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, pending.id));
    expect(row!.tokenHash).not.toContain(pending.token);
    const view = await server.request('GET', `/api/invitations/${pending.token}`);
    expect(view.body.data).toMatchObject({ organisation_name: expect.any(String), email: 'pending@acme-finance.in', role: 'developer', state: 'pending' });

    const revoked = await invite('revoked@acme-finance.in', 'finance');
    expect((await server.request('DELETE', `/api/members/invitations/${revoked.id}`, { token: owner.token })).body.data.message).toBe(MEMBER_MESSAGES.revoked);
    expect((await server.request('GET', `/api/invitations/${revoked.token}`)).body.data.state).toBe('revoked');

    const expired = await invite('late@acme-finance.in', 'finance');
    const [sent] = await server.db.select().from(invitations).where(eq(invitations.id, expired.id));
    expect(sent!.expiresAt.getTime() - sent!.createdAt.getTime()).toBe(INVITATION_VALID_DAYS * DAY_MS);
    await server.db
      .update(invitations)
      .set({ expiresAt: new Date(server.clock.now().getTime() - 1) })
      .where(eq(invitations.id, expired.id));
    expect((await server.request('GET', `/api/invitations/${expired.token}`)).body.data.state).toBe('expired');

    const late = await server.signedInUser('late@acme-finance.in');
    const tooLate = await server.request('POST', `/api/invitations/${expired.token}/accept`, { token: late.token });
    expect(tooLate.status).toBe(410);
    expect(tooLate.body.err.message).toBe(MEMBER_MESSAGES.invitationExpired);
    expect((await server.request('POST', `/api/invitations/${revoked.token}/accept`, { token: late.token })).body.err.message).toBe(
      MEMBER_MESSAGES.invitationRevoked,
    );
    expect((await server.request('GET', '/api/invitations/not-a-token')).status).toBe(400);
    expect((await server.request('GET', `/api/invitations/${'x'.repeat(43)}`)).body.err.message).toBe(MEMBER_MESSAGES.invitationInvalid);
  });

  it('is for the invited email only, and works once', async () => {
    const { token } = await invite(ALLOWLISTED[3]!, 'developer');
    const wrong = await server.request('POST', `/api/invitations/${token}/accept`, { token: otherOrg.token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.err.message).toBe(MEMBER_MESSAGES.wrongAccount(ALLOWLISTED[3]!));
    const invitee = await server.signedInUser(ALLOWLISTED[3]!);
    const first = await server.request('POST', `/api/invitations/${token}/accept`, { token: invitee.token });
    expect(first.body.data).toEqual({ org_id: orgId, role: 'developer' });
    const again = await server.request('POST', `/api/invitations/${token}/accept`, { token: invitee.token });
    expect(again.status).toBe(410);
    expect(again.body.err.message).toBe(MEMBER_MESSAGES.invitationUsed);
  });

  it("refuses free-mail, malformed and existing members' emails, and a second pending invitation", async () => {
    const refused = async (email: string) =>
      (await server.request('POST', '/api/members/invitations', { token: owner.token, body: { email, role: 'viewer' } })).body.err;
    expect(JSON.stringify(await refused('someone@gmail.com'))).toContain(emailMessages.workEmail);
    expect(JSON.stringify(await refused('not-an-email'))).toContain(emailMessages.emailInvalid);
    expect((await refused(ALLOWLISTED[2]!)).message).toBe(MEMBER_MESSAGES.alreadyMember);
    await invite('twice@acme-finance.in', 'viewer');
    expect((await refused('Twice@acme-finance.in')).message).toBe(MEMBER_MESSAGES.alreadyInvited);
  });

  it('lets a burst of the same invitation through once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.request('POST', '/api/members/invitations', { token: owner.token, body: { email: 'burst@acme-finance.in', role: 'viewer' } }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(5);
  });

  it('resends with a new link (the old one stops working) and keeps other organisations out', async () => {
    const first = await invite('resend@acme-finance.in', 'viewer');
    const resent = await server.request('POST', `/api/members/invitations/${first.id}/resend`, { token: owner.token });
    expect(resent.status).toBe(200);
    const second = new URL(await server.latestLink('resend@acme-finance.in')).pathname.split('/').pop()!;
    expect(second).not.toBe(first.token);
    expect((await server.request('GET', `/api/invitations/${first.token}`)).status).toBe(404);
    expect((await server.request('GET', `/api/invitations/${second}`)).body.data.state).toBe('pending');
    expect((await server.request('POST', `/api/members/invitations/${first.id}/resend`, { token: otherOrg.token })).status).toBe(404);
    expect((await server.request('DELETE', `/api/members/invitations/${first.id}`, { token: otherOrg.token })).status).toBe(404);
  });
});

describe('roles and removal', () => {
  it('refuses role changes to oneself, grants of owner by an admin, and changes by those without the right', async () => {
    const admin = await join('admin@acme-finance.in', 'admin');
    const finance = await join('finance@acme-finance.in', 'finance');
    const change = (token: string, userId: string, role: string) =>
      server.request('PUT', `/api/members/${userId}`, { token, headers: { 'x-org-id': orgId }, body: { role } });
    expect((await change(admin.token, admin.userId, 'owner')).body.err.message).toBe(MEMBER_MESSAGES.notOwnRole);
    expect((await change(admin.token, finance.userId, 'owner')).body.err.message).toBe(MEMBER_MESSAGES.onlyOwnersGrantOwner);
    expect((await change(admin.token, owner.userId, 'viewer')).body.err.message).toBe(MEMBER_MESSAGES.onlyOwnersChangeOwners);
    const byFinance = await change(finance.token, admin.userId, 'viewer');
    expect(byFinance.status).toBe(403);
    expect(byFinance.body.err.message).toBe(PERMISSION_MESSAGES.refused('finance'));
    const changed = await change(admin.token, finance.userId, 'developer');
    expect(changed.body.data.role).toBe('developer');
    const [audit] = await auditRows('member.role_changed');
    expect(audit!.details).toEqual({ member: 'finance@acme-finance.in', before: { role: 'finance' }, after: { role: 'developer' } });
    const foreign = await server.request('PUT', `/api/members/${finance.userId}`, {
      token: otherOrg.token,
      headers: { 'x-org-id': otherOrg.orgId },
      body: { role: 'viewer' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.err.message).toBe(MEMBER_MESSAGES.memberNotFound);
  });

  it('keeps the last owner: it cannot leave or be demoted, and two owners demoting each other at once leave one', async () => {
    expect((await server.request('DELETE', `/api/members/${owner.userId}`, { token: owner.token })).body.err.message).toBe(MEMBER_MESSAGES.lastOwner);
    const second = await join('second-owner@acme-finance.in', 'owner');
    const [a, b] = await Promise.all([
      server.request('PUT', `/api/members/${second.userId}`, { token: owner.token, body: { role: 'admin' } }),
      server.request('PUT', `/api/members/${owner.userId}`, { token: second.token, headers: { 'x-org-id': orgId }, body: { role: 'admin' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const owners = await server.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organisationId, orgId), eq(memberships.role, 'owner')));
    expect(owners).toHaveLength(1);
  });

  it("removes a member, ending that member's sessions at once", async () => {
    const removed = await join('leaver@acme-finance.in', 'developer');
    const reply = await server.request('DELETE', `/api/members/${removed.userId}`, { token: owner.token });
    expect(reply.body.data.message).toBe(MEMBER_MESSAGES.removed);
    expect((await server.request('GET', `/api/user/${removed.userId}`, { token: removed.token })).status).toBe(401);
    const [row] = await auditRows('member.removed');
    expect(row!.details).toEqual({ member: 'leaver@acme-finance.in', before: { role: 'developer' }, after: null });
  });

  it('lets any member leave', async () => {
    const viewer = await join('viewer-leaves@acme-finance.in', 'viewer');
    const reply = await server.request('DELETE', `/api/members/${viewer.userId}`, { token: viewer.token, headers: { 'x-org-id': orgId } });
    expect(reply.body.data.message).toBe(MEMBER_MESSAGES.left);
  });
});

describe("an organisation's invitations of the day", () => {
  it('are counted across a burst: exactly the limit is sent, the rest refused with 429, and a refused one leaves no invitation', async () => {
    const limited = await createTestServer({ INVITATIONS_PER_DAY: '3' });
    try {
      const admin = await limited.signedInUser(ALLOWLISTED[0]!);
      await limited.createOrganisation(admin.token);
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          limited.request('POST', '/api/members/invitations', { token: admin.token, body: { email: `burst${index}@acme-finance.in`, role: 'viewer' } }),
        ),
      );
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
      const refused = replies.filter((reply) => reply.status === 429);
      expect(refused).toHaveLength(2);
      expect(refused[0]!.body.err.message).toBe(MEMBER_MESSAGES.tooManyInvitations(3));
      expect(await limited.db.select().from(invitations)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
