import { and, eq, inArray } from 'drizzle-orm';
import { isHiddenFromTrial, productByArn, products, type ProductDefinition } from '@verigate/catalog';
import { PRODUCT_MESSAGES, type ProductView, type SubscriptionResult, type SubscriptionStatus } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { appProducts, apps, subscriptions } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { announceCredentialChange } from '../../platform/change-feed.js';
import { advanceOnboarding } from '../organisations/onboarding-status.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface ProductFilter {
  show_while_onboarding?: string | undefined;
  subscription_status?: 'subscribed' | 'pending_approval' | 'unsubscribed' | undefined;
  remaining_test_credits?: string | undefined;
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
  };
}

/** Unknown arns are refused before anything changes. */
function catalogProducts(arns: readonly string[]): ProductDefinition[] {
  return [...new Set(arns)].map((arn) => {
    const product = productByArn(arn);
    if (!product) throw new AppError('not_found', `${PRODUCT_MESSAGES.unknownProduct}: ${arn}`);
    return product;
  });
}

export function createProductService({ db, clock }: { db: Database; clock: Clock }) {
  /** App products changed: every instance's gateway must forget what it cached for these apps. */
  async function announceAppsOf(organisationId: string) {
    const rows = await db.select({ id: apps.id }).from(apps).where(eq(apps.organisationId, organisationId));
    for (const row of rows) await announceCredentialChange(db, row.id);
  }

  async function subscriptionsOf(organisationId: string) {
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.organisationId, organisationId));
    return new Map(rows.map((row) => [row.productArn, row]));
  }

  /** Subscribed products join the organisation's test app, so its test key can call them at once. */
  async function addToTestApp(tx: Pick<Database, 'select' | 'insert'>, organisationId: string, arn: string) {
    const [testApp] = await tx
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.organisationId, organisationId), eq(apps.isTestApp, true)));
    if (testApp) await tx.insert(appProducts).values({ appId: testApp.id, productArn: arn }).onConflictDoNothing();
  }

  async function setStatus(organisationId: string, product: ProductDefinition, status: SubscriptionStatus, grantCredits: boolean) {
    const now = clock.now();
    await db
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

  const service = {
    async list(organisationId: string, filter: ProductFilter): Promise<ProductView[]> {
      const rows = await subscriptionsOf(organisationId);
      return products
        .filter((product) => !filter.show_while_onboarding || product.show_while_onboarding)
        .map((product) => view(product, rows.get(product.arn)))
        .filter((item) => !filter.subscription_status || STATUS_FILTER[filter.subscription_status].includes(item.subscription_status))
        .filter((item) => !filter.remaining_test_credits || (item.remaining_test_credits > 0 && !isHiddenFromTrial(productByArn(item.arn)!)));
    },

    /** Auto-approved products are subscribed at once with their free test credits; others await an operator. */
    async subscribe(organisationId: string, arns: readonly string[]): Promise<SubscriptionResult[]> {
      const wanted = catalogProducts(arns);
      const current = await subscriptionsOf(organisationId);
      const results: SubscriptionResult[] = [];
      for (const product of wanted) {
        const status = current.get(product.arn)?.status;
        if (status !== 'SUBSCRIBED' && status !== 'PENDING_APPROVAL') {
          if (product.auto_approval) {
            await service.approve(organisationId, product.arn);
          } else {
            await setStatus(organisationId, product, 'PENDING_APPROVAL', false);
          }
        }
        results.push(await result(organisationId, product));
      }
      await advanceOnboarding(db, organisationId, 'servicesSubscribed');
      return results;
    },

    async unsubscribe(organisationId: string, arns: readonly string[]): Promise<SubscriptionResult[]> {
      const wanted = catalogProducts(arns);
      const results: SubscriptionResult[] = [];
      for (const product of wanted) {
        await db.transaction(async (tx) => {
          await tx
            .update(subscriptions)
            .set({ status: 'UNSUBSCRIBED', updatedAt: clock.now() })
            .where(and(eq(subscriptions.organisationId, organisationId), eq(subscriptions.productArn, product.arn)));
          const orgApps = tx.select({ id: apps.id }).from(apps).where(eq(apps.organisationId, organisationId));
          await tx.delete(appProducts).where(and(eq(appProducts.productArn, product.arn), inArray(appProducts.appId, orgApps)));
        });
        results.push(await result(organisationId, product));
      }
      await announceAppsOf(organisationId);
      return results;
    },

    /** SUBSCRIBED with the free test credits granted once per organisation and product. */
    async approve(organisationId: string, arn: string): Promise<SubscriptionResult> {
      const [product] = catalogProducts([arn]);
      const granted = (await subscriptionsOf(organisationId)).get(arn)?.testCreditsGranted ?? false;
      await setStatus(organisationId, product!, 'SUBSCRIBED', !granted);
      await addToTestApp(db, organisationId, arn);
      await announceAppsOf(organisationId);
      return result(organisationId, product!);
    },

    async reject(organisationId: string, arn: string): Promise<SubscriptionResult> {
      const [product] = catalogProducts([arn]);
      await setStatus(organisationId, product!, 'REJECTED', false);
      return result(organisationId, product!);
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

    /** Arns of the organisation's SUBSCRIBED products. */
    async subscribedArns(organisationId: string): Promise<string[]> {
      return [...(await subscriptionsOf(organisationId)).values()].filter((row) => row.status === 'SUBSCRIBED').map((row) => row.productArn);
    },
  };
  return service;
}

export type ProductService = ReturnType<typeof createProductService>;
