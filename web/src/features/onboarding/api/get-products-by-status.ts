import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductView } from '@verigate/contracts';
import { request } from './request';

export type SubscriptionFilter = 'subscribed' | 'pending_approval';

/** GET /product?subscription_status=…: the welcome screen's lists when it opens without navigation state. */
export const getProductsByStatus = (status: SubscriptionFilter) => request<ProductView[]>('GET', `/product?subscription_status=${status}`);

export const productsByStatusQuery = (status: SubscriptionFilter) =>
  queryOptions({ queryKey: ['products', { subscription_status: status }], queryFn: () => getProductsByStatus(status) });

export const useProductsByStatus = (status: SubscriptionFilter, enabled: boolean) => useQuery({ ...productsByStatusQuery(status), enabled });
