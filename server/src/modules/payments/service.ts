import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  INDIA,
  PAYMENT_CALLBACK_PATH,
  PAYMENT_MODES,
  paiseToRupees,
  rupeesToPaise,
  withGst,
  type Payment,
  type PaymentLink,
  type PaymentLinkCreated,
  type PaymentLinkStatus,
  type PaymentStatus,
  type PaymentType,
  type VirtualAccount,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { paymentEvents, payments, virtualAccounts } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { BillingService } from '../billing/service.js';
import type { InvoiceService } from '../invoices/service.js';
import type { OrganisationService } from '../organisations/service.js';
import type { PlanService } from '../plans/service.js';
import type { UserService } from '../users/service.js';
import { randomToken, serverSecret } from '../../platform/secrets.js';
import { cashfreeGateway, sandboxGateway, type PaymentEvent, type PaymentGateway, type SandboxGateway } from './gateways.js';
import type { WebhookEmitter } from '../webhooks/service.js';

/**
 * The configured payment gateway: Cashfree with PAYMENT_GATEWAY=cashfree, else the offline
 * sandbox, whose webhook secret is a server secret shared by every instance.
 */
export async function paymentGatewayOf(db: Database, config: Config): Promise<{ gateway: PaymentGateway; sandbox: SandboxGateway | null }> {
  if (config.PAYMENT_GATEWAY === 'cashfree') return { gateway: cashfreeGateway(config), sandbox: null };
  const sandbox = sandboxGateway(config, await serverSecret(db, 'payments.sandbox_webhook_secret', () => randomToken(32)));
  return { gateway: sandbox, sandbox };
}

type PaymentRow = typeof payments.$inferSelect;

const LINK_STATUS: Record<string, PaymentLinkStatus> = { ACTIVE: 'active', PAID: 'paid', EXPIRED: 'expired', CANCELLED: 'cancelled', ERROR: 'error' };
const STORED_STATUS: Record<Exclude<PaymentEvent['status'], 'paid' | 'partially_paid'>, PaymentStatus> = {
  error: 'ERROR',
  cancelled: 'CANCELLED',
  expired: 'EXPIRED',
};
const EXPIRY_QUEUE = 'payments.expire-links';

export type WebhookOutcome = 'credited' | 'duplicate' | 'closed' | 'failed' | 'ignored';

/** A payment as its webhook events carry it. */
const paymentEventData = (row: PaymentRow) => ({
  payment_id: row.id,
  order_id: row.orderId,
  amount_paise: row.amountPaise,
  mode: row.mode,
  payment_type: row.paymentType,
});

const randomId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  jobs: Jobs;
  gateway: PaymentGateway;
  config: Pick<
    Config,
    'PUBLIC_URL' | 'PAYMENT_LINK_EXPIRY_MS' | 'VIRTUAL_ACCOUNT_BANK_NAME' | 'VIRTUAL_ACCOUNT_IFSC' | 'VIRTUAL_ACCOUNT_PREFIX' | 'GST_RATE_PERCENT'
  >;
  organisations: Pick<OrganisationService, 'get'>;
  users: Pick<UserService, 'emailsOf'>;
  plans: Pick<PlanService, 'organisationBilling' | 'paymentReceived'>;
  billing: Pick<BillingService, 'post'>;
  webhooks: WebhookEmitter;
  invoices: Pick<InvoiceService, 'issue'>;
}

/**
 * Money coming in: Add Balance through a payment gateway's links (credited only by a verified,
 * idempotent webhook, never by the browser's redirect), plan payments by bank transfer to the
 * organisation's virtual account (recorded by an operator), and the payment history. Amounts
 * exclude taxes (seed 001 §4): a payment is the amount plus GST at GST_RATE_PERCENT (`withGst`);
 * the wallet and the payment's document take the pre-tax value, kept on the payment.
 */
