import { formatRupees, paiseToRupees } from '@verigate/contracts';
import { actionEmail, type MailMessage } from '../../platform/mail.js';

/** Where the Billing page opens on its Invoices tab. */
export const INVOICES_TAB_PATH = '/application/billing?tab=invoices';

/** A new tax invoice or receipt, to each of the organisation's owners. */
export function invoiceEmail(input: { to: string; publicUrl: string; label: string; number: string; totalPaise: number }): MailMessage {
  return actionEmail({
    to: input.to,
    subject: `Your Verigate ${input.label} ${input.number}`,
    greeting: 'Hello,',
    lines: [
      `Thank you for your payment of ${formatRupees(paiseToRupees(input.totalPaise))}. Your ${input.label} ${input.number} is ready.`,
      'Download it as a PDF from the Invoices tab of the Billing page.',
    ],
    action: { label: 'Open Invoices', url: `${input.publicUrl}${INVOICES_TAB_PATH}` },
    footer: 'You get this email for every payment to your organisation, as one of its owners.',
  });
}
