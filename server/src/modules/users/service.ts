import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  DEACTIVATED_MESSAGE,
  RESEND_VERIFICATION_LIMIT,
  userMessages,
  type ChangePasswordCredentials,
  type FirstPasswordCredentials,
  type LinkRequest,
  type LoginCredentials,
  type LoginResponse,
  type MessageResponse,
  type ResetCredentials,
  type SignUpRequest,
  type UserProfile,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { emailLinks, users } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { hashSecret, verifySecret } from '../../platform/password-hashing.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import { randomToken, sha256 } from '../../platform/secrets.js';
import type { Sessions } from '../../platform/sessions.js';
import type { OrganisationService } from '../organisations/service.js';
import { passwordResetEmail, verificationEmail } from './emails.js';

type LinkPurpose = 'verify' | 'reset';
type UserRow = typeof users.$inferSelect;

interface Dependencies {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  sessions: Sessions;
  audit: Audit;
  organisations: Pick<OrganisationService, 'rolesOf'>;
}

/** Accounts: sign-up, emailed links, passwords, sign-in, profiles, and the operators' deactivation. */
export function createUserService({ config, db, clock, mailer, rateLimiter, sessions, audit, organisations }: Dependencies) {
  const linkMinutes = Math.round(config.LINK_EXPIRY_MS / 60_000);
  /** Verified against when the email is unknown, so a miss costs as long as a hit. */
  const decoyHash = hashSecret(randomToken(16));

  const limitPerIp = (action: string, ip: string) =>
    rateLimiter.consume({
      key: `${action}:ip:${ip}`,
      max: config.RATE_LIMIT_PER_IP,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      message: userMessages.tooManyRequests,
    });
  const limitPerEmail = (action: string, email: string) =>
    rateLimiter.consume({
      key: `${action}:email:${email}`,
      max: config.RATE_LIMIT_PER_EMAIL,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      message: userMessages.tooManyRequests,
    });

  /** Redirects must come back to this portal: anything else would make our emails an open redirect. */
  function ownRedirect(url: string): string {
    const target = new URL(url);
    if (target.origin !== new URL(config.PUBLIC_URL).origin) throw new AppError('bad_request', 'Redirect URLs must point to this portal');
    return target.toString();
  }
  const ownRedirects = (input: Pick<LinkRequest, 'success_redirect' | 'failure_redirect'>) => {
    ownRedirect(input.success_redirect);
    ownRedirect(input.failure_redirect);
  };

  const findByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];

  /** Issues a fresh single-use link and retires the user's earlier links of the same purpose. */
  async function issueLink(user: UserRow, purpose: LinkPurpose, redirects: Pick<LinkRequest, 'success_redirect' | 'failure_redirect'>) {
    const token = randomToken(32);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(emailLinks)
        .set({ usedAt: now })
        .where(and(eq(emailLinks.userId, user.id), eq(emailLinks.purpose, purpose), isNull(emailLinks.usedAt)));
      await tx.insert(emailLinks).values({
        userId: user.id,
        purpose,
        tokenHash: sha256(token),
        successRedirect: ownRedirect(redirects.success_redirect),
        failureRedirect: ownRedirect(redirects.failure_redirect),
        expiresAt: new Date(now.getTime() + config.LINK_EXPIRY_MS),
      });
    });
    const path = purpose === 'verify' ? 'verify-email' : 'password-reset';
    const url = `${config.PUBLIC_URL}/api/user/${path}/${token}`;
    const message =
      purpose === 'verify' ? verificationEmail(user.email, user.firstName, url, linkMinutes) : passwordResetEmail(user.email, user.firstName, url, linkMinutes);
    await mailer.send(message);
  }

  /** The link row when the token is live (unused, unexpired, of this purpose), else null. */
  async function liveLink(purpose: LinkPurpose, token: string) {
    const [link] = await db
      .select()
      .from(emailLinks)
      .where(and(eq(emailLinks.tokenHash, sha256(token)), eq(emailLinks.purpose, purpose)));
    if (!link || link.usedAt || link.expiresAt.getTime() <= clock.now().getTime()) return { link, live: false as const };
    return { link, live: true as const };
  }

  async function setPassword(userId: string, password: string, linkId?: string) {
    const now = clock.now();
    const passwordHash = await hashSecret(password);
    await db.transaction(async (tx) => {
      if (linkId) {
        const spent = await tx
          .update(emailLinks)
          .set({ usedAt: now })
          .where(and(eq(emailLinks.id, linkId), isNull(emailLinks.usedAt)))
          .returning({ id: emailLinks.id });
        if (spent.length === 0) throw new AppError('gone', userMessages.linkInvalid);
      }
      await tx.update(users).set({ passwordHash, isPasswordAutogenerated: false, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
      await sessions.revokeAllOf(tx, userId);
    });
  }

  async function profile(user: UserRow): Promise<UserProfile> {
    return {
      _id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      isPasswordAutogenerated: user.isPasswordAutogenerated,
      roles: await organisations.rolesOf(user.id),
    };
  }

  return {
    async signUp(input: SignUpRequest, ip: string): Promise<MessageResponse> {
      await limitPerIp('sign-up', ip);
      ownRedirects(input);
      const email = input.email.toLowerCase();
      if (await findByEmail(email)) throw new AppError('conflict', userMessages.emailTaken);
      const [user] = await db
        .insert(users)
        .values({ email, firstName: input.name.first_name.trim(), lastName: input.name.last_name.trim(), consentAt: clock.now() })
        .onConflictDoNothing()
        .returning();
      if (!user) throw new AppError('conflict', userMessages.emailTaken);
      await issueLink(user, 'verify', input);
      return { message: userMessages.signUpSent };
    },

    /** Same answer whether or not the email is registered; the limit counts per email either way. */
    async resendVerification(input: LinkRequest, ip: string): Promise<MessageResponse> {
      await limitPerIp('resend', ip);
      const email = input.email.toLowerCase();
      await rateLimiter.consume({
        key: `resend:email:${email}`,
        max: RESEND_VERIFICATION_LIMIT,
        windowMs: config.RESEND_WINDOW_MS,
        message: userMessages.resendExhausted,
      });
      ownRedirects(input);
      const user = await findByEmail(email);
      if (user && !user.passwordHash && !user.deactivatedAt) await issueLink(user, 'verify', input);
      return { message: userMessages.signUpSent };
    },

    async requestPasswordReset(input: LinkRequest, ip: string): Promise<MessageResponse> {
      await limitPerIp('reset', ip);
      const email = input.email.toLowerCase();
      await limitPerEmail('reset', email);
      ownRedirects(input);
      const user = await findByEmail(email);
      if (user && !user.deactivatedAt) await issueLink(user, 'reset', input);
      return { message: userMessages.resetSent };
    },

    /** Where an emailed link leads: the password screen while it is live, else the expiry screen. */
    async followLink(purpose: LinkPurpose, token: string): Promise<string> {
      const { link, live } = await liveLink(purpose, token);
      if (!link) return `${config.PUBLIC_URL}${purpose === 'verify' ? '/email-verification-failed' : '/password-reset-link-expiry'}`;
      if (!live) return link.failureRedirect;
      const target = new URL(link.successRedirect);
      if (purpose === 'verify') {
        target.searchParams.set('token', token);
        target.searchParams.set('data', link.userId);
      } else {
        target.searchParams.set('reset_token', token);
      }
      return target.toString();
    },

    async setFirstPassword(userId: string, credentials: FirstPasswordCredentials, signedInUserId: string | null): Promise<MessageResponse> {
      if (credentials.token) {
        const { link, live } = await liveLink('verify', credentials.token);
        if (!live || link.userId !== userId) throw new AppError('gone', userMessages.linkInvalid);
        await setPassword(userId, credentials.password, link.id);
      } else {
        if (signedInUserId !== userId) throw new AppError('unauthorized', 'Authentication required');
        const [user] = await db.select().from(users).where(eq(users.id, userId));
        if (!user?.isPasswordAutogenerated) throw new AppError('conflict', 'The password is already set; use Change Password');
        await setPassword(userId, credentials.password);
      }
      return { message: userMessages.passwordCreated };
    },

    async resetPassword(credentials: ResetCredentials): Promise<MessageResponse> {
      const { link, live } = await liveLink('reset', credentials.reset_token);
      if (!live) throw new AppError('gone', userMessages.linkInvalid);
      await setPassword(link.userId, credentials.password, link.id);
      return { message: userMessages.passwordReset };
    },

    async login(credentials: LoginCredentials, ip: string, checkCaptcha: (email: string) => Promise<void>): Promise<LoginResponse> {
      await limitPerIp('login', ip);
      const email = credentials.email.toLowerCase();
      await limitPerEmail('login', email);
      await checkCaptcha(email);
      const user = await findByEmail(email);
      const passwordMatches = await verifySecret(user?.passwordHash ?? (await decoyHash), credentials.password);
      if (!user?.passwordHash || !passwordMatches) throw new AppError('unauthorized', userMessages.invalidCredentials);
      if (user.deactivatedAt) throw new AppError('deactivated', DEACTIVATED_MESSAGE);
      const token = await sessions.open(user.id, ip);
      return { token, user: await profile(user) };
    },

    async changePassword(userId: string, sessionId: string, credentials: ChangePasswordCredentials): Promise<MessageResponse> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user?.passwordHash || !(await verifySecret(user.passwordHash, credentials.currentPassword))) {
        throw new AppError('bad_request', userMessages.currentPasswordWrong);
      }
      if (credentials.currentPassword === credentials.newPassword) throw new AppError('bad_request', userMessages.samePassword);
      const now = clock.now();
      const passwordHash = await hashSecret(credentials.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, isPasswordAutogenerated: false, updatedAt: now }).where(eq(users.id, userId));
        await sessions.revokeAllOf(tx, userId, sessionId);
      });
      return { message: userMessages.passwordChanged };
    },

    /** Only one's own profile; another user's id is answered as unknown. */
    async getProfile(requesterId: string, userId: string): Promise<UserProfile> {
      const [user] = requesterId === userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
      if (!user) throw new AppError('not_found', 'User not found');
      return profile(user);
    },

    /** Where mail to the user goes, and how it greets them. */
    async contactOf(userId: string): Promise<{ email: string; firstName: string }> {
      const [user] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('not_found', 'User not found');
      return user;
    },

    async emailsOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, [...userIds]));
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** An operator signs a user out everywhere and refuses further logins, or lets them back in. */
    async setDeactivated(email: string, deactivated: boolean, operator: string) {
      const now = clock.now();
      const user = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({ deactivatedAt: deactivated ? now : null, updatedAt: now })
          .where(eq(users.email, email.toLowerCase()))
          .returning({ id: users.id, email: users.email });
        if (!changed) throw new AppError('not_found', 'User not found');
        if (deactivated) await sessions.revokeAllOf(tx, changed.id);
        await audit.record(tx, {
          actor: operator,
          organisationId: null,
          action: deactivated ? 'user.deactivated' : 'user.reactivated',
          details: { userId: changed.id, email: changed.email },
        });
        return changed;
      });
      return { _id: user.id, email: user.email, deactivated };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
