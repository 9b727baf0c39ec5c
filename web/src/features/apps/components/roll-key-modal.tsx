import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { KEY_ROLL_OVERLAP_LABELS, type AppKey, type GeneratedKey, type KeyRollOverlap } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { OneTimeKey, useOneTimeKeyClose } from '@/components/one-time-key';
import type { StepUp } from '@/features/step-up';
import { formatDateTime } from '@/lib/format';
import { reportError } from '@/lib/server-messages';
import { useRollAppKey } from '@/features/apps/api/roll-app-key';
import { endOfDay, KeyExpiryInput } from './key-expiry-input';

interface RollKeyModalProps {
  appId: string;
  /** The key to roll; null: the dialog is closed. */
  appKey: AppKey | null;
  verify: StepUp['verify'];
  onClose: () => void;
}

const OVERLAPS = Object.keys(KEY_ROLL_OVERLAP_LABELS) as KeyRollOverlap[];

/** Roll: when the old key stops, then the ZPIN or an OTP, then the new key, shown once. */
export function RollKeyModal({ appId, appKey, verify, onClose }: RollKeyModalProps) {
  const [rolled, setRolled] = useState<{ keyName: string; answer: GeneratedKey; oldEndsAt: number | null; newExpiresAt: number | null } | null>(null);
  const close = () => {
    setRolled(null);
    onClose();
  };
  const closing = useOneTimeKeyClose(close);

  return (
    <Modal
      opened={appKey !== null}
      onClose={rolled ? closing.requestClose : close}
      title={rolled ? 'Your new API key' : 'Roll key'}
      centered
      size={rolled ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {appKey &&
        (rolled ? (
          <OneTimeKey apiKey={rolled.answer.apiKey} appId={appId} closing={closing}>
            <Text fz="sm">
              Key <strong>{rolled.keyName}</strong> has a new value.{' '}
              {rolled.oldEndsAt === null ? 'The old value no longer works.' : `The old value works until ${formatDateTime(rolled.oldEndsAt)}.`}
              {rolled.newExpiresAt !== null && ` The new value expires on ${formatDateTime(rolled.newExpiresAt)}.`}
            </Text>
          </OneTimeKey>
        ) : (
          <OverlapForm appId={appId} appKey={appKey} verify={verify} onCancel={close} onRolled={setRolled} />
        ))}
    </Modal>
  );
}

function OverlapForm({
  appId,
  appKey,
  verify,
  onCancel,
  onRolled,
}: {
  appId: string;
  appKey: AppKey;
  verify: StepUp['verify'];
  onCancel: () => void;
  onRolled: (rolled: { keyName: string; answer: GeneratedKey; oldEndsAt: number | null; newExpiresAt: number | null }) => void;
}) {
  const [overlap, setOverlap] = useState<KeyRollOverlap>('24h');
  const [expiryDay, setExpiryDay] = useState<string | null>(null);
  const roll = useRollAppKey(appId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const outcome = await verify(`roll the key ${appKey.key_name}`, (proof) =>
        roll.mutateAsync({ keyId: appKey._id, overlap, ...(expiryDay ? { expiresAt: endOfDay(expiryDay) } : {}), proof }),
      );
      if (outcome.status !== 'done') return;
      const old = outcome.value.keys.find((key) => key._id === appKey._id);
      const replacement = outcome.value.keys.find((key) => key.key_name === appKey.key_name);
      onRolled({
        keyName: appKey.key_name,
        answer: outcome.value,
        oldEndsAt: overlap === 'now' ? null : (old?.expiresAt ?? null),
        newExpiresAt: replacement?.expiresAt ?? null,
      });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Roll key">
      <Stack gap="md">
        <Text fz="sm">
          A new value replaces the key <strong>{appKey.key_name}</strong> ({appKey.key_start}…). Keep the old value working while you update your integration:
        </Text>
        <Radio.Group label="The old value stops working" value={overlap} onChange={(value) => setOverlap(value as KeyRollOverlap)}>
          <Stack gap={8} mt={6}>
            {OVERLAPS.map((value) => (
              <Radio key={value} value={value} label={value === 'now' ? 'Now' : `In ${KEY_ROLL_OVERLAP_LABELS[value]}`} />
            ))}
          </Stack>
        </Radio.Group>
        <KeyExpiryInput label="The new value expires on (optional)" value={expiryDay} onChange={setExpiryDay} />
        <Text fz="xs" c="dimmed">
          Rolling asks for your ZPIN or an OTP. The old value is renamed and listed until you delete it.
        </Text>
        <Group justify="flex-end" gap="sm" className="confirm-buttons">
          <Button variant="default" onClick={onCancel} disabled={roll.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={roll.isPending}>
            Roll key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
