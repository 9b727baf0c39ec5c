import { AUDIT_LOG_PAGE_SIZE, csvLine, decodeLogCursor, encodeLogCursor, type AuditLogEntry, type AuditLogPage, type AuditLogQuery } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import type { Audit } from '../../platform/audit.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import { poolOf } from '../../db/pool.js';
import { browserOf } from '../../platform/sessions.js';
import { reportRange, zoned } from '../usage/service.js';

/** The most rows one CSV export carries; narrow the range or the filters for more. */
const CSV_ROW_LIMIT = 100_000;

interface Row {
  id: string;
  created_at: string;
  cursor_at: string;
  actor: string;
  email: string | null;
  action: string;
  client_ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

/**
 * The SQL of the organisation's audit rows under `query`'s filters, newest first: the rows of the
 * organisation, and its members' own rows (sign-ins, two-factor), which belong to no organisation,
 * from the moment each joined it: what a member did before is no business of the organisation.
 */
function auditQuery(organisationId: string, query: Omit<AuditLogQuery, 'cursor'> & { cursor?: string }, limit: number) {
  const values: unknown[] = [organisationId, query.tz];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = [
    `(e.organisation_id = $1::uuid or (e.organisation_id is null and exists (select 1 from memberships m
      where m.organisation_id = $1::uuid and e.actor = 'user:' || m.user_id::text and e.created_at >= m.created_at)))`,
  ];
  if (query.member !== undefined) where.push(`e.actor = ${bind(`user:${query.member}`)}`);
  if (query.action !== undefined) {
    const action = bind(query.action);
    where.push(`(e.action = ${action} or e.action like ${action} || '.%')`);
  }
  const range = reportRange(query);
  if (range) where.push(`e.created_at >= ${bind(range.from)}::timestamptz`, `e.created_at < ${bind(range.to)}::timestamptz`);
  const after = query.cursor === undefined ? undefined : decodeLogCursor(query.cursor);
  if (after) where.push(`(e.created_at, e.id) < (${bind(after.createdAt)}::timestamptz, ${bind(after.requestId)}::uuid)`);
  const text = `select e.id::text as id, ${zoned('e.created_at', '$2::text')} as created_at,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
      e.actor, u.email, e.action, e.client_ip, e.user_agent, e.details
    from audit_events e left join users u on e.actor = 'user:' || u.id::text
    where ${where.join(' and ')} order by e.created_at desc, e.id desc limit ${limit}`;
  return { text, values };
}

const actorOf = (row: Row) =>
  row.email ?? (row.actor.startsWith('operator:') ? 'Verigate operator' : row.actor.startsWith('user:') ? 'Former user' : 'Verigate');

const entryOf = (row: Row): AuditLogEntry => ({
  id: row.id,
  created_at: row.created_at,
  actor: actorOf(row),
  action: row.action,
  ip: row.client_ip,
  browser: row.user_agent === null ? null : browserOf(row.user_agent),
  details: row.details,
});

export const AUDIT_CSV_HEADER = ['time', 'actor', 'action', 'address', 'browser', 'details'] as const;

export function createAuditLogService({ db, audit }: { db: Database; audit: Audit }) {
  const pool = poolOf(db);
  return {
    async page(organisationId: string, query: AuditLogQuery): Promise<AuditLogPage> {
      const { rows } = await pool.query<Row>(auditQuery(organisationId, query, AUDIT_LOG_PAGE_SIZE + 1));
      const page = rows.slice(0, AUDIT_LOG_PAGE_SIZE);
      const last = page.at(-1);
      return { entries: page.map(entryOf), next_cursor: rows.length > AUDIT_LOG_PAGE_SIZE && last ? encodeLogCursor(last.cursor_at, last.id) : null };
    },

    /** The CSV of every row the filters select (at most CSV_ROW_LIMIT), cells neutralised against formulas; the export itself is audited. */
    async csv(organisationId: string, query: AuditLogQuery, actor: string, origin: RequestOrigin): Promise<string> {
      const { rows } = await pool.query<Row>(auditQuery(organisationId, { ...query, cursor: undefined }, CSV_ROW_LIMIT));
      const { cursor: _cursor, ...filters } = query;
      await audit.record(db, { actor, organisationId, action: 'audit_log.exported', details: { filters, rows: rows.length }, origin });
      const lines = rows.map((row) => {
        const entry = entryOf(row);
        return csvLine([entry.created_at, entry.actor, entry.action, entry.ip ?? '', entry.browser ?? '', JSON.stringify(entry.details)]);
      });
      return csvLine(AUDIT_CSV_HEADER) + lines.join('');
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
