import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { spendSettingsPath, spendSummaryPath, type SpendSettings, type SpendSettingsRequest, type SpendSummary } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { billingKeys } from './billing-keys';

const organisationHeader = (organisationId: string) => ({ 'x-org-id': organisationId });

/** GET /billing/spend-settings: the low-balance thresholds and the daily spend cap. */
export const spendSettingsQuery = (organisationId: string) =>
  queryOptions({
    queryKey: billingKeys.spendSettings(organisationId),
    queryFn: async () => orThrow(await apiRequest<SpendSettings>('GET', spendSettingsPath, { headers: organisationHeader(organisationId) })),
  });

export const useSpendSettings = () => useQuery(spendSettingsQuery(currentOrganisationId() ?? ''));

/** PUT /billing/spend-settings: answers the settings as saved. */
export function useSaveSpendSettings() {
  const queryClient = useQueryClient();
  const organisationId = currentOrganisationId() ?? '';
  return useMutation({
    mutationFn: async (settings: SpendSettingsRequest) =>
      orThrow(await apiRequest<SpendSettings>('PUT', spendSettingsPath, { headers: organisationHeader(organisationId), body: settings })),
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.spendSettings(organisationId), saved),
  });
}

/** GET /billing/spend-summary: the burn rate, the days left and the plan period's calls by response code. */
export const spendSummaryQuery = (organisationId: string) =>
  queryOptions({
    queryKey: billingKeys.spendSummary(organisationId),
    queryFn: async () => orThrow(await apiRequest<SpendSummary>('GET', spendSummaryPath, { headers: organisationHeader(organisationId) })),
  });

export const useSpendSummary = () => useQuery(spendSummaryQuery(currentOrganisationId() ?? ''));
