import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
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
import type { Database, Executor } from '../../db/client.js';
import { otpRelays, zpins } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { hashSecret, verifySecret } from '../../platform/password-hashing.js';
import { sha256 } from '../../platform/secrets.js';
import type { UserService } from '../users/service.js';
import { otpEmail } from './emails.js';

/** The relay id salts the hash, so equal codes of two relays never share a digest. */
const otpDigest = (relayId: string, otp: string) => sha256(`${relayId}:${otp}`);
const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

interface Dependencies {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  audit: Audit;
  users: Pick<UserService, 'contactOf'>;
}

/**
 * ZPIN and emailed OTP: the server checks every proof. PINs are argon2id hashes; OTPs are salted
 * SHA-256 digests, valid 10 minutes, for 5 attempts, once, and only for their organisation.
 * Attempts are counted and spent in single conditional statements, so a parallel burst of
 * guesses gets no more tries than a sequence would.
 */
export function createStepUpService({ db, clock, mailer, audit, users }: Dependencies) {
  async function mailOtp(userId: string, otp: string, purpose: string) {
    const { email, firstName } = await users.contactOf(userId);
    await mailer.send(otpEmail(email, firstName, otp, purpose, OTP_LIFETIME_MS / 60_000));
  }

  /**
   * Spends the relay's OTP in `tx`, the transaction of the change it confirms; refusals name the
   * seed's messages. A wrong code counts an attempt that stays counted though the call fails.
   */
  async function spendOtp(tx: Executor, organisationId: string, relayId: string, otp: string, purposes: readonly OtpPurpose[], invalidMessage: string) {
    const now = clock.now();
    const [relay] = await db.select().from(otpRelays).where(eq(otpRelays.id, relayId));
    if (
      !relay ||
      relay.organisationId !== organisationId ||
      relay.usedAt ||
      !purposes.includes(relay.purpose as OtpPurpose) ||
      relay.attempts >= OTP_MAX_ATTEMPTS
    ) {
      throw new AppError('bad_request', invalidMessage);
    }
    if (relay.expiresAt.getTime() <= now.getTime()) throw new AppError('gone', STEP_UP_MESSAGES.otpExpired);
    const live = and(eq(otpRelays.id, relayId), isNull(otpRelays.usedAt), lt(otpRelays.attempts, OTP_MAX_ATTEMPTS));
    if (relay.otpHash !== otpDigest(relayId, otp)) {
      await db
        .update(otpRelays)
        .set({ attempts: sql`${otpRelays.attempts} + 1` })
        .where(live);
      throw new AppError('bad_request', invalidMessage);
    }
    const spent = await tx
      .update(otpRelays)
      .set({ usedAt: now })
      .where(and(live, eq(otpRelays.otpHash, otpDigest(relayId, otp)), gt(otpRelays.expiresAt, now)))
      .returning({ id: otpRelays.id });
    if (spent.length === 0) throw new AppError('bad_request', invalidMessage);
  }

  async function storeZpin(tx: Executor, organisationId: string, userId: string, zpin: string) {
    const pinHash = await hashSecret(zpin);
    await tx
      .insert(zpins)
      .values({ organisationId, pinHash, updatedBy: userId, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: zpins.organisationId, set: { pinHash, failedAttempts: 0, updatedBy: userId, updatedAt: clock.now() } });
  }

  /** Sets the ZPIN once the OTP mailed for it is spent, all in one transaction with its audit entry. */
  async function setZpin(
    organisationId: string,
    userId: string,
    input: { zpin: string; relayId: string; otp: string },
    purposes: readonly OtpPurpose[],
    action: string,
    clientIp: string,
  ) {
    await db.transaction(async (tx) => {
      await spendOtp(tx, organisationId, input.relayId, input.otp, purposes, STEP_UP_MESSAGES.otpInvalidCreation);
      await storeZpin(tx, organisationId, userId, input.zpin);
      await audit.record(tx, { actor: `user:${userId}`, organisationId, action, clientIp });
    });
  }

  const service = {
    async zpinOf(organisationId: string): Promise<ZpinState> {
      const [row] = await db.select({ updatedAt: zpins.updatedAt }).from(zpins).where(eq(zpins.organisationId, organisationId));
      return row ? { updatedAt: row.updatedAt.getTime() } : null;
    },

    async sendOtp(organisationId: string, userId: string, purpose: OtpPurpose, clientIp: string): Promise<OtpSent> {
      const otp = newOtp();
      const now = clock.now();
      const relayId = randomUUID();
      await db.transaction(async (tx) => {
        await tx.insert(otpRelays).values({
          id: relayId,
          organisationId,
          userId,
          purpose,
          otpHash: otpDigest(relayId, otp),
          expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
          lastSentAt: now,
        });
        await audit.record(tx, { actor: `user:${userId}`, organisationId, action: 'otp.sent', details: { relayId, purpose }, clientIp });
      });
      await mailOtp(userId, otp, purpose);
      return { relay_id: relayId, message: 'OTP sent to your email' };
    },

    /** A new code for the relay: at most OTP_RESEND_LIMIT times, OTP_RESEND_WAIT_MS apart, counted in one statement. */
    async resendOtp(organisationId: string, userId: string, relayId: string, clientIp: string): Promise<OtpResent> {
      const now = clock.now();
      const [relay] = await db.select().from(otpRelays).where(eq(otpRelays.id, relayId));
      if (!relay || relay.organisationId !== organisationId || relay.userId !== userId || relay.usedAt)
        throw new AppError('not_found', 'OTP request not found');
      if (relay.resendCount >= OTP_RESEND_LIMIT) throw new AppError('rate_limited', STEP_UP_MESSAGES.otpResendExhausted);
      if (now.getTime() - relay.lastSentAt.getTime() < OTP_RESEND_WAIT_MS) throw new AppError('rate_limited', STEP_UP_MESSAGES.otpResendWait);
      const otp = newOtp();
      const resendCount = await db.transaction(async (tx) => {
        const [resent] = await tx
          .update(otpRelays)
          .set({
            otpHash: otpDigest(relayId, otp),
            attempts: 0,
            resendCount: sql`${otpRelays.resendCount} + 1`,
            lastSentAt: now,
            expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
          })
          .where(
            and(
              eq(otpRelays.id, relayId),
              isNull(otpRelays.usedAt),
              lt(otpRelays.resendCount, OTP_RESEND_LIMIT),
              lt(otpRelays.lastSentAt, new Date(now.getTime() - OTP_RESEND_WAIT_MS + 1)),
            ),
          )
          .returning({ resendCount: otpRelays.resendCount });
        if (!resent) throw new AppError('rate_limited', STEP_UP_MESSAGES.otpResendWait);
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId,
          action: 'otp.sent',
          details: { relayId, purpose: relay.purpose, resend: resent.resendCount },
          clientIp,
        });
        return resent.resendCount;
      });
      await mailOtp(userId, otp, relay.purpose);
      return { relay_id: relayId, resends_left: OTP_RESEND_LIMIT - resendCount };
    },

    async createZpin(
      organisationId: string,
      userId: string,
      input: { zpin: string; relayId: string; otp: string },
      clientIp: string,
    ): Promise<MessageResponse> {
      if (await service.zpinOf(organisationId)) throw new AppError('conflict', STEP_UP_MESSAGES.zpinExists);
      await setZpin(organisationId, userId, input, ['zpin_create'], 'zpin.created', clientIp);
      return { message: STEP_UP_MESSAGES.zpinCreated };
    },

    async updateZpin(
      organisationId: string,
      userId: string,
      input: { zpin: string; relayId: string; otp: string },
      clientIp: string,
    ): Promise<MessageResponse> {
      await setZpin(organisationId, userId, input, ['zpin_update', 'zpin_create'], 'zpin.updated', clientIp);
      return { message: STEP_UP_MESSAGES.zpinUpdated };
    },

    /** Checks the proof of a sensitive change; a wrong one is recorded and refused. */
    async verify(organisationId: string, userId: string, proof: StepUpProof, action: string, clientIp: string): Promise<void> {
      const failure = (error: AppError) => ({
        actor: `user:${userId}`,
        organisationId,
        action: 'stepup.failed',
        details: { for: action, method: 'zpin' in proof ? 'zpin' : 'otp', reason: error.message },
        clientIp,
      });
      /** A refusal that changed nothing is recorded on its own. */
      const refuse = async (error: AppError) => {
        await audit.record(db, failure(error));
        return error;
      };

      if ('otp' in proof) {
        try {
          await db.transaction(async (tx) => {
            await spendOtp(tx, organisationId, proof.relayId, proof.otp, ['step_up'], STEP_UP_MESSAGES.otpInvalid);
            await tx.update(zpins).set({ failedAttempts: 0 }).where(eq(zpins.organisationId, organisationId));
          });
        } catch (error) {
          throw error instanceof AppError ? await refuse(error) : error;
        }
        return;
      }

      if (proof.orgId !== organisationId) throw await refuse(new AppError('bad_request', STEP_UP_MESSAGES.zpinInvalid));
      const [row] = await db.select().from(zpins).where(eq(zpins.organisationId, organisationId));
      if (!row) throw await refuse(new AppError('bad_request', STEP_UP_MESSAGES.zpinMissing));
      const locked = new AppError('bad_request', STEP_UP_MESSAGES.zpinLocked);
      if (row.failedAttempts >= WRONG_ZPIN_LIMIT) throw await refuse(locked);
      const unlocked = and(eq(zpins.organisationId, organisationId), lt(zpins.failedAttempts, WRONG_ZPIN_LIMIT));

      if (await verifySecret(row.pinHash, proof.zpin)) {
        // Right, unless wrong guesses running in parallel locked it meanwhile.
        const [reset] = await db.update(zpins).set({ failedAttempts: 0 }).where(unlocked).returning({ organisationId: zpins.organisationId });
        if (!reset) throw await refuse(locked);
        return;
      }
      throw await db.transaction(async (tx) => {
        const [counted] = await tx
          .update(zpins)
          .set({ failedAttempts: sql`${zpins.failedAttempts} + 1` })
          .where(unlocked)
          .returning({ failedAttempts: zpins.failedAttempts });
        const left = counted ? WRONG_ZPIN_LIMIT - counted.failedAttempts : 0;
        const message = left === 0 ? STEP_UP_MESSAGES.zpinLocked : STEP_UP_MESSAGES.zpinInvalid;
        const error = new AppError('bad_request', message, [{ path: 'attempts_left', message: String(left) }]);
        await audit.record(tx, failure(error));
        return error;
      });
    },
  };
  return service;
}

export type StepUpService = ReturnType<typeof createStepUpService>;
