import { products, type ProductDefinition } from '@verigate/catalog';
import { sql } from 'drizzle-orm';
import type { PlanType } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { planPrices, plans, type PlanAddonRecord } from '../../db/schema.js';

/**
 * The reference plans every organisation sees: four PREPAID tiers, each dearer to buy and cheaper
 * per call, and a POSTPAID template operators copy into an organisation's custom plan. Amounts in
 * paise.
 */
const REFERENCE_PLANS: ReadonlyArray<{
  code: string;
  name: string;
  planType: PlanType;
  listed: boolean;
  amountPaise: number;
  validityMonths: number;
  /** Percent of the base price a call costs on this plan. */
  pricePercent: number;
}> = [
  { code: 'LITE', name: 'Lite', planType: 'PREPAID', listed: true, amountPaise: 10_000_00, validityMonths: 6, pricePercent: 100 },
  { code: 'PLUS', name: 'Plus', planType: 'PREPAID', listed: true, amountPaise: 25_000_00, validityMonths: 12, pricePercent: 90 },
  { code: 'ADVANCE', name: 'Advance', planType: 'PREPAID', listed: true, amountPaise: 50_000_00, validityMonths: 12, pricePercent: 80 },
  { code: 'PREMIUM', name: 'Premium', planType: 'PREPAID', listed: true, amountPaise: 1_00_000_00, validityMonths: 12, pricePercent: 70 },
  { code: 'POSTPAID', name: 'Postpaid', planType: 'POSTPAID', listed: false, amountPaise: 0, validityMonths: 12, pricePercent: 100 },
];

/** What a call costs on the Lite tier, by the product's type (the arn's last part), in paise. */
const BASE_PRICE_BY_TYPE: Record<string, number> = { lite: 200, micro: 150, mini: 150, pro: 400, advance: 500, demographic: 300 };
/** Products whose source is dearer than a registry lookup. */
const BASE_PRICE_BY_ARN: Record<string, number> = {
  in_contract_esign_aadhaar: 2500,
  in_contract_estamp_lite: 3000,
  in_financial_bankstatement_analyser: 1500,
  in_merchant_report_advance: 2000,
  in_vehicle_history_advance: 1200,
  in_ocr_document_processor: 800,
};
const DEFAULT_BASE_PRICE = 300;

const basePricePaise = (product: ProductDefinition): number =>
  BASE_PRICE_BY_ARN[product.arn] ?? BASE_PRICE_BY_TYPE[product.arn.split('_').at(-1)!] ?? DEFAULT_BASE_PRICE;

/** A price scaled to a tier, rounded to 10 paise. */
const scaledPrice = (basePaise: number, percent: number): number => Math.round((basePaise * percent) / 1000) * 10;

/** Priced extras where a product has an optional check worth charging for. */
function addonsOf(product: ProductDefinition, percent: number): PlanAddonRecord[] {
  const [, category, service] = product.arn.split('_');
  if (category === 'identity' && service === 'pan')
    return [
      {
        key: 'name_match',
        name: 'Name match',
        pricePaise: scaledPrice(50, percent),
        subAddons: [
          { key: 'fuzzy', name: 'Fuzzy match score' },
          { key: 'exact', name: 'Exact match' },
        ],
      },
    ];
  if (category === 'financial' && service === 'bank')
    return [{ key: 'penny_drop', name: 'Penny drop', pricePaise: scaledPrice(100, percent), subAddons: [{ key: 'imps', name: 'IMPS credit of ₹1' }] }];
  return [];
}

/** Prices of every catalog product on a plan that charges `percent` of the base price. */
const pricesFor = (planId: string, percent: number) =>
  products.map((product) => ({
    planId,
    productArn: product.arn,
    unitPricePaise: scaledPrice(basePricePaise(product), percent),
    addons: addonsOf(product, percent),
  }));

/**
 * Idempotent, and safe from several instances at once: the plans are created once, and a product
 * added to the catalog later gets its price on every reference plan at the next start.
 */
export async function ensureReferencePlans(db: Database): Promise<void> {
  await db
    .insert(plans)
    .values(REFERENCE_PLANS.map(({ pricePercent: _percent, ...plan }, index) => ({ ...plan, sortOrder: index })))
    .onConflictDoNothing({ target: plans.code });
  const rows = await db
    .select({ id: plans.id, code: plans.code })
    .from(plans)
    .where(sql`${plans.isCustomPlan} = false`);
  for (const reference of REFERENCE_PLANS) {
    const row = rows.find((candidate) => candidate.code === reference.code);
    if (row) await db.insert(planPrices).values(pricesFor(row.id, reference.pricePercent)).onConflictDoNothing();
  }
}
