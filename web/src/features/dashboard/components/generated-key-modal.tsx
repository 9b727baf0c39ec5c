import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { KEY_SHOWN_ONCE } from '@verigate/contracts';
import { CopyField } from '@/components/copy-field';

interface GeneratedKeyModalProps {
  generated: { apiKey: string; appId: string } | null;
  onClose: () => void;
}

/** Shows a freshly generated key once, with copy buttons; closing it forgets the key. */
export function GeneratedKeyModal({ generated, onClose }: GeneratedKeyModalProps) {
  return (
    <Modal
      opened={generated !== null}
      onClose={onClose}
      title="Your test API key"
      centered
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {generated && (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {KEY_SHOWN_ONCE}
          </Alert>
          <CopyField label="API key" value={generated.apiKey} />
          <CopyField label="App ID" value={generated.appId} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
