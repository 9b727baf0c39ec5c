import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { BILLING_MESSAGES, defaultAlertPaise, paiseToRupees, rupeesToPaise, type AlertBalanceUpdated, type PlanType } from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { ownerEmails } from '../../db/owners.js';
import { walletAlerts, walletEntries, wallets } from '../../db/schema.js';
import { insertThresholdAlerts } from '../../db/wallet-thresholds.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import { dailyLimitEmail, lowBalanceEmail, thresholdEmail } from './emails.js';
import type { WebhookEmitter } from '../webhooks/service.js';

export type LedgerKind = 'PLAN_CREDIT' | 'TOP_UP' | 'ADJUSTMENT';

/** One ledger entry as statements and exports show it. */
export interface LedgerEntry {
  id: string;
  reference: string;
  kind: LedgerKind | 'CALL';
  amountPaise: number;
  balanceAfterPaise: number;
  productArn: string | null;
  createdAt: Date;
}

/** A statement's live-call charges: one line per product and day (Asia/Kolkata). */
export interface DailyCharge {
  day: string;
  productArn: string;
  calls: number;
  amountPaise: number;
}

const entryColumns = {
  id: walletEntries.id,
  reference: walletEntries.reference,
  kind: walletEntries.kind,
  amountPaise: walletEntries.amountPaise,
  balanceAfterPaise: walletEntries.balanceAfterPaise,
  productArn: walletEntries.productArn,
  createdAt: walletEntries.createdAt,
};

/** Ledger entries are read in pages of this many, so a year of live calls streams instead of loading. */
const LEDGER_PAGE = 5000;

export interface Wallet {
  planType: PlanType;
  balancePaise: number;
  reservedPaise: number;
  alertBalancePaise: number;
}

const ALERT_QUEUE = 'billing.wallet-alert';
const ALERT_SWEEP_QUEUE = 'billing.wallet-alert-sweep';
/** An alert row not mailed this long after it was written is picked up by the sweep (its instance may have died). */
const ALERT_SWEEP_AFTER_MS = 60_000;

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  jobs: Jobs;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL'>;
  webhooks: WebhookEmitter;
}

/**
 * The wallet as a ledger (docs/decisions/0009-wallet-ledger-and-reservations.md): every change of
 * balance is one statement that moves the balance and appends its `wallet_entries` row with a
 * unique reference. Live calls are charged by the gateway (gateway/charging.ts) on the same tables.
 */
