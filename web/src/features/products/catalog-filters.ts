import type { ProductView, SubscriptionStatus } from '@verigate/contracts';
import { ALL_CATEGORIES } from '@/lib/product-categories';

export const SUBSCRIPTION_FILTERS = [
  { value: 'all', label: 'All Products' },
  { value: 'not_subscribed', label: 'Not Subscribed' },
  { value: 'subscribed', label: 'Already Subscribed' },
  { value: 'pending', label: 'Pending Approval' },
] as const;
export type SubscriptionFilterValue = (typeof SUBSCRIPTION_FILTERS)[number]['value'];

/** UNSUBSCRIBED and REJECTED both count as Not Subscribed (they can be subscribed again). */
const FILTER_STATUSES: Record<SubscriptionFilterValue, readonly SubscriptionStatus[] | null> = {
  all: null,
  not_subscribed: ['UNSUBSCRIBED', 'REJECTED'],
  subscribed: ['SUBSCRIBED'],
  pending: ['PENDING_APPROVAL'],
};

export const isSubscriptionFilter = (value: string): value is SubscriptionFilterValue => value in FILTER_STATUSES;

export interface CatalogFilter {
  search: string;
  category: string;
  subscription: SubscriptionFilterValue;
}

export function filterProducts(products: readonly ProductView[], { search, category, subscription }: CatalogFilter): ProductView[] {
  const needle = search.trim().toLowerCase();
  const statuses = FILTER_STATUSES[subscription];
  return products.filter(
    (product) =>
      (category === ALL_CATEGORIES || product.category === category) &&
      (!statuses || statuses.includes(product.subscription_status)) &&
      (!needle || [product.name, product.category, product.short_description].some((text) => text.toLowerCase().includes(needle))),
  );
}
