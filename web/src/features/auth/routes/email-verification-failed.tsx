import { Anchor, Button, Text } from '@mantine/core';
import { ALREADY_VERIFIED_OUTCOME, LINK_OUTCOME_PARAM, userMessages } from '@verigate/contracts';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { LinkExpired } from '@/features/auth/components/link-expired';

export function EmailVerificationFailedPage() {
  const [params] = useSearchParams();
  if (params.get(LINK_OUTCOME_PARAM) === ALREADY_VERIFIED_OUTCOME) return <AlreadyVerified />;
  return <ExpiredLink />;
}

/** A verification link opened again after its account was verified: nothing to resend, only a sign-in to offer. */
function AlreadyVerified() {
  return (
    <AuthCard title="Email already verified">
      <Text>{userMessages.alreadyVerified}</Text>
      <Button component={Link} to="/login" fullWidth>
        Sign in
      </Button>
      <Text ta="center" fz="sm" c="dimmed">
        Forgot your password?{' '}
        <Anchor component={Link} to="/forgot-password" fw={600}>
          Reset it
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function ExpiredLink() {
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
