import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MEMBER_MESSAGES, ROLE_LABELS, type PendingInvitation } from '@verigate/contracts';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { ScrollTable } from '@/components/scroll-table';
import { formatDateTime } from '@/lib/format';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useResendInvitation, useRevokeInvitation } from '../api/team';

/** Invitations not yet accepted or revoked: resend one (a new link; the old one stops working) or revoke it. */
export function InvitationsCard({ invitations }: { invitations: PendingInvitation[] }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);

  const onResend = (invitation: PendingInvitation) =>
    resend.mutate(invitation.id, { onSuccess: () => showSuccess(MEMBER_MESSAGES.invited(invitation.email)), onError: reportError });

  return (
    <Paper component="section" aria-labelledby="invitations-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="md" id="invitations-title">
          Pending invitations
        </Title>
        {invitations.length === 0 ? (
          <Text fz="sm">No pending invitations.</Text>
        ) : (
          <ScrollTable label="Pending invitations table" minWidth={720}>
            <Table verticalSpacing="sm" aria-label="Pending invitations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Invited by</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.map((invitation) => {
                  const expires = Date.parse(invitation.expires_at);
                  return (
                    <Table.Tr key={invitation.id}>
                      <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                        {invitation.email}
                      </Table.Td>
                      <Table.Td fz="sm">{ROLE_LABELS[invitation.role]}</Table.Td>
                      <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                        {invitation.invited_by}
                      </Table.Td>
                      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {expires <= Date.now() ? (
                          <Badge color="orange" variant="light">
                            Expired
                          </Badge>
                        ) : (
                          formatDateTime(expires)
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Resend the invitation to ${invitation.email}`}
                            loading={resend.isPending && resend.variables === invitation.id}
                            onClick={() => onResend(invitation)}
                          >
                            Resend
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Revoke the invitation to ${invitation.email}`}
                            onClick={() => setRevoking(invitation)}
                          >
                            Revoke
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke invitation"
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: ({ message }) => {
              showSuccess(message);
              setRevoking(null);
            },
            onError: (error) => {
              setRevoking(null);
              reportError(error);
            },
          })
        }
      >
        The link sent to <strong>{revoking?.email}</strong> stops working. You can invite them again later.
      </ConfirmModal>
    </Paper>
  );
}
