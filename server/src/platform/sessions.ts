import { and, eq, isNull, ne } from 'drizzle-orm';
import { DEACTIVATED_MESSAGE, userMessages } from '@verigate/contracts';
import type { Database, Executor } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
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
  return {
    async open(userId: string, clientIp: string): Promise<string> {
      const token = randomToken(32);
      await db.insert(sessions).values({ userId, tokenHash: sha256(token), clientIp, lastSeenAt: clock.now() });
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

    /** Ends every session of a user but one (after a password change), or all of them, in `tx`: the transaction of that change. */
    async revokeAllOf(tx: Executor, userId: string, except?: string): Promise<void> {
      const others = except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId);
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(others, isNull(sessions.revokedAt)));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
