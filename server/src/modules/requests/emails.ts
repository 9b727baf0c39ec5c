import { actionEmail, type MailMessage } from '../../platform/mail.js';

/** A customer's request, as the provider's team receives it. */
export function teamRequestEmail(to: string, publicUrl: string, request: { subject: string; lines: string[] }): MailMessage {
  return actionEmail({
    to,
    subject: request.subject,
    greeting: 'Hello team,',
    lines: request.lines,
    action: { label: 'Open the portal', url: publicUrl },
    footer: 'Sent by Verigate when a customer registers a request. Answer it with the back office (npm run admin).',
  });
}
