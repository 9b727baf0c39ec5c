import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/** The emails of an organisation's owners, the first owner first: who is told of a change nobody asked for. */
export async function ownerEmails(executor: Executor, organisationId: string): Promise<string[]> {
  const { rows } = await executor.execute<{ email: string }>(sql`
    select u.email from memberships m join users u on u.id = m.user_id
     where m.organisation_id = ${organisationId}::uuid and m.role = 'owner' order by m.created_at`);
  return rows.map((row) => row.email);
}
