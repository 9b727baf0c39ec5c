import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { STORAGE_KEYS } from '@verigate/contracts';
import { useEffect } from 'react';
import { storage } from '../../../lib/storage';

export function CreateOrgPage() {
  const firstname = storage.get(STORAGE_KEYS.firstname) ?? '';
  useDocumentTitle('Welcome · Verigate');
  useEffect(() => {
    // Seed §2: the sign-up resend counter is done with once onboarding starts.
    storage.remove(STORAGE_KEYS.resendLinkCounter);
  }, []);

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto">
      <Stack gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Welcome, {firstname}
        </Title>
        <Text c="dimmed">Your email is verified and your password is set. Next, create your organisation to start testing products.</Text>
      </Stack>
    </Paper>
  );
}
