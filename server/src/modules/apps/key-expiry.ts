import { KEY_EXPIRY_REMINDER_DAYS } from '@verigate/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { announceCredentialChange } from '../../platform/change-feed.js';
import { actionEmail, type MailMessage } from '../../platform/mail.js';

interface Expiring extends Record<string, unknown> {
  organisation_id: string;
  app_id: string;
  app_name: string;
  key_name: string;
  key_start: string;
  /** UTC, 'YYYY-MM-DD HH:MM'. */
  expires_on: string;
}

/**
 * Claims the keys due for the `days` reminder: enabled, not rolled, expiring within `days`, and
 * not yet reminded this close to expiry. The update is the claim, so of two instances running the
 * sweep at once only one gets each key.
 */
const claim = (now: Date, days: number) => sql`
update app_keys as k
   set expiry_reminded_days = ${days}
  from apps a
 where a.id = k.app_id
   and k.status = 'ENABLED'
   and k.rolled_at is null
   and k.expires_at > ${now}
   and k.expires_at <= ${now}::timestamptz + make_interval(days => ${days}::int)
   and coalesce(k.expiry_reminded_days, 32767) > ${days}
returning a.organisation_id::text, a.id::text as app_id, a.name as app_name, k.key_name, k.key_start,
          to_char(k.expires_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as expires_on`;

const owners = (organisationId: string) => sql`
select u.email from memberships m join users u on u.id = m.user_id
 where m.organisation_id = ${organisationId}::uuid and m.role = 'owner' order by m.created_at`;

/** Expired keys are switched off, so the portal shows them disabled and they can be deleted. */
const disableExpired = (now: Date) => sql`
update app_keys set status = 'DISABLED', updated_at = ${now}
 where status = 'ENABLED' and expires_at <= ${now}
returning app_id::text`;

function reminderEmail(to: string, publicUrl: string, key: Expiring, days: number): MailMessage {
  return actionEmail({
    to,
    subject: `Your API key ${key.key_name} expires in ${days === 1 ? '1 day' : `${days} days`}`,
    greeting: 'Hello,',
    lines: [
      `The API key ${key.key_name} (${key.key_start}…) of the app ${key.app_name} expires on ${key.expires_on} UTC.`,
      'Calls made with it are refused from then on. Roll the key to get its replacement before it expires.',
    ],
    action: { label: 'Open the app', url: `${publicUrl}/application/manage-apps/${key.app_id}` },
    footer: 'Every owner of the organisation gets this reminder 7 days and 1 day before a key expires.',
  });
}

/**
 * The key-expiry job: the reminders due (the nearer one first, so a key found within a day gets
 * only that one), each claimed and its emails queued in one transaction, so each reminder is sent
 * once however many instances run the job; then the expired keys are switched off.
 */
export async function sweepKeyExpiry(
  db: Database,
  enqueue: (executor: Executor, message: MailMessage) => Promise<void>,
  publicUrl: string,
  now: Date,
): Promise<{ reminded: number; disabled: number }> {
  let reminded = 0;
  for (const days of [...KEY_EXPIRY_REMINDER_DAYS].sort((a, b) => a - b)) {
    reminded += await db.transaction(async (tx) => {
      const { rows } = await tx.execute<Expiring>(claim(now, days));
      const emails = new Map<string, string[]>();
      for (const key of rows) {
        if (!emails.has(key.organisation_id))
          emails.set(
            key.organisation_id,
            (await tx.execute<{ email: string }>(owners(key.organisation_id))).rows.map((row) => row.email),
          );
        for (const email of emails.get(key.organisation_id)!) await enqueue(tx, reminderEmail(email, publicUrl, key, days));
      }
      return rows.length;
    });
  }
  const disabled = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ app_id: string }>(disableExpired(now));
    for (const appId of new Set(rows.map((row) => row.app_id))) await announceCredentialChange(tx, appId);
    return rows.length;
  });
  return { reminded, disabled };
}
