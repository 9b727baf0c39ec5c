import { useQuery } from '@tanstack/react-query';
import { membersPath, type TeamView } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';

export const teamQueryKey = (organisationId: string) => ['team', organisationId] as const;

/** GET /members: the members of the organisation the portal acts for, and (for owners and admins) the pending invitations. Team and the Audit Log's member filter read it. */
export function useTeam() {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({ queryKey: teamQueryKey(organisationId), queryFn: async () => orThrow(await apiRequest<TeamView>('GET', membersPath)) });
}