export function createPaymentService({ db, clock, audit, jobs, gateway, config, organisations, users, plans, billing, webhooks, invoices }: Dependencies) {
  async function linkOf(organisationId: string, linkId: string): Promise<PaymentRow> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.linkId, linkId), eq(payments.organisationId, organisationId)));
    if (!row) throw new AppError('not_found', BILLING_MESSAGES.linkNotFound);
    return row;
  }

  const linkView = (row: PaymentRow): PaymentLink => ({
    generated_link_id: row.linkId!,
    status: LINK_STATUS[row.status] ?? 'error',
    amount: paiseToRupees(row.amountPaise),
    order_id: row.orderId,
  });

  /** Marks one link expired when its time is up; true when it did. */
  async function expireIfDue(tx: Executor, row: PaymentRow): Promise<boolean> {
    if (row.status !== 'ACTIVE' || !row.expiresAt || row.expiresAt > clock.now()) return false;
    await tx
      .update(payments)
      .set({ status: 'EXPIRED', updatedAt: clock.now() })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'ACTIVE')));
    return true;
  }

  /**
   * Applies a provider's verified event once: the event id is stored first (a repeat changes
   * nothing), the link moves only from ACTIVE, a payment is credited only for the link's exact
   * amount, and the credit's ledger reference is the payment, so it can happen once whatever
   * arrives twice.
   */
  async function apply(event: PaymentEvent): Promise<WebhookOutcome> {
    return db.transaction(async (tx) => {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ gateway: gateway.name, eventId: event.eventId, outcome: 'received', receivedAt: clock.now() })
        .onConflictDoNothing()
        .returning();
      if (fresh.length === 0) return 'duplicate';
      const [row] = await tx.select().from(payments).where(eq(payments.linkId, event.linkId)).for('update');
      if (!row) throw new AppError('not_found', BILLING_MESSAGES.linkNotFound);
      if (event.status === 'paid' && event.amountPaidPaise !== row.amountPaise) {
        throw new AppError('bad_request', 'The amount paid does not match the payment link');
      }
      const outcome = await settle(tx, row, event);
      await tx
        .update(paymentEvents)
        .set({ paymentId: row.id, outcome })
        .where(and(eq(paymentEvents.gateway, gateway.name), eq(paymentEvents.eventId, event.eventId)));
      return outcome;
    });
  }

  async function settle(tx: Executor, row: PaymentRow, event: Pick<PaymentEvent, 'status' | 'providerReference'>): Promise<WebhookOutcome> {
    if (await expireIfDue(tx, row)) return 'closed';
    if (row.status !== 'ACTIVE') return 'closed';
    if (event.status === 'partially_paid') return 'ignored';
    const now = clock.now();
    const status: PaymentStatus = event.status === 'paid' ? 'PAID' : STORED_STATUS[event.status];
    const [moved] = await tx
      .update(payments)
      .set({ status, providerReference: event.providerReference, updatedAt: now, ...(status === 'PAID' ? { paidAt: now } : {}) })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'ACTIVE')))
      .returning({ id: payments.id });
    if (!moved) return 'closed';
    if (status !== 'PAID') {
      await webhooks.emit(tx, row.organisationId, 'payment.failed', { ...paymentEventData(row), status: event.status });
      return 'failed';
    }
    await billing.post(tx, row.organisationId, `payment:${row.id}`, 'TOP_UP', row.taxablePaise);
    await invoices.issue(tx, 'receipt', row);
    await webhooks.emit(tx, row.organisationId, 'payment.succeeded', paymentEventData(row));
    await audit.record(tx, {
      actor: `gateway:${gateway.name}`,
      organisationId: row.organisationId,
      action: 'payment.credited',
      details: { paymentId: row.id },
      origin: null,
    });
    return 'credited';
  }

  const accountNumberOf = (organisationId: string) => {
    const digits = BigInt(`0x${createHash('sha256').update(organisationId).digest('hex').slice(0, 15)}`) % 10n ** 12n;
    return `${config.VIRTUAL_ACCOUNT_PREFIX}${digits.toString().padStart(12, '0')}`;
  };

  const paymentView = (row: PaymentRow): Payment => ({
    order_id: row.orderId,
    payment_created_at: row.createdAt.getTime(),
    payment_type: row.paymentType as PaymentType,
    mode: row.mode,
    paid_amount: paiseToRupees(row.amountPaise),
    status: row.status as PaymentStatus,
  });

  const service = {
    gatewayName: gateway.name,

    /** The organisation's virtual account: its number derives from the organisation id, and is stored once. */
    async virtualAccount(organisationId: string): Promise<VirtualAccount> {
      const organisation = await organisations.get(organisationId);
      await db
        .insert(virtualAccounts)
        .values({
          organisationId,
          accountNumber: accountNumberOf(organisationId),
          name: `Verigate - ${organisation.name}`,
          bankName: config.VIRTUAL_ACCOUNT_BANK_NAME,
          ifsc: config.VIRTUAL_ACCOUNT_IFSC,
        })
        .onConflictDoNothing();
      const [account] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.organisationId, organisationId));
      return { name: account!.name, bank_name: account!.bankName, account_number: account!.accountNumber, ifsc: account!.ifsc };
    },

    /**
     * POST /payment/create: Add Balance, for an Indian organisation on a PREPAID plan (seed 001 §2
     * Billing). The link charges the amount plus GST; the amount is what reaches the wallet.
     */
    async createLink(organisationId: string, userId: string, rupees: number, origin: RequestOrigin): Promise<PaymentLinkCreated> {
      const organisation = await organisations.get(organisationId);
      if (organisation.country_code !== INDIA) throw new AppError('conflict', BILLING_MESSAGES.addBalanceIndiaOnly);
      const { activePlan } = await plans.organisationBilling(organisationId);
      if (activePlan?.plan_type !== 'PREPAID') throw new AppError('conflict', BILLING_MESSAGES.addBalancePrepaidOnly);
      const now = clock.now();
      const due = withGst(rupeesToPaise(rupees), config.GST_RATE_PERCENT);
      const amountPaise = due.totalPaise;
      const linkId = randomId('lnk');
      const [row] = await db
        .insert(payments)
        .values({
          organisationId,
          gateway: gateway.name,
          paymentType: 'BALANCE_TOP_UP',
          mode: PAYMENT_MODES.link,
          orderId: randomId('order'),
          linkId,
          amountPaise,
          taxablePaise: due.amountPaise,
          status: 'ACTIVE',
          expiresAt: new Date(now.getTime() + config.PAYMENT_LINK_EXPIRY_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const email = (await users.emailsOf([userId])).get(userId) ?? organisation.business_poc.email;
      let linkUrl: string;
      try {
        ({ linkUrl } = await gateway.createLink({
          linkId,
          amountPaise,
          expiresAt: row!.expiresAt!,
          purpose: 'Verigate wallet balance',
          customer: { name: organisation.business_poc.name, email, phone: organisation.business_poc.phone || '9999999999' },
          returnUrl: `${config.PUBLIC_URL}${PAYMENT_CALLBACK_PATH}?link_id=${linkId}`,
          notifyUrl: `${config.PUBLIC_URL}/api/payment/webhook/${gateway.name}`,
        }));
      } catch (error) {
        await db.update(payments).set({ status: 'ERROR', updatedAt: clock.now() }).where(eq(payments.id, row!.id));
        throw error;
      }
      await db.update(payments).set({ linkUrl }).where(eq(payments.id, row!.id));
      await audit.record(db, { actor: `user:${userId}`, organisationId, action: 'payment.link_created', details: { linkId, amountPaise }, origin });
      return { link_url: linkUrl, link_id: linkId, order_id: row!.orderId, amount: paiseToRupees(amountPaise), expires_at: row!.expiresAt!.getTime() };
    },

    /**
     * GET /payment/fetch/{link_id}: the link's status. A link past its time is expired; one still
     * active is checked with the provider, whose answer is applied like a webhook.
     */
    async fetchLink(organisationId: string, linkId: string): Promise<PaymentLink> {
      const row = await linkOf(organisationId, linkId);
      if (row.status !== 'ACTIVE') return linkView(row);
      const remote = await gateway.fetchLink(linkId).catch(() => null);
      const status = remote?.status;
      if (status && status !== 'active' && (status !== 'paid' || remote.amountPaidPaise === row.amountPaise)) {
        await db.transaction(async (tx) => settle(tx, row, { status, providerReference: null }));
      } else await expireIfDue(db, row);
      return linkView(await linkOf(organisationId, linkId));
    },

    /** A provider's webhook: verified by the gateway, then applied once. */
    async handleWebhook(gatewayName: string, headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<WebhookOutcome> {
      if (gatewayName !== gateway.name) throw new AppError('not_found', 'Unknown payment gateway');
      return apply(gateway.readWebhook(headers, rawBody));
    },

    /** The sandbox checkout: the link a payer opened, while it can still be paid. */
    async checkoutLink(linkId: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.linkId, linkId));
      if (!row) return null;
      if (await expireIfDue(db, row)) return { ...row, status: 'EXPIRED' };
      return row;
    },

    /**
     * An operator records a bank transfer received on an organisation's virtual account (by its
     * UTR, once): it pays the organisation's pending plan, in the same transaction, when it is the
     * plan's amount plus GST; any other sum is refused and nothing is recorded.
     */
    async recordTransfer(organisationId: string, rupees: number, utr: string, operator: string, origin: RequestOrigin): Promise<Payment> {
      await organisations.get(organisationId);
      const amountPaise = rupeesToPaise(rupees);
      const now = clock.now();
      const duplicate = () => new AppError('conflict', `A transfer with UTR ${utr} is already recorded`);
      const row = await db.transaction(async (tx) => {
        const [recorded] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.utr, utr));
        if (recorded) throw duplicate();
        // The plan is matched first (under its lock), so the payment is stored with the plan's pre-tax amount.
        const paymentId = randomUUID();
        const received = await plans.paymentReceived(tx, organisationId, paymentId, amountPaise, operator, origin);
        const [payment] = await tx
          .insert(payments)
          .values({
            id: paymentId,
            organisationId,
            gateway: 'bank',
            paymentType: 'EXTERNAL',
            mode: PAYMENT_MODES.bankTransfer,
            orderId: randomId('neft'),
            utr,
            amountPaise,
            taxablePaise: received.planAmountPaise,
            status: 'COMPLETED',
            subscriptionId: received.subscriptionId,
            paidAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: payments.utr })
          .returning();
        if (!payment) throw duplicate();
        await invoices.issue(tx, 'tax_invoice', payment);
        await audit.record(tx, {
          actor: operator,
          organisationId,
          action: 'payment.transfer_recorded',
          details: { paymentId: payment.id, utr, amountPaise },
          origin,
        });
        await webhooks.emit(tx, organisationId, 'payment.succeeded', paymentEventData(payment));
        return payment;
      });
      return paymentView(row);
    },

    /** get_org_past_payments: newest first. */
    async pastPayments(organisationId: string): Promise<Payment[]> {
      const rows = await db.select().from(payments).where(eq(payments.organisationId, organisationId)).orderBy(desc(payments.createdAt));
      return rows.map(paymentView);
    },

    /** Links whose time is up: EXPIRED, so the history shows them as failed. */
    async expireLinks(): Promise<number> {
      const expired = await db
        .update(payments)
        .set({ status: 'EXPIRED', updatedAt: clock.now() })
        .where(and(eq(payments.status, 'ACTIVE'), isNotNull(payments.linkId), lte(payments.expiresAt, clock.now())))
        .returning({ id: payments.id });
      return expired.length;
    },

    async startJobs(): Promise<void> {
      await jobs.define(EXPIRY_QUEUE, { policy: 'singleton', retryLimit: 1 });
      await jobs.work(EXPIRY_QUEUE, async () => {
        await service.expireLinks();
      });
      await jobs.schedule(EXPIRY_QUEUE, '* * * * *');
    },
  };
  return service;
}

export type PaymentService = ReturnType<typeof createPaymentService>;
