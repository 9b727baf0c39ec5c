import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { SessionOpen, SessionView } from '@verigate/catalog/sandbox';
import type { Database } from '../db/client.js';
import { poolOf } from '../db/pool.js';
import { verificationCompleted, type FlowCompleted } from './completions.js';

/**
 * The sandbox's flow sessions (table `sandbox_sessions`): opened by a first step in the
 * transaction that spends its credit, continued by the next step of the same app and product,
 * completed by the hosted page, used up by a verified OTP.
 */
interface SessionRow {
  id: string;
  product_arn: string;
  status: 'OPEN' | 'COMPLETED' | 'USED';
  passed: boolean | null;
  state: Record<string, unknown>;
  completed_at: Date | null;
  expires_at: Date;
}

const COLUMNS = 'id, product_arn, status, passed, state, completed_at, expires_at';

const view = (row: SessionRow): SessionView => ({
  id: row.id,
  productArn: row.product_arn,
  status: row.status === 'COMPLETED' ? 'COMPLETED' : 'OPEN',
  passed: row.passed,
  completedAt: row.completed_at,
  state: row.state,
});

/** A session the app may continue: its own, of the product, not used up, not expired. */
export async function findSession(db: Database, id: string, appId: string, productArn: string, now: Date): Promise<SessionView | null> {
  const { rows } = await poolOf(db).query<SessionRow>({
    name: 'sandbox_find_session',
    text: `select ${COLUMNS} from sandbox_sessions where id = $1::uuid and app_id = $2::uuid and product_arn = $3::text and status <> 'USED' and expires_at > $4::timestamptz`,
    values: [id, appId, productArn, now],
  });
  return rows[0] ? view(rows[0]) : null;
}

/** The state key of the first step's task id, kept for the completion's event (the sandbox never reads it). */
const TASK_ID = 'task_id';

/** Stores the sessions a first step opened, on the connection of its transaction. */
export async function openSessions(
  client: pg.PoolClient,
  sessions: readonly SessionOpen[],
  call: { appId: string; productArn: string; taskId: string },
  now: Date,
): Promise<void> {
  await client.query({
    name: 'sandbox_open_sessions',
    text: `insert into sandbox_sessions (id, app_id, product_arn, state, created_at, expires_at)
      select s.id, $1::uuid, $2::text, s.state, $3::timestamptz, $3::timestamptz + make_interval(mins => s.minutes)
      from jsonb_to_recordset($4::jsonb) as s(id uuid, state jsonb, minutes int)`,
    values: [
      call.appId,
      call.productArn,
      now,
      JSON.stringify(sessions.map(({ id, state, expiresInMinutes = 30 }) => ({ id, state: { ...state, [TASK_ID]: call.taskId }, minutes: expiresInMinutes }))),
    ],
  });
}

/** Uses a session up, once: false when another call got there first. */
export async function useSession(client: pg.PoolClient, id: string): Promise<boolean> {
  const { rowCount } = await client.query({
    name: 'sandbox_use_session',
    text: `update sandbox_sessions set status = 'USED' where id = $1::uuid and status <> 'USED'`,
    values: [id],
  });
  return (rowCount ?? 0) > 0;
}

/** A session as its hosted page shows it, whoever asks (its id is the secret). */
export async function sessionForPage(db: Database, id: string, now: Date): Promise<(SessionView & { used: boolean }) | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await poolOf(db).query<SessionRow>({
    name: 'sandbox_page_session',
    text: `select ${COLUMNS} from sandbox_sessions where id = $1::uuid and expires_at > $2::timestamptz`,
    values: [id, now],
  });
  return rows[0] ? { ...view(rows[0]), used: rows[0].status === 'USED' } : null;
}

/**
 * The hosted page's outcome: the customer passed or failed the check. The session's change and
 * `onCompleted`'s writes commit together, so the event exists exactly when the completion does.
 * False unless the session was open.
 */
export async function completeSession(db: Database, id: string, passed: boolean, now: Date, onCompleted: FlowCompleted): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ app_id: string; organisation_id: string; product_arn: string; task_id: string | null }>(sql`
      update sandbox_sessions s set status = 'COMPLETED', passed = ${passed}, completed_at = ${now}
        from apps a
       where s.id = ${id}::uuid and s.status = 'OPEN' and s.expires_at > ${now} and a.id = s.app_id
      returning s.app_id::text, a.organisation_id::text, s.product_arn, s.state ->> ${TASK_ID}::text as task_id`);
    const completed = rows[0];
    if (!completed) return false;
    await onCompleted(
      tx,
      completed.organisation_id,
      verificationCompleted({
        requestId: id,
        taskId: completed.task_id,
        productArn: completed.product_arn,
        env: 'test',
        appId: completed.app_id,
        passed,
        completedAt: now,
      }),
    );
    return true;
  });
}
