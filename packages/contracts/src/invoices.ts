import { z } from 'zod';
import { dateField } from './reports.js';

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

// ── Statements and the ledger ────────────────────────────────────────────────────────────────

/** How many days apart the ledger download's dates may be: one year. */
export const LEDGER_MAX_DAYS = 365;
export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_MESSAGES = {
  invalidMonth: 'Choose a month as YYYY-MM',
  beforeEarliest: 'Statements start from January 2020',
  futureMonth: 'Statements are available up to the current month',
  invalidFormat: 'Choose a statement format: pdf or csv',
} as const;

/** A month's statement of the wallet (`YYYY-MM`, Asia/Kolkata), as a PDF or CSV. */
export const statementPath = (month: string) => `/statements/${month}`;
export const statementParams = z.strictObject({
  month: z
    .string()
    .max(7, STATEMENT_MESSAGES.invalidMonth)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, STATEMENT_MESSAGES.invalidMonth),
});
export const statementQuery = z.strictObject({ format: z.enum(STATEMENT_FORMATS, { error: STATEMENT_MESSAGES.invalidFormat }) });

/** Every wallet ledger entry of a date range (calendar days, Asia/Kolkata, both included), as CSV. */
export const ledgerCsvPath = '/ledger.csv';
export const ledgerQuery = z.strictObject({ start_date: dateField, end_date: dateField });
export type LedgerQuery = z.infer<typeof ledgerQuery>;

/** The ledger CSV's columns; amounts in rupees, times in Asia/Kolkata. */
export const LEDGER_CSV_COLUMNS = ['Date', 'Type', 'Reference', 'Product', 'Amount (INR)', 'Balance after (INR)'] as const;
/** The statement CSV's columns: one line each for the opening balance, a credit, a product's charges of a day, an adjustment and the closing balance. */
export const STATEMENT_CSV_COLUMNS = ['Section', 'Date', 'Description', 'Product', 'Calls', 'Amount (INR)'] as const;
