import { Button, Group, Stack, TextInput } from '@mantine/core';
import { isRecoveryCode, isTotpCode, normaliseOneTimeCode, TWO_FACTOR_MESSAGES } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';

/** A one-time code: an authenticator's six digits (or a recovery code where `recovery`), checked as the server checks it, with its error under it. */
export function OneTimeCodeForm({
  label,
  submitLabel,
  busy,
  error,
  recovery,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  recovery: boolean;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = normaliseOneTimeCode(code);
    if (!value) return setProblem(TWO_FACTOR_MESSAGES.codeEmpty);
    if (!isTotpCode(value) && !(recovery && isRecoveryCode(value))) return setProblem(recovery ? TWO_FACTOR_MESSAGES.codeShape : TWO_FACTOR_MESSAGES.totpShape);
    setProblem(null);
    onSubmit(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={label}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 11 : 6}
          error={problem ?? error}
          data-autofocus
          w={{ base: '100%', xs: 260 }}
        />
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
