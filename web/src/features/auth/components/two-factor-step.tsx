import { Anchor, Stack, Text } from '@mantine/core';
import type { LoginResponse } from '@verigate/contracts';
import { OneTimeCodeForm } from '@/components/one-time-code-form';
import { isUnavailable } from '@/lib/api/client';
import { useLoginWithCode } from '@/features/auth/api/login-with-code';

/** After the right password, for a user with two-factor sign-in on: a code from the app, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: (result: LoginResponse) => void; onRestart: () => void }) {
  const mutation = useLoginWithCode();
  const failure = mutation.error?.message ?? (mutation.data && isUnavailable(mutation.data) ? mutation.data.message : null);
  return (
    <Stack gap="md">
      <Text fz="sm">Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.</Text>
      <OneTimeCodeForm
        label="Authentication code"
        submitLabel="Verify"
        busy={mutation.isPending}
        error={failure}
        recovery
        onSubmit={(code) =>
          mutation.mutate(
            { challenge, code },
            {
              onSuccess: (result) => {
                if (!isUnavailable(result)) onSignedIn(result);
              },
            },
          )
        }
      />
      <Anchor component="button" type="button" fz="sm" onClick={onRestart} ta="left">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
