import { Accordion, Alert, Anchor, Box, Button, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  CATEGORY_REQUIRED,
  COUNTRY_REQUIRED,
  INDIA,
  STORAGE_KEYS,
  organisationNameRules,
  tradeNameRules,
  type CreateOrganisationRequest,
} from '@verigate/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { storage } from '@/lib/storage';
import { showError } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useCreateOrganisation } from '@/features/onboarding/api/create-organisation';
import { useCategories } from '@/features/onboarding/api/get-categories';
import { useCountries } from '@/features/onboarding/api/get-countries';
import { categoryOptions, categoryPayload } from '@/features/onboarding/category-options';
import { ContactSection } from '@/features/onboarding/components/contact-section';
import { CountrySelect } from '@/features/onboarding/components/country-select';
import { focusFirstInvalid } from '@/features/onboarding/components/focus-first-invalid';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { OnboardingProgress } from '@/features/onboarding/components/onboarding-progress';
import { markOrgCreated, updateOnboarding, useOnboarding } from '@/features/onboarding/onboarding-store';
import { timing } from '@/features/onboarding/timing';
import { useBlockBack } from '@/features/onboarding/use-block-back';
import { useContactFields } from '@/features/onboarding/use-contact-fields';

type Phase = 'organisation' | 'contacts' | 'creating';
type ContactKey = 'business' | 'technical';

const CONTACT_TITLES: Record<ContactKey, string> = {
  business: 'Business owner details',
  technical: 'Tech owner details',
};

export function CreateOrgPage() {
  // An organisation already exists (a reload during the pause, or a second visit): products come next.
  const [hasOrganisation] = useState(() => storage.get(STORAGE_KEYS.organisationId) !== null);
  if (hasOrganisation) return <Navigate to="/onboarding/select-service" replace />;
  return <CreateOrganisation />;
}

