import { z } from 'zod';

/**
 * GST documents of payments: a tax invoice for each plan payment, a receipt voucher for each
 * wallet top-up. Amounts are rupees on the wire (paise in the database), dates epoch milliseconds.
 */
export const INVOICE_KINDS = ['tax_invoice', 'receipt'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { tax_invoice: 'Tax Invoice', receipt: 'Receipt Voucher' };

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
} as const;

export const invoicesPath = '/invoices';
export const invoicePdfPath = (invoiceId: string) => `/invoices/${invoiceId}/pdf`;

export const invoiceSummary = z.strictObject({
  id: z.string(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** The financial year, e.g. '2026-27'. */
  financial_year: z.string(),
  issued_at: z.number(),
  /** The payment's order id, as Payment History shows it. */
  order_id: z.string(),
  taxable_value: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;
/** GET /invoices: the organisation's invoices and receipts, newest first. */
export const invoiceList = z.array(invoiceSummary);

/** Any text is accepted, so a malformed id is as unknown (404) as another organisation's. */
export const invoiceIdParam = z.strictObject({ invoiceId: z.string().max(100) });
