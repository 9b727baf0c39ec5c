import { Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { APP_MESSAGES, type AppView } from '@verigate/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { visibleProducts } from '@/features/apps/api/get-app';
import { formatDate, initialOf } from '@/lib/format';
import { GatedButton } from '@/components/gated-button';

/** One app of the list: an article named by the app, so its buttons can be found within it. */
export function AppCard({ app }: { app: AppView }) {
  const titleId = useId();
  const test = app.is_test_app;
  const services = visibleProducts(app.service_access).length;

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="lg" p="md" h="100%">
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar color={test ? 'brand' : 'teal'} radius="md" size={44} aria-hidden="true">
              {initialOf(app.name)}
            </Avatar>
            <Stack gap={2} miw={0}>
              <Title order={3} fz="md" id={titleId} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                {app.name}
              </Title>
              <Text fz="xs" c="dimmed">
                Created on {formatDate(app.createdAt)}
              </Text>
            </Stack>
          </Group>
          <Badge color={test ? 'brand' : 'teal'} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {test ? 'Test' : 'Live'}
          </Badge>
        </Group>
        <SimpleGrid component="dl" cols={2} spacing="sm" m={0} style={{ flexGrow: 1 }}>
          <Stat label="Keys" value={app.keys.length} />
          <Stat label="Services" value={services} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <GatedButton reason={test ? null : APP_MESSAGES.trialLiveApp} size="sm" variant="default" to="/application/trial-center">
            Trial
          </GatedButton>
          <Button size="sm" variant="light" component={Link} to={`/application/manage-apps/${encodeURIComponent(app._id)}`}>
            More info
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper bg="gray.0" radius="md" px="sm" py={8}>
      <Text component="dt" fz="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fz="lg" fw={700} lh={1.3}>
        {value}
      </Text>
    </Paper>
  );
}
