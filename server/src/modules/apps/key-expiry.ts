import { KEY_EXPIRY_REMINDER_DAYS } from '@verigate/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { ownerEmails } from '../../db/owners.js';
import { announceCredentialChange } from '../../platform/change-feed.js';
import { actionEmail, type MailMessage } from '../../platform/mail.js';
import type { WebhookEmitter } from '../webhooks/service.js';

interface Expiring extends Record<string, unknown> {
  organisation_id: string;
  app_id: string;
  app_name: string;
  key_name: string;
  key_start: string;
  /** UTC, 'YYYY-MM-DD HH:MM'. */
  expires_on: string;
  expires_at: string;
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
          to_char(k.expires_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as expires_on,
          to_char(k.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at`;

/** Expired keys are switched off, so the portal shows them disabled and they can be deleted. */
const disableExpired = (now: Date) => sql`
update app_keys as k set status = 'DISABLED', updated_at = ${now}
  from apps a
 where a.id = k.app_id and k.status = 'ENABLED' and k.expires_at <= ${now}
returning a.organisation_id::text, k.app_id::text, k.key_name, k.key_start`;

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
  emit: WebhookEmitter['emit'],
): Promise<{ reminded: number; disabled: number }> {
  let reminded = 0;
  for (const days of [...KEY_EXPIRY_REMINDER_DAYS].sort((a, b) => a - b)) {
    reminded += await db.transaction(async (tx) => {
      const { rows } = await tx.execute<Expiring>(claim(now, days));
      const emails = new Map<string, string[]>();
      for (const key of rows) {
        if (!emails.has(key.organisation_id)) emails.set(key.organisation_id, await ownerEmails(tx, key.organisation_id));
        for (const email of emails.get(key.organisation_id)!) await enqueue(tx, reminderEmail(email, publicUrl, key, days));
        await emit(tx, key.organisation_id, 'key.expiring', {
          app_id: key.app_id,
          key_name: key.key_name,
          key_start: key.key_start,
          expires_at: key.expires_at,
          days,
        });
      }
      return rows.length;
    });
  }
  const disabled = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ organisation_id: string; app_id: string; key_name: string; key_start: string }>(disableExpired(now));
    for (const appId of new Set(rows.map((row) => row.app_id))) await announceCredentialChange(tx, appId);
    for (const key of rows) {
      await emit(tx, key.organisation_id, 'key.disabled', { app_id: key.app_id, key_name: key.key_name, key_start: key.key_start, reason: 'expired' });
    }
    return rows.length;
  });
  return { reminded, disabled };
}
