import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SubscriptionFilter = 'subscribed' | 'pending_approval';

/** GET /product?subscription_status=subscribed|pending_approval: the dashboard's product counts. */
export const getSubscriptionProducts = async (status: SubscriptionFilter) =>
  orThrow(await apiRequest<ProductView[]>('GET', `/product?subscription_status=${status}`));

export const subscriptionProductsQuery = (status: SubscriptionFilter) =>
  queryOptions({ queryKey: queryKeys.productList(status), queryFn: () => getSubscriptionProducts(status) });

export const useSubscriptionProductCount = (status: SubscriptionFilter) =>
  useQuery({ ...subscriptionProductsQuery(status), select: (products) => products.length });
