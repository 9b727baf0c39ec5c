import {
  can,
  DAY_MS,
  INVITATION_VALID_DAYS,
  type InvitationView,
  type InviteRequest,
  MEMBER_MESSAGES,
  type PendingInvitation,
  type Role,
  type TeamMember,
  type TeamView,
} from '@verigate/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { invitations, memberships, organisations, users } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import { randomToken, sha256 } from '../../platform/secrets.js';
import type { Member } from '../../platform/route-access.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { Sessions } from '../../platform/sessions.js';
import type { Config } from '../../config.js';
import { invitationEmail } from './emails.js';

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  mailQueue: MailQueue;
  sessions: Pick<Sessions, 'revokeAllOf'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  config: Pick<Config, 'PUBLIC_URL' | 'INVITATIONS_PER_DAY'>;
}

/**
 * The members of an organisation and the invitations to join it. Every change that could leave an
 * organisation without an owner takes the organisation's row lock first, so two admins demoting
 * each other at once are serialised and the second sees the first's change.
 */
export function createMemberService({ db, clock, audit, mailQueue, sessions, rateLimiter, config }: Dependencies) {
  const actorOf = (member: Member) => `user:${member.userId}`;

  async function lockOrganisation(tx: Executor, organisationId: string): Promise<string> {
    const [row] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
    if (!row) throw new AppError('not_found', 'Organisation not found');
    return row.name;
  }

  async function ownerCount(tx: Executor, organisationId: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'owner')));
    return row?.count ?? 0;
  }

  async function membershipIn(tx: Executor, organisationId: string, userId: string) {
    const [row] = await tx
      .select({ role: memberships.role, createdAt: memberships.createdAt, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
    if (!row) throw new AppError('not_found', MEMBER_MESSAGES.memberNotFound);
    return row;
  }

  function pendingView(row: typeof invitations.$inferSelect, inviterEmail: string | null): PendingInvitation {
    return {
      id: row.id,
      email: row.email,
      role: row.role as Role,
      invited_by: inviterEmail ?? '',
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    };
  }

  /** A new invitation link: the token to mail, and the columns that keep only its hash. */
  function newLink() {
    const token = randomToken(32);
    const now = clock.now();
    return { token, columns: { tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS) } };
  }

  /** Mails an invitation link; each counts against the organisation's invitations of the day. */
  async function mailLink(
    tx: Executor,
    organisationId: string,
    email: string,
    token: string,
    details: { organisationName: string; role: string; inviterName: string },
  ) {
    await rateLimiter.consume(
      {
        key: `invitations:organisation:${organisationId}`,
        max: config.INVITATIONS_PER_DAY,
        windowMs: DAY_MS,
        message: MEMBER_MESSAGES.tooManyInvitations(config.INVITATIONS_PER_DAY),
      },
      tx,
    );
    await mailQueue.enqueue(tx, invitationEmail(email, `${config.PUBLIC_URL}/invitation/${token}`, details));
  }

  async function nameOf(tx: Executor, userId: string): Promise<{ name: string; email: string }> {
    const [row] = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
    return { name: `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim(), email: row?.email ?? '' };
  }

  async function pendingInvitation(tx: Executor, organisationId: string, invitationId: string) {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(
        and(eq(invitations.id, invitationId), eq(invitations.organisationId, organisationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
      );
    if (!row) throw new AppError('not_found', MEMBER_MESSAGES.invitationNotFound);
    return row;
  }

  async function invitationByToken(executor: Executor, token: string) {
    const [row] = await executor
      .select({ invitation: invitations, organisationName: organisations.name })
      .from(invitations)
      .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
      .where(eq(invitations.tokenHash, sha256(token)));
    if (!row) throw new AppError('not_found', MEMBER_MESSAGES.invitationInvalid);
    return row;
  }

  const stateOf = (row: typeof invitations.$inferSelect): InvitationView['state'] =>
    row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= clock.now() ? 'expired' : 'pending';

  return {
    async team(member: Member): Promise<TeamView> {
      const rows = await db
        .select({
          userId: memberships.userId,
          role: memberships.role,
          createdAt: memberships.createdAt,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.organisationId, member.organisationId))
        .orderBy(asc(memberships.createdAt), asc(users.email));
      const members: TeamMember[] = rows.map((row) => ({
        user_id: row.userId,
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        role: row.role as Role,
        joined_at: row.createdAt.toISOString(),
        you: row.userId === member.userId,
      }));
      const pending = can(member.role, 'members.manage')
        ? await db
            .select({ invitation: invitations, inviter: users.email })
            .from(invitations)
            .leftJoin(users, eq(users.id, invitations.invitedBy))
            .where(and(eq(invitations.organisationId, member.organisationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
            .orderBy(asc(invitations.createdAt))
        : [];
      return { members, invitations: pending.map((row) => pendingView(row.invitation, row.inviter)) };
    },

    async invite(member: Member, request: InviteRequest, origin: RequestOrigin): Promise<PendingInvitation> {
      const email = request.email.trim().toLowerCase();
      if (request.role === 'owner' && member.role !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.onlyOwnersGrantOwner);
      return db.transaction(async (tx) => {
        const organisationName = await lockOrganisation(tx, member.organisationId);
        const [existing] = await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.organisationId, member.organisationId), eq(users.email, email)));
        if (existing) throw new AppError('conflict', MEMBER_MESSAGES.alreadyMember);
        const link = newLink();
        const [row] = await tx
          .insert(invitations)
          .values({ organisationId: member.organisationId, email, role: request.role, invitedBy: member.userId, ...link.columns })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('conflict', MEMBER_MESSAGES.alreadyInvited);
        const inviter = await nameOf(tx, member.userId);
        await mailLink(tx, member.organisationId, email, link.token, { organisationName, role: request.role, inviterName: inviter.name });
        await audit.record(tx, {
          actor: actorOf(member),
          organisationId: member.organisationId,
          action: 'member.invited',
          details: { email, role: request.role },
          origin,
        });
        return pendingView(row, inviter.email);
      });
    },

    async resend(member: Member, invitationId: string, origin: RequestOrigin): Promise<PendingInvitation> {
      return db.transaction(async (tx) => {
        const organisationName = await lockOrganisation(tx, member.organisationId);
        const found = await pendingInvitation(tx, member.organisationId, invitationId);
        const inviter = await nameOf(tx, member.userId);
        const link = newLink();
        const [row] = await tx.update(invitations).set(link.columns).where(eq(invitations.id, found.id)).returning();
        await mailLink(tx, member.organisationId, found.email, link.token, { organisationName, role: found.role, inviterName: inviter.name });
        await audit.record(tx, {
          actor: actorOf(member),
          organisationId: member.organisationId,
          action: 'member.invitation_resent',
          details: { email: found.email },
          origin,
        });
        return pendingView(row!, inviter.email);
      });
    },

    async revoke(member: Member, invitationId: string, origin: RequestOrigin): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const found = await pendingInvitation(tx, member.organisationId, invitationId);
        await tx.update(invitations).set({ revokedAt: clock.now() }).where(eq(invitations.id, found.id));
        await audit.record(tx, {
          actor: actorOf(member),
          organisationId: member.organisationId,
          action: 'member.invitation_revoked',
          details: { email: found.email },
          origin,
        });
        return { message: MEMBER_MESSAGES.revoked };
      });
    },

    async changeRole(member: Member, userId: string, role: Role, origin: RequestOrigin): Promise<TeamMember> {
      if (userId === member.userId) throw new AppError('forbidden', MEMBER_MESSAGES.notOwnRole);
      if (role === 'owner' && member.role !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.onlyOwnersGrantOwner);
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, member.organisationId);
        // The actor's role is read again under the lock: a concurrent change may have just taken it away.
        const actor = await membershipIn(tx, member.organisationId, member.userId).catch(() => null);
        if (!actor || !can(actor.role, 'members.manage')) throw new AppError('forbidden', MEMBER_MESSAGES.onlyOwnersChangeOwners);
        if (role === 'owner' && actor.role !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.onlyOwnersGrantOwner);
        const target = await membershipIn(tx, member.organisationId, userId);
        if (target.role === 'owner' && actor.role !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.onlyOwnersChangeOwners);
        if (target.role === 'owner' && role !== 'owner' && (await ownerCount(tx, member.organisationId)) <= 1)
          throw new AppError('conflict', MEMBER_MESSAGES.lastOwner);
        await tx
          .update(memberships)
          .set({ role })
          .where(and(eq(memberships.organisationId, member.organisationId), eq(memberships.userId, userId)));
        await audit.record(tx, {
          actor: actorOf(member),
          organisationId: member.organisationId,
          action: 'member.role_changed',
          details: { member: target.email, before: { role: target.role }, after: { role } },
          origin,
        });
        return {
          user_id: userId,
          email: target.email,
          first_name: target.firstName,
          last_name: target.lastName,
          role,
          joined_at: target.createdAt.toISOString(),
          you: false,
        };
      });
    },

    /** Removes a member (members.manage) or lets a member leave; their sessions end at once. */
    async remove(member: Member, userId: string, origin: RequestOrigin): Promise<{ message: string }> {
      const leaving = userId === member.userId;
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, member.organisationId);
        const actor = await membershipIn(tx, member.organisationId, member.userId);
        if (!leaving && !can(actor.role, 'members.manage')) throw new AppError('forbidden', MEMBER_MESSAGES.onlyOwnersChangeOwners);
        const target = leaving ? actor : await membershipIn(tx, member.organisationId, userId);
        if (!leaving && target.role === 'owner' && actor.role !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.onlyOwnersChangeOwners);
        if (target.role === 'owner' && (await ownerCount(tx, member.organisationId)) <= 1) throw new AppError('conflict', MEMBER_MESSAGES.lastOwner);
        await tx.delete(memberships).where(and(eq(memberships.organisationId, member.organisationId), eq(memberships.userId, userId)));
        await sessions.revokeAllOf(tx, userId);
        await audit.record(tx, {
          actor: actorOf(member),
          organisationId: member.organisationId,
          action: leaving ? 'member.left' : 'member.removed',
          details: { member: target.email, before: { role: target.role }, after: null },
          origin,
        });
        return { message: leaving ? MEMBER_MESSAGES.left : MEMBER_MESSAGES.removed };
      });
    },

    async invitation(token: string): Promise<InvitationView> {
      const { invitation, organisationName } = await invitationByToken(db, token);
      return {
        organisation_name: organisationName,
        email: invitation.email,
        role: invitation.role as Role,
        state: stateOf(invitation),
        expires_at: invitation.expiresAt.toISOString(),
      };
    },

    /** Joins the organisation as the signed-in user, whose email must be the invited one; a link works once. */
    async accept(token: string, userId: string, origin: RequestOrigin): Promise<{ org_id: string; role: Role }> {
      return db.transaction(async (tx) => {
        const { invitation } = await invitationByToken(tx, token);
        await lockOrganisation(tx, invitation.organisationId);
        const [fresh] = await tx.select().from(invitations).where(eq(invitations.id, invitation.id));
        const state = stateOf(fresh!);
        if (state === 'accepted') throw new AppError('gone', MEMBER_MESSAGES.invitationUsed);
        if (state === 'revoked') throw new AppError('gone', MEMBER_MESSAGES.invitationRevoked);
        if (state === 'expired') throw new AppError('gone', MEMBER_MESSAGES.invitationExpired);
        const { email } = await nameOf(tx, userId);
        if (email.toLowerCase() !== invitation.email) throw new AppError('forbidden', MEMBER_MESSAGES.wrongAccount(invitation.email));
        const joined = await tx
          .insert(memberships)
          .values({ userId, organisationId: invitation.organisationId, role: invitation.role })
          .onConflictDoNothing()
          .returning({ role: memberships.role });
        if (joined.length === 0) throw new AppError('conflict', MEMBER_MESSAGES.alreadyMember);
        await tx.update(invitations).set({ acceptedAt: clock.now(), acceptedBy: userId }).where(eq(invitations.id, invitation.id));
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId: invitation.organisationId,
          action: 'member.joined',
          details: { member: email, after: { role: invitation.role } },
          origin,
        });
        return { org_id: invitation.organisationId, role: invitation.role as Role };
      });
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
