import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { auditEvents } from '../db/schema.js';
import type { RequestOrigin } from './request-origin.js';

export interface AuditEntry {
  /** `user:<id>` or `operator:<name>` */
  actor: string;
  organisationId: string | null;
  action: string;
  details?: Record<string, unknown>;
  /** The portal request that made the change; null for what the server does on its own or for a payment gateway. */
  origin: RequestOrigin | null;
}

/** Who did what and when. Never pass a secret in `details`. */
export function createAudit(db: Database) {
  return {
    /**
     * Writes the entry in `tx`, the transaction of the change it records: a change that rolls
     * back leaves no entry, and a committed change always has one. A refusal that changes
     * nothing is recorded on its own (`tx` is then the database).
     */
    async record(tx: Executor, entry: AuditEntry): Promise<void> {
      await tx.insert(auditEvents).values({
        actor: entry.actor,
        organisationId: entry.organisationId,
        action: entry.action,
        details: entry.details ?? {},
        clientIp: entry.origin?.clientIp ?? null,
        userAgent: entry.origin?.userAgent ?? null,
      });
    },

    /** The latest entries, newest first: all of them, or one organisation's. */
    async latest(organisationId?: string, limit = 200) {
      const query = db.select().from(auditEvents);
      const rows = await (organisationId ? query.where(eq(auditEvents.organisationId, organisationId)) : query)
        .orderBy(desc(auditEvents.createdAt))
        .limit(limit);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
