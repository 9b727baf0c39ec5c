import { Accordion, Anchor, Group, Button, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { CONTACT_KEYS, type ContactKey, type ContactsStep as ContactsState } from '@/features/onboarding/use-contacts-step';
import { ContactSection } from './contact-section';

const CONTACT_TITLES: Record<ContactKey, string> = {
  business: 'Business owner details',
  technical: 'Tech owner details',
};

interface ContactsStepProps {
  step: ContactsState;
  dialCode: string | undefined;
  phoneRequired: boolean;
  creating: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
  onCreate: () => void;
}

/** Step 2 of Create your Organisation: 'Just a few more information', the two owners' contacts. */
export function ContactsStep({ step, dialCode, phoneRequired, creating, headingRef, onBack, onCreate }: ContactsStepProps) {
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          Just a few more information
        </Title>
        <Text c="dimmed" fz="sm">
          this will help us to serve you better
        </Text>
      </Stack>
      <Accordion variant="separated" radius="md" value={step.openSection} onChange={step.setOpenSection}>
        {CONTACT_KEYS.map((key) => (
          <ContactSection
            key={key}
            value={key}
            title={CONTACT_TITLES[key]}
            contact={step.contacts[key]}
            dialCode={dialCode}
            phoneRequired={phoneRequired}
            done={step.done(key)}
            onSave={() => step.save(key)}
          />
        ))}
      </Accordion>
      <Group justify="space-between" mt="xs" wrap="wrap-reverse" gap="sm">
        <Anchor component="button" type="button" fw={600} onClick={onBack} disabled={creating}>
          <span aria-hidden>← </span>Back
        </Anchor>
        <Group gap="sm" justify="flex-end">
          {!step.allDone && (
            <Text id="contacts-hint" fz="sm" c="dimmed">
              Save both sections to continue
            </Text>
          )}
          <Button miw={150} onClick={onCreate} disabled={!step.allDone} loading={creating} aria-describedby={step.allDone ? undefined : 'contacts-hint'}>
            Next
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
