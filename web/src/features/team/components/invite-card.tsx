import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { MEMBER_MESSAGES, recoveryEmailRules, type Role } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/client';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useInvite } from '../api/team';
import { grantableRoles, ROLE_SUMMARIES } from '../roles';

/** Invite by work email with a role; the link mailed is valid 7 days and works once. */
export function InviteCard({ myRole }: { myRole: Role | undefined }) {
  // A new form after each invitation: the field starts empty again.
  const [round, setRound] = useState(0);
  return (
    <Paper component="section" aria-labelledby="invite-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="md" id="invite-title">
            Invite a member
          </Title>
          <Text fz="sm" c="dimmed">
            They get an email with a link, valid for 7 days, to join with the role you choose.
          </Text>
        </Stack>
        <InviteForm key={round} myRole={myRole} onInvited={() => setRound((value) => value + 1)} />
      </Stack>
    </Paper>
  );
}

function InviteForm({ myRole, onInvited }: { myRole: Role | undefined; onInvited: () => void }) {
  const email = useField(recoveryEmailRules);
  const [role, setRole] = useState<Role>('developer');
  const invite = useInvite();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.validate()) return;
    const address = email.value.trim();
    invite.mutate(
      { email: address, role },
      {
        onSuccess: () => {
          showSuccess(MEMBER_MESSAGES.invited(address));
          onInvited();
        },
        // A refusal about this address (a member already, invited already, a free-mail domain) stays on the field.
        onError: (error) => (error instanceof ApiError && (error.status === 409 || error.status === 400) ? email.reject(error.message) : reportError(error)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a member">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput label="Work email" type="email" autoComplete="off" placeholder="name@company.com" style={{ flex: '2 1 240px' }} {...email.inputProps} />
        <Select
          size="md"
          label="Role"
          data={grantableRoles(myRole)}
          value={role}
          onChange={(value) => value && setRole(value as Role)}
          allowDeselect={false}
          description={ROLE_SUMMARIES[role]}
          inputWrapperOrder={['label', 'input', 'description']}
          style={{ flex: '1 1 200px' }}
        />
        <Button type="submit" loading={invite.isPending} mt={{ base: 0, sm: 25 }} style={{ flex: '0 0 auto' }}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}
