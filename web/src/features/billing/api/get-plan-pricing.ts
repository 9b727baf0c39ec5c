import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingRow } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { billingKeys } from './billing-keys';

/** GET /plan/{planId}: the plan's price of each product, with its addons. */
export const getPlanPricing = async (planId: string) => orThrow(await apiRequest<PricingRow[]>('GET', `/plan/${encodeURIComponent(planId)}`));

export const planPricingQuery = (planId: string) => queryOptions({ queryKey: billingKeys.planPricing(planId), queryFn: () => getPlanPricing(planId) });

/** Loads only while `planId` is set (the pricing popup is open). */
export const usePlanPricing = (planId: string | null) => useQuery({ ...planPricingQuery(planId ?? ''), enabled: planId !== null });
