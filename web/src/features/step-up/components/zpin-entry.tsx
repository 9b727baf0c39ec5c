import { Anchor, Button, Group, Stack } from '@mantine/core';
import { STEP_UP_MESSAGES, ZPIN_LENGTH } from '@verigate/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { CodeInput, codeProblem, useCode } from './code-input';

interface ZpinEntryProps {
  /** Sends the ZPIN with the action; answers the refusal to show (the boxes are cleared), or null. */
  onSubmit: (zpin: string) => Promise<string | null>;
  onForgot: () => void;
  onUseOtp: () => void;
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** The organisation's 4-digit ZPIN, with Forgot ZPIN, Use OTP and Cancel (seed 000 §4). */
export function ZpinEntry({ onSubmit, onForgot, onUseOtp, onCancel, onBusyChange }: ZpinEntryProps) {
  const code = useCode(ZPIN_LENGTH);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    onBusyChange(submitting);
    return () => onBusyChange(false);
  }, [submitting, onBusyChange]);

  const onFormSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.complete || submitting) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      const message = await onSubmit(code.value);
      if (message !== null) {
        code.clear();
        setRefusal(message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  // 'Invalid zpin, please re-enter' stays until the next digit is typed.
  const error = refusal && code.value === '' ? refusal : codeProblem(code, { empty: STEP_UP_MESSAGES.zpinEmpty, notNumeric: STEP_UP_MESSAGES.zpinNotNumeric });

  return (
    <form onSubmit={onFormSubmit} noValidate aria-label="Enter ZPIN">
      <Stack gap="md">
        <CodeInput code={code} label={`Enter your ${ZPIN_LENGTH}-digit ZPIN`} digitLabel="ZPIN" error={error} mask autoFocus disabled={submitting} />
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" fz="sm" fw={600} onClick={onForgot} disabled={submitting}>
            Forgot ZPIN
          </Anchor>
          <Anchor component="button" type="button" fz="sm" fw={600} onClick={onUseOtp} disabled={submitting}>
            Use OTP
          </Anchor>
        </Group>
        <Group justify="flex-end" gap="sm" className="step-up-buttons">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={!code.complete} loading={submitting}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
