import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  INVOICE_KIND_LABELS,
  INVOICE_MESSAGES,
  paiseToRupees,
  type BillingDetails,
  type InvoiceKind,
  type InvoiceSummary,
  type LedgerQuery,
  type StatementFormat,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { ownerEmails } from '../../db/owners.js';
import { billingDetails, invoices, payments } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { BillingService } from '../billing/service.js';
import type { OrganisationService } from '../organisations/service.js';
import { invoiceEmail } from './emails.js';
import { financialYearOf, invoiceNumber, splitGst, stateLabel, stateOfGstin } from './gst.js';
import { renderInvoicePdf, type Supplier } from './pdf.js';
import { renderStatementPdf } from './statement-pdf.js';
import { ledgerCsv, ledgerPeriod, statementCsv, statementLines, statementPeriod, type Statement } from './statements.js';

type InvoiceRow = typeof invoices.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DESCRIPTION: Record<InvoiceKind, string> = {
  tax_invoice: 'Verigate identity verification API plan',
  receipt: 'Advance towards verification API services (prepaid wallet top-up)',
};

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  mailQueue: MailQueue;
  config: Pick<Config, 'PUBLIC_URL' | 'PROVIDER_NAME' | 'PROVIDER_ADDRESS' | 'PROVIDER_GSTIN' | 'PROVIDER_STATE_CODE' | 'SAC_CODE' | 'GST_RATE_PERCENT'>;
  organisations: Pick<OrganisationService, 'get'>;
  billing: Pick<BillingService, 'balanceBefore' | 'entries' | 'moneyEntries' | 'dailyCharges'>;
}

/** The payment an invoice is issued for, as the payments module holds it. */
export interface PaidPayment {
  id: string;
  organisationId: string;
  orderId: string;
  /** What was paid, GST included: the document's total. */
  amountPaise: number;
  /** The pre-tax value: the document's taxable value. */
  taxablePaise: number;
}

/**
 * GST documents of payments: a tax invoice for each plan payment and a receipt voucher for each
 * wallet top-up, issued in the transaction that records the payment, so a payment never exists
 * without its document nor a number without its payment.
 */
