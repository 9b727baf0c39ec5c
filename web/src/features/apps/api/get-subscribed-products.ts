import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /product?subscription_status=subscribed: the products an app may be given. */
export const getSubscribedProducts = async () => orThrow(await apiRequest<ProductView[]>('GET', '/product?subscription_status=subscribed'));

export const subscribedProductsQuery = queryOptions({ queryKey: queryKeys.productList('subscribed'), queryFn: getSubscribedProducts });

export const useSubscribedProducts = (enabled = true) => useQuery({ ...subscribedProductsQuery, enabled });