function CreateOrganisation() {
  useDocumentTitle('Create your Organisation · Verigate');
  useBlockBack();
  useEffect(() => {
    // Seed §2: the sign-up resend counter is done with once onboarding starts.
    storage.remove(STORAGE_KEYS.resendLinkCounter);
  }, []);

  const navigate = useNavigate();
  const { createOrgProgress } = useOnboarding();
  const firstname = storage.get(STORAGE_KEYS.firstname);
  const [phase, setPhase] = useState<Phase>('organisation');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const countries = useCountries();
  const categories = useCategories();

  const legalName = useField(organisationNameRules);
  const tradeName = useField(tradeNameRules);
  const [sameAsLegal, setSameAsLegal] = useState(false);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [countryCode, setCountryCode] = useState<string | null>(INDIA);
  const [countryError, setCountryError] = useState<string | null>(null);

  const country = countries.data?.find((entry) => entry.code === countryCode);
  const contactCountry = country?.code ?? INDIA;
  const contacts: Record<ContactKey, ReturnType<typeof useContactFields>> = {
    business: useContactFields(contactCountry),
    technical: useContactFields(contactCountry),
  };
  const [saved, setSaved] = useState<Record<ContactKey, boolean>>({ business: false, technical: false });
  const done = (key: ContactKey) => saved[key] && contacts[key].isValid;
  const [openSection, setOpenSection] = useState<string | null>('business');

  const createOrganisation = useCreateOrganisation();

  // Seed §4 (3): after creation, pause, then the step is complete and products come next.
  useEffect(() => {
    if (phase !== 'creating') return;
    const timer = setTimeout(() => {
      markOrgCreated();
      navigate('/onboarding/select-service', { replace: true });
    }, timing('orgCreatedPauseMs'));
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const goTo = (next: Phase) => {
    setPhase(next);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const checkCategory = (value = categoryId) => {
    const message = value ? null : CATEGORY_REQUIRED;
    setCategoryError(message);
    return message === null;
  };
  const checkCountry = (value = countryCode) => {
    const message = value && countries.data?.some((entry) => entry.code === value) ? null : COUNTRY_REQUIRED;
    setCountryError(message);
    return message === null;
  };

  const onOrganisationNext = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checks = [legalName.validate(), sameAsLegal || tradeName.validate(), checkCategory(), checkCountry()];
    if (!checks.every(Boolean)) return focusFirstInvalid(event.currentTarget);
    updateOnboarding((current) => ({ createOrgProgress: Math.max(current.createOrgProgress, 50), next_step: 'poc_info' }));
    goTo('contacts');
  };

  const onSaveContact = (key: ContactKey) => {
    setSaved((current) => ({ ...current, [key]: true }));
    const other: ContactKey = key === 'business' ? 'technical' : 'business';
    setOpenSection(done(other) ? null : other);
  };

  const onCreate = () => {
    const category = categoryId && categories.data ? categoryPayload(categories.data, categoryId) : null;
    if (!category || !country || !done('business') || !done('technical')) return;
    const body: CreateOrganisationRequest = {
      name: legalName.value.trim(),
      trade_name: (sameAsLegal ? legalName.value : tradeName.value).trim(),
      ...category,
      country_code: country.code,
      business_poc: contacts.business.toContact(),
      technical_poc: contacts.technical.toContact(),
    };
    createOrganisation.mutate(body, {
      onSuccess: (organisation) => {
        storage.set(STORAGE_KEYS.organisationId, organisation._id);
        goTo('creating');
      },
      onError: (error) => showError(error.message),
    });
  };

  const listsFailed = countries.isError || categories.isError;

  return (
    <OnboardingCard
      title="Create your Organisation"
      eyebrow={
        firstname ? (
          <Text fz="sm" c="dimmed" fw={500}>
            Welcome, {firstname}
          </Text>
        ) : undefined
      }
    >
      <OnboardingProgress label="Organisation setup progress" value={createOrgProgress} />

      {phase === 'organisation' && (
        <Box component="form" onSubmit={onOrganisationNext} noValidate>
          <Stack gap="md">
            <Title order={2} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              Organisation details
            </Title>
            {listsFailed && (
              <Alert color="red" variant="light" title="Some choices could not be loaded">
                <Stack gap="xs" align="flex-start">
                  <Text fz="sm">{(countries.error ?? categories.error)?.message}</Text>
                  <Button
                    size="xs"
                    variant="white"
                    color="red"
                    onClick={() => {
                      if (countries.isError) void countries.refetch();
                      if (categories.isError) void categories.refetch();
                    }}
                  >
                    Try again
                  </Button>
                </Stack>
              </Alert>
            )}
            <TextInput label="Business Legal Name" autoComplete="organization" {...legalName.inputProps} />
            <Stack gap={8}>
              <TextInput
                label="Business Trade Name"

                {...tradeName.inputProps}
                value={sameAsLegal ? legalName.value : tradeName.value}
                error={sameAsLegal ? null : tradeName.error}
                disabled={sameAsLegal}
              />
              <Checkbox label="Same as Business Legal Name" checked={sameAsLegal} onChange={(event) => setSameAsLegal(event.currentTarget.checked)} />
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                size="md"
                label="Business Category"

                placeholder={categories.isPending ? 'Loading categories…' : 'Select a category'}
                disabled={categories.isPending}
                rightSection={categories.isPending ? <Loader size={16} /> : undefined}
                data={categoryOptions(categories.data ?? [])}
                value={categoryId}
                onChange={(value) => {
                  setCategoryId(value);
                  checkCategory(value);
                }}
                onBlur={() => checkCategory()}
                error={categoryError}
                allowDeselect={false}
                searchable
                nothingFoundMessage="No category matches"
              />
              <CountrySelect
                countries={countries.data}
                loading={countries.isPending}
                value={countryCode}
                error={countryError}
                onChange={(value) => {
                  setCountryCode(value);
                  checkCountry(value);
                }}
                onBlur={() => checkCountry()}
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="xs">
              <Button type="submit" miw={150}>
                Next
              </Button>
            </Group>
          </Stack>
        </Box>
      )}

      {phase === 'contacts' && (
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              Just a few more information
            </Title>
            <Text c="dimmed" fz="sm">
              this will help us to serve you better
            </Text>
          </Stack>
          <Accordion variant="separated" radius="md" value={openSection} onChange={setOpenSection}>
            {(['business', 'technical'] as const).map((key) => (
              <ContactSection
                key={key}
                value={key}
                title={CONTACT_TITLES[key]}
                contact={contacts[key]}
                dialCode={country?.dial_code}
                phoneRequired={contactCountry === INDIA}
                done={done(key)}
                onSave={() => onSaveContact(key)}
              />
            ))}
          </Accordion>
          <Group justify="space-between" mt="xs" wrap="wrap-reverse" gap="sm">
            <Anchor component="button" type="button" fw={600} onClick={() => goTo('organisation')} disabled={createOrganisation.isPending}>
              <span aria-hidden>← </span>Back
            </Anchor>
            <Group gap="sm" justify="flex-end">
              {!(done('business') && done('technical')) && (
                <Text id="contacts-hint" fz="sm" c="dimmed">
                  Save both sections to continue
                </Text>
              )}
              <Button
                miw={150}
                onClick={onCreate}
                disabled={!(done('business') && done('technical'))}
                loading={createOrganisation.isPending}
                aria-describedby={done('business') && done('technical') ? undefined : 'contacts-hint'}
              >
                Next
              </Button>
            </Group>
          </Group>
        </Stack>
      )}

      {phase === 'creating' && (
        <Stack align="center" ta="center" gap="sm" py="xl" role="status">
          <Loader size="lg" />
          <Title order={2} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            Setting up your organisation…
          </Title>
          <Text c="dimmed" fz="sm">
            This takes a few seconds. Your product choices come next.
          </Text>
        </Stack>
      )}
    </OnboardingCard>
  );
}
