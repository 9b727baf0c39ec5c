import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoicesPath, type InvoiceSummary } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { billingKeys } from './billing-keys';

/** GET /invoices for the signed-in user's organisation (`x-org-id`): tax invoices and receipts, newest first. */
export const getInvoices = async (organisationId: string) =>
  orThrow(await apiRequest<InvoiceSummary[]>('GET', invoicesPath, { headers: { 'x-org-id': organisationId } }));

export const invoicesQuery = (organisationId: string) =>
  queryOptions({
    queryKey: billingKeys.invoices(organisationId),
    queryFn: () => getInvoices(organisationId),
    // A payment made in the checkout tab brings its receipt: coming back to this tab lists it.
    refetchOnWindowFocus: true,
  });

export const useInvoices = () => useQuery(invoicesQuery(currentOrganisationId() ?? ''));
