import nodemailer, { type Transporter } from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { escapeHtml } from './html.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Whether messages stay in the local outbox (no SMTP server configured). */
  readonly local: boolean;
}

/**
 * nodemailer composes every message. With SMTP_URL it is delivered; without, it is kept in the
 * database outbox so /dev/mailbox can show it (and tests can follow its links).
 */
export function createMailer(db: Database, options: { smtpUrl?: string | undefined; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      local: false,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const composer = nodemailer.createTransport({ jsonTransport: true });
  return {
    local: true,
    async send(message) {
      const info = await composer.sendMail({ from: options.from, ...message });
      const composed = JSON.parse(String(info.message)) as { to: Array<{ address: string }>; subject: string; text: string; html: string };
      await db.insert(mailOutbox).values({
        recipient: composed.to.map((to) => to.address).join(', '),
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
      });
    },
  };
}

export async function listOutbox(db: Database, limit = 200) {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A plain transactional email: greeting, paragraphs and one call-to-action link, as HTML and text. */
export function actionEmail(input: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: { label: string; url: string };
  footer: string;
}): MailMessage {
  const paragraphs = input.lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#1c4ed8;margin:0 0 24px">Verigate</p>
<p style="margin:0 0 16px">${escapeHtml(input.greeting)}</p>${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#1c4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(input.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, open this link: <a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.url)}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(input.footer)}</p></td></tr></table></td></tr></table></body></html>`;
  const text = [input.greeting, '', ...input.lines, '', `${input.action.label}: ${input.action.url}`, '', input.footer].join('\n');
  return { to: input.to, subject: input.subject, html, text };
}
