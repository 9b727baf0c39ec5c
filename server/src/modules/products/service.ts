import { and, eq, getTableColumns } from 'drizzle-orm';
import { docsLink, isHiddenFromTrial, productByArn, products, type ProductDefinition } from '@verigate/catalog';
import { PRODUCT_MESSAGES, type ProductView, type SubscriptionResult, type SubscriptionStatus } from '@verigate/contracts';
import type { Database, Executor } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { subscriptions } from '../../db/schema.js';
import { testCreditsWithLeases } from '../../db/test-credits.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { OrganisationService } from '../organisations/service.js';
import type { WebhookEmitter } from '../webhooks/service.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface ProductFilter {
  show_while_onboarding?: string | undefined;
  subscription_status?: 'subscribed' | 'pending_approval' | 'unsubscribed' | undefined;
  remaining_test_credits?: string | undefined;
}

/**
 * Told of every subscription that starts or ends, inside the transaction that changes it, by a
 * module whose data follows the subscriptions (the apps' products): both commit or neither does.
 */
export interface SubscriptionListener {
  subscribed(tx: Executor, organisationId: string, arn: string): Promise<void>;
  unsubscribed(tx: Executor, organisationId: string, arn: string): Promise<void>;
}

const STATUS_FILTER: Record<NonNullable<ProductFilter['subscription_status']>, readonly SubscriptionStatus[]> = {
  subscribed: ['SUBSCRIBED'],
  pending_approval: ['PENDING_APPROVAL'],
  unsubscribed: ['UNSUBSCRIBED', 'REJECTED'],
};

function view(product: ProductDefinition, row: SubscriptionRow | undefined): ProductView {
  return {
    _id: product.arn,
    name: product.name,
    arn: product.arn,
    category: product.category,
    short_description: product.short_description,
    additional_info: product.additional_info,
    default_free_transactions: product.default_free_transactions,
    auto_approval: product.auto_approval,
    subscription_status: (row?.status as SubscriptionStatus | undefined) ?? 'UNSUBSCRIBED',
    remaining_test_credits: row?.testCreditsRemaining ?? 0,
    updatedAt: (row?.updatedAt ?? new Date(0)).getTime(),
    doc_link: docsLink(product),
  };
}

const NO_PENDING_REQUEST = 'No pending request for that organisation and product';

/** Unknown arns are refused before anything changes. */
function catalogProducts(arns: readonly string[]): ProductDefinition[] {
  return [...new Set(arns)].map((arn) => {
    const product = productByArn(arn);
    if (!product) throw new AppError('not_found', `${PRODUCT_MESSAGES.unknownProduct}: ${arn}`);
    return product;
  });
}

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  onboarding: Pick<OrganisationService, 'advanceOnboarding'>;
  webhooks: WebhookEmitter;
}

/** Who asked for a subscription change, and the status it changes. */
interface Requested {
  actor: string;
  origin: RequestOrigin;
  before: string | null;
}

/** Who subscribes the organisation: an operator's approval, or a member's request of an auto-approved product. */
type Approver = { operator: string; origin: RequestOrigin; requested?: never } | { requested: Requested; operator?: never; origin?: never };

