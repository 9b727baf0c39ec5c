import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invitationAcceptPath,
  invitationLinkPath,
  invitationPath,
  invitationResendPath,
  invitationsPath,
  memberPath,
  type InvitationView,
  type InviteRequest,
  type PendingInvitation,
  type Role,
  type TeamMember,
} from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { teamQueryKey } from '@/lib/api/members/get-team';
import { rememberRole } from '@/lib/api/users/get-user';

const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  orThrow(await apiRequest<T>(method, path, body !== undefined ? { body } : {}));

const keys = {
  invitation: (token: string) => ['invitation', token] as const,
};

/** A change to the team: the members and invitations are read again, whether it worked or was refused. */
function useTeamMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(currentOrganisationId() ?? '') }),
  });
}

export const useInvite = () => useTeamMutation((request: InviteRequest) => call<PendingInvitation>('POST', invitationsPath, request));
export const useResendInvitation = () => useTeamMutation((id: string) => call<PendingInvitation>('POST', invitationResendPath(id), {}));
export const useRevokeInvitation = () => useTeamMutation((id: string) => call<{ message: string }>('DELETE', invitationPath(id)));
export const useChangeRole = () => useTeamMutation(({ userId, role }: { userId: string; role: Role }) => call<TeamMember>('PUT', memberPath(userId), { role }));
export const useRemoveMember = () => useTeamMutation((userId: string) => call<{ message: string }>('DELETE', memberPath(userId)));

/** GET /invitations/{token}: what a link invites to, read without a session (a stale one must not end here). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: keys.invitation(token),
    queryFn: async () => orThrow(await apiRequest<InvitationView>('GET', invitationLinkPath(token), { anonymous: true })),
    retry: false,
  });
}

/** POST /invitations/{token}/accept as the signed-in user, who now holds the invitation's role; the link is read again as used. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call<{ org_id: string; role: Role }>('POST', invitationAcceptPath(token), {}),
    onSuccess: ({ org_id, role }) => {
      rememberRole(queryClient, org_id, role);
      void queryClient.invalidateQueries({ queryKey: keys.invitation(token) });
    },
  });
}
