import { INVITATION_VALID_DAYS, ROLE_LABELS, type Role } from '@verigate/contracts';
import { actionEmail, type MailMessage } from '../../platform/mail.js';

/** The invitation link, valid INVITATION_VALID_DAYS days and good for one use. */
export function invitationEmail(to: string, link: string, invitation: { organisationName: string; role: string; inviterName: string }): MailMessage {
  const role = ROLE_LABELS[invitation.role as Role] ?? invitation.role;
  return actionEmail({
    to,
    subject: `${invitation.inviterName || 'A colleague'} invited you to ${invitation.organisationName} on Verigate`,
    greeting: 'Hello,',
    lines: [
      `${invitation.inviterName || 'A colleague'} invited you to join ${invitation.organisationName} on Verigate as ${role}.`,
      `The link works once and is valid for ${INVITATION_VALID_DAYS} days. Sign up or sign in with this email address (${to}) to accept it.`,
    ],
    action: { label: 'Accept the invitation', url: link },
    footer: 'You get this email because a member of an organisation on Verigate invited you. If you did not expect it, ignore it.',
  });
}
