import type { Database } from '../db/client.js';
import { auditEvents } from '../db/schema.js';

export interface AuditEntry {
  /** `user:<id>` or `operator:<name>` */
  actor: string;
  organisationId: string | null;
  action: string;
  details?: Record<string, unknown>;
  clientIp?: string | null;
}

/** Records who did what and when. Never pass a secret in `details`. */
export function createAudit(db: Database) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditEvents).values({
        actor: entry.actor,
        organisationId: entry.organisationId,
        action: entry.action,
        details: entry.details ?? {},
        clientIp: entry.clientIp ?? null,
      });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
