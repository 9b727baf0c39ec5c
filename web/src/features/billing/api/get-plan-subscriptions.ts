import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanSubscription } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { billingKeys, organisationAction } from './billing-keys';

/** GET /organisation/{id}?action=get_org_plan_subscriptions: the Plan History, newest first. */
export const getPlanSubscriptions = async (organisationId: string) =>
  orThrow(await apiRequest<PlanSubscription[]>('GET', organisationAction(organisationId, 'get_org_plan_subscriptions')));

export const planSubscriptionsQuery = (organisationId: string) =>
  queryOptions({ queryKey: billingKeys.planHistory(organisationId), queryFn: () => getPlanSubscriptions(organisationId) });

export const usePlanSubscriptions = () => useQuery(planSubscriptionsQuery(currentOrganisationId() ?? ''));
