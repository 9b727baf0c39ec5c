import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { WEBHOOK_ROTATION_OVERLAPS, type WebhookEndpoint, type WebhookRotationOverlap } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@/lib/format';
import { reportError } from '@/lib/server-messages';
import { useRotateSecret } from '../api/webhooks';
import { SecretShownOnce } from './secret-shown-once';

const OVERLAP_LABELS: Record<WebhookRotationOverlap, string> = { now: 'Now', '1h': 'In 1 hour', '24h': 'In 24 hours' };

/** Roll an endpoint's signing secret; during the overlap deliveries carry a signature by each. */
export function RotateSecretModal({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const [overlap, setOverlap] = useState<WebhookRotationOverlap>('24h');
  const [rotated, setRotated] = useState<{ secret: string; previousUntil: string | null } | null>(null);
  const rotate = useRotateSecret();
  const close = () => {
    setRotated(null);
    setOverlap('24h');
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!endpoint) return;
    rotate.mutate(
      { id: endpoint.id, overlap },
      { onSuccess: (answer) => setRotated({ secret: answer.secret, previousUntil: answer.previous_secret_expires_at }), onError: reportError },
    );
  };

  return (
    <Modal
      opened={endpoint !== null}
      onClose={close}
      title={rotated ? 'Your new signing secret' : 'Roll secret'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {endpoint &&
        (rotated ? (
          <SecretShownOnce secret={rotated.secret} onDone={close}>
            {rotated.previousUntil
              ? `Until ${formatDateTime(Date.parse(rotated.previousUntil))} each delivery is signed with both secrets; then only with this one.`
              : 'Deliveries are signed with this secret only, from now on.'}
          </SecretShownOnce>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Roll secret">
            <Stack gap="md">
              <Text fz="sm">
                A new secret replaces the one of <strong style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</strong>. Keep the old one signing while you update
                your receiver:
              </Text>
              <Radio.Group label="The old secret stops signing" value={overlap} onChange={(value) => setOverlap(value as WebhookRotationOverlap)}>
                <Stack gap={8} mt={6}>
                  {WEBHOOK_ROTATION_OVERLAPS.map((value) => (
                    <Radio key={value} value={value} label={OVERLAP_LABELS[value]} />
                  ))}
                </Stack>
              </Radio.Group>
              <Group justify="flex-end" gap="sm" className="confirm-buttons">
                <Button variant="default" onClick={close} disabled={rotate.isPending}>
                  Cancel
                </Button>
                <Button type="submit" loading={rotate.isPending}>
                  Roll secret
                </Button>
              </Group>
            </Stack>
          </form>
        ))}
    </Modal>
  );
}
