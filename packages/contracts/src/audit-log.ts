import { z } from 'zod';
import { decodeLogCursor } from './logs.js';
import { dateField, requireRange, timeZoneField } from './reports.js';

/**
 * The organisation's security history (owners and admins): every audited change and sign-in of
 * its members, newest first. Paths under /api:
 *
 *   GET /audit-log       a page of 50 (auditLogQuery) → AuditLogPage
 *   GET /audit-log.csv   every row of the filters as CSV (a range of at most a year)
 *
 * `action` filters by an exact action or a family (`member`, `key`, `user.sign_in_failed`, …).
 * Verigate deletes no audit row: the history goes back to the organisation's first day.
 */
export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_MAX_RANGE_DAYS = 366;
export const auditLogPath = '/audit-log';
export const auditLogCsvPath = '/audit-log.csv';

export const AUDIT_LOG_MESSAGES = {
  invalidCursor: 'cursor is not one this list gave',
  invalidAction: 'action must name an action or a family of actions, such as member or key.created',
} as const;

export const auditLogQuery = z
  .strictObject({
    member: z.uuid({ error: 'member must be a member id' }).optional(),
    action: z
      .string()
      .regex(/^[a-z_]+(\.[a-z_]+)?$/, { error: AUDIT_LOG_MESSAGES.invalidAction })
      .max(80, { error: AUDIT_LOG_MESSAGES.invalidAction })
      .optional(),
    start_date: dateField.optional(),
    end_date: dateField.optional(),
    tz: timeZoneField,
    cursor: z
      .string()
      .refine((text) => decodeLogCursor(text) !== undefined, { error: AUDIT_LOG_MESSAGES.invalidCursor })
      .optional(),
  })
  .superRefine((value, context) => requireRange(value, AUDIT_LOG_MAX_RANGE_DAYS, context, true));
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  /** The member's email, or who else acted ("Verigate operator", "Verigate"). */
  actor: z.string(),
  action: z.string(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogPage = z.object({ entries: z.array(auditLogEntry), next_cursor: z.string().nullable() });
export type AuditLogPage = z.infer<typeof auditLogPage>;
