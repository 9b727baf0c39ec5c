import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type OrganisationDetails } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { storage } from '@/lib/storage';

export const organisationPath = (organisationId: string) => `/organisation/${encodeURIComponent(organisationId)}`;

/**
 * GET /organisation/{id} (with its active plan and alert balance): the login redirect, the shell (sidebar gating), onboarding, the dashboard,
 * the apps, My Account and the activation form all read the same organisation, under one key.
 */
export const getOrganisation = async (organisationId: string) => orThrow(await apiRequest<OrganisationDetails>('GET', organisationPath(organisationId)));

export const organisationQuery = (organisationId: string) =>
  queryOptions({
    queryKey: queryKeys.organisation(organisationId),
    queryFn: () => getOrganisation(organisationId),
    staleTime: 30_000,
  });

export const currentOrganisationId = (): string | null => storage.get(STORAGE_KEYS.organisationId);

/** The signed-in user's organisation (the id stored at login or after creating it). */
export function useOrganisation() {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({ ...organisationQuery(organisationId), enabled: organisationId !== '' });
}
