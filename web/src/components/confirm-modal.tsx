import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** When set, the action is refused: the popup says why and offers only OK. */
  refusal?: string | null;
  pending?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no popup (delete key, delete app, disable whitelisting, unsaved changes). */
export function ConfirmModal({ opened, title, children, confirmLabel, refusal, pending, danger = true, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="lg">
        {refusal ? (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        ) : (
          <Text component="div">{children}</Text>
        )}
        <Group justify="flex-end" gap="sm" className="confirm-buttons">
          {refusal ? (
            <Button onClick={onClose} data-autofocus>
              OK
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
                Cancel
              </Button>
              <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending}>
                {confirmLabel}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
