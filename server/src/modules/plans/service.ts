import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { productByArn } from '@verigate/catalog';
import {
  ACTIVATION_MESSAGES,
  BILLING_MESSAGES,
  DAY_MS,
  formatRupees,
  formatWithGst,
  FULLY_ONBOARDED,
  type OnboardingStatus,
  type OrganisationBilling,
  type OrgPlanInfo,
  paiseToRupees,
  type Plan,
  type PlanChanged,
  type PlanInfo,
  planRequestRefusal,
  type PlanSubscription,
  type PlanSubscriptionStatus,
  type PlanType,
  type PricingRow,
  type Summary,
  withGst,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { planPrices, planSubscriptions, plans, type PlanAddonRecord } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { BillingService, Wallet } from '../billing/service.js';
import type { OrganisationService } from '../organisations/service.js';
import type { ProductService } from '../products/service.js';
import { ensureReferencePlans } from './reference-plans.js';
import type { WebhookEmitter } from '../webhooks/service.js';

type PlanRow = typeof plans.$inferSelect;
type SubscriptionRow = typeof planSubscriptions.$inferSelect;

/** Statuses that make a subscription the organisation's next plan. */
const NEXT_STATUSES: PlanSubscriptionStatus[] = ['PAYMENT_PENDING', 'PAYMENT_RECEIVED'];
/** Which of an organisation's subscriptions of one plan its card reflects. */
const STATUS_WEIGHT: Record<PlanSubscriptionStatus, number> = { ACTIVE: 4, PAYMENT_RECEIVED: 3, PAYMENT_PENDING: 2, EXPIRED: 1 };
/** Onboarding statuses from which a plan may be requested (after the operator's activation). */
const MAY_SUBSCRIBE: readonly OnboardingStatus[] = ['ACCOUNT_ACTIVATED', FULLY_ONBOARDED];
const EXPIRY_QUEUE = 'plans.expire';
const EXPIRY_BATCH = 100;
/** How long before its end a plan's plan.expiring event is raised. */
const PLAN_EXPIRING_NOTICE_MS = 7 * DAY_MS;

const ms = (date: Date | null) => (date ? date.getTime() : null);

/** A plan subscription as its webhook events carry it. */
const planEventData = (subscriptionId: string, plan: PlanRow) => ({
  subscription_id: subscriptionId,
  plan_code: plan.code,
  plan_name: plan.name,
  plan_type: plan.planType,
});

function addonView(addon: PlanAddonRecord) {
  return {
    addon_key: addon.key,
    addon_name: addon.name,
    price: paiseToRupees(addon.pricePaise),
    sub_addons: addon.subAddons.map((sub) => ({ sub_addon_key: sub.key, sub_addon_name: sub.name })),
  };
}

export interface CustomPlanInput {
  name: string;
  planType: PlanType;
  amountPaise: number;
  validityMonths: number;
  /** The plan whose prices it starts from (a reference plan's code); LITE or POSTPAID by type when absent. */
  basePlanCode?: string | undefined;
  /** Unit prices (paise) that differ from the base plan's, by product arn. */
  pricesPaise?: Record<string, number> | undefined;
}

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  jobs: Jobs;
  config: Pick<Config, 'GST_RATE_PERCENT'>;
  organisations: Pick<OrganisationService, 'advanceOnboarding' | 'onboardingStatus' | 'get'>;
  products: Pick<ProductService, 'list'>;
  billing: Pick<BillingService, 'planActivated' | 'wallet'>;
  requests: { completeCustomPlanRequest(tx: Executor, organisationId: string): Promise<void> };
  webhooks: WebhookEmitter;
}

/**
 * Plans and the plan state machine of seed 001 §4. Every transition of an organisation's
 * subscriptions runs in a transaction holding the organisation's plan lock (an advisory lock),
 * and each UPDATE names the state it moves from; the partial unique indexes (one ACTIVE, one next
 * plan per organisation) back both up.
 */
