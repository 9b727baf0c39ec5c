import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginEmailRules, loginPasswordRules, type LoginResponse } from '@verigate/contracts';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { isUnavailable } from '@/lib/api/client';
import { useClientConfig } from '@/lib/client-config';
import { showError } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useLogin } from '@/features/auth/api/login';
import { Captcha, type CaptchaHandle } from '@/features/auth/components/captcha';
import { landingPath, storeLogin } from '@/features/auth/session';

// Only users with two-factor sign-in on need the code step: the login screen draws without it.
const TwoFactorStep = lazy(() => import('@/features/auth/components/two-factor-step').then((module) => ({ default: module.TwoFactorStep })));

export function LoginPage() {
  const config = useClientConfig();
  const navigate = useNavigate();
  const email = useField(loginEmailRules);
  const password = useField(loginPasswordRules);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const mutation = useLogin();
  const [routing, setRouting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const fail = (message: string) => {
    showError(message);
    setCaptchaToken(null);
    captcha.current?.reset();
  };

  const signedIn = async (result: LoginResponse) => {
    storeLogin(result);
    setRouting(true);
    try {
      navigate(await landingPath(result));
    } catch (error) {
      // Signed in, but the organisation could not be read: the dashboard is the safe landing.
      showError(error instanceof Error ? error.message : String(error));
      navigate('/application');
    }
  };

  const restart = () => {
    setChallenge(null);
    setCaptchaToken(null);
    captcha.current?.reset();
  };

  if (challenge)
    return (
      <AuthCard title="Two-factor sign-in" description="One more step to sign in to your account.">
        <Suspense fallback={null}>
          <TwoFactorStep challenge={challenge} onSignedIn={(result) => void signedIn(result)} onRestart={restart} />
        </Suspense>
      </AuthCard>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (![email.validate(), password.validate()].every(Boolean)) return;
    mutation.mutate(
      { credentials: { email: email.value.trim(), password: password.value }, captchaToken },
      {
        onSuccess: async (result) => {
          if (isUnavailable(result)) return fail(result.message);
          if ('two_factor' in result) return setChallenge(result.two_factor.challenge);
          await signedIn(result);
        },
        onError: (error) => fail(error.message),
      },
    );
  };

  return (
    <AuthCard title="Sign in to your account" description="Welcome back. Enter your work email and password.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="username" {...email.inputProps} />
          <Stack gap={6}>
            <PasswordInput label="Password" autoComplete="current-password" {...password.inputProps} />
            <Anchor component={Link} to="/forgot-password" fz="sm" ta="right">
              Forgot password?
            </Anchor>
          </Stack>
          <Captcha ref={captcha} challengeUrl={config.captchaChallengeUrl} onChange={setCaptchaToken} />
          <Button type="submit" fullWidth loading={mutation.isPending || routing}>
            Login
          </Button>
        </Stack>
      </form>
      <Text ta="center" fz="sm">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to="/sign-up" fw={600}>
          Sign up
        </Anchor>
      </Text>
      <Divider />
      <Stack gap="sm" align="center">
        <Button component="a" href={config.providerSiteUrl} target="_blank" rel="noopener noreferrer" variant="light" fullWidth>
          Visit our website
        </Button>
        <Group gap="xs" justify="center" fz="xs" c="dimmed">
          <Anchor href={config.termsUrl} target="_blank" rel="noopener noreferrer" fz="xs" c="dimmed">
            Terms of Service
          </Anchor>
          <span aria-hidden>·</span>
          <Anchor href={config.privacyUrl} target="_blank" rel="noopener noreferrer" fz="xs" c="dimmed">
            Privacy Policy
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}
