import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { OTP_LIFETIME_MS, OTP_MAX_ATTEMPTS, OTP_RESEND_LIMIT, OTP_RESEND_WAIT_MS, STEP_UP_MESSAGES, WRONG_ZPIN_LIMIT } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { otpRelays, users, zpins } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { sha256 } from '../../platform/secrets.js';
import { otpEmail } from './emails.js';

export type OtpPurpose = 'zpin_create' | 'zpin_update' | 'step_up';
export type StepUpProof = { orgId: string; zpin: string } | { relayId: string; otp: string };

const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The relay id salts the hash, so equal codes of two relays never share a digest. */
const otpDigest = (relayId: string, otp: string) => sha256(`${relayId}:${otp}`);

interface Dependencies {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  audit: Audit;
}

/**
 * ZPIN and emailed OTP: the server checks every proof. PINs are argon2id hashes; OTPs are salted
 * SHA-256 digests, valid 10 minutes, for 5 attempts, once, and only for their organisation.
 */
export function createStepUpService({ db, clock, mailer, audit }: Dependencies) {
  async function mailOtp(userId: string, otp: string, purpose: string) {
    const [user] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
    await mailer.send(otpEmail(user!.email, user!.firstName, otp, purpose, OTP_LIFETIME_MS / 60_000));
  }

  const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

  /** Spends the OTP of a relay when it is right; refusals name the seed's messages. */
  async function consumeOtp(organisationId: string, relayId: string, otp: string, purposes: readonly OtpPurpose[], invalidMessage: string) {
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
    if (relay.otpHash !== otpDigest(relayId, otp)) {
      await db
        .update(otpRelays)
        .set({ attempts: sql`${otpRelays.attempts} + 1` })
        .where(eq(otpRelays.id, relayId));
      throw new AppError('bad_request', invalidMessage);
    }
    const spent = await db
      .update(otpRelays)
      .set({ usedAt: now })
      .where(and(eq(otpRelays.id, relayId), isNull(otpRelays.usedAt)))
      .returning({ id: otpRelays.id });
    if (spent.length === 0) throw new AppError('bad_request', invalidMessage);
  }

  async function storeZpin(organisationId: string, userId: string, zpin: string) {
    const pinHash = await hash(zpin, ARGON2);
    await db
      .insert(zpins)
      .values({ organisationId, pinHash, updatedBy: userId, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: zpins.organisationId, set: { pinHash, failedAttempts: 0, updatedBy: userId, updatedAt: clock.now() } });
  }

  return {
    async zpinOf(organisationId: string) {
      const [row] = await db.select({ updatedAt: zpins.updatedAt }).from(zpins).where(eq(zpins.organisationId, organisationId));
      return row ? { updatedAt: row.updatedAt.getTime() } : null;
    },

    async sendOtp(organisationId: string, userId: string, purpose: OtpPurpose, clientIp: string) {
      const otp = newOtp();
      const now = clock.now();
      const [relay] = await db
        .insert(otpRelays)
        .values({ organisationId, userId, purpose, otpHash: 'pending', expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS), lastSentAt: now })
        .returning({ id: otpRelays.id });
      await db
        .update(otpRelays)
        .set({ otpHash: otpDigest(relay!.id, otp) })
        .where(eq(otpRelays.id, relay!.id));
      await mailOtp(userId, otp, purpose);
      await audit.record({ actor: `user:${userId}`, organisationId, action: 'otp.sent', details: { relayId: relay!.id, purpose }, clientIp });
      return { relay_id: relay!.id, message: 'OTP sent to your email' };
    },

    async resendOtp(organisationId: string, userId: string, relayId: string, clientIp: string) {
      const now = clock.now();
      const [relay] = await db.select().from(otpRelays).where(eq(otpRelays.id, relayId));
      if (!relay || relay.organisationId !== organisationId || relay.userId !== userId || relay.usedAt)
        throw new AppError('not_found', 'OTP request not found');
      if (relay.resendCount >= OTP_RESEND_LIMIT) throw new AppError('rate_limited', STEP_UP_MESSAGES.otpResendExhausted);
      if (now.getTime() - relay.lastSentAt.getTime() < OTP_RESEND_WAIT_MS) throw new AppError('rate_limited', STEP_UP_MESSAGES.otpResendWait);
      const otp = newOtp();
      await db
        .update(otpRelays)
        .set({
          otpHash: otpDigest(relayId, otp),
          attempts: 0,
          resendCount: relay.resendCount + 1,
          lastSentAt: now,
          expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
        })
        .where(eq(otpRelays.id, relayId));
      await mailOtp(userId, otp, relay.purpose);
      await audit.record({
        actor: `user:${userId}`,
        organisationId,
        action: 'otp.sent',
        details: { relayId, purpose: relay.purpose, resend: relay.resendCount + 1 },
        clientIp,
      });
      return { relay_id: relayId, resends_left: OTP_RESEND_LIMIT - relay.resendCount - 1 };
    },

    async createZpin(organisationId: string, userId: string, input: { zpin: string; relayId: string; otp: string }, clientIp: string) {
      if (await this.zpinOf(organisationId)) throw new AppError('conflict', STEP_UP_MESSAGES.zpinExists);
      await consumeOtp(organisationId, input.relayId, input.otp, ['zpin_create'], STEP_UP_MESSAGES.otpInvalidCreation);
      await storeZpin(organisationId, userId, input.zpin);
      await audit.record({ actor: `user:${userId}`, organisationId, action: 'zpin.created', clientIp });
      return { message: STEP_UP_MESSAGES.zpinCreated };
    },

    async updateZpin(organisationId: string, userId: string, input: { zpin: string; relayId: string; otp: string }, clientIp: string) {
      await consumeOtp(organisationId, input.relayId, input.otp, ['zpin_update', 'zpin_create'], STEP_UP_MESSAGES.otpInvalidCreation);
      await storeZpin(organisationId, userId, input.zpin);
      await audit.record({ actor: `user:${userId}`, organisationId, action: 'zpin.updated', clientIp });
      return { message: STEP_UP_MESSAGES.zpinUpdated };
    },

    /** Checks the proof of a sensitive change; a wrong one is recorded and refused. */
    async verify(organisationId: string, userId: string, proof: StepUpProof, action: string, clientIp: string): Promise<void> {
      const fail = async (error: AppError) => {
        await audit.record({
          actor: `user:${userId}`,
          organisationId,
          action: 'stepup.failed',
          details: { for: action, method: 'zpin' in proof ? 'zpin' : 'otp', reason: error.message },
          clientIp,
        });
        return error;
      };
      if ('otp' in proof) {
        try {
          await consumeOtp(organisationId, proof.relayId, proof.otp, ['step_up'], STEP_UP_MESSAGES.otpInvalid);
        } catch (error) {
          throw error instanceof AppError ? await fail(error) : error;
        }
        await db.update(zpins).set({ failedAttempts: 0 }).where(eq(zpins.organisationId, organisationId));
        return;
      }
      const [row] = await db.select().from(zpins).where(eq(zpins.organisationId, organisationId));
      if (proof.orgId !== organisationId) throw await fail(new AppError('bad_request', STEP_UP_MESSAGES.zpinInvalid));
      if (!row) throw await fail(new AppError('bad_request', STEP_UP_MESSAGES.zpinMissing));
      if (row.failedAttempts >= WRONG_ZPIN_LIMIT) throw await fail(new AppError('bad_request', STEP_UP_MESSAGES.zpinLocked));
      if (!(await verify(row.pinHash, proof.zpin))) {
        const [after] = await db
          .update(zpins)
          .set({ failedAttempts: sql`${zpins.failedAttempts} + 1` })
          .where(eq(zpins.organisationId, organisationId))
          .returning({ failedAttempts: zpins.failedAttempts });
        const left = Math.max(0, WRONG_ZPIN_LIMIT - (after?.failedAttempts ?? WRONG_ZPIN_LIMIT));
        const message = left === 0 ? STEP_UP_MESSAGES.zpinLocked : STEP_UP_MESSAGES.zpinInvalid;
        throw await fail(new AppError('bad_request', message, [{ path: 'attempts_left', message: String(left) }]));
      }
      if (row.failedAttempts > 0) await db.update(zpins).set({ failedAttempts: 0 }).where(eq(zpins.organisationId, organisationId));
    },
  };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