/** The organisations' product subscriptions and their test credits. */
export function createProductService({ db, clock, audit, onboarding, webhooks }: Dependencies) {
  const listeners: SubscriptionListener[] = [];

  async function subscriptionsOf(organisationId: string, executor: Executor = db) {
    const rows = await executor
      .select({ ...getTableColumns(subscriptions), testCreditsRemaining: testCreditsWithLeases })
      .from(subscriptions)
      .where(eq(subscriptions.organisationId, organisationId));
    return new Map(rows.map((row) => [row.productArn, row]));
  }

  const lockSubscription = (tx: Executor, organisationId: string, arn: string) => lockUntilCommit(tx, `subscription:${organisationId}:${arn}`);

  /**
   * Runs `change` in a transaction that holds the lock of this organisation's subscription to
   * `product`, with the subscription as it stands under that lock: two changes at once (a double
   * click, two operators) are decided one after the other, so the free credits are granted once
   * and each change is recorded once.
   */
  async function changeSubscription<T>(
    organisationId: string,
    product: ProductDefinition,
    change: (tx: Executor, current: SubscriptionRow | undefined) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      await lockSubscription(tx, organisationId, product.arn);
      const [current] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.organisationId, organisationId), eq(subscriptions.productArn, product.arn)));
      return change(tx, current);
    });
  }

  async function setStatus(tx: Executor, organisationId: string, product: ProductDefinition, status: SubscriptionStatus, grantCredits: boolean) {
    const now = clock.now();
    await tx
      .insert(subscriptions)
      .values({
        organisationId,
        productArn: product.arn,
        status,
        testCreditsRemaining: grantCredits ? product.default_free_transactions : 0,
        testCreditsGranted: grantCredits,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [subscriptions.organisationId, subscriptions.productArn],
        set: grantCredits
          ? { status, testCreditsRemaining: product.default_free_transactions, testCreditsGranted: true, updatedAt: now }
          : { status, updatedAt: now },
      });
  }

  async function result(organisationId: string, product: ProductDefinition): Promise<SubscriptionResult> {
    const row = (await subscriptionsOf(organisationId)).get(product.arn);
    const productView = view(product, row);
    return { product: productView, status: productView.subscription_status, test_credit: productView.remaining_test_credits };
  }

  /**
   * SUBSCRIBED, inside a locked change, with the free test credits granted once per organisation
   * and product (`current` says whether they were): approved by an operator, or at once for an
   * auto-approved product a member asked for.
   */
  async function approve(tx: Executor, organisationId: string, product: ProductDefinition, current: SubscriptionRow | undefined, by: Approver) {
    await setStatus(tx, organisationId, product, 'SUBSCRIBED', !current?.testCreditsGranted);
    if (by.requested) await auditRequest(tx, organisationId, product, by.requested, 'SUBSCRIBED');
    for (const listener of listeners) await listener.subscribed(tx, organisationId, product.arn);
    if (by.operator)
      await audit.record(tx, { actor: by.operator, organisationId, action: 'product.approved', details: { arn: product.arn }, origin: by.origin });
    await webhooks.emit(tx, organisationId, 'product.approved', { product_arn: product.arn, product_name: product.name, auto_approved: !by.operator });
  }

  /** A member's subscription change, in its transaction, with the status before and after. */
  async function auditRequest(tx: Executor, organisationId: string, product: ProductDefinition, requested: Requested, after: SubscriptionStatus) {
    await audit.record(tx, {
      actor: requested.actor,
      organisationId,
      action: after === 'UNSUBSCRIBED' ? 'product.unsubscribed' : 'product.subscribed',
      details: { arn: product.arn, before: { status: requested.before }, after: { status: after } },
      origin: requested.origin,
    });
  }

  return {
    /** Registers a module whose data follows the subscriptions. */
    follow(listener: SubscriptionListener): void {
      listeners.push(listener);
    },

    async list(organisationId: string, filter: ProductFilter): Promise<ProductView[]> {
      const rows = await subscriptionsOf(organisationId);
      return products
        .filter((product) => !filter.show_while_onboarding || product.show_while_onboarding)
        .map((product) => view(product, rows.get(product.arn)))
        .filter((item) => !filter.subscription_status || STATUS_FILTER[filter.subscription_status].includes(item.subscription_status))
        .filter((item) => !filter.remaining_test_credits || (item.remaining_test_credits > 0 && !isHiddenFromTrial(productByArn(item.arn)!)));
    },

    /** Auto-approved products are subscribed at once with their free test credits; others await an operator. */
    async subscribe(organisationId: string, arns: readonly string[], actor: string, origin: RequestOrigin): Promise<SubscriptionResult[]> {
      const results: SubscriptionResult[] = [];
      for (const product of catalogProducts(arns)) {
        await changeSubscription(organisationId, product, async (tx, current) => {
          if (current?.status === 'SUBSCRIBED' || current?.status === 'PENDING_APPROVAL') return;
          const requested = { actor, origin, before: current?.status ?? null };
          if (product.auto_approval) await approve(tx, organisationId, product, current, { requested });
          else {
            await setStatus(tx, organisationId, product, 'PENDING_APPROVAL', false);
            await auditRequest(tx, organisationId, product, requested, 'PENDING_APPROVAL');
          }
        });
        results.push(await result(organisationId, product));
      }
      await onboarding.advanceOnboarding(db, organisationId, 'servicesSubscribed');
      return results;
    },

    async unsubscribe(organisationId: string, arns: readonly string[], actor: string, origin: RequestOrigin): Promise<SubscriptionResult[]> {
      const results: SubscriptionResult[] = [];
      for (const product of catalogProducts(arns)) {
        await changeSubscription(organisationId, product, async (tx, current) => {
          if (!current || current.status === 'UNSUBSCRIBED') return;
          await tx
            .update(subscriptions)
            .set({ status: 'UNSUBSCRIBED', updatedAt: clock.now() })
            .where(and(eq(subscriptions.organisationId, organisationId), eq(subscriptions.productArn, product.arn)));
          await auditRequest(tx, organisationId, product, { actor, origin, before: current.status }, 'UNSUBSCRIBED');
          for (const listener of listeners) await listener.unsubscribed(tx, organisationId, product.arn);
        });
        results.push(await result(organisationId, product));
      }
      return results;
    },

    async pendingRequests() {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.status, 'PENDING_APPROVAL'));
      return rows.map((row) => ({
        organisationId: row.organisationId,
        arn: row.productArn,
        name: productByArn(row.productArn)?.name ?? row.productArn,
        requestedAt: row.updatedAt.toISOString(),
      }));
    },

    /** An operator's answer to a pending request: approved (subscribed, with its test credits) or rejected; recorded either way. */
    async decide(organisationId: string, arn: string, decision: 'approve' | 'reject', operator: string, origin: RequestOrigin): Promise<SubscriptionResult> {
      const product = productByArn(arn);
      if (!product) throw new AppError('not_found', NO_PENDING_REQUEST);
      await changeSubscription(organisationId, product, async (tx, current) => {
        if (current?.status !== 'PENDING_APPROVAL') throw new AppError('not_found', NO_PENDING_REQUEST);
        if (decision === 'approve') return approve(tx, organisationId, product, current, { operator, origin });
        await setStatus(tx, organisationId, product, 'REJECTED', false);
        await audit.record(tx, { actor: operator, organisationId, action: 'product.rejected', details: { arn }, origin });
        await webhooks.emit(tx, organisationId, 'product.rejected', { product_arn: arn, product_name: product.name });
      });
      return result(organisationId, product);
    },

    /**
     * Arns of the organisation's SUBSCRIBED products; read on `executor` when a caller's
     * transaction holds a lock (a second connection from the pool could wait on it forever).
     */
    async subscribedArns(organisationId: string, executor: Executor = db): Promise<string[]> {
      return [...(await subscriptionsOf(organisationId, executor)).values()].filter((row) => row.status === 'SUBSCRIBED').map((row) => row.productArn);
    },

    /**
     * The first of `arns` the organisation is not subscribed to, if any. Each is read under its
     * subscription's lock, held until `tx` ends, so none can be unsubscribed before the caller,
     * which links them to an app, commits. Locked in one order, so two callers never wait in a cycle.
     */
    async firstUnsubscribed(tx: Executor, organisationId: string, arns: readonly string[]): Promise<string | undefined> {
      for (const arn of [...arns].sort()) await lockSubscription(tx, organisationId, arn);
      const subscriptions = await subscriptionsOf(organisationId, tx);
      return arns.find((arn) => subscriptions.get(arn)?.status !== 'SUBSCRIBED');
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
