import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { DEACTIVATED_MESSAGE, TWO_FACTOR_MESSAGES, userMessages, type SessionView } from '@verigate/contracts';
import type { Database, Executor } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
import type { RequestOrigin } from './request-origin.js';
import { randomToken, sha256 } from './secrets.js';

export interface SessionUser {
  sessionId: string;
  userId: string;
}

/**
 * Opaque bearer tokens, stored as SHA-256 digests. A session ends on logout, on a password
 * change elsewhere, or after `idleMs` without a request — enforced here, not only in the browser.
 */
export function createSessions(db: Database, clock: Clock, idleMs: number) {
  /** Ends every session of a user but one (after a password change), or all of them, in `tx`: the transaction of that change. */
  async function revokeAllOf(tx: Executor, userId: string, except?: string): Promise<void> {
    const others = except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId);
    await tx
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(and(others, isNull(sessions.revokedAt)));
  }

  return {
    async open(userId: string, { clientIp, userAgent }: RequestOrigin): Promise<string> {
      const token = randomToken(32);
      await db.insert(sessions).values({ userId, tokenHash: sha256(token), clientIp, userAgent, lastSeenAt: clock.now() });
      return token;
    },

    async authenticate(authorization: string | undefined): Promise<SessionUser> {
      const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
      if (!token) throw new AppError('unauthorized', 'Authentication required');
      const [row] = await db
        .select({ session: sessions, deactivatedAt: users.deactivatedAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, sha256(token)));
      const now = clock.now();
      if (!row || row.session.revokedAt) throw new AppError('unauthorized', userMessages.sessionExpired);
      if (now.getTime() - row.session.lastSeenAt.getTime() > idleMs) {
        await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.session.id));
        throw new AppError('unauthorized', userMessages.sessionExpired);
      }
      if (row.deactivatedAt) throw new AppError('deactivated', DEACTIVATED_MESSAGE);
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
      return { sessionId: row.session.id, userId: row.session.userId };
    },

    async revoke(sessionId: string): Promise<void> {
      await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
    },

    revokeAllOf,

    /** The user's sessions still open (not ended, not idle past the limit), most recently active first. */
    async openOf(userId: string, currentSessionId: string): Promise<SessionView[]> {
      const idleSince = new Date(clock.now().getTime() - idleMs);
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.lastSeenAt, idleSince)))
        .orderBy(desc(sessions.lastSeenAt));
      return rows.map((row) => ({
        id: row.id,
        browser: browserOf(row.userAgent),
        ip: row.clientIp,
        signed_in_at: row.createdAt.toISOString(),
        last_active_at: row.lastSeenAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Ends every session of the user but the current one. */
    endOthers: (userId: string, currentSessionId: string) => revokeAllOf(db, userId, currentSessionId),

    /** Ends one of the user's own sessions; another user's id is unknown. */
    async end(userId: string, sessionId: string): Promise<void> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw new AppError('not_found', TWO_FACTOR_MESSAGES.sessionNotFound);
    },
  };
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A short, readable name for a User-Agent ("Chrome on Windows"); the raw string stays out of the answer. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

export type Sessions = ReturnType<typeof createSessions>;
