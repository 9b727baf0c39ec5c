import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '@/lib/server-messages';

interface QueryErrorProps {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load: what failed, the server's message and a way to try again. */
export function QueryError({ title, error, onRetry, retrying }: QueryErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