export function createBillingService({ db, clock, audit, jobs, mailer, config, webhooks }: Dependencies) {
  /**
   * Adds `amountPaise` (negative for a debit) to the balance and appends the ledger entry, in one
   * statement; a debit that crosses below the alert balance or a threshold also writes its alert rows. A repeated
   * reference fails (unique), so nothing is ever credited twice.
   */
  async function post(tx: Executor, organisationId: string, reference: string, kind: LedgerKind, amountPaise: number) {
    const now = clock.now();
    const result = await tx.execute<{ balance_after_paise: string; alert_ids: string[] }>(sql`
      with moved as (
        update wallets set balance_paise = balance_paise + ${amountPaise}::bigint, updated_at = ${now}
        where organisation_id = ${organisationId}::uuid
        returning organisation_id, plan_type, balance_paise, alert_balance_paise, alert_percents, plan_amount_paise,
                  greatest(-${amountPaise}::bigint, 0) as debit_paise, ${reference}::text as reference, ${now}::timestamptz as at
      ), entry as (
        insert into wallet_entries (organisation_id, reference, kind, amount_paise, balance_after_paise, created_at)
        select organisation_id, ${reference}, ${kind}, ${amountPaise}::bigint, balance_paise, ${now} from moved
        returning balance_after_paise
      ), alert as (
        insert into wallet_alerts (organisation_id, kind, crossing_key, balance_paise, threshold_paise, created_at)
        select organisation_id, 'LOW_BALANCE', ${reference}, balance_paise, alert_balance_paise, ${now} from moved
        where plan_type = 'PREPAID' and alert_balance_paise > 0 and balance_paise < alert_balance_paise
          and balance_paise - ${amountPaise}::bigint >= alert_balance_paise
        on conflict do nothing
        returning id
      ), thresholds as (
        ${sql.raw(insertThresholdAlerts('moved'))}
      )
      select (select balance_after_paise from entry) as balance_after_paise,
             array(select id::text from alert union all select id::text from thresholds) as alert_ids`);
    const row = result.rows[0];
    if (!row?.balance_after_paise) throw new AppError('conflict', BILLING_MESSAGES.noActivePlan);
    for (const alertId of row.alert_ids) await jobs.send(ALERT_QUEUE, { alertId }, { executor: tx });
    return Number(row.balance_after_paise);
  }

  /** Who wallet alerts go to: the organisation's owners and finance members (deactivated users excepted). */
  const alertRecipients = (tx: Executor, organisationId: string) => ownerEmails(tx, organisationId, ['owner', 'finance']);

  /**
   * Mails one alert once, in one email to the owners and finance members: the row is locked while
   * the mail goes out and marked sent in the same transaction, which also records a low balance's
   * or a threshold's webhook event, so it too is raised once per crossing.
   */
  async function deliverAlert(alertId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [alert] = await tx
        .select()
        .from(walletAlerts)
        .where(and(eq(walletAlerts.id, alertId), isNull(walletAlerts.sentAt)))
        .for('update', { skipLocked: true });
      if (!alert) return;
      const recipients = await alertRecipients(tx, alert.organisationId);
      if (recipients.length > 0) {
        const to = recipients.join(', ');
        await mailer.send(
          alert.kind === 'LOW_BALANCE'
            ? lowBalanceEmail(to, config.PUBLIC_URL, alert.balancePaise, alert.thresholdPaise)
            : alert.kind === 'THRESHOLD'
              ? thresholdEmail(to, config.PUBLIC_URL, alert.balancePaise, alert.thresholdPaise, alert.thresholdPercent ?? 0)
              : dailyLimitEmail(to, config.PUBLIC_URL, alert.balancePaise, alert.thresholdPaise, alert.crossingKey),
        );
      }
      if (alert.kind === 'LOW_BALANCE' || alert.kind === 'THRESHOLD') {
        await webhooks.emit(tx, alert.organisationId, 'wallet.low_balance', {
          balance_paise: alert.balancePaise,
          alert_balance_paise: alert.thresholdPaise,
          threshold: alert.kind === 'THRESHOLD' ? 'percent_of_plan' : 'alert_balance',
          threshold_percent: alert.thresholdPercent,
          crossed_at: alert.createdAt.toISOString(),
        });
      }
      await tx.update(walletAlerts).set({ sentAt: clock.now() }).where(eq(walletAlerts.id, alertId));
    });
  }

  const service = {
    async wallet(organisationId: string): Promise<Wallet | null> {
      const [row] = await db.select().from(wallets).where(eq(wallets.organisationId, organisationId));
      if (!row) return null;
      return {
        planType: row.planType as PlanType,
        balancePaise: row.balancePaise,
        reservedPaise: row.reservedPaise,
        alertBalancePaise: row.alertBalancePaise,
      };
    },

    /** Money in (or out) that is not a live call: a plan's credit, a top-up, an operator's adjustment. */
    post,

    /** The balance just before `instant`: every earlier entry added up (the entries add up to the balance). */
    async balanceBefore(organisationId: string, instant: Date): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string | null>`sum(${walletEntries.amountPaise})` })
        .from(walletEntries)
        .where(and(eq(walletEntries.organisationId, organisationId), lt(walletEntries.createdAt, instant)));
      return Number(row?.sum ?? 0);
    },

    /** The entries of [from, to), oldest first, a page at a time (keyset on time and id). */
    async *entries(organisationId: string, from: Date, to: Date): AsyncGenerator<LedgerEntry[]> {
      let after: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const page: LedgerEntry[] = (await db
          .select(entryColumns)
          .from(walletEntries)
          .where(
            and(
              eq(walletEntries.organisationId, organisationId),
              gte(walletEntries.createdAt, from),
              lt(walletEntries.createdAt, to),
              after
                ? or(gt(walletEntries.createdAt, after.createdAt), and(eq(walletEntries.createdAt, after.createdAt), gt(walletEntries.id, after.id)))
                : undefined,
            ),
          )
          .orderBy(asc(walletEntries.createdAt), asc(walletEntries.id))
          .limit(LEDGER_PAGE)) as LedgerEntry[];
        if (page.length > 0) yield page;
        if (page.length < LEDGER_PAGE) return;
        after = page[page.length - 1]!;
      }
    },

    /** Entries of [from, to) other than live calls (credits and adjustments), oldest first. */
    async moneyEntries(organisationId: string, from: Date, to: Date): Promise<LedgerEntry[]> {
      return (await db
        .select(entryColumns)
        .from(walletEntries)
        .where(
          and(
            eq(walletEntries.organisationId, organisationId),
            gte(walletEntries.createdAt, from),
            lt(walletEntries.createdAt, to),
            inArray(walletEntries.kind, ['PLAN_CREDIT', 'TOP_UP', 'ADJUSTMENT']),
          ),
        )
        .orderBy(asc(walletEntries.createdAt), asc(walletEntries.id))) as LedgerEntry[];
    },

    /** Live-call charges of [from, to) added up per product and day (Asia/Kolkata). */
    async dailyCharges(organisationId: string, from: Date, to: Date): Promise<DailyCharge[]> {
      const { rows } = await db.execute<{ day: string; product_arn: string | null; calls: string; amount_paise: string }>(sql`
        select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day, product_arn,
               count(*) as calls, sum(amount_paise) as amount_paise
          from wallet_entries
         where organisation_id = ${organisationId}::uuid and kind = 'CALL' and created_at >= ${from} and created_at < ${to}
         group by 1, 2 order by 1, 2`);
      return rows.map((row) => ({ day: row.day, productArn: row.product_arn ?? '', calls: Number(row.calls), amountPaise: Number(row.amount_paise) }));
    },

    /**
     * A plan became ACTIVE: the wallet follows its type, its alert balance defaults to 20 % of the
     * plan amount (unless the user chose one), and a PREPAID plan's amount is credited, with the
     * payment as the ledger reference. Leaving POSTPAID for PREPAID clears the consumption owed
     * (an adjustment entry), since that is invoiced.
     */
    async planActivated(
      tx: Executor,
      organisationId: string,
      plan: { subscriptionId: string; planType: PlanType; amountPaise: number; credit: { reference: string } | null },
    ) {
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.organisationId, organisationId)).for('update');
      // POSTPAID consumption is invoiced, not carried into a PREPAID wallet that may never be negative.
      if (wallet?.planType === 'POSTPAID' && plan.planType === 'PREPAID' && wallet.balancePaise < 0) {
        await post(tx, organisationId, `adjustment:postpaid-invoiced:${plan.subscriptionId}`, 'ADJUSTMENT', -wallet.balancePaise);
      }
      const alert = defaultAlertPaise(plan.amountPaise);
      await tx
        .insert(wallets)
        .values({ organisationId, planType: plan.planType, alertBalancePaise: alert, planAmountPaise: plan.amountPaise, updatedAt: clock.now() })
        .onConflictDoUpdate({
          target: wallets.organisationId,
          set: {
            planType: plan.planType,
            planAmountPaise: plan.amountPaise,
            alertBalancePaise: sql`case when ${wallets.alertBalanceSetByUser} then ${wallets.alertBalancePaise} else ${alert}::bigint end`,
            updatedAt: clock.now(),
          },
        });
      if (plan.credit && plan.amountPaise > 0) await post(tx, organisationId, plan.credit.reference, 'PLAN_CREDIT', plan.amountPaise);
    },

    /** Seed 001 §5: the alert balance (PREPAID) or the daily consumption limit (POSTPAID), whole rupees. */
    async updateAlertBalance(organisationId: string, rupees: number, actor: string, origin: RequestOrigin): Promise<AlertBalanceUpdated> {
      const paise = rupeesToPaise(rupees);
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(wallets)
          .set({ alertBalancePaise: paise, alertBalanceSetByUser: true, updatedAt: clock.now() })
          .where(eq(wallets.organisationId, organisationId))
          .returning({ organisationId: wallets.organisationId });
        if (updated.length === 0) throw new AppError('conflict', BILLING_MESSAGES.noActivePlan);
        await audit.record(tx, { actor, organisationId, action: 'wallet.alert_balance_updated', details: { alertBalancePaise: paise }, origin });
      });
      return { message: BILLING_MESSAGES.alertUpdated, alert_balance: paiseToRupees(paise) };
    },

    /** A live call's settlement wrote an alert row: mail it now (the sweep catches one this misses). */
    alertRaised(alertId: string): void {
      void jobs.send(ALERT_QUEUE, { alertId }).catch(() => undefined);
    },

    /** Alerts left unmailed (their instance died between the settlement and the job). */
    async deliverOverdueAlerts(): Promise<number> {
      const overdue = await db
        .select({ id: walletAlerts.id })
        .from(walletAlerts)
        .where(and(isNull(walletAlerts.sentAt), lt(walletAlerts.createdAt, new Date(clock.now().getTime() - ALERT_SWEEP_AFTER_MS))))
        .limit(100);
      for (const alert of overdue) await deliverAlert(alert.id);
      return overdue.length;
    },

    async startJobs(): Promise<void> {
      await jobs.define(ALERT_QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
      await jobs.work<{ alertId: string }>(ALERT_QUEUE, ({ alertId }) => deliverAlert(alertId));
      await jobs.define(ALERT_SWEEP_QUEUE, { policy: 'singleton', retryLimit: 1 });
      await jobs.work(ALERT_SWEEP_QUEUE, async () => {
        await service.deliverOverdueAlerts();
      });
      await jobs.schedule(ALERT_SWEEP_QUEUE, '* * * * *');
    },
  };
  return service;
}

export type BillingService = ReturnType<typeof createBillingService>;
