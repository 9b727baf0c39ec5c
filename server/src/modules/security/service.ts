import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  isRecoveryCode,
  LOGIN_CHALLENGE_ATTEMPTS,
  LOGIN_CHALLENGE_MINUTES,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_MESSAGES,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@verigate/contracts';
import type { Database, Executor } from '../../db/client.js';
import { loginChallenges, memberships, organisations, recoveryCodes, twoFactor, users } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { hashSecret, verifySecret } from '../../platform/password-hashing.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { randomToken, sha256 } from '../../platform/secrets.js';

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  box: SecretBox;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Two-factor sign-in: a TOTP secret per user (sealed, since each code is checked against it),
 * confirmed by a first code; ten single-use recovery codes hashed like passwords; a code is
 * accepted once (the time step used is kept), and the sign-in challenge allows few attempts.
 */
export function createTwoFactor({ db, clock, audit, box }: Dependencies) {
  const totpOf = (secret: string, label: string) =>
    new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

  async function rowOf(executor: Executor, userId: string) {
    const [row] = await executor.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    return row;
  }

  /**
   * The TOTP step a code matches (one step of drift either way), if newer than the last one used:
   * the step is then stored in `tx`, under the row's lock, so a code works once even twice at once.
   */
  async function spendTotp(tx: Executor, userId: string, code: string): Promise<boolean> {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).for('update');
    if (!row) return false;
    const now = clock.now().getTime();
    const delta = totpOf(box.open(row.secretSealed, userId), '').validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
    if (row.lastUsedStep !== null && step <= row.lastUsedStep) return false;
    await tx.update(twoFactor).set({ lastUsedStep: step }).where(eq(twoFactor.userId, userId));
    return true;
  }

  async function spendRecoveryCode(tx: Executor, userId: string, code: string): Promise<boolean> {
    const unused = await tx
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .for('update');
    for (const row of unused) {
      if (await verifySecret(row.codeHash, code)) {
        await tx.update(recoveryCodes).set({ usedAt: clock.now() }).where(eq(recoveryCodes.id, row.id));
        return true;
      }
    }
    return false;
  }

  /** A TOTP code or a recovery code of a user whose two-factor sign-in is on; spent in `tx` when right. */
  async function spendCode(tx: Executor, userId: string, code: string): Promise<boolean> {
    return isRecoveryCode(code) ? spendRecoveryCode(tx, userId, code) : spendTotp(tx, userId, code);
  }

  async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<RecoveryCodes> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(await Promise.all(codes.map(async (code) => ({ userId, codeHash: await hashSecret(code) }))));
    return { recovery_codes: codes };
  }

  /** Names of the user's organisations that require two-factor sign-in of every member. */
  async function requiredBy(executor: Executor, userId: string): Promise<string[]> {
    const rows = await executor
      .select({ name: organisations.name })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(and(eq(memberships.userId, userId), eq(organisations.requireTwoFactor, true)));
    return rows.map((row) => row.name);
  }

  const isOn = (row: { confirmedAt: Date | null } | undefined) => Boolean(row?.confirmedAt);

  return {
    isOn: async (userId: string) => isOn(await rowOf(db, userId)),

    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await rowOf(db, userId);
      const [left] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return { enabled: isOn(row), recovery_codes_left: isOn(row) ? (left?.count ?? 0) : 0, required_by: await requiredBy(db, userId) };
    },

    /** A new secret, off until confirmed; a set-up started earlier and not confirmed is replaced. */
    async setUp(userId: string): Promise<TwoFactorSetup> {
      if (isOn(await rowOf(db, userId))) throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyOn);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const secret = new Secret({ buffer: randomBytes(20).buffer }).base32;
      await db
        .insert(twoFactor)
        .values({ userId, secretSealed: box.seal(secret, userId) })
        .onConflictDoUpdate({ target: twoFactor.userId, set: { secretSealed: box.seal(secret, userId), lastUsedStep: null, createdAt: clock.now() } });
      const otpauthUri = totpOf(secret, user?.email ?? '').toString();
      return { secret, otpauth_uri: otpauthUri, qr_svg: await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
    },

    /** The first right code turns two-factor sign-in on and gives the recovery codes, shown once. */
    async confirm(userId: string, code: string, origin: RequestOrigin): Promise<RecoveryCodes> {
      return db.transaction(async (tx) => {
        const row = await rowOf(tx, userId);
        if (!row) throw new AppError('conflict', TWO_FACTOR_MESSAGES.notSetUp);
        if (isOn(row)) throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyOn);
        if (!(await spendTotp(tx, userId, code))) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.codeWrong);
        await tx.update(twoFactor).set({ confirmedAt: clock.now() }).where(eq(twoFactor.userId, userId));
        await audit.record(tx, { actor: `user:${userId}`, organisationId: null, action: 'user.two_factor_enabled', origin });
        return replaceRecoveryCodes(tx, userId);
      });
    },

    async newRecoveryCodes(userId: string, code: string, origin: RequestOrigin): Promise<RecoveryCodes> {
      return db.transaction(async (tx) => {
        if (!isOn(await rowOf(tx, userId))) throw new AppError('conflict', TWO_FACTOR_MESSAGES.notOn);
        if (!(await spendCode(tx, userId, code))) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.codeWrong);
        await audit.record(tx, { actor: `user:${userId}`, organisationId: null, action: 'user.recovery_codes_replaced', origin });
        return replaceRecoveryCodes(tx, userId);
      });
    },

    async turnOff(userId: string, code: string, origin: RequestOrigin): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        if (!isOn(await rowOf(tx, userId))) throw new AppError('conflict', TWO_FACTOR_MESSAGES.notOn);
        const [requiring] = await requiredBy(tx, userId);
        if (requiring) throw new AppError('conflict', TWO_FACTOR_MESSAGES.cannotTurnOff(requiring));
        if (!(await spendCode(tx, userId, code))) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.codeWrong);
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await audit.record(tx, { actor: `user:${userId}`, organisationId: null, action: 'user.two_factor_disabled', origin });
        return { message: TWO_FACTOR_MESSAGES.turnedOff };
      });
    },

    /** After a right password: the token the second step presents, valid LOGIN_CHALLENGE_MINUTES. */
    async challenge(userId: string): Promise<string> {
      const token = randomToken(32);
      await db
        .insert(loginChallenges)
        .values({ userId, tokenHash: sha256(token), expiresAt: new Date(clock.now().getTime() + LOGIN_CHALLENGE_MINUTES * 60_000) });
      return token;
    },

    /**
     * The second step: the user the challenge belongs to when the code is right. Each try counts
     * in one statement (so a burst of guesses cannot exceed LOGIN_CHALLENGE_ATTEMPTS), and a right
     * code ends the challenge.
     */
    async answer(challenge: string, code: string, origin: RequestOrigin): Promise<string> {
      return db
        .transaction(async (tx) => {
          const [row] = await tx
            .update(loginChallenges)
            .set({ attempts: sql`${loginChallenges.attempts} + 1` })
            .where(
              and(
                eq(loginChallenges.tokenHash, sha256(challenge)),
                isNull(loginChallenges.usedAt),
                gt(loginChallenges.expiresAt, clock.now()),
                sql`${loginChallenges.attempts} < ${LOGIN_CHALLENGE_ATTEMPTS}`,
              ),
            )
            .returning();
          if (!row) throw new AppError('unauthorized', TWO_FACTOR_MESSAGES.challengeExpired);
          if (!(await spendCode(tx, row.userId, code))) {
            await audit.record(db, {
              actor: `user:${row.userId}`,
              organisationId: null,
              action: 'user.sign_in_failed',
              details: { reason: 'second_factor' },
              origin,
            });
            return null;
          }
          await tx.update(loginChallenges).set({ usedAt: clock.now() }).where(eq(loginChallenges.id, row.id));
          return row.userId;
        })
        .then((userId) => {
          if (!userId) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.codeWrong);
          return userId;
        });
    },

    async policyOf(organisationId: string): Promise<{ required: boolean }> {
      const [row] = await db.select({ required: organisations.requireTwoFactor }).from(organisations).where(eq(organisations.id, organisationId));
      return { required: row?.required ?? false };
    },

    /** An owner requires two-factor sign-in of every member; they must have it on themselves first. */
    async setPolicy(organisationId: string, userId: string, required: boolean, origin: RequestOrigin): Promise<{ required: boolean }> {
      return db.transaction(async (tx) => {
        if (required && !isOn(await rowOf(tx, userId))) throw new AppError('conflict', TWO_FACTOR_MESSAGES.ownRequirementFirst);
        const [before] = await tx
          .select({ required: organisations.requireTwoFactor })
          .from(organisations)
          .where(eq(organisations.id, organisationId))
          .for('update');
        await tx.update(organisations).set({ requireTwoFactor: required, updatedAt: clock.now() }).where(eq(organisations.id, organisationId));
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId,
          action: 'organisation.two_factor_policy_changed',
          details: { before: { required: before?.required ?? false }, after: { required } },
          origin,
        });
        return { required };
      });
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
