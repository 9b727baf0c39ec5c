import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';

interface StatusPageProps {
  title: string;
  subtitle: string;
}

/** Full-page notice with a way back to the dashboard (not-found and crash pages). */
export function StatusPage({ title, subtitle }: StatusPageProps) {
  useDocumentTitle(`${title} · Verigate`);
  const navigate = useNavigate();
  return (
    <Center component="main" mih="100dvh" p="md" className="auth-background">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {title}
        </Title>
        <Text c="dimmed" fz="lg">
          {subtitle}
        </Text>
        <Button onClick={() => navigate('/application')} mt="sm">
          Go To Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
