import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgPlanInfo } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { billingKeys, organisationAction } from './billing-keys';

/** GET /organisation/{id}?action=get_org_plan_info: the current plan (with the wallet) and the next one. */
export const getPlanInfo = async (organisationId: string) =>
  orThrow(await apiRequest<OrgPlanInfo>('GET', organisationAction(organisationId, 'get_org_plan_info')));

export const planInfoQuery = (organisationId: string) =>
  queryOptions({
    queryKey: billingKeys.planInfo(organisationId),
    queryFn: () => getPlanInfo(organisationId),
    // A payment made in the checkout tab changes the balance: coming back to this tab shows it.
    refetchOnWindowFocus: true,
  });

export const usePlanInfo = () => useQuery(planInfoQuery(currentOrganisationId() ?? ''));
