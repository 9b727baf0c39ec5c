import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestRegistered } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { billingKeys } from './billing-keys';

/** POST /requests {request_type: CUSTOM_PLAN_REQUEST}: Contact Sales for a custom plan; the provider's team is emailed. */
export const requestCustomPlan = async () =>
  orThrow(await apiRequest<RequestRegistered>('POST', '/requests', { body: { request_type: 'CUSTOM_PLAN_REQUEST' } }));

export function useRequestCustomPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestCustomPlan, onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.requests }) });
}
