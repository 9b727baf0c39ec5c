import { formatRupees, paiseToRupees } from '@verigate/contracts';
import { actionEmail, type MailMessage } from '../../platform/mail.js';

const BILLING_PATH = '/application/billing';

/** A PREPAID balance went below the alert balance. */
export function lowBalanceEmail(to: string, publicUrl: string, balancePaise: number, alertPaise: number): MailMessage {
  return actionEmail({
    to,
    subject: 'Your Verigate wallet balance is low',
    greeting: 'Hello,',
    lines: [
      `Your wallet balance is ${formatRupees(paiseToRupees(balancePaise))}, below your alert balance of ${formatRupees(paiseToRupees(alertPaise))}.`,
      'Live calls are refused once the balance runs out. Add balance to keep them going.',
    ],
    action: { label: 'Open Billing', url: `${publicUrl}${BILLING_PATH}` },
    footer: 'You get this email once each time the balance falls below your alert balance; change it on the Billing page.',
  });
}

/** A POSTPAID day's consumption passed the daily consumption limit. */
export function dailyLimitEmail(to: string, publicUrl: string, consumedPaise: number, limitPaise: number, day: string): MailMessage {
  return actionEmail({
    to,
    subject: 'Your Verigate daily consumption passed its limit',
    greeting: 'Hello,',
    lines: [
      `Live calls on ${day} have consumed ${formatRupees(paiseToRupees(consumedPaise))}, more than your daily consumption limit of ${formatRupees(paiseToRupees(limitPaise))}.`,
      'Calls are not stopped on a POSTPAID plan; this is a notice.',
    ],
    action: { label: 'Open Billing', url: `${publicUrl}${BILLING_PATH}` },
    footer: 'You get this email at most once a day; change the limit on the Billing page.',
  });
}

/** A PREPAID balance went below one of the thresholds set as percentages of the plan amount. */
export function thresholdEmail(to: string, publicUrl: string, balancePaise: number, thresholdPaise: number, percent: number): MailMessage {
  return actionEmail({
    to,
    subject: `Your Verigate wallet balance fell below ${percent}% of your plan`,
    greeting: 'Hello,',
    lines: [
      `Your wallet balance is ${formatRupees(paiseToRupees(balancePaise))}, below ${formatRupees(paiseToRupees(thresholdPaise))} (${percent}% of your plan amount).`,
      'Live calls are refused once the balance runs out. Add balance to keep them going.',
    ],
    action: { label: 'Open Billing', url: `${publicUrl}${BILLING_PATH}` },
    footer: 'You get this email once each time the balance falls below this threshold; change the thresholds on the Billing page.',
  });
}
