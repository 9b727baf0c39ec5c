import type { ProductView } from '@verigate/contracts';

/** The first category tab or chip, which shows every product. */
export const ALL_CATEGORIES = 'All';

/** 'All' and then the categories found in the products, in their first-seen order (the catalog's tabs, the plans screen's chips). */
export function categoriesOf(products: readonly Pick<ProductView, 'category'>[]): string[] {
  return [ALL_CATEGORIES, ...new Set(products.map((product) => product.category).filter(Boolean))];
}

/**
 * A category as a token for element ids ('Business Verification' → 'business-verification'): the
 * accordions and tabs build their aria-controls and aria-labelledby ids from their values, and an id
 * with a space names two elements that do not exist.
 */
export const categorySlug = (category: string): string =>
  category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
