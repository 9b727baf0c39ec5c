import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { showError, showSuccess } from '@/lib/toast';
import { useTwoFactorPolicy } from '../api/security';

/** An owner requires two-factor sign-in of every member of the organisation. */
export function PolicyCard({ organisationId, required, ownTwoFactorOn }: { organisationId: string; required: boolean; ownTwoFactorOn: boolean }) {
  const policy = useTwoFactorPolicy();
  // The switch moves at the click and goes back only if the server refuses.
  const [checked, setChecked] = useState(required);
  useEffect(() => setChecked(required), [required]);
  const change = (next: boolean) => {
    setChecked(next);
    policy.mutate(
      { organisationId, required: next },
      {
        onSuccess: (result) => showSuccess(result.required ? 'Every member now signs in with two factors' : 'Two-factor sign-in is now up to each member'),
        onError: (error) => {
          setChecked(!next);
          showError(error.message);
        },
      },
    );
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Organisation policy
        </Title>
        <Switch
          label="Require two-factor sign-in for every member"
          description="Members without it are led to set it up at their next sign-in, and can do nothing else until they have."
          checked={checked}
          disabled={policy.isPending || (!checked && !ownTwoFactorOn)}
          onChange={(event) => change(event.currentTarget.checked)}
        />
        {!checked && !ownTwoFactorOn && (
          <Text fz="sm" c="gray.7">
            Set up two-factor sign-in for yourself first.
          </Text>
        )}
        {policy.isError && <Alert color="red">{policy.error.message}</Alert>}
      </Stack>
    </Card>
  );
}
