import { Alert, Button, CopyButton, Group, Modal, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { KEY_SHOWN_ONCE, TEST_KEY_NAME } from '@verigate/contracts';

const noop = () => {};

/** Shows a freshly generated API key, the one time it can be seen; Continue is the only way out. */
export function KeyDialog({ apiKey, onContinue }: { apiKey: string | null; onContinue: () => void }) {
  return (
    <Modal
      opened={apiKey !== null}
      onClose={noop}
      title={TEST_KEY_NAME}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
    >
      {apiKey !== null && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" p="sm">
            <Text fz="sm" fw={500}>
              {KEY_SHOWN_ONCE}
            </Text>
          </Alert>
          <Textarea
            label="API key"
            value={apiKey}
            readOnly
            autosize
            minRows={1}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
          />
          <Group justify="space-between" gap="sm">
            <CopyButton value={apiKey} timeout={2000}>
              {({ copied, copy }) => (
                <>
                  <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} miw={110}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                  <VisuallyHidden aria-live="polite">{copied ? 'API key copied to the clipboard' : ''}</VisuallyHidden>
                </>
              )}
            </CopyButton>
            <Button onClick={onContinue}>Continue</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
