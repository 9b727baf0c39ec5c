import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput, Tooltip } from '@mantine/core';
import { KEY_SHOWN_ONCE } from '@verigate/contracts';

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

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
            <Button variant={copied ? 'filled' : 'light'} color={copied ? 'green' : 'brand'} onClick={copy} aria-label={`Copy ${label}`} w={96}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
