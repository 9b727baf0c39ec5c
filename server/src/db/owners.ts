import { sql } from 'drizzle-orm';
import type { Role } from '@verigate/contracts';
import type { Executor } from './client.js';

/**
 * The emails of an organisation's members of `roles` (its owners unless said), the earliest member
 * first, deactivated users excepted: who is told of a change nobody asked for.
 */
export async function ownerEmails(executor: Executor, organisationId: string, roles: readonly Role[] = ['owner']): Promise<string[]> {
  const { rows } = await executor.execute<{ email: string }>(sql`
    select u.email from memberships m join users u on u.id = m.user_id
     where m.organisation_id = ${organisationId}::uuid and m.role = any(${sql.param(roles)}::text[]) and u.deactivated_at is null
     order by m.created_at`);
  return rows.map((row) => row.email);
}
