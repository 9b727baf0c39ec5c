import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { clientConfigQuery } from '@/lib/client-config';

/** Renders the app only once the runtime settings are loaded. */
export function ConfigGate({ children }: { children: ReactNode }) {
  const config = useQuery(clientConfigQuery);
  // Once the settings arrive, what they let through (the shell and the first screen: the heaviest
  // render of a visit) is built in the background, in slices, while the loader stays on screen.
  const ready = useDeferredValue(config.isSuccess);

  if (config.isPending || (config.isSuccess && !ready)) {
    return (
      <Center mih="100dvh">
        <Loader role="status" aria-label="Loading Verigate" />
      </Center>
    );
  }
  if (config.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" maw={420} ta="center" role="alert">
          <Title order={1} fz={24}>
            Verigate could not start
          </Title>
          <Text c="dimmed">We could not load the portal settings: {config.error.message}</Text>
          <Button onClick={() => config.refetch()} loading={config.isFetching}>
            Retry
          </Button>
        </Stack>
      </Center>
    );
  }
  return children;
}
