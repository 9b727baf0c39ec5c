import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /product: every product, with the organisation's subscription_status. The catalog filters locally. */
export const getProducts = async () => orThrow(await apiRequest<ProductView[]>('GET', '/product'));

export const productsQuery = queryOptions({ queryKey: queryKeys.productList('all'), queryFn: getProducts });

export const useProducts = () => useQuery(productsQuery);
