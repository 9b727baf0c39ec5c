import { Anchor, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { STEP_UP_MESSAGES, ZPIN_LENGTH, firstBrokenRule, newZpinRules } from '@verigate/contracts';
import { useEffect, type FormEvent } from 'react';
import { IconCheck } from '@/components/icons';
import { timing } from '@/lib/timing';
import type { ZpinMode } from '@/features/step-up/step-up-machine';
import { CodeInput, codeProblem, useCode } from './code-input';

interface ZpinChoiceProps {
  mode: ZpinMode;
  onChosen: (zpin: string) => void;
  onBack: () => void;
  onCancel: () => void;
}

/**
 * Choose and confirm the new ZPIN: a guessable one is refused as soon as its four digits are in,
 * and Continue waits until the confirmation matches ('Zpins do not match, please retry!').
 */
export function ZpinChoice({ mode, onChosen, onBack, onCancel }: ZpinChoiceProps) {
  const pin = useCode(ZPIN_LENGTH);
  const confirmation = useCode(ZPIN_LENGTH);
  const messages = { empty: STEP_UP_MESSAGES.zpinEmpty, notNumeric: STEP_UP_MESSAGES.zpinNotNumeric };

  const pinError = codeProblem(pin, messages) ?? (pin.complete ? firstBrokenRule(newZpinRules, pin.value) : null);
  const mismatch = pin.complete && confirmation.complete && pin.value !== confirmation.value;
  const confirmationError = codeProblem(confirmation, messages) ?? (mismatch ? STEP_UP_MESSAGES.zpinMismatch : null);
  const ready = pin.complete && confirmation.complete && pinError === null && !mismatch;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onChosen(pin.value);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'create' ? 'Create ZPIN' : 'Reset ZPIN'}>
      <Stack gap="md">
        <Text fz="sm" c="gray.7">
          {mode === 'create'
            ? `Choose a ${ZPIN_LENGTH}-digit ZPIN. Your team will use it to confirm sensitive changes, such as enabling keys or whitelisting IP addresses.`
            : `Choose a new ${ZPIN_LENGTH}-digit ZPIN. We will email you an OTP to confirm it is you.`}
        </Text>
        <CodeInput code={pin} label={`Choose a ${ZPIN_LENGTH}-digit ZPIN`} digitLabel="New ZPIN" error={pinError} mask autoFocus />
        <CodeInput code={confirmation} label="Confirm the ZPIN" digitLabel="Confirm ZPIN" error={confirmationError} mask />
        <Group gap="xs">
          <Anchor component="button" type="button" fz="sm" fw={600} onClick={onBack}>
            Back
          </Anchor>
        </Group>
        <Group justify="flex-end" gap="sm" className="step-up-buttons">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'ZPIN successfully created' / 'updated', for zpinSuccessMs (3 s), then onDone. */
export function ZpinSaved({ mode, onDone }: { mode: ZpinMode; onDone: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onDone, timing('zpinSuccessMs'));
    return () => window.clearTimeout(timer);
  }, [onDone]);

  return (
    <Stack align="center" gap="sm" py="lg" ta="center">
      <ThemeIcon color="green" radius="xl" size={56} variant="light">
        <IconCheck size={32} />
      </ThemeIcon>
      <Text fw={700} fz="lg" role="status">
        {mode === 'create' ? STEP_UP_MESSAGES.zpinCreated : STEP_UP_MESSAGES.zpinUpdated}
      </Text>
      <Text fz="sm" c="dimmed">
        Next, confirm your change with the new ZPIN.
      </Text>
    </Stack>
  );
}
