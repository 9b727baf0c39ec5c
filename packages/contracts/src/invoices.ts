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

/** GST state codes (the first two digits of a GSTIN) and the states and union territories they name. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

export const BILLING_DETAILS_MESSAGES = {
  legalName: 'Enter the legal name to bill (up to 200 characters)',
  address: 'Enter the billing address (up to 300 characters)',
  state: 'Choose the state of the billing address',
  saved: 'Your billing details have been saved',
} as const;

/** Text a person types on one or several lines: trimmed, no control characters but line breaks. */
const billingText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .regex(/^(?:[^\p{Cc}]|\n)*$/u, message);

/**
 * Who invoices are made out to, when it differs from what the organisation's KYC says: the legal
 * name and the billing address with its state. A new invoice copies them; issued ones keep theirs.
 */
export const billingDetails = z.strictObject({
  legal_name: billingText(200, BILLING_DETAILS_MESSAGES.legalName),
  address: billingText(300, BILLING_DETAILS_MESSAGES.address),
  state_code: z.string({ error: BILLING_DETAILS_MESSAGES.state }).refine((code) => Object.hasOwn(GST_STATES, code), BILLING_DETAILS_MESSAGES.state),
});
export type BillingDetails = z.infer<typeof billingDetails>;
/** GET answers the saved details, or null before any are saved. */
export const billingDetailsAnswer = billingDetails.nullable();
export const billingDetailsPath = '/invoices/billing-details';

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
