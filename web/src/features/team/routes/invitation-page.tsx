import { Alert, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { MEMBER_MESSAGES, ROLE_LABELS, STORAGE_KEYS, type InvitationView } from '@verigate/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { formatDateTime } from '@/lib/format';
import { rememberInvitation } from '@/lib/pending-invitation';
import { errorMessage } from '@/lib/server-messages';
import { hasSession, storage } from '@/lib/storage';
import { useAcceptInvitation, useInvitation } from '../api/team';

const CLOSED: Record<Exclude<InvitationView['state'], 'pending'>, string> = {
  accepted: MEMBER_MESSAGES.invitationUsed,
  revoked: MEMBER_MESSAGES.invitationRevoked,
  expired: MEMBER_MESSAGES.invitationExpired,
};

/**
 * /invitation/{token}, the emailed link, outside the signed-in shell: what it invites to, then
 * Accept when signed in, or Sign in / Sign up (the token is remembered for this tab, and the login
 * comes back here). A used, revoked, expired or unknown link says so.
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const invitation = useInvitation(token);

  if (invitation.isPending)
    return (
      <AuthCard title="Invitation">
        <Stack gap="sm" aria-busy="true" aria-label="Loading the invitation">
          <Skeleton h={18} />
          <Skeleton h={18} w="70%" />
          <Skeleton h={36} />
        </Stack>
      </AuthCard>
    );
  if (invitation.isError)
    return (
      <AuthCard title="Invitation">
        <Alert color="red" variant="light" role="alert" title="This invitation cannot be used">
          {errorMessage(invitation.error)}
        </Alert>
        <Button component={Link} to="/login" variant="light">
          Go to sign in
        </Button>
      </AuthCard>
    );
  return <Invitation token={token} view={invitation.data} />;
}

function Invitation({ token, view }: { token: string; view: InvitationView }) {
  const signedIn = hasSession();
  return (
    <AuthCard title={`Join ${view.organisation_name}`} description="You have been invited to join this organisation on Verigate.">
      <Table variant="vertical" layout="fixed" withTableBorder aria-label="The invitation">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={120}>Organisation</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{view.organisation_name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            <Table.Td>{ROLE_LABELS[view.role]}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{view.email}</Table.Td>
          </Table.Tr>
          {view.state === 'pending' && (
            <Table.Tr>
              <Table.Th>Valid until</Table.Th>
              <Table.Td>{formatDateTime(Date.parse(view.expires_at))}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {view.state !== 'pending' ? (
        <>
          <Alert color={view.state === 'accepted' ? 'blue' : 'orange'} variant="light" role="alert">
            {CLOSED[view.state]}
          </Alert>
          <Button component={Link} to={signedIn ? '/application' : '/login'} variant="light">
            {signedIn ? 'Go to the dashboard' : 'Go to sign in'}
          </Button>
        </>
      ) : signedIn ? (
        <Accept token={token} />
      ) : (
        <Stack gap="sm">
          <Text fz="sm">
            Sign in as <strong>{view.email}</strong> to accept, or sign up with that email if you have no Verigate account yet.
          </Text>
          <Button component={Link} to="/login" onClick={() => rememberInvitation(token)}>
            Sign in
          </Button>
          <Button component={Link} to="/sign-up" variant="light" onClick={() => rememberInvitation(token)}>
            Sign up
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}

/** Accept as the signed-in user: the organisation joined becomes the one the portal acts for. */
function Accept({ token }: { token: string }) {
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: ({ org_id }) => {
        storage.set(STORAGE_KEYS.organisationId, org_id);
        // Everything read so far was for the previous organisation.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
        navigate('/application/dashboard', { replace: true });
      },
    });
  return (
    <Stack gap="sm">
      {accept.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(accept.error)}
        </Alert>
      )}
      <Text fz="sm" c="dimmed">
        Signed in as {storage.get(STORAGE_KEYS.email)}
      </Text>
      <Button onClick={onAccept} loading={accept.isPending}>
        Accept invitation
      </Button>
    </Stack>
  );
}
