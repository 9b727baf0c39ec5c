import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanChanged } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { organisationAction } from './billing-keys';
import { invalidateBilling } from './invalidate-billing';

/** PUT /organisation/{id}?action=org_activate_next_plan: 'Activate Now' on a paid next plan. */
export const activateNextPlan = async () =>
  orThrow(await apiRequest<PlanChanged>('PUT', organisationAction(currentOrganisationId() ?? '', 'org_activate_next_plan'), { body: {} }));

export function useActivateNextPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateNextPlan, onSettled: () => invalidateBilling(queryClient) });
}
