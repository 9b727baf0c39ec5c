import { Anchor, Button, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CONSENT_REQUIRED, STORAGE_KEYS, firstNameRules, lastNameRules, emailMessages, signUpEmailRules } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { isUnavailable } from '@/lib/api/client';
import { useClientConfig } from '@/lib/client-config';
import { storage } from '@/lib/storage';
import { showError } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useSignUp } from '@/features/auth/api/sign-up';
import { WorkEmailError } from '@/features/auth/components/work-email-error';
import { activationRedirects } from '@/features/auth/redirects';

export function SignUpPage() {
  const config = useClientConfig();
  const navigate = useNavigate();
  const firstName = useField(firstNameRules);
  const lastName = useField(lastNameRules);
  const email = useField(signUpEmailRules);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const mutation = useSignUp();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConsentError(consent ? null : CONSENT_REQUIRED);
    if (![firstName.validate(), lastName.validate(), email.validate(), consent].every(Boolean)) return;

    const names = { first_name: firstName.value.trim(), last_name: lastName.value.trim() };
    const workEmail = email.value.trim();
    mutation.mutate(
      { name: names, email: workEmail, ...activationRedirects(), is_consent_provided: true },
      {
        onSuccess: (result) => {
          if (isUnavailable(result)) return showError(result.message);
          storage.set(STORAGE_KEYS.email, workEmail);
          storage.set(STORAGE_KEYS.firstname, names.first_name);
          storage.set(STORAGE_KEYS.lastname, names.last_name);
          storage.set(STORAGE_KEYS.resendLinkCounter, '0');
          navigate('/email-verification');
        },
        onError: (error) => showError(error.message),
      },
    );
  };

  const emailError = email.error === emailMessages.workEmailSignUp ? <WorkEmailError requestUrl={config.workEmailRequestUrl} /> : email.error;

  return (
    <AuthCard title="Create your account" description="Start testing identity verification with your work email.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput label="First name" autoComplete="given-name" {...firstName.inputProps} />
            <TextInput label="Last name" autoComplete="family-name" {...lastName.inputProps} />
          </SimpleGrid>
          <TextInput label="Work email" type="email" autoComplete="email" {...email.inputProps} error={emailError} />
          <Checkbox
            checked={consent}
            onChange={(event) => {
              setConsent(event.currentTarget.checked);
              if (event.currentTarget.checked) setConsentError(null);
            }}
            error={consentError}
            label={
              <>
                I agree to the{' '}
                <Anchor href={config.termsUrl} target="_blank" rel="noopener noreferrer">
                  Terms of Service
                </Anchor>{' '}
                and{' '}
                <Anchor href={config.privacyUrl} target="_blank" rel="noopener noreferrer">
                  Privacy Policy
                </Anchor>
              </>
            }
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Next
          </Button>
        </Stack>
      </form>
      <Text ta="center" fz="sm">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
