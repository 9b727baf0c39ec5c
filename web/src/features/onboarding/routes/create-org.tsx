import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { INDIA, STORAGE_KEYS } from '@verigate/contracts';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useCountries } from '@/lib/api/reference/get-countries';
import { storage } from '@/lib/storage';
import { timing } from '@/lib/timing';
import { showError } from '@/lib/toast';
import { useCreateOrganisation } from '@/features/onboarding/api/create-organisation';
import { useCategories } from '@/features/onboarding/api/get-categories';
import { ContactsStep } from '@/features/onboarding/components/contacts-step';
import { CreatingStep } from '@/features/onboarding/components/creating-step';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { OnboardingProgress } from '@/features/onboarding/components/onboarding-progress';
import { OrganisationStep } from '@/features/onboarding/components/organisation-step';
import { markOrgCreated, updateOnboarding, useOnboarding } from '@/features/onboarding/onboarding-store';
import { useBlockBack } from '@/features/onboarding/use-block-back';
import { useContactsStep } from '@/features/onboarding/use-contacts-step';
import { useOrganisationForm } from '@/features/onboarding/use-organisation-form';

type Phase = 'organisation' | 'contacts' | 'creating';

export function CreateOrgPage() {
  // An organisation already exists (a reload during the pause, or a second visit): products come next.
  const [hasOrganisation] = useState(() => storage.get(STORAGE_KEYS.organisationId) !== null);
  if (hasOrganisation) return <Navigate to="/onboarding/select-service" replace />;
  return <CreateOrganisation />;
}

/** Create your Organisation: the organisation step, the contact step, then a pause before the products. */
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
  const organisation = useOrganisationForm(countries.data);
  const contacts = useContactsStep(organisation.contactCountry);
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

  const onOrganisationDone = () => {
    updateOnboarding((current) => ({ createOrgProgress: Math.max(current.createOrgProgress, 50), next_step: 'poc_info' }));
    goTo('contacts');
  };

  const onCreate = () => {
    const details = organisation.toRequest(categories.data);
    if (!details || !contacts.allDone) return;
    const body = { ...details, business_poc: contacts.contacts.business.toContact(), technical_poc: contacts.contacts.technical.toContact() };
    createOrganisation.mutate(body, {
      onSuccess: (created) => {
        storage.set(STORAGE_KEYS.organisationId, created._id);
        goTo('creating');
      },
      onError: (error) => showError(error.message),
    });
  };

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
        <OrganisationStep form={organisation} countries={countries} categories={categories} headingRef={headingRef} onNext={onOrganisationDone} />
      )}
      {phase === 'contacts' && (
        <ContactsStep
          step={contacts}
          dialCode={organisation.chosenCountry?.dial_code}
          phoneRequired={organisation.contactCountry === INDIA}
          creating={createOrganisation.isPending}
          headingRef={headingRef}
          onBack={() => goTo('organisation')}
          onCreate={onCreate}
        />
      )}
      {phase === 'creating' && <CreatingStep headingRef={headingRef} />}
    </OnboardingCard>
  );
}
