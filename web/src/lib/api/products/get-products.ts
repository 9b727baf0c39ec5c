import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys, type ProductFilter } from '@/lib/api/query-keys';

const PATHS: Record<ProductFilter, string> = {
  all: '/product',
  subscribed: '/product?subscription_status=subscribed',
  pending_approval: '/product?subscription_status=pending_approval',
  onboarding: '/product?show_while_onboarding=1',
  trial: '/product?subscription_status=subscribed&remaining_test_credits=true',
};

/** GET /product[?…]: the products of `filter`, each with the organisation's subscription_status. */
export const getProducts = async (filter: ProductFilter) => orThrow(await apiRequest<ProductView[]>('GET', PATHS[filter]));

export const productsQuery = (filter: ProductFilter) => queryOptions({ queryKey: queryKeys.productList(filter), queryFn: () => getProducts(filter) });

/** `enabled: false` holds the call back (select-service loads its list a moment after it opens). */
export const useProducts = (filter: ProductFilter, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...productsQuery(filter), enabled });
