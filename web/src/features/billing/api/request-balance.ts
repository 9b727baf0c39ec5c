import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADD_BALANCE_REQUEST_AMOUNT, type RequestRegistered } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { billingKeys } from './billing-keys';

/** POST /events?action=add_balance_request {balance_amount: 10000}: asks the provider's team, by email, for more balance. */
export const requestBalance = async () =>
  orThrow(await apiRequest<RequestRegistered>('POST', '/events?action=add_balance_request', { body: { balance_amount: ADD_BALANCE_REQUEST_AMOUNT } }));

export function useRequestBalance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestBalance, onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.requests }) });
}
