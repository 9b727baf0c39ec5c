import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualAccount } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { billingKeys } from './billing-keys';

/** GET /organisation/{id}/virtual-account: where the organisation sends a plan's NEFT/IMPS transfer. */
export const getVirtualAccount = async (organisationId: string) =>
  orThrow(await apiRequest<VirtualAccount>('GET', `/organisation/${encodeURIComponent(organisationId)}/virtual-account`));

export const virtualAccountQuery = (organisationId: string) =>
  queryOptions({ queryKey: billingKeys.virtualAccount(organisationId), queryFn: () => getVirtualAccount(organisationId), staleTime: Infinity });

/** Loads only while `enabled` (a bank details popup is open). */
export const useVirtualAccount = (enabled: boolean) => useQuery({ ...virtualAccountQuery(currentOrganisationId() ?? ''), enabled });
