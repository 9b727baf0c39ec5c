import { Alert, Badge, Box, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@verigate/contracts';
import { useState } from 'react';
import { CopyField } from '@/components/copy-field';
import { OneTimeCodeForm } from '@/components/one-time-code-form';
import { showSuccess } from '@/lib/toast';
import { useConfirmTwoFactor, useNewRecoveryCodes, useStartTwoFactor, useTurnOffTwoFactor, useTwoFactorStatus } from '../api/security';
import { RecoveryCodesShownOnce } from './recovery-codes';

type Step = { kind: 'idle' } | { kind: 'scan'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'confirm'; purpose: 'off' | 'codes' };

/** Two-factor sign-in: set it up with a QR code and a first code, keep recovery codes, or turn it off. */
export function TwoFactorCard({ required }: { required: boolean }) {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const begin = () => start.mutate(undefined, { onSuccess: (setup) => setStep({ kind: 'scan', setup }) });
  const close = () => {
    confirm.reset();
    newCodes.reset();
    turnOff.reset();
    setStep({ kind: 'idle' });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg">
            Two-factor sign-in
          </Title>
          {status.data && (
            <Badge color={status.data.enabled ? 'green' : 'gray'} variant="light">
              {status.data.enabled ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        {status.isPending && <Loader size="sm" role="status" aria-label="Loading two-factor sign-in" />}
        {status.isError && <Alert color="red">{status.error.message}</Alert>}
        {status.data && !status.data.enabled && (
          <>
            {(required || status.data.required_by.length > 0) && (
              <Alert color="orange" variant="light" role="status">
                {status.data.required_by.length > 0
                  ? TWO_FACTOR_MESSAGES.requiredBy(status.data.required_by.join(', '))
                  : 'Your organisation requires two-factor sign-in.'}
              </Alert>
            )}
            <Text fz="sm">
              After your password, sign-in asks for a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).
            </Text>
            {start.isError && <Alert color="red">{start.error.message}</Alert>}
            <Group>
              <Button onClick={begin} loading={start.isPending}>
                Set up two-factor sign-in
              </Button>
            </Group>
          </>
        )}
        {status.data?.enabled && (
          <>
            <Text fz="sm">Sign-in asks for a code from your authenticator app. {status.data.recovery_codes_left} of 10 recovery codes left.</Text>
            <Group gap="xs" wrap="wrap">
              <Button variant="default" onClick={() => setStep({ kind: 'confirm', purpose: 'codes' })}>
                New recovery codes
              </Button>
              <Button variant="default" color="red" onClick={() => setStep({ kind: 'confirm', purpose: 'off' })} disabled={status.data.required_by.length > 0}>
                Turn off
              </Button>
            </Group>
            {status.data.required_by.length > 0 && (
              <Text fz="xs" c="dimmed">
                {TWO_FACTOR_MESSAGES.cannotTurnOff(status.data.required_by.join(', '))}
              </Text>
            )}
          </>
        )}
      </Stack>

      <Modal opened={step.kind === 'scan'} onClose={close} title="Set up two-factor sign-in" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {step.kind === 'scan' && (
          <Stack gap="md">
            <Text fz="sm">1. Scan this QR code with your authenticator app, or enter the key by hand.</Text>
            <Box
              role="img"
              aria-label="QR code of your two-factor key"
              w={200}
              h={200}
              mx="auto"
              style={{ background: 'white' }}
              dangerouslySetInnerHTML={{ __html: step.setup.qr_svg }}
            />
            <CopyField label="Setup key" value={step.setup.secret} />
            <Text fz="sm">2. Enter the 6-digit code the app shows.</Text>
            <OneTimeCodeForm
              label="Code from your app"
              submitLabel="Turn on"
              busy={confirm.isPending}
              error={confirm.isError ? confirm.error.message : null}
              recovery={false}
              onSubmit={(code) => confirm.mutate(code, { onSuccess: (result) => setStep({ kind: 'codes', codes: result.recovery_codes }) })}
              onCancel={close}
            />
          </Stack>
        )}
      </Modal>

      <Modal
        opened={step.kind === 'codes'}
        onClose={close}
        title="Your recovery codes"
        size="lg"
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {step.kind === 'codes' && (
          <RecoveryCodesShownOnce
            codes={step.codes}
            onDone={() => {
              showSuccess('Two-factor sign-in is on');
              close();
            }}
          />
        )}
      </Modal>

      <Modal
        opened={step.kind === 'confirm'}
        onClose={close}
        title={step.kind === 'confirm' && step.purpose === 'off' ? 'Turn off two-factor sign-in' : 'New recovery codes'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {step.kind === 'confirm' && (
          <Stack gap="md">
            <Text fz="sm">
              {step.purpose === 'off'
                ? 'Enter a code from your authenticator app, or a recovery code, to turn two-factor sign-in off.'
                : 'Enter a code from your authenticator app, or a recovery code. Your current recovery codes stop working.'}
            </Text>
            <OneTimeCodeForm
              label="Code"
              submitLabel={step.purpose === 'off' ? 'Turn off' : 'Make new codes'}
              busy={turnOff.isPending || newCodes.isPending}
              error={(step.purpose === 'off' ? turnOff.error : newCodes.error)?.message ?? null}
              recovery
              onSubmit={(code) =>
                step.purpose === 'off'
                  ? turnOff.mutate(code, {
                      onSuccess: (result) => {
                        showSuccess(result.message);
                        close();
                      },
                    })
                  : newCodes.mutate(code, { onSuccess: (result) => setStep({ kind: 'codes', codes: result.recovery_codes }) })
              }
              onCancel={close}
            />
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
