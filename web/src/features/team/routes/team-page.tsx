import { Paper, Skeleton, Stack } from '@mantine/core';
import { can } from '@verigate/contracts';
import { QueryError } from '@/components/query-error';
import { useRole } from '@/lib/use-role';
import { useTeam } from '@/lib/api/members/get-team';
import { InvitationsCard } from '../components/invitations-card';
import { InviteCard } from '../components/invite-card';
import { MembersCard } from '../components/members-card';

/**
 * /application/team: the organisation's members and, for owners and admins, inviting by email and
 * the pending invitations. The server checks every change again (last owner, only owners grant
 * owner, nobody changes their own role) and its message shows when it refuses.
 */
export function TeamPage() {
  const team = useTeam();
  const role = useRole();
  const manages = role !== undefined && can(role, 'members.manage');

  if (team.isPending)
    return (
      <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading the team">
        <Stack gap="sm">
          <Skeleton h={20} w={160} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      </Paper>
    );
  if (team.isError) return <QueryError title="The team could not load" error={team.error} onRetry={() => team.refetch()} retrying={team.isFetching} />;
  return (
    <Stack gap="lg">
      {manages && <InviteCard myRole={role} />}
      <MembersCard members={team.data.members} myRole={role} />
      {manages && <InvitationsCard invitations={team.data.invitations} />}
    </Stack>
  );
}
