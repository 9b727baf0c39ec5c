import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  CONTACT_LIMITS,
  EMAIL_MAX,
  INDIA,
  contactEmailRules,
  contactNameRules,
  contactProblems,
  designationRules,
  phoneNormaliser,
  phoneRules,
  type Contact,
} from '@verigate/contracts';
import type { FormEvent } from 'react';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useUpdateContact, type ContactKind } from '@/features/account/api/update-contact';

/** Room for a number pasted with spaces and a country prefix ('+91 98765 43210'): the field keeps only what the rules read. */
const PASTED_PHONE_MAX = 20;

export const CONTACT_TITLES: Record<ContactKind, string> = { technical: 'Technical Owner', business: 'Business Owner' };

interface ContactEditModalProps {
  kind: ContactKind | null;
  contact: Contact | null;
  countryCode: string;
  onClose: () => void;
}

/** My Account's point-of-contact form (seed 001 §5, edit limits: name 40, designation 25). */
export function ContactEditModal({ kind, contact, countryCode, onClose }: ContactEditModalProps) {
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? `Edit ${CONTACT_TITLES[kind]}` : ''}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted only while open, so every opening starts from the saved contact. */}
      {kind && contact && <ContactForm key={kind} kind={kind} contact={contact} countryCode={countryCode} onDone={onClose} />}
    </Modal>
  );
}

function ContactForm({ kind, contact, countryCode, onDone }: { kind: ContactKind; contact: Contact; countryCode: string; onDone: () => void }) {
  const name = useField(contactNameRules('edit'), contact.name);
  const email = useField(contactEmailRules, contact.email);
  const designation = useField(designationRules('edit'), contact.designation);
  const phone = useField(phoneRules(countryCode), contact.phone ?? '', { transform: phoneNormaliser(countryCode) });
  const mutation = useUpdateContact(kind);
  const india = countryCode === INDIA;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fieldsValid = [name.validate(), email.validate(), designation.validate(), phone.validate()].every(Boolean);
    const value: Contact = { name: name.value.trim(), email: email.value.trim(), designation: designation.value.trim(), phone: phone.value };
    if (!fieldsValid || contactProblems(value, 'edit', countryCode).length > 0) return;
    mutation.mutate(value, {
      onSuccess: () => {
        showSuccess(`${CONTACT_TITLES[kind]} details updated successfully`);
        onDone();
      },
      onError: reportError,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${CONTACT_TITLES[kind]}`}>
      <Stack gap="md">
        <TextInput label="Name" required autoComplete="name" maxLength={CONTACT_LIMITS.edit.name} data-autofocus {...name.inputProps} />
        <TextInput label="Email" required type="email" autoComplete="email" maxLength={EMAIL_MAX} {...email.inputProps} />
        <TextInput label="Designation" required autoComplete="organization-title" maxLength={CONTACT_LIMITS.edit.designation} {...designation.inputProps} />
        <TextInput
          label="Phone"
          required={india}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PASTED_PHONE_MAX}
          leftSection={india ? '+91' : undefined}
          leftSectionWidth={india ? 48 : undefined}
          description={india ? undefined : 'Optional'}
          {...phone.inputProps}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
