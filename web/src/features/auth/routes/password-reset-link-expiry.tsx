import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { LinkExpired } from '@/features/auth/components/link-expired';

export function PasswordResetLinkExpiryPage() {
  const resend = useRequestPasswordReset();
  return (
    <LinkExpired
      title="Password Reset Link Expired"
      description="The password reset link expires in 30 minutes, or once it has been used. Enter your registered email to get a new one."
      resend={resend}
      sentPath="/password-reset-link-success"
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          Back to sign in
        </Anchor>
      }
    />
  );
}
