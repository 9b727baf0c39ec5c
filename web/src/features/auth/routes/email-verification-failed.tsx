import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { LinkExpired } from '@/features/auth/components/link-expired';

export function EmailVerificationFailedPage() {
  const resend = useResendVerification();
  return (
    <LinkExpired
      title="Activation Link Expired"
      description="The activation link expires in 30 minutes, or once it has been used. Enter your registered email to get a new one."
      resend={resend}
      sentPath="/resend-email-success"
      footer={
        <>
          Need a new account?{' '}
          <Anchor component={Link} to="/sign-up" fw={600}>
            Sign up
          </Anchor>
        </>
      }
    />
  );
}
