import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  ALREADY_VERIFIED_OUTCOME,
  DEACTIVATED_MESSAGE,
  LINK_OUTCOME_PARAM,
  RESEND_VERIFICATION_LIMIT,
  userMessages,
  type ChangePasswordCredentials,
  type FirstPasswordCredentials,
  type LinkRequest,
  type LoginCredentials,
  type LoginAnswer,
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
import type { Captcha } from '../../platform/captcha.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail.js';
import { hashSecret, verifySecret } from '../../platform/password-hashing.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import { randomToken, sha256 } from '../../platform/secrets.js';
import type { Sessions } from '../../platform/sessions.js';
import type { OrganisationService } from '../organisations/service.js';
import type { TwoFactor } from '../security/service.js';
import { passwordResetEmail, verificationEmail } from './emails.js';

type LinkPurpose = 'verify' | 'reset';
type UserRow = typeof users.$inferSelect;

/** Mails an emailed link asked for by address: the lookup happens here, after the request was answered. */
const LINK_QUEUE = 'user-links';
interface LinkJob extends Pick<LinkRequest, 'success_redirect' | 'failure_redirect'> {
  purpose: LinkPurpose;
  email: string;
}

interface Dependencies {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  captcha: Pick<Captcha, 'verify' | 'isAllowlisted'>;
  jobs: Jobs;
  sessions: Sessions;
  audit: Audit;
  organisations: Pick<OrganisationService, 'rolesOf'>;
  twoFactor: Pick<TwoFactor, 'isOn' | 'challenge' | 'answer'>;
}