export function createPlanService({ db, clock, audit, jobs, config, organisations, products, billing, requests, webhooks }: Dependencies) {
  /** `wallet_balance_with_gst` (seed 001 §3): the wallet holds pre-tax value, so this is what it is worth with GST paid on it. */
  const withGstRupees = (paise: number) => paiseToRupees(withGst(paise, config.GST_RATE_PERCENT).totalPaise);

  const lockPlans = (tx: Executor, organisationId: string) => lockUntilCommit(tx, `plans:${organisationId}`);

  /** The plans an organisation may see: the listed reference plans and its own custom plans. */
  async function visiblePlans(organisationId: string): Promise<PlanRow[]> {
    return db
      .select()
      .from(plans)
      .where(or(and(eq(plans.listed, true), isNull(plans.organisationId)), eq(plans.organisationId, organisationId)))
      .orderBy(asc(plans.isCustomPlan), asc(plans.sortOrder), asc(plans.createdAt));
  }

  async function visiblePlan(organisationId: string, planId: string): Promise<PlanRow> {
    const [plan] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, planId), or(and(eq(plans.listed, true), isNull(plans.organisationId)), eq(plans.organisationId, organisationId))));
    if (!plan) throw new AppError('not_found', BILLING_MESSAGES.planNotFound);
    return plan;
  }

  async function planById(tx: Executor, planId: string): Promise<PlanRow> {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
    return plan!;
  }

  /** The current (ACTIVE) and next (PAYMENT_PENDING / PAYMENT_RECEIVED) subscriptions, read in `tx`. */
  async function currentAndNext(tx: Executor, organisationId: string) {
    const rows = await tx
      .select()
      .from(planSubscriptions)
      .where(and(eq(planSubscriptions.organisationId, organisationId), inArray(planSubscriptions.status, ['ACTIVE', ...NEXT_STATUSES])));
    return {
      current: rows.find((row) => row.status === 'ACTIVE') ?? null,
      next: rows.find((row) => NEXT_STATUSES.includes(row.status as PlanSubscriptionStatus)) ?? null,
    };
  }

  /**
   * Makes a paid subscription the current plan, ending the current one now: the wallet follows
   * the plan (a PREPAID plan's amount is credited, referenced by its payment), and the first plan
   * moves the organisation to the fully onboarded status.
   */
  async function activate(
    tx: Executor,
    organisationId: string,
    next: SubscriptionRow,
    current: SubscriptionRow | null,
    actor: string,
    origin: RequestOrigin | null,
  ) {
    const now = clock.now();
    if (current) {
      await tx
        .update(planSubscriptions)
        .set({ status: 'EXPIRED', endDate: sql`least(${planSubscriptions.endDate}, ${now})`, updatedAt: now })
        .where(and(eq(planSubscriptions.id, current.id), eq(planSubscriptions.status, 'ACTIVE')));
    }
    const plan = await planById(tx, next.planId);
    const [activated] = await tx
      .update(planSubscriptions)
      .set({ status: 'ACTIVE', startDate: now, endDate: sql`${now}::timestamptz + make_interval(months => ${plan.validityMonths}::int)`, updatedAt: now })
      .where(and(eq(planSubscriptions.id, next.id), eq(planSubscriptions.status, 'PAYMENT_RECEIVED')))
      .returning({ id: planSubscriptions.id, startDate: planSubscriptions.startDate, endDate: planSubscriptions.endDate });
    if (!activated) throw new AppError('conflict', BILLING_MESSAGES.noNextPlan);
    await billing.planActivated(tx, organisationId, {
      subscriptionId: next.id,
      planType: plan.planType as PlanType,
      amountPaise: next.amountPaise,
      credit: plan.planType === 'PREPAID' && next.paymentId ? { reference: `payment:${next.paymentId}` } : null,
    });
    await organisations.advanceOnboarding(tx, organisationId, 'planSubscribed');
    await audit.record(tx, { actor, organisationId, action: 'plan.activated', details: { subscriptionId: next.id, plan: plan.code }, origin });
    await webhooks.emit(tx, organisationId, 'plan.activated', {
      ...planEventData(next.id, plan),
      start_date: activated.startDate?.toISOString() ?? null,
      end_date: activated.endDate?.toISOString() ?? null,
    });
  }

  async function infoOf(row: SubscriptionRow | null, wallet: Wallet | null, withWallet: boolean): Promise<PlanInfo | null> {
    if (!row) return null;
    const plan = await planById(db, row.planId);
    const walletShown = withWallet && wallet !== null;
    return {
      subscription_id: row.id,
      plan_id: plan.id,
      plan_name: plan.name,
      plan_code: plan.code,
      plan_type: plan.planType as PlanType,
      is_custom_plan: plan.isCustomPlan,
      duration: plan.validityMonths,
      amount: paiseToRupees(row.amountPaise),
      balance: walletShown ? paiseToRupees(wallet.balancePaise) : null,
      wallet_balance_with_gst: walletShown ? withGstRupees(wallet.balancePaise) : null,
      alert_balance: walletShown ? paiseToRupees(wallet.alertBalancePaise) : null,
      start_date: ms(row.startDate),
      end_date: ms(row.endDate),
      status: row.status as PlanSubscriptionStatus,
      enable_immediately: row.enableImmediately,
    };
  }

  async function planInfo(organisationId: string): Promise<OrgPlanInfo> {
    const { current, next } = await currentAndNext(db, organisationId);
    const wallet = await billing.wallet(organisationId);
    const nextInfo = await infoOf(next, wallet, false);
    // A paid next plan waiting for the current one to end starts on that day.
    if (nextInfo && next?.status === 'PAYMENT_RECEIVED' && current) nextInfo.start_date = ms(current.endDate);
    return { current: await infoOf(current, wallet, true), next: nextInfo };
  }

  const service = {
    ensureReferencePlans: () => ensureReferencePlans(db),

    /** GET /plan: with the organisation's status on each plan and the price of every product. */
    async list(organisationId: string): Promise<Plan[]> {
      const rows = await visiblePlans(organisationId);
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      const [prices, subscriptions] = await Promise.all([
        db.select().from(planPrices).where(inArray(planPrices.planId, ids)),
        db.select().from(planSubscriptions).where(eq(planSubscriptions.organisationId, organisationId)),
      ]);
      return rows.map((row) => {
        const statuses = subscriptions
          .filter((subscription) => subscription.planId === row.id)
          .map((subscription) => subscription.status as PlanSubscriptionStatus);
        const status = statuses.sort((a, b) => STATUS_WEIGHT[b] - STATUS_WEIGHT[a])[0] ?? null;
        return {
          _id: row.id,
          plan_name: row.name,
          plan_code: row.code,
          plan_type: row.planType as PlanType,
          is_custom_plan: row.isCustomPlan,
          subscription_status: status,
          prepaid_recharge_amount: paiseToRupees(row.amountPaise),
          plan_validity: row.validityMonths,
          pricing: Object.fromEntries(
            prices.filter((price) => price.planId === row.id).map((price) => [price.productArn, { unit_price: paiseToRupees(price.unitPricePaise) }]),
          ),
        };
      });
    },

    /** GET /plan/{planId}: one row per catalog product the plan prices. */
    async pricing(organisationId: string, planId: string): Promise<PricingRow[]> {
      const plan = await visiblePlan(organisationId, planId);
      const prices = await db.select().from(planPrices).where(eq(planPrices.planId, plan.id));
      return prices.flatMap((price) => {
        const product = productByArn(price.productArn);
        if (!product) return [];
        return [
          {
            productArn: product.arn,
            productName: product.name,
            productPricing: { unit_price: paiseToRupees(price.unitPricePaise) },
            addons: price.addons.map(addonView),
          },
        ];
      });
    },

    planInfo,

    /**
     * org_plan_subscribe (seed 001 §4): needs the operator's activation; refused after a received
     * payment or on an active POSTPAID plan; replaces a pending request. A plan that costs nothing
     * (a POSTPAID custom plan) needs no payment and activates like a paid one.
     */
    async subscribe(
      organisationId: string,
      planId: string,
      enableImmediately: boolean | undefined,
      actor: string,
      origin: RequestOrigin,
    ): Promise<PlanChanged> {
      const status = await organisations.onboardingStatus(organisationId);
      if (!MAY_SUBSCRIBE.includes(status)) {
        throw new AppError('conflict', status === 'ACTIVATION_REQUESTED' ? ACTIVATION_MESSAGES.requested : ACTIVATION_MESSAGES.pending);
      }
      const plan = await visiblePlan(organisationId, planId);
      await db.transaction(async (tx) => {
        await lockPlans(tx, organisationId);
        const { current, next } = await currentAndNext(tx, organisationId);
        const currentPlan = current ? await planById(tx, current.planId) : null;
        const refusal = planRequestRefusal({
          paymentReceived: next?.status === 'PAYMENT_RECEIVED',
          activePlanType: (currentPlan?.planType as PlanType) ?? null,
        });
        if (refusal) throw new AppError('conflict', refusal);
        if (current?.planId === plan.id) throw new AppError('conflict', BILLING_MESSAGES.alreadyCurrentPlan);
        const enable = current ? (enableImmediately ?? true) : true;
        if (next?.planId === plan.id && next.enableImmediately === enable) return;
        const now = clock.now();
        if (next) await tx.delete(planSubscriptions).where(and(eq(planSubscriptions.id, next.id), eq(planSubscriptions.status, 'PAYMENT_PENDING')));
        const free = plan.amountPaise === 0;
        const [created] = await tx
          .insert(planSubscriptions)
          .values({
            organisationId,
            planId: plan.id,
            status: free ? 'PAYMENT_RECEIVED' : 'PAYMENT_PENDING',
            enableImmediately: enable,
            amountPaise: plan.amountPaise,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await audit.record(tx, {
          actor,
          organisationId,
          action: 'plan.requested',
          details: { plan: plan.code, enableImmediately: enable, replaced: next?.id ?? null },
          origin,
        });
        if (free && (enable || !current)) await activate(tx, organisationId, created!, current, actor, origin);
      });
      return { message: BILLING_MESSAGES.requestRegistered, ...(await planInfo(organisationId)) };
    },

    /**
     * A bank transfer for the next plan reached its virtual account (called in the payment's
     * transaction): the plan is PAYMENT_RECEIVED, and activates at once when nothing is active or
     * it was asked for immediately. The transfer must be the plan's amount plus GST (`withGst`);
     * the plan's own amount, without the tax, is what a PREPAID plan credits to the wallet.
     */
    async paymentReceived(
      tx: Executor,
      organisationId: string,
      paymentId: string,
      amountPaidPaise: number,
      actor: string,
      origin: RequestOrigin,
    ): Promise<{ subscriptionId: string; planAmountPaise: number }> {
      await lockPlans(tx, organisationId);
      const { current, next } = await currentAndNext(tx, organisationId);
      if (!next || next.status !== 'PAYMENT_PENDING') throw new AppError('conflict', 'No plan of this organisation is waiting for a payment');
      if (withGst(next.amountPaise, config.GST_RATE_PERCENT).totalPaise !== amountPaidPaise) {
        throw new AppError(
          'conflict',
          `The transfer of ${formatRupees(paiseToRupees(amountPaidPaise))} does not match the amount due: ${formatWithGst(paiseToRupees(next.amountPaise), config.GST_RATE_PERCENT)}`,
        );
      }
      const [received] = await tx
        .update(planSubscriptions)
        .set({ status: 'PAYMENT_RECEIVED', paymentId, updatedAt: clock.now() })
        .where(and(eq(planSubscriptions.id, next.id), eq(planSubscriptions.status, 'PAYMENT_PENDING')))
        .returning();
      await audit.record(tx, { actor, organisationId, action: 'plan.payment_received', details: { subscriptionId: next.id, paymentId }, origin });
      if (!current || next.enableImmediately) await activate(tx, organisationId, received!, current, actor, origin);
      return { subscriptionId: next.id, planAmountPaise: next.amountPaise };
    },

    /** org_activate_next_plan: 'Activate Now' on a paid next plan. */
    async activateNext(organisationId: string, actor: string, origin: RequestOrigin): Promise<PlanChanged> {
      await db.transaction(async (tx) => {
        await lockPlans(tx, organisationId);
        const { current, next } = await currentAndNext(tx, organisationId);
        if (!next || next.status !== 'PAYMENT_RECEIVED') throw new AppError('conflict', BILLING_MESSAGES.noNextPlan);
        await activate(tx, organisationId, next, current, actor, origin);
      });
      return { message: BILLING_MESSAGES.planActivated, ...(await planInfo(organisationId)) };
    },

    /** The plan.expiring event of each current plan within 7 days of its end date, raised once per plan. */
    async remindExpiring(): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ subscription: planSubscriptions, plan: plans })
        .from(planSubscriptions)
        .innerJoin(plans, eq(plans.id, planSubscriptions.planId))
        .where(
          and(
            eq(planSubscriptions.status, 'ACTIVE'),
            gt(planSubscriptions.endDate, now),
            lte(planSubscriptions.endDate, new Date(now.getTime() + PLAN_EXPIRING_NOTICE_MS)),
          ),
        );
      let reminded = 0;
      for (const { subscription, plan } of due) {
        const data = { ...planEventData(subscription.id, plan), end_date: subscription.endDate!.toISOString() };
        if (await db.transaction((tx) => webhooks.emitOnce(tx, subscription.organisationId, 'plan.expiring', data, subscription.id))) reminded += 1;
      }
      return reminded;
    },

    /**
     * Ends every ACTIVE plan past its end date and activates a paid next plan in its place. Each
     * organisation is handled under its plan lock, so two instances running this at once change
     * each plan once.
     */
    async expireDue(): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ organisationId: planSubscriptions.organisationId })
        .from(planSubscriptions)
        .where(and(eq(planSubscriptions.status, 'ACTIVE'), lte(planSubscriptions.endDate, now)))
        .limit(EXPIRY_BATCH);
      let expired = 0;
      for (const { organisationId } of due) {
        await db.transaction(async (tx) => {
          await lockPlans(tx, organisationId);
          const { current, next } = await currentAndNext(tx, organisationId);
          if (!current || !current.endDate || current.endDate > now) return;
          await webhooks.emit(tx, organisationId, 'plan.expired', {
            ...planEventData(current.id, await planById(tx, current.planId)),
            end_date: current.endDate.toISOString(),
          });
          if (next?.status === 'PAYMENT_RECEIVED') await activate(tx, organisationId, next, current, 'system:plan-expiry', null);
          else {
            await tx
              .update(planSubscriptions)
              .set({ status: 'EXPIRED', updatedAt: now })
              .where(and(eq(planSubscriptions.id, current.id), eq(planSubscriptions.status, 'ACTIVE')));
            await audit.record(tx, {
              actor: 'system:plan-expiry',
              organisationId,
              action: 'plan.expired',
              details: { subscriptionId: current.id },
              origin: null,
            });
          }
          expired += 1;
        });
      }
      return expired;
    },

    /** get_org_plan_subscriptions: newest first. */
    async subscriptions(organisationId: string): Promise<PlanSubscription[]> {
      const rows = await db
        .select({ subscription: planSubscriptions, plan: plans })
        .from(planSubscriptions)
        .innerJoin(plans, eq(plans.id, planSubscriptions.planId))
        .where(eq(planSubscriptions.organisationId, organisationId))
        .orderBy(desc(planSubscriptions.createdAt));
      return rows.map(({ subscription, plan }) => ({
        _id: subscription.id,
        plan_id: plan.id,
        plan_name: plan.name,
        plan_type: plan.planType as PlanType,
        plan_code: plan.code,
        status: subscription.status as PlanSubscriptionStatus,
        start_date: ms(subscription.startDate),
        end_date: ms(subscription.endDate),
        createdAt: subscription.createdAt.getTime(),
      }));
    },

    /** What GET /organisation/{id} adds: the active plan and the alert balance. */
    async organisationBilling(organisationId: string): Promise<OrganisationBilling> {
      const { current } = await currentAndNext(db, organisationId);
      const plan = current ? await planById(db, current.planId) : null;
      const wallet = await billing.wallet(organisationId);
      return {
        activePlan: plan ? { plan_id: plan.id, plan_name: plan.name, plan_type: plan.planType as PlanType } : null,
        alert_balance: wallet ? paiseToRupees(wallet.alertBalancePaise) : null,
      };
    },

    /** GET /summary: the plan and wallet figures once the organisation is fully onboarded. */
    async summary(organisationId: string): Promise<Summary> {
      const [subscribed, pending, status] = await Promise.all([
        products.list(organisationId, { subscription_status: 'subscribed' }),
        products.list(organisationId, { subscription_status: 'pending_approval' }),
        organisations.onboardingStatus(organisationId),
      ]);
      const counts = { subscribed_products_count: subscribed.length, pending_products_count: pending.length };
      const empty = { plan_type: null, plan_validity: null, wallet_balance: null, wallet_balance_with_gst: null };
      if (status !== FULLY_ONBOARDED) return { ...counts, ...empty };
      const { current } = await currentAndNext(db, organisationId);
      const wallet = await billing.wallet(organisationId);
      if (!current) return { ...counts, ...empty };
      const plan = await planById(db, current.planId);
      return {
        ...counts,
        plan_type: plan.planType as PlanType,
        plan_validity: ms(current.endDate),
        wallet_balance: wallet ? paiseToRupees(wallet.balancePaise) : null,
        wallet_balance_with_gst: wallet ? withGstRupees(wallet.balancePaise) : null,
      };
    },

    /** Every plan, reference and custom, for the back office. */
    async allPlans() {
      const rows = await db.select().from(plans).orderBy(asc(plans.isCustomPlan), asc(plans.sortOrder), asc(plans.createdAt));
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        name: row.name,
        planType: row.planType,
        organisationId: row.organisationId,
        listed: row.listed,
        amount: paiseToRupees(row.amountPaise),
        validityMonths: row.validityMonths,
      }));
    },

    /** Plans waiting for their bank transfer, newest first, with the amount due (plus GST; the development transfer page). */
    async pendingPayments(limit = 50) {
      const rows = await db
        .select({ organisationId: planSubscriptions.organisationId, planName: plans.name, amountPaise: planSubscriptions.amountPaise })
        .from(planSubscriptions)
        .innerJoin(plans, eq(plans.id, planSubscriptions.planId))
        .where(eq(planSubscriptions.status, 'PAYMENT_PENDING'))
        .orderBy(desc(planSubscriptions.createdAt))
        .limit(limit);
      return rows.map((row) => ({ ...row, duePaise: withGst(row.amountPaise, config.GST_RATE_PERCENT).totalPaise }));
    },

    /** An operator's custom plan for one organisation; it completes the organisation's open custom-plan request. */
    async createCustomPlan(organisationId: string, input: CustomPlanInput, operator: string, origin: RequestOrigin): Promise<Plan> {
      await organisations.get(organisationId);
      const baseCode = input.basePlanCode ?? (input.planType === 'POSTPAID' ? 'POSTPAID' : 'LITE');
      const [base] = await db
        .select()
        .from(plans)
        .where(and(eq(plans.code, baseCode), isNull(plans.organisationId)));
      if (!base) throw new AppError('not_found', `Reference plan ${baseCode} not found`);
      const unknown = Object.keys(input.pricesPaise ?? {}).find((arn) => !productByArn(arn));
      if (unknown) throw new AppError('bad_request', `Unknown product: ${unknown}`);
      const created = await db.transaction(async (tx) => {
        const [plan] = await tx
          .insert(plans)
          .values({
            code: `CUSTOM-${randomBytes(4).toString('hex').toUpperCase()}`,
            name: input.name,
            planType: input.planType,
            isCustomPlan: true,
            organisationId,
            listed: true,
            amountPaise: input.amountPaise,
            validityMonths: input.validityMonths,
            createdAt: clock.now(),
          })
          .returning();
        const basePrices = await tx.select().from(planPrices).where(eq(planPrices.planId, base.id));
        if (basePrices.length > 0) {
          await tx.insert(planPrices).values(
            basePrices.map((price) => ({
              planId: plan!.id,
              productArn: price.productArn,
              unitPricePaise: input.pricesPaise?.[price.productArn] ?? price.unitPricePaise,
              addons: price.addons,
            })),
          );
        }
        await requests.completeCustomPlanRequest(tx, organisationId);
        await audit.record(tx, {
          actor: operator,
          organisationId,
          action: 'plan.custom_created',
          details: { planId: plan!.id, code: plan!.code, ...input },
          origin,
        });
        return plan!;
      });
      return (await service.list(organisationId)).find((plan) => plan._id === created.id)!;
    },

    async startJobs(): Promise<void> {
      await jobs.define(EXPIRY_QUEUE, { policy: 'singleton', retryLimit: 1 });
      await jobs.work(EXPIRY_QUEUE, async () => {
        while ((await service.expireDue()) === EXPIRY_BATCH);
        await service.remindExpiring();
      });
      await jobs.schedule(EXPIRY_QUEUE, '* * * * *');
      await jobs.send(EXPIRY_QUEUE, {}, { singletonKey: 'start' });
    },
  };
  return service;
}

export type PlanService = ReturnType<typeof createPlanService>;
