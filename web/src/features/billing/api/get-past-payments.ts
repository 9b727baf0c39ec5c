import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payment } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { billingKeys, organisationAction } from './billing-keys';

/** GET /organisation/{id}?action=get_org_past_payments: the Payment History, newest first. */
export const getPastPayments = async (organisationId: string) =>
  orThrow(await apiRequest<Payment[]>('GET', organisationAction(organisationId, 'get_org_past_payments')));

export const pastPaymentsQuery = (organisationId: string) =>
  queryOptions({
    queryKey: billingKeys.payments(organisationId),
    queryFn: () => getPastPayments(organisationId),
    // A payment made in the checkout tab: coming back to this tab lists it.
    refetchOnWindowFocus: true,
  });

export const usePastPayments = () => useQuery(pastPaymentsQuery(currentOrganisationId() ?? ''));
