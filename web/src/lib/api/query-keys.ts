/**
 * Query keys that more than one feature reads or invalidates. Each feature still owns its own
 * fetcher; sharing the key roots is what lets a mutation in one area refresh another area's view
 * (subscribing on the catalog refreshes the dashboard's product counts and the organisation status).
 */
export type ProductListFilter = 'all' | 'subscribed' | 'pending_approval';

export const queryKeys = {
  organisations: ['organisation'] as const,
  organisation: (organisationId: string) => ['organisation', organisationId] as const,
  user: (userId: string) => ['user', userId] as const,
  products: ['products'] as const,
  productList: (filter: ProductListFilter) => ['products', filter] as const,
  apps: ['apps'] as const,
};
