import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Brand } from './brand';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** The centred card every signed-out screen sits in. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  useDocumentTitle(`${title} · Verigate`);
  return (
    <Box component="main" mih="100dvh" px="md" py={{ base: 'xl', sm: 64 }} className="auth-background">
      <Stack align="center" gap="lg">
        <Brand />
        <Paper component="section" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" fz="sm" component="div">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}
