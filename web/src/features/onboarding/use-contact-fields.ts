import { contactEmailRules, contactNameRules, contactProblems, designationRules, phoneRules, type Contact } from '@verigate/contracts';
import { useField } from '@/lib/use-field';

/**
 * One onboarding contact (business or tech owner): four fields checked on blur with the contract's
 * rules, and the whole contact judged by contactProblems(value, 'onboarding', countryCode).
 */
export function useContactFields(countryCode: string) {
  const name = useField(contactNameRules('onboarding'));
  const email = useField(contactEmailRules);
  const designation = useField(designationRules('onboarding'));
  const phone = useField(phoneRules(countryCode));

  const raw: Contact = { name: name.value, email: email.value, designation: designation.value, phone: phone.value };
  const isValid = contactProblems(raw, 'onboarding', countryCode).length === 0;

  return {
    fields: { name, email, designation, phone },
    isValid,
    /** Shows every field's message; true when the contact is complete. */
    validate: () => {
      for (const field of [name, email, designation, phone]) field.validate();
      return contactProblems(raw, 'onboarding', countryCode).length === 0;
    },
    /** The contact as POST /organisation takes it. */
    toContact: (): Contact => ({
      name: name.value.trim(),
      email: email.value.trim(),
      designation: designation.value.trim(),
      phone: phone.value.trim(),
    }),
  };
}

export type ContactFields = ReturnType<typeof useContactFields>;
