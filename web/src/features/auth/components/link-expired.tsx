import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { recoveryEmailRules, type MessageResponse } from '@verigate/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { isUnavailable, type Unavailable } from '@/lib/api/client';
import { showError } from '@/lib/toast';
import { useField } from '@/lib/use-field';

interface LinkExpiredProps {
  title: string;
  description: string;
  resend: UseMutationResult<MessageResponse | Unavailable, Error, string>;
  sentPath: string;
  footer: ReactNode;
}

/** An expired emailed link: asks for the registered email and sends a fresh link. */
export function LinkExpired({ title, description, resend, sentPath, footer }: LinkExpiredProps) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const email = useField(recoveryEmailRules);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.validate()) return;
    resend.mutate(email.value.trim(), {
      onSuccess: (result) => {
        if (isUnavailable(result)) return showError(result.message);
        navigate(sentPath);
      },
      onError: (error) => showError(error.message),
    });
  };

  return (
    <AuthCard title={title} description={description}>
      {asking ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput label="Registered Email" type="email" autoComplete="email" autoFocus {...email.inputProps} />
            <Button type="submit" fullWidth loading={resend.isPending}>
              Resend Link
            </Button>
          </Stack>
        </form>
      ) : (
        <Button fullWidth onClick={() => setAsking(true)}>
          Resend Link
        </Button>
      )}
      <Text ta="center" fz="sm" c="dimmed">
        {footer}
      </Text>
    </AuthCard>
  );
}
