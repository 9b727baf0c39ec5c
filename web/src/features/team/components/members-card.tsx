import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { can, MEMBER_MESSAGES, ROLE_LABELS, type Role, type TeamMember } from '@verigate/contracts';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { ScrollTable } from '@/components/scroll-table';
import { formatDate } from '@/lib/format';
import { reportError } from '@/lib/server-messages';
import { endSession } from '@/lib/storage';
import { showSuccess } from '@/lib/toast';
import { useChangeRole, useRemoveMember } from '../api/team';
import { grantableRoles } from '../roles';

/** A disabled button's reason shows on hover, on focus and on a tap (phones have no hover). */
const TOUCH = { hover: true, focus: true, touch: true };

const nameOf = (member: TeamMember) => `${member.first_name} ${member.last_name}`.trim() || member.email;

/** Why `actor` may not change or remove `member`, or null when they may (the server checks again). */
function refusalFor(member: TeamMember, actor: Role | undefined): string | null {
  if (member.you) return MEMBER_MESSAGES.notOwnRole;
  if (member.role === 'owner' && actor !== 'owner') return MEMBER_MESSAGES.onlyOwnersChangeOwners;
  return null;
}

/** The members: name, email, role and joining date; owners and admins change roles and remove; anyone leaves. */
export function MembersCard({ members, myRole }: { members: TeamMember[]; myRole: Role | undefined }) {
  const manages = myRole !== undefined && can(myRole, 'members.manage');
  const owners = members.filter((member) => member.role === 'owner').length;
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const leaving = removing?.you === true;

  const onRoleChange = (member: TeamMember, role: Role) =>
    changeRole.mutate(
      { userId: member.user_id, role },
      { onSuccess: () => showSuccess(`${nameOf(member)} is now ${ROLE_LABELS[role]}`), onError: reportError },
    );

  const onRemove = (member: TeamMember) =>
    remove.mutate(member.user_id, {
      onSuccess: ({ message }) => {
        setRemoving(null);
        // Leaving ends every session of the member who left, this one included.
        if (member.you) endSession();
        else showSuccess(message);
      },
      onError: (error) => {
        setRemoving(null);
        reportError(error);
      },
    });

  return (
    <Paper component="section" aria-labelledby="members-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="md" id="members-title">
            Members
          </Title>
          {!manages && (
            <Text fz="sm" c="dimmed">
              Owners and admins invite members and change their roles.
            </Text>
          )}
        </Stack>
        <ScrollTable label="Members table" minWidth={760}>
          <Table verticalSpacing="sm" aria-label="Members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Joined</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => {
                const refusal = refusalFor(member, myRole);
                const lastOwner = member.role === 'owner' && owners <= 1;
                return (
                  <Table.Tr key={member.user_id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {nameOf(member)}
                        </Text>
                        {member.you && (
                          <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
                            You
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {member.email}
                    </Table.Td>
                    <Table.Td miw={150}>
                      {manages && refusal === null ? (
                        <Select
                          size="xs"
                          aria-label={`Role of ${nameOf(member)}`}
                          data={grantableRoles(myRole)}
                          value={member.role}
                          onChange={(value) => value && value !== member.role && onRoleChange(member, value as Role)}
                          allowDeselect={false}
                          disabled={changeRole.isPending && changeRole.variables?.userId === member.user_id}
                        />
                      ) : (
                        <Text fz="sm">{ROLE_LABELS[member.role]}</Text>
                      )}
                    </Table.Td>
                    <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(Date.parse(member.joined_at))}
                    </Table.Td>
                    <Table.Td ta="right">
                      {member.you ? (
                        <Tooltip label={MEMBER_MESSAGES.lastOwner} multiline maw={260} disabled={!lastOwner} withArrow events={TOUCH}>
                          <Button
                            size="xs"
                            variant="default"
                            color="red"
                            data-disabled={lastOwner || undefined}
                            aria-disabled={lastOwner || undefined}
                            onClick={() => !lastOwner && setRemoving(member)}
                          >
                            Leave
                          </Button>
                        </Tooltip>
                      ) : manages ? (
                        <Tooltip label={refusal ?? ''} multiline maw={260} disabled={refusal === null} withArrow events={TOUCH}>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            data-disabled={refusal !== null || undefined}
                            aria-disabled={refusal !== null || undefined}
                            aria-label={`Remove ${nameOf(member)}`}
                            onClick={() => refusal === null && setRemoving(member)}
                          >
                            Remove
                          </Button>
                        </Tooltip>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={leaving ? 'Leave the organisation' : 'Remove member'}
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && onRemove(removing)}
      >
        {leaving ? (
          'You lose access to this organisation at once and are signed out on every device. To come back, an owner or admin must invite you again.'
        ) : (
          <>
            <strong>{removing && nameOf(removing)}</strong> ({removing?.email}) loses access to this organisation at once and is signed out on every device.
          </>
        )}
      </ConfirmModal>
    </Paper>
  );
}