/** Accounts: sign-up, emailed links, passwords, sign-in, profiles, and the operators' deactivation. */
export function createUserService({ config, db, clock, mailer, rateLimiter, captcha, jobs, sessions, audit, organisations, twoFactor }: Dependencies) {
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
  /**
   * Per email and client address together: a stranger elsewhere who spends an email's attempts
   * spends only their own address's, never the owner's.
   */
  const perEmailAndAddress = (action: string, email: string, ip: string) => ({
    key: `${action}:email-ip:${email}:${ip}`,
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

  async function requestLink(purpose: LinkPurpose, email: string, input: LinkRequest) {
    ownRedirects(input);
    const job: LinkJob = { purpose, email, success_redirect: input.success_redirect, failure_redirect: input.failure_redirect };
    await jobs.send(LINK_QUEUE, job);
  }

  /** A verification link goes to an account still without a password, a reset link to any active one; others get nothing. */
  async function mailRequestedLink({ purpose, email, ...redirects }: LinkJob) {
    const user = await findByEmail(email);
    if (!user || user.deactivatedAt) return;
    if (purpose === 'verify' && user.passwordHash) return;
    await issueLink(user, purpose, redirects);
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

  async function isVerified(userId: string): Promise<boolean> {
    const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
    return Boolean(user?.verifiedAt);
  }

  /** The failure screen, told that the link failed only because the account is verified: it offers sign-in, not a new link. */
  function alreadyVerified(failureRedirect: string): string {
    const target = new URL(failureRedirect);
    target.searchParams.set(LINK_OUTCOME_PARAM, ALREADY_VERIFIED_OUTCOME);
    return target.toString();
  }

  /** The user when `password` is theirs, else null; an unknown email costs the same hash check. */
  async function passwordHolder(email: string, password: string): Promise<UserRow | null> {
    const user = await findByEmail(email);
    const matches = await verifySecret(user?.passwordHash ?? (await decoyHash), password);
    return user?.passwordHash && matches ? user : null;
  }

  /** After the right password: a session, or first the second factor when the user has it on. */
  async function passwordAccepted(user: UserRow, origin: RequestOrigin): Promise<LoginAnswer> {
    if (user.deactivatedAt) throw new AppError('deactivated', DEACTIVATED_MESSAGE);
    if (await twoFactor.isOn(user.id)) return { two_factor: { challenge: await twoFactor.challenge(user.id) } };
    return signIn(user, origin);
  }

  async function signIn(user: UserRow, origin: RequestOrigin): Promise<LoginResponse> {
    if (user.deactivatedAt) throw new AppError('deactivated', DEACTIVATED_MESSAGE);
    const token = await sessions.open(user.id, origin);
    await audit.record(db, { actor: `user:${user.id}`, organisationId: null, action: 'user.signed_in', origin });
    return { token, user: await profile(user) };
  }

  async function failedSignIn(email: string, origin: RequestOrigin): Promise<void> {
    const user = await findByEmail(email);
    if (user)
      await audit.record(db, { actor: `user:${user.id}`, organisationId: null, action: 'user.sign_in_failed', details: { reason: 'password' }, origin });
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

    /** Same answer, and the same work, whether or not the email is registered: the link job looks it up. */
    async resendVerification(input: LinkRequest, ip: string): Promise<MessageResponse> {
      await limitPerIp('resend', ip);
      const email = input.email.toLowerCase();
      await rateLimiter.consume({
        ...perEmailAndAddress('resend', email, ip),
        max: RESEND_VERIFICATION_LIMIT,
        windowMs: config.RESEND_WINDOW_MS,
        message: userMessages.resendExhausted,
      });
      await requestLink('verify', email, input);
      return { message: userMessages.signUpSent };
    },

    async requestPasswordReset(input: LinkRequest, ip: string): Promise<MessageResponse> {
      await limitPerIp('reset', ip);
      const email = input.email.toLowerCase();
      await rateLimiter.consume(perEmailAndAddress('reset', email, ip));
      await requestLink('reset', email, input);
      return { message: userMessages.resetSent };
    },

    /** Works the link queue on this instance. */
    async startJobs(): Promise<void> {
      await jobs.define(LINK_QUEUE);
      await jobs.work<LinkJob>(LINK_QUEUE, mailRequestedLink, { batchSize: 10 });
    },

    /** Where an emailed link leads: the password screen while it is live, else the expiry screen. */
    async followLink(purpose: LinkPurpose, token: string): Promise<string> {
      const { link, live } = await liveLink(purpose, token);
      if (!link) return `${config.PUBLIC_URL}${purpose === 'verify' ? '/email-verification-failed' : '/password-reset-link-expiry'}`;
      if (!live) return purpose === 'verify' && (await isVerified(link.userId)) ? alreadyVerified(link.failureRedirect) : link.failureRedirect;
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

    /**
     * Every attempt counts against the client address (floods). With a solved captcha, failed
     * attempts count against the email and address together (429 beyond the limit). Without one,
     * only an allow-listed test address with its right password gets in: every other attempt,
     * whatever the email, is answered 'captcha missing' after the same work, so neither the
     * allow-list nor the password is revealed, and nothing counts against the email for others.
     */
    async login(credentials: LoginCredentials, origin: RequestOrigin, captchaToken: string | undefined): Promise<LoginAnswer> {
      const ip = origin.clientIp;
      await limitPerIp('login', ip);
      const email = credentials.email.toLowerCase();
      if (captchaToken) {
        await captcha.verify(captchaToken);
        const limit = perEmailAndAddress('login', email, ip);
        await rateLimiter.consume(limit);
        const user = await passwordHolder(email, credentials.password);
        if (!user) {
          await failedSignIn(email, origin);
          throw new AppError('unauthorized', userMessages.invalidCredentials);
        }
        await rateLimiter.release(limit);
        return passwordAccepted(user, origin);
      }
      const limit = perEmailAndAddress('login-without-captcha', email, ip);
      const withinLimit = await rateLimiter.attempt(limit);
      const user = await passwordHolder(email, credentials.password);
      if (!user) await failedSignIn(email, origin);
      if (!user || !withinLimit || !captcha.isAllowlisted(email)) throw new AppError('captcha_required', userMessages.captchaMissing);
      await rateLimiter.release(limit);
      return passwordAccepted(user, origin);
    },

    /** The second step of a sign-in with two-factor on: the challenge of the first step and a code. */
    async loginWithCode(challenge: string, code: string, origin: RequestOrigin): Promise<LoginResponse> {
      const userId = await twoFactor.answer(challenge, code, origin);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('unauthorized', userMessages.sessionExpired);
      return signIn(user, origin);
    },

    /** At most RATE_LIMIT_PER_EMAIL attempts per user and window, so a borrowed session cannot guess the password. */
    async changePassword(userId: string, sessionId: string, credentials: ChangePasswordCredentials): Promise<MessageResponse> {
      await rateLimiter.consume({
        key: `change-password:user:${userId}`,
        max: config.RATE_LIMIT_PER_EMAIL,
        windowMs: config.RATE_LIMIT_WINDOW_MS,
        message: userMessages.tooManyRequests,
      });
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
          origin: null,
        });
        return changed;
      });
      return { _id: user.id, email: user.email, deactivated };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