export function createInvoiceService({ db, clock, audit, mailQueue, config, organisations, billing }: Dependencies) {
  const supplier: Supplier = {
    name: config.PROVIDER_NAME,
    address: config.PROVIDER_ADDRESS,
    gstin: config.PROVIDER_GSTIN,
    stateCode: config.PROVIDER_STATE_CODE,
    sacCode: config.SAC_CODE,
  };

  /**
   * The next number of a series, in the caller's transaction: one statement moves the counter and
   * holds its row until commit, so parallel payments queue on it and take consecutive numbers, and
   * a payment that rolls back gives its number back.
   */
  async function nextSequence(tx: Executor, financialYear: string, kind: InvoiceKind): Promise<number> {
    const { rows } = await tx.execute<{ last_sequence: number }>(sql`
      insert into invoice_counters (financial_year, kind, last_sequence) values (${financialYear}, ${kind}, 1)
      on conflict (financial_year, kind) do update set last_sequence = invoice_counters.last_sequence + 1
      returning last_sequence`);
    return Number(rows[0]!.last_sequence);
  }

  const summaryOf = (row: InvoiceRow, orderId: string): InvoiceSummary => ({
    id: row.id,
    number: row.number,
    kind: row.kind as InvoiceKind,
    financial_year: row.financialYear,
    issued_at: row.issuedAt.getTime(),
    order_id: orderId,
    taxable_value: paiseToRupees(row.taxablePaise),
    cgst: paiseToRupees(row.cgstPaise),
    sgst: paiseToRupees(row.sgstPaise),
    igst: paiseToRupees(row.igstPaise),
    total: paiseToRupees(row.totalPaise),
  });

  /** A month of the wallet, reconciled to its ledger: the closing balance is every entry before the month's end. */
  async function statement(organisationId: string, month: string): Promise<Statement> {
    const period = statementPeriod(month, clock.now());
    const [organisation, openingPaise, closingPaise, money, charges] = await Promise.all([
      organisations.get(organisationId),
      billing.balanceBefore(organisationId, period.from),
      billing.balanceBefore(organisationId, period.to),
      billing.moneyEntries(organisationId, period.from, period.to),
      billing.dailyCharges(organisationId, period.from, period.to),
    ]);
    const paymentIds = money.flatMap((entry) => (entry.reference.startsWith('payment:') ? [entry.reference.slice('payment:'.length)] : []));
    const documents = paymentIds.length
      ? await db
          .select({ paymentId: invoices.paymentId, number: invoices.number })
          .from(invoices)
          .where(and(eq(invoices.organisationId, organisationId), inArray(invoices.paymentId, paymentIds)))
      : [];
    return {
      month,
      lastDay: period.lastDay,
      organisationName: organisation.name,
      openingPaise,
      ...statementLines(money, new Map(documents.map((document) => [document.paymentId, document.number]))),
      charges,
      closingPaise,
    };
  }

  return {
    /**
     * Issues the payment's document in `tx` (the payment's own transaction) and queues its email to
     * the organisation's owners there too. The customer is whoever the organisation is now: its
     * billing details (else its registered name) and the GSTIN of its KYC form. The place of
     * supply is the GSTIN's state, else the billing address's; with neither on record it is where
     * the provider is (IGST Act s. 12(2)(b)). Without a GSTIN it is a B2C invoice.
     */
    async issue(tx: Executor, kind: InvoiceKind, payment: PaidPayment): Promise<InvoiceSummary> {
      const organisation = await organisations.get(payment.organisationId, tx);
      const [details] = await tx.select().from(billingDetails).where(eq(billingDetails.organisationId, payment.organisationId));
      const gstin = organisation.kyc?.gstin ?? null;
      const customerState = stateOfGstin(gstin) ?? details?.stateCode ?? config.PROVIDER_STATE_CODE;
      const split = splitGst(payment.taxablePaise, payment.amountPaise, customerState === config.PROVIDER_STATE_CODE);
      const issuedAt = clock.now();
      const year = financialYearOf(issuedAt);
      const sequence = await nextSequence(tx, year.label, kind);
      const [row] = await tx
        .insert(invoices)
        .values({
          organisationId: payment.organisationId,
          paymentId: payment.id,
          kind,
          number: invoiceNumber(kind, year.short, sequence),
          financialYear: year.label,
          sequence,
          ...split,
          totalPaise: payment.amountPaise,
          gstRatePercent: config.GST_RATE_PERCENT,
          description: DESCRIPTION[kind],
          customerLegalName: details?.legalName ?? organisation.name,
          customerAddress: details?.address ?? null,
          customerGstin: gstin,
          customerStateCode: customerState,
          placeOfSupply: stateLabel(customerState),
          issuedAt,
        })
        .returning();
      for (const to of await ownerEmails(tx, payment.organisationId, ['owner', 'finance'])) {
        await mailQueue.enqueue(
          tx,
          invoiceEmail({ to, publicUrl: config.PUBLIC_URL, label: INVOICE_KIND_LABELS[kind], number: row!.number, totalPaise: row!.totalPaise }),
        );
      }
      return summaryOf(row!, payment.orderId);
    },

    /** The billing details new invoices copy, or null before any are saved. */
    async billingDetails(organisationId: string): Promise<BillingDetails | null> {
      const [row] = await db.select().from(billingDetails).where(eq(billingDetails.organisationId, organisationId));
      return row ? { legal_name: row.legalName, address: row.address, state_code: row.stateCode } : null;
    },

    async saveBillingDetails(organisationId: string, userId: string, details: BillingDetails, origin: RequestOrigin): Promise<BillingDetails> {
      const values = { legalName: details.legal_name, address: details.address, stateCode: details.state_code, updatedAt: clock.now() };
      await db.transaction(async (tx) => {
        await tx
          .insert(billingDetails)
          .values({ organisationId, ...values })
          .onConflictDoUpdate({ target: billingDetails.organisationId, set: values });
        await audit.record(tx, { actor: `user:${userId}`, organisationId, action: 'invoices.billing_details_saved', origin });
      });
      return details;
    },

    /** GET /invoices: the organisation's invoices and receipts, newest first. */
    async list(organisationId: string): Promise<InvoiceSummary[]> {
      const rows = await db
        .select({ invoice: invoices, orderId: payments.orderId })
        .from(invoices)
        .innerJoin(payments, eq(payments.id, invoices.paymentId))
        .where(eq(invoices.organisationId, organisationId))
        .orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
      return rows.map(({ invoice, orderId }) => summaryOf(invoice, orderId));
    },

    /** One of the organisation's documents as a PDF; any other id, however formed, is not found. */
    async pdf(organisationId: string, invoiceId: string): Promise<{ fileName: string; content: Buffer }> {
      if (!UUID.test(invoiceId)) throw new AppError('not_found', INVOICE_MESSAGES.notFound);
      const [found] = await db
        .select({ invoice: invoices, orderId: payments.orderId })
        .from(invoices)
        .innerJoin(payments, eq(payments.id, invoices.paymentId))
        .where(and(eq(invoices.id, invoiceId), eq(invoices.organisationId, organisationId)));
      if (!found) throw new AppError('not_found', INVOICE_MESSAGES.notFound);
      const { invoice } = found;
      const content = await renderInvoicePdf(
        {
          kind: invoice.kind as InvoiceKind,
          number: invoice.number,
          issuedAt: invoice.issuedAt,
          orderId: found.orderId,
          description: invoice.description,
          ratePercent: invoice.gstRatePercent,
          taxablePaise: invoice.taxablePaise,
          cgstPaise: invoice.cgstPaise,
          sgstPaise: invoice.sgstPaise,
          igstPaise: invoice.igstPaise,
          totalPaise: invoice.totalPaise,
          customer: {
            legalName: invoice.customerLegalName,
            address: invoice.customerAddress,
            gstin: invoice.customerGstin,
            stateCode: invoice.customerStateCode,
          },
          placeOfSupply: invoice.placeOfSupply,
        },
        supplier,
      );
      return { fileName: `${invoice.number}.pdf`, content };
    },

    /** The statement of a month (`YYYY-MM`, India time) as a PDF or CSV. */
    async statementFile(organisationId: string, month: string, format: StatementFormat): Promise<{ fileName: string; content: Buffer | string }> {
      const data = await statement(organisationId, month);
      if (format === 'csv') return { fileName: `statement-${month}.csv`, content: statementCsv(data) };
      return { fileName: `statement-${month}.pdf`, content: await renderStatementPdf(data, supplier) };
    },

    /** Every ledger entry of a range of days (at most a year), as CSV streamed from the ledger a page at a time. */
    /** The ledger of a range as CSV; the export itself is audited. */
    async ledgerCsv(organisationId: string, query: LedgerQuery, actor: string, origin: RequestOrigin) {
      const period = ledgerPeriod(query, clock.now());
      await audit.record(db, {
        actor,
        organisationId,
        action: 'billing.ledger_exported',
        details: { start_date: query.start_date, end_date: query.end_date },
        origin,
      });
      return { fileName: `ledger-${query.start_date}-to-${query.end_date}.csv`, stream: ledgerCsv(billing.entries(organisationId, period.from, period.to)) };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
