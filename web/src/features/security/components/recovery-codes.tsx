import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { saveFile } from '@/lib/save-file';

/** Recovery codes in the only answer that carries them: copy or download them now. */
export function RecoveryCodesShownOnce({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="status">
        Keep these recovery codes somewhere safe: they are shown only once. Each one signs you in once if you lose your authenticator app.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <CopyButton value={text} timeout={2000}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'light'} color={copied ? 'green' : 'brand'} onClick={copy}>
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), 'verigate-recovery-codes.txt')}>
            Download
          </Button>
        </Group>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}
