import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { RESEND_VERIFICATION_LIMIT, STORAGE_KEYS, userMessages } from '@verigate/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { isUnavailable } from '@/lib/api/client';
import { storage } from '@/lib/storage';
import { showError, showSuccess } from '@/lib/toast';
import { useResendVerification } from '@/features/auth/api/resend-verification';

function readCounter(): number {
  const stored = Number(storage.get(STORAGE_KEYS.resendLinkCounter));
  return Number.isFinite(stored) ? stored : 0;
}

export function EmailVerificationPage() {
  const email = storage.get(STORAGE_KEYS.email);
  const firstname = storage.get(STORAGE_KEYS.firstname);
  const [counter, setCounter] = useState(readCounter);
  const mutation = useResendVerification();

  const saveCounter = (value: number) => {
    storage.set(STORAGE_KEYS.resendLinkCounter, String(value));
    setCounter(value);
  };

  if (!email) {
    return (
      <AuthCard title="Verify your email">
        <Text>We could not find a pending sign-up in this browser. Sign up again to receive a verification link.</Text>
        <Button component={Link} to="/sign-up" fullWidth>
          Sign up
        </Button>
      </AuthCard>
    );
  }

  const resend = () =>
    mutation.mutate(email, {
      onSuccess: (result) => {
        if (isUnavailable(result)) return showError(result.message);
        showSuccess(result.message);
        saveCounter(readCounter() + 1);
      },
      onError: (error) => {
        showError(error.message);
        if (error.message === userMessages.resendExhausted) saveCounter(RESEND_VERIFICATION_LIMIT);
      },
    });

  return (
    <AuthCard title="Verify your email">
      <Stack gap="sm">
        <Text fw={600}>Hi {firstname ?? 'there'},</Text>
        <Text>
          We have sent a verification link to{' '}
          <Text span fw={600}>
            {email}
          </Text>
          . Open it to verify your email and create your password. The link expires in 30 minutes.
        </Text>
      </Stack>
      {counter >= RESEND_VERIFICATION_LIMIT ? (
        <Alert color="orange" variant="light">
          {userMessages.resendExhausted}
        </Alert>
      ) : (
        <Text fz="sm" c="dimmed">
          Did not get the email?{' '}
          <Anchor component="button" type="button" fw={600} onClick={resend} disabled={mutation.isPending}>
            Resend Email
          </Anchor>
          {mutation.isPending && <Loader size={12} ml={6} role="status" aria-label="Sending" />}
        </Text>
      )}
      <Text ta="center" fz="sm">
        <Anchor component={Link} to="/login" fw={600}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
