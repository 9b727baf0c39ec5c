import { actionEmail, type MailMessage } from '../../platform/mail.js';

/** The activation request as the provider's team receives it: who asks, and the KYC details on file. */
export function activationRequestEmail(to: string, publicUrl: string, organisation: { id: string; name: string }, kyc: Record<string, string>): MailMessage {
  return actionEmail({
    to,
    subject: `${organisation.name} requests account activation`,
    greeting: 'Hello team,',
    lines: [
      `Organisation: ${organisation.name} (${organisation.id})`,
      ...Object.entries(kyc).map(([field, value]) => `${field}: ${value}`),
      `Review the documents with: npm run admin -- activation-requests, then: npm run admin -- activate ${organisation.id}`,
    ],
    action: { label: 'Open the portal', url: publicUrl },
    footer: 'Sent by Verigate when a customer requests production access.',
  });
}

/** The requester's copy: the request reached the team. */
export function activationReceivedEmail(to: string, publicUrl: string, organisationName: string): MailMessage {
  return actionEmail({
    to,
    subject: 'We have received your activation request',
    greeting: 'Hello,',
    lines: [
      `The activation request of ${organisationName} has been sent to our team with your KYC details.`,
      'We will review it and activate your account; you can then choose a plan and go live.',
    ],
    action: { label: 'Open Verigate', url: `${publicUrl}/application/dashboard` },
    footer: 'You get this email because you requested production access on Verigate.',
  });
}
