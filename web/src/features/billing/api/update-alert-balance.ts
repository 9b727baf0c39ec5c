import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertBalanceUpdated } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { organisationAction } from './billing-keys';
import { invalidateBilling } from './invalidate-billing';

/** PUT /organisation/{id}?action=org_alert_balance_update {alert_balance}: whole rupees. */
export const updateAlertBalance = async (alertBalance: number) =>
  orThrow(
    await apiRequest<AlertBalanceUpdated>('PUT', organisationAction(currentOrganisationId() ?? '', 'org_alert_balance_update'), {
      body: { alert_balance: alertBalance },
    }),
  );

export function useUpdateAlertBalance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAlertBalance, onSuccess: () => invalidateBilling(queryClient) });
}
