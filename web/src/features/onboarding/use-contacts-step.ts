import { useState } from 'react';
import { useContactFields, type ContactFields } from './use-contact-fields';

export type ContactKey = 'business' | 'technical';
export const CONTACT_KEYS: readonly ContactKey[] = ['business', 'technical'];

/**
 * The contact step (seed 000 §2): business and tech owner forms in two accordion sections. A
 * section is done once saved valid; saving one opens the other if it is not done yet.
 */
export function useContactsStep(countryCode: string) {
  const contacts: Record<ContactKey, ContactFields> = {
    business: useContactFields(countryCode),
    technical: useContactFields(countryCode),
  };
  const [saved, setSaved] = useState<Record<ContactKey, boolean>>({ business: false, technical: false });
  const [openSection, setOpenSection] = useState<string | null>('business');
  const done = (key: ContactKey) => saved[key] && contacts[key].isValid;

  return {
    contacts,
    done,
    allDone: CONTACT_KEYS.every(done),
    openSection,
    setOpenSection,
    save: (key: ContactKey) => {
      setSaved((current) => ({ ...current, [key]: true }));
      const other: ContactKey = key === 'business' ? 'technical' : 'business';
      setOpenSection(done(other) ? null : other);
    },
  };
}

export type ContactsStep = ReturnType<typeof useContactsStep>;
