import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { billingKeys } from './billing-keys';

/** GET /plan: the reference tiers and the organisation's custom plans, each with its status and prices. */
export const getPlans = async () => orThrow(await apiRequest<Plan[]>('GET', '/plan'));

export const plansQuery = queryOptions({ queryKey: billingKeys.plans, queryFn: getPlans });

export const usePlans = () => useQuery(plansQuery);
