import { create } from 'altcha-lib/frameworks/fastify';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { randomInt } from 'altcha-lib';
import { userMessages } from '@verigate/contracts';
import type { Database } from '../db/client.js';
import { spentCaptchas } from '../db/schema.js';
import { AppError } from './errors.js';
import { randomToken, serverSecret } from './secrets.js';

const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;

/** Self-hosted ALTCHA proof of work; a solved challenge is spent once (PostgreSQL remembers it). */
export async function createCaptcha(db: Database, options: { cost: number; allowlist: readonly string[] }) {
  const hmacSignatureSecret = await serverSecret(db, 'captcha-hmac', () => randomToken(32));
  const spentOnce = {
    get: () => undefined,
    set: () => undefined,
    async setIfAbsent(key: string) {
      const inserted = await db.insert(spentCaptchas).values({ challengeId: key }).onConflictDoNothing().returning();
      return inserted.length > 0;
    },
  };
  const altcha = create({
    deriveKey,
    hmacSignatureSecret,
    createChallengeParameters: () => ({
      algorithm: 'PBKDF2/SHA-256',
      cost: options.cost,
      counter: randomInt(options.cost, options.cost * 2),
      // altcha-lib checks the expiry against the system clock, so the challenge is stamped by it too.
      expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    }),
    store: spentOnce,
  });

  return {
    challengeHandler: altcha.challengeHandler,
    /** Throws unless the token solves a live challenge that was not spent before; spends it. */
    async verify(token: string): Promise<void> {
      const result = await altcha.verify(token, deriveKey, hmacSignatureSecret, undefined, spentOnce);
      if (result.error || !result.verification?.verified) throw new AppError('bad_request', userMessages.captchaInvalid);
    },
    /** An internal test address (CAPTCHA_ALLOWLIST) may sign in without a captcha, with its right password. */
    isAllowlisted: (email: string) => options.allowlist.includes(email.toLowerCase()),
  };
}

export type Captcha = Awaited<ReturnType<typeof createCaptcha>>;
