import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { recoveryEmailRules } from '@verigate/contracts';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { isUnavailable } from '@/lib/api/client';
import { showError, showSuccess } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';

export function ForgotPasswordPage() {
  const email = useField(recoveryEmailRules);
  const mutation = useRequestPasswordReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.validate()) return;
    const address = email.value.trim();
    mutation.mutate(address, {
      onSuccess: (result) => {
        if (isUnavailable(result)) return showError(result.message);
        showSuccess(`We have sent you an email on ${address}`);
      },
      onError: (error) => showError(error.message),
    });
  };

  return (
    <AuthCard title="Forgot password" description="Enter your work email and we will send you a link to reset your password.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" {...email.inputProps} />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
      <Text ta="center" fz="sm">
        <Anchor component={Link} to="/login" fw={600}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
