import { and, eq, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  BURN_RATE_DAYS,
  DAY_MS,
  daysLeft,
  DEFAULT_ALERT_PERCENTS,
  paiseToRupees,
  rupeesToPaise,
  type SpendSettings,
  type SpendSettingsRequest,
  type SpendSummary,
} from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { planSubscriptions, wallets } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { RequestOrigin } from '../../platform/request-origin.js';

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
}

/** A threshold's amount on a plan, rounded to the paisa as the alert statement rounds it (db/wallet-thresholds.ts). */
const thresholdPaise = (planAmountPaise: number, percent: number) => Math.floor((planAmountPaise * percent + 50) / 100);

/**
 * The spend controls of an organisation's wallet (docs/decisions/0021-spend-controls.md): its
 * low-balance thresholds and daily spend cap, which the gateway and the ledger enforce on the
 * wallet row (gateway/charging.ts, db/wallet-thresholds.ts), and the figures of the Billing page.
 */
export function createSpendService({ db, clock, audit }: Dependencies) {
  async function settings(organisationId: string): Promise<SpendSettings> {
    const today = sql`(${clock.now()}::timestamptz at time zone 'Asia/Kolkata')::date`;
    const [row] = await db
      .select({
        alertPercents: wallets.alertPercents,
        dailyCapPaise: wallets.dailyCapPaise,
        planAmountPaise: wallets.planAmountPaise,
        spentToday: sql<string>`case when ${wallets.capDay} = ${today} then ${wallets.capUsedPaise} else 0 end`,
        active: sql<boolean>`exists (select 1 from plan_subscriptions s where s.organisation_id = ${wallets.organisationId} and s.status = 'ACTIVE')`,
      })
      .from(wallets)
      .where(eq(wallets.organisationId, organisationId));
    const percents = row?.alertPercents ?? [...DEFAULT_ALERT_PERCENTS];
    const planAmount = row?.active ? row.planAmountPaise : null;
    return {
      alert_percents: percents,
      daily_cap: row?.dailyCapPaise == null ? null : paiseToRupees(row.dailyCapPaise),
      plan_amount: planAmount === null ? null : paiseToRupees(planAmount),
      thresholds: planAmount === null ? [] : percents.map((percent) => ({ percent, amount: paiseToRupees(thresholdPaise(planAmount, percent)) })),
      spent_today: paiseToRupees(Number(row?.spentToday ?? 0)),
    };
  }

  return {
    settings,

    /** Saves the thresholds (largest first) and the cap; a wallet exists once a plan was activated. */
    async saveSettings(organisationId: string, userId: string, input: SpendSettingsRequest, origin: RequestOrigin): Promise<SpendSettings> {
      const alertPercents = [...input.alert_percents].sort((a, b) => b - a);
      const dailyCapPaise = input.daily_cap === null ? null : rupeesToPaise(input.daily_cap);
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(wallets)
          .set({ alertPercents, dailyCapPaise, updatedAt: clock.now() })
          .where(eq(wallets.organisationId, organisationId))
          .returning({ organisationId: wallets.organisationId });
        if (updated.length === 0) throw new AppError('conflict', BILLING_MESSAGES.noActivePlan);
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId,
          action: 'wallet.spend_controls_updated',
          details: { alertPercents, dailyCapPaise },
          origin,
        });
      });
      return settings(organisationId);
    },

    /**
     * The burn rate: the live-call charges of the ledger over the last 7 days, per day (paise,
     * rounded); the days the PREPAID balance lasts at it; the live calls of the current plan period
     * by response code and billable flag.
     */
    async summary(organisationId: string): Promise<SpendSummary> {
      const now = clock.now();
      const since = new Date(now.getTime() - BURN_RATE_DAYS * DAY_MS);
      const { rows } = await db.execute<{ spent: string | null; balance: string | null; plan_type: string | null }>(sql`
        select (select -sum(amount_paise) from wallet_entries
                 where organisation_id = ${organisationId}::uuid and kind = 'CALL' and created_at > ${since} and created_at <= ${now}) as spent,
               w.balance_paise as balance, w.plan_type
        from (select 1) one left join wallets w on w.organisation_id = ${organisationId}::uuid`);
      const burnPaise = Math.round(Number(rows[0]?.spent ?? 0) / BURN_RATE_DAYS);
      const balancePaise = rows[0]?.balance == null ? null : Number(rows[0].balance);
      const [period] = await db
        .select({ start: planSubscriptions.startDate, end: planSubscriptions.endDate })
        .from(planSubscriptions)
        .where(and(eq(planSubscriptions.organisationId, organisationId), eq(planSubscriptions.status, 'ACTIVE')));
      let calls: SpendSummary['calls'] = [];
      if (period?.start) {
        const counted = await db.execute<{ response_code: number | null; billable: boolean; calls: number }>(sql`
          select response_code, billable, count(*)::int as calls from transactions
          where organisation_id = ${organisationId}::uuid and env = 'PRODUCTION' and request_timestamp >= ${period.start} and request_timestamp <= ${now}
          group by response_code, billable
          order by billable desc, response_code nulls last`);
        calls = counted.rows.map((row) => ({ response_code: row.response_code, billable: row.billable, calls: row.calls }));
      }
      return {
        balance: balancePaise === null ? null : paiseToRupees(balancePaise),
        burn_rate_per_day: paiseToRupees(burnPaise),
        days_left: balancePaise === null || rows[0]?.plan_type !== 'PREPAID' ? null : daysLeft(balancePaise, burnPaise),
        period_start: period?.start?.getTime() ?? null,
        period_end: period?.end?.getTime() ?? null,
        calls,
      };
    },
  };
}

export type SpendService = ReturnType<typeof createSpendService>;
