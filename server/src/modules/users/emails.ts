import { actionEmail, type MailMessage } from '../../platform/mail.js';

export function verificationEmail(to: string, firstName: string, url: string, expiresInMinutes: number): MailMessage {
  return actionEmail({
    to,
    subject: 'Verify your email for Verigate',
    greeting: `Hi ${firstName},`,
    lines: [
      'Thanks for signing up for Verigate. Please verify your email address and create your password to continue.',
      `This link expires in ${expiresInMinutes} minutes and can be used once.`,
    ],
    action: { label: 'Verify email', url },
    footer: 'If you did not sign up for Verigate, you can ignore this email.',
  });
}

export function passwordResetEmail(to: string, firstName: string, url: string, expiresInMinutes: number): MailMessage {
  return actionEmail({
    to,
    subject: 'Reset your Verigate password',
    greeting: `Hi ${firstName},`,
    lines: ['We received a request to reset the password of your Verigate account.', `This link expires in ${expiresInMinutes} minutes and can be used once.`],
    action: { label: 'Reset password', url },
    footer: 'If you did not ask for a password reset, you can ignore this email; your password stays the same.',
  });
}
