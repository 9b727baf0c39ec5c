import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  OTP_LIFETIME_MS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_LIMIT,
  OTP_RESEND_WAIT_MS,
  STEP_UP_MESSAGES,
  WRONG_ZPIN_LIMIT,
  type MessageResponse,
  type OtpPurpose,
  type OtpResent,
  type OtpSent,
  type StepUpProof,
  type ZpinState,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { otpRelays, zpins } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { hashSecret, verifySecret } from '../../platform/password-hashing.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import { sha256 } from '../../platform/secrets.js';
import type { UserService } from '../users/service.js';
import { otpEmail } from './emails.js';

/** The relay id salts the hash, so equal codes of two relays never share a digest. */
const otpDigest = (relayId: string, otp: string) => sha256(`${relayId}:${otp}`);
const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

interface Dependencies {
  config: Pick<Config, 'OTP_SENDS_PER_USER' | 'OTP_SENDS_PER_ORGANISATION' | 'RATE_LIMIT_WINDOW_MS'>;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  audit: Audit;
  rateLimiter: RateLimiter;
  users: Pick<UserService, 'contactOf'>;
}

/**
 * ZPIN and emailed OTP: the server checks every proof. PINs are argon2id hashes; OTPs are salted
 * SHA-256 digests, valid 10 minutes, for 5 attempts, once, and only for their organisation.
 * Each check runs under a lock on its relay or ZPIN row, so a parallel burst of guesses is
 * counted one by one and gets no more tries than a sequence would. A check answers its refusal
 * rather than throwing it inside the transaction: a wrong guess's count and its audit entry
 * commit, and the refusal is thrown afterwards.
 */
