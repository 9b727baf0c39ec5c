import { Button, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AuthCard } from '@/components/auth-card';

/** Confirms that a fresh link is on its way. */
export function LinkSent({ title, message }: { title: string; message: string }) {
  const navigate = useNavigate();
  return (
    <AuthCard title={title}>
      <Text>{message}</Text>
      <Button fullWidth onClick={() => navigate('/login')}>
        Redirect to Login
      </Button>
    </AuthCard>
  );
}
