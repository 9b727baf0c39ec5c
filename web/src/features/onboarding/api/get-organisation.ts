import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organisation } from '@verigate/contracts';
import { request } from './request';

/** GET /organisation/{id}: select-service reads its onboarding_status. */
export const getOrganisation = (organisationId: string) => request<Organisation>('GET', `/organisation/${encodeURIComponent(organisationId)}`);

export const organisationQuery = (organisationId: string) =>
  queryOptions({ queryKey: ['organisation', organisationId], queryFn: () => getOrganisation(organisationId), retry: false });

export const useOrganisation = (organisationId: string | null) => useQuery({ ...organisationQuery(organisationId ?? ''), enabled: organisationId !== null });
