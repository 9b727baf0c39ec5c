import { formatRupees } from '@verigate/contracts';
import { escapeHtml } from '../../platform/html.js';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1f2937}main{max-width:520px;margin:0 auto;padding:32px 16px}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 3px #0002;padding:24px;margin:0 0 16px}h1{font-size:20px;margin:0 0 4px}.muted{color:#6b7280;font-size:14px}
.amount{font-size:32px;font-weight:700;margin:16px 0}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;font-size:14px}dt{color:#6b7280}dd{margin:0;word-break:break-all}
form{display:inline}button{font:inherit;border:0;border-radius:6px;padding:10px 18px;margin:8px 8px 0 0;cursor:pointer}button:focus-visible{outline:3px solid #1c4ed8;outline-offset:2px}
.pay{background:#1c4ed8;color:#fff}.fail{background:#fee2e2;color:#991b1b}.cancel{background:#e5e7eb;color:#1f2937}table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The sandbox provider's hosted checkout: the link's amount and three outcomes, each a plain form. */
export function checkoutPage(link: { linkId: string; orderId: string; amountRupees: number; breakdown: string; expiresAt: Date | null }): string {
  const button = (outcome: string, label: string) =>
    `<form method="post" action="/checkout/${escapeHtml(link.linkId)}"><input type="hidden" name="outcome" value="${outcome}"><button class="${outcome}" type="submit">${label}</button></form>`;
  return page(
    'Sandbox checkout',
    `<div class="card"><h1>Verigate sandbox checkout</h1><p class="muted">A stand-in for a payment provider: no money moves. The outcome you choose is sent to Verigate as a signed webhook.</p>
<p class="amount">${escapeHtml(formatRupees(link.amountRupees))}</p><p class="muted">${escapeHtml(link.breakdown)}</p>
<dl><dt>Order</dt><dd>${escapeHtml(link.orderId)}</dd><dt>Link</dt><dd>${escapeHtml(link.linkId)}</dd>${link.expiresAt ? `<dt>Expires</dt><dd>${escapeHtml(link.expiresAt.toUTCString())}</dd>` : ''}</dl>
${button('pay', 'Pay')}${button('fail', 'Fail')}${button('cancel', 'Cancel')}</div>`,
  );
}

/** A link that can no longer be paid, with the way back to the portal's callback page. */
export function closedLinkPage(status: string, callbackUrl: string): string {
  return page(
    'Payment link closed',
    `<div class="card"><h1>This payment link is ${escapeHtml(status.toLowerCase())}</h1><p class="muted">It cannot be paid any more.</p><p><a href="${escapeHtml(callbackUrl)}">Back to Verigate</a></p></div>`,
  );
}

/** Development only: simulate the bank transfer an organisation owes for its requested plan (its amount plus GST). */
export function transferPage(
  pending: Array<{ organisationId: string; organisation: string; plan: string; breakdown: string; accountNumber: string }>,
  notice: string | null,
): string {
  const rows = pending
    .map(
      (
        item,
      ) => `<tr><td>${escapeHtml(item.organisation)}</td><td>${escapeHtml(item.plan)}</td><td>${escapeHtml(item.breakdown)}</td><td>${escapeHtml(item.accountNumber)}</td>
<td><form method="post" action="/dev/transfers"><input type="hidden" name="organisationId" value="${escapeHtml(item.organisationId)}"><button class="pay" type="submit">Simulate NEFT transfer</button></form></td></tr>`,
    )
    .join('');
  const table = pending.length
    ? `<table><thead><tr><th>Organisation</th><th>Plan</th><th>Amount due</th><th>Virtual account</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted">No organisation is waiting to pay for a plan. Request a plan on the plans screen first.</p>';
  return page(
    'Simulated bank transfers',
    `<div class="card"><h1>Simulated bank transfers</h1><p class="muted">Development only: records the NEFT/IMPS transfer an operator would record with <code>npm run admin -- record-transfer</code>.</p>${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}${table}</div>`,
  );
}
