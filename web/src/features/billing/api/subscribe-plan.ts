import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanChanged, PlanSubscribeRequest } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { organisationAction } from './billing-keys';
import { invalidateBilling } from './invalidate-billing';

/**
 * PUT /organisation/{id}?action=org_plan_subscribe {planId, enable_immediately}: requests a plan
 * (replacing a pending request). 'account_activation_pending' opens the activation popup.
 */
export const subscribePlan = async (request: PlanSubscribeRequest) =>
  orThrow(await apiRequest<PlanChanged>('PUT', organisationAction(currentOrganisationId() ?? '', 'org_plan_subscribe'), { body: request }));

export function useSubscribePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: subscribePlan, onSettled: () => invalidateBilling(queryClient) });
}
