import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductView } from '@verigate/contracts';
import { request } from './request';

/** GET /product?show_while_onboarding=1: the products offered for testing during onboarding. */
export const getOnboardingProducts = () => request<ProductView[]>('GET', '/product?show_while_onboarding=1');

export const onboardingProductsQuery = queryOptions({ queryKey: ['products', 'onboarding'], queryFn: getOnboardingProducts });

/** `enabled` is false until the seed's product-list delay has passed. */
export const useOnboardingProducts = (enabled: boolean) => useQuery({ ...onboardingProductsQuery, enabled });
