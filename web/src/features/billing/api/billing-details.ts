import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingDetailsPath, type BillingDetails } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { billingKeys } from './billing-keys';

const organisationHeader = (organisationId: string) => ({ 'x-org-id': organisationId });

/** GET /invoices/billing-details: who new invoices are made out to, or null before any are saved. */
export const getBillingDetails = async (organisationId: string) =>
  orThrow(await apiRequest<BillingDetails | null>('GET', billingDetailsPath, { headers: organisationHeader(organisationId) }));

export const billingDetailsQuery = (organisationId: string) =>
  queryOptions({ queryKey: billingKeys.billingDetails(organisationId), queryFn: () => getBillingDetails(organisationId) });

export const useBillingDetails = () => useQuery(billingDetailsQuery(currentOrganisationId() ?? ''));

/** PUT /invoices/billing-details: the next invoice copies them. */
export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  const organisationId = currentOrganisationId() ?? '';
  return useMutation({
    mutationFn: async (details: BillingDetails) =>
      orThrow(await apiRequest<BillingDetails>('PUT', billingDetailsPath, { headers: organisationHeader(organisationId), body: details })),
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.billingDetails(organisationId), saved),
  });
}
