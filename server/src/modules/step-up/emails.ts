import type { MailMessage } from '../../platform/mail.js';
import { escapeHtml } from '../../platform/html.js';

const PURPOSE_TEXT: Record<string, string> = {
  zpin_create: 'create your ZPIN',
  zpin_update: 'reset your ZPIN',
  step_up: 'confirm a change to your apps',
};

/** The code is in the body only: a subject line shows on lock screens and in notification previews. */
export function otpEmail(to: string, firstName: string, otp: string, purpose: string, minutes: number): MailMessage {
  const why = PURPOSE_TEXT[purpose] ?? 'confirm a sensitive change';
  const lines = [
    `Hi ${firstName},`,
    `Your Verigate verification code to ${why} is:`,
    otp,
    `It expires in ${minutes} minutes and works once. If you did not ask for it, change your password.`,
  ];
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f4f6fb;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:28px"><p style="font-size:20px;font-weight:bold;color:#1c4ed8;margin:0 0 20px">Verigate</p>
<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${otp}</p><p style="color:#6b7280;font-size:13px">${escapeHtml(lines[3]!)}</p></div></body></html>`;
  return { to, subject: 'Your Verigate verification code', text: lines.join('\n\n'), html };
}
