import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { CopyField } from '@/components/copy-field';

/** A signing secret in the only answer that carries it, with what to do with it. */
export function SecretShownOnce({ secret, children, onDone }: { secret: string; children?: React.ReactNode; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="status">
        Copy the signing secret now: it is shown only once. Your receiver verifies each delivery's webhook-signature with it.
      </Alert>
      {children && <Text fz="sm">{children}</Text>}
      <CopyField label="Signing secret" value={secret} />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