export function createStepUpService({ config, db, clock, mailer, audit, rateLimiter, users }: Dependencies) {
  /**
   * Counts one OTP email against the user's and the organisation's limits, in the transaction
   * that creates or renews the code: a refused send takes its counts back, so only emails sent count.
   */
  async function countSend(tx: Executor, organisationId: string, userId: string) {
    const limit = (key: string, max: number) => ({ key, max, windowMs: config.RATE_LIMIT_WINDOW_MS, message: STEP_UP_MESSAGES.otpSendLimit });
    await rateLimiter.consume(limit(`otp-send:user:${userId}`, config.OTP_SENDS_PER_USER), tx);
    await rateLimiter.consume(limit(`otp-send:organisation:${organisationId}`, config.OTP_SENDS_PER_ORGANISATION), tx);
  }

  async function mailOtp(userId: string, otp: string, purpose: string) {
    const { email, firstName } = await users.contactOf(userId);
    await mailer.send(otpEmail(email, firstName, otp, purpose, OTP_LIFETIME_MS / 60_000));
  }

  /** Spends the relay's OTP in `tx`, the transaction of the change it confirms; else the refusal, with a wrong code counted. An OTP is the member's who asked for it. */
  async function spendOtp(
    tx: Executor,
    organisationId: string,
    userId: string,
    relayId: string,
    otp: string,
    purposes: readonly OtpPurpose[],
    invalidMessage: string,
  ): Promise<AppError | null> {
    const now = clock.now();
    const [relay] = await tx.select().from(otpRelays).where(eq(otpRelays.id, relayId)).for('update');
    if (!relay || relay.organisationId !== organisationId || relay.userId !== userId || relay.usedAt || !purposes.includes(relay.purpose as OtpPurpose)) {
      return new AppError('bad_request', invalidMessage);
    }
    const usedUp = () => new AppError('gone', STEP_UP_MESSAGES.otpUsedUp);
    if (relay.attempts >= OTP_MAX_ATTEMPTS) return usedUp();
    if (relay.expiresAt.getTime() <= now.getTime()) return new AppError('gone', STEP_UP_MESSAGES.otpExpired);
    if (relay.otpHash !== otpDigest(relayId, otp)) {
      const attempts = relay.attempts + 1;
      await tx.update(otpRelays).set({ attempts }).where(eq(otpRelays.id, relayId));
      // The last wrong attempt says what comes next: a new code, which a resend brings.
      return attempts >= OTP_MAX_ATTEMPTS ? usedUp() : new AppError('bad_request', invalidMessage);
    }
    await tx.update(otpRelays).set({ usedAt: now }).where(eq(otpRelays.id, relayId));
    return null;
  }

  const memberZpin = (organisationId: string, userId: string) => and(eq(zpins.organisationId, organisationId), eq(zpins.userId, userId));

  /** Why the member's ZPIN for the organisation refuses `zpin` (a wrong one counted), or null when it is right (the count starts again). */
  async function checkZpin(tx: Executor, organisationId: string, userId: string, zpin: string): Promise<AppError | null> {
    const [row] = await tx.select().from(zpins).where(memberZpin(organisationId, userId)).for('update');
    if (!row) return new AppError('bad_request', STEP_UP_MESSAGES.zpinMissing);
    if (row.failedAttempts >= WRONG_ZPIN_LIMIT) return new AppError('bad_request', STEP_UP_MESSAGES.zpinLocked);
    const right = await verifySecret(row.pinHash, zpin);
    const failedAttempts = right ? 0 : row.failedAttempts + 1;
    if (failedAttempts !== row.failedAttempts) await tx.update(zpins).set({ failedAttempts }).where(memberZpin(organisationId, userId));
    if (right) return null;
    const left = WRONG_ZPIN_LIMIT - failedAttempts;
    const message = left === 0 ? STEP_UP_MESSAGES.zpinLocked : STEP_UP_MESSAGES.zpinInvalid;
    return new AppError('bad_request', message, [{ path: 'attempts_left', message: String(left) }]);
  }

  /** Sets the ZPIN once the OTP mailed for it is spent, in one transaction with its audit entry. */
  async function setZpin(
    organisationId: string,
    userId: string,
    input: { zpin: string; relayId: string; otp: string },
    purposes: readonly OtpPurpose[],
    action: string,
    origin: RequestOrigin,
  ) {
    const pinHash = await hashSecret(input.zpin);
    const refused = await db.transaction(async (tx) => {
      const refusal = await spendOtp(tx, organisationId, userId, input.relayId, input.otp, purposes, STEP_UP_MESSAGES.otpInvalidCreation);
      if (refusal) return refusal;
      const now = clock.now();
      await tx
        .insert(zpins)
        .values({ organisationId, userId, pinHash, updatedBy: userId, updatedAt: now })
        .onConflictDoUpdate({ target: [zpins.organisationId, zpins.userId], set: { pinHash, failedAttempts: 0, updatedBy: userId, updatedAt: now } });
      await audit.record(tx, { actor: `user:${userId}`, organisationId, action, origin });
      return null;
    });
    if (refused) throw refused;
  }

  const service = {
    /** The member's own ZPIN for the organisation: each member of a team has theirs. */
    async zpinOf(organisationId: string, userId: string): Promise<ZpinState> {
      const [row] = await db.select({ updatedAt: zpins.updatedAt }).from(zpins).where(memberZpin(organisationId, userId));
      return row ? { updatedAt: row.updatedAt.getTime() } : null;
    },

    async sendOtp(organisationId: string, userId: string, purpose: OtpPurpose, origin: RequestOrigin): Promise<OtpSent> {
      const otp = newOtp();
      const now = clock.now();
      const relayId = randomUUID();
      await db.transaction(async (tx) => {
        await countSend(tx, organisationId, userId);
        await tx.insert(otpRelays).values({
          id: relayId,
          organisationId,
          userId,
          purpose,
          otpHash: otpDigest(relayId, otp),
          expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
          lastSentAt: now,
        });
        await audit.record(tx, { actor: `user:${userId}`, organisationId, action: 'otp.sent', details: { relayId, purpose }, origin });
      });
      await mailOtp(userId, otp, purpose);
      return { relay_id: relayId, message: 'OTP sent to your email' };
    },

    /** A new code for the relay: at most OTP_RESEND_LIMIT times, OTP_RESEND_WAIT_MS apart. */
    async resendOtp(organisationId: string, userId: string, relayId: string, origin: RequestOrigin): Promise<OtpResent> {
      const now = clock.now();
      const otp = newOtp();
      const outcome = await db.transaction(async (tx) => {
        const [relay] = await tx.select().from(otpRelays).where(eq(otpRelays.id, relayId)).for('update');
        if (!relay || relay.organisationId !== organisationId || relay.userId !== userId || relay.usedAt) {
          return { refusal: new AppError('not_found', 'OTP request not found') };
        }
        if (relay.resendCount >= OTP_RESEND_LIMIT) return { refusal: new AppError('rate_limited', STEP_UP_MESSAGES.otpResendExhausted) };
        if (now.getTime() - relay.lastSentAt.getTime() < OTP_RESEND_WAIT_MS) return { refusal: new AppError('rate_limited', STEP_UP_MESSAGES.otpResendWait) };
        await countSend(tx, organisationId, userId);
        const resendCount = relay.resendCount + 1;
        await tx
          .update(otpRelays)
          .set({ otpHash: otpDigest(relayId, otp), attempts: 0, resendCount, lastSentAt: now, expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS) })
          .where(eq(otpRelays.id, relayId));
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId,
          action: 'otp.sent',
          details: { relayId, purpose: relay.purpose, resend: resendCount },
          origin,
        });
        return { purpose: relay.purpose, resendCount };
      });
      if ('refusal' in outcome) throw outcome.refusal;
      await mailOtp(userId, otp, outcome.purpose);
      return { relay_id: relayId, resends_left: OTP_RESEND_LIMIT - outcome.resendCount };
    },

    async createZpin(
      organisationId: string,
      userId: string,
      input: { zpin: string; relayId: string; otp: string },
      origin: RequestOrigin,
    ): Promise<MessageResponse> {
      if (await service.zpinOf(organisationId, userId)) throw new AppError('conflict', STEP_UP_MESSAGES.zpinExists);
      await setZpin(organisationId, userId, input, ['zpin_create'], 'zpin.created', origin);
      return { message: STEP_UP_MESSAGES.zpinCreated };
    },

    async updateZpin(
      organisationId: string,
      userId: string,
      input: { zpin: string; relayId: string; otp: string },
      origin: RequestOrigin,
    ): Promise<MessageResponse> {
      await setZpin(organisationId, userId, input, ['zpin_update', 'zpin_create'], 'zpin.updated', origin);
      return { message: STEP_UP_MESSAGES.zpinUpdated };
    },

    /** Checks the proof of a sensitive change; a wrong one is recorded and refused. */
    async verify(organisationId: string, userId: string, proof: StepUpProof, action: string, origin: RequestOrigin): Promise<void> {
      const method = 'zpin' in proof ? 'zpin' : 'otp';
      const refused = await db.transaction(async (tx) => {
        let refusal: AppError | null;
        if ('otp' in proof) {
          refusal = await spendOtp(tx, organisationId, userId, proof.relayId, proof.otp, ['step_up'], STEP_UP_MESSAGES.otpInvalid);
          // A spent OTP also lifts a ZPIN locked by wrong attempts.
          if (!refusal) await tx.update(zpins).set({ failedAttempts: 0 }).where(memberZpin(organisationId, userId));
        } else {
          refusal =
            proof.orgId === organisationId
              ? await checkZpin(tx, organisationId, userId, proof.zpin)
              : new AppError('bad_request', STEP_UP_MESSAGES.zpinInvalid);
        }
        if (refusal) {
          await audit.record(tx, {
            actor: `user:${userId}`,
            organisationId,
            action: 'stepup.failed',
            details: { for: action, method, reason: refusal.message },
            origin,
          });
        }
        return refusal;
      });
      if (refused) throw refused;
    },
  };
  return service;
}

export type StepUpService = ReturnType<typeof createStepUpService>;
