import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/security';

/** The member's signed-in sessions: browser, address and last activity; end any, or every other. */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const done = { onSuccess: (result: { message: string }) => showSuccess(result.message), onError: (error: Error) => showError(error.message) };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg">
            Signed-in sessions
          </Title>
          <Button variant="default" size="xs" disabled={others.length === 0} loading={endOthers.isPending} onClick={() => endOthers.mutate(undefined, done)}>
            End all other sessions
          </Button>
        </Group>
        {sessions.isPending && <Loader size="sm" role="status" aria-label="Loading sessions" />}
        {sessions.isError && <Alert color="red">{sessions.error.message}</Alert>}
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sessions.data?.map((session) => (
            <Group
              key={session.id}
              component="li"
              justify="space-between"
              wrap="wrap"
              gap="xs"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{session.browser}</Text>
                  {session.current && (
                    <Badge size="sm" variant="light" color="green">
                      This session
                    </Badge>
                  )}
                </Group>
                <Text fz="sm" c="gray.7">
                  {session.ip} · signed in {formatDateTime(Date.parse(session.signed_in_at))} · last active {formatDateTime(Date.parse(session.last_active_at))}
                </Text>
              </Stack>
              {!session.current && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  loading={end.isPending && end.variables === session.id}
                  onClick={() => end.mutate(session.id, done)}
                >
                  End session
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
