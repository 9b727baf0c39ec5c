import { CATEGORY_REQUIRED, COUNTRY_REQUIRED, INDIA, organisationNameRules, tradeNameRules } from '@verigate/contracts';
import { useState } from 'react';
import type { Country } from '@/lib/api/reference/get-countries';
import { useField } from '@/lib/use-field';
import type { Category } from './api/get-categories';
import { categoryPayload } from './category-options';

/** A required choice of a dropdown: checked when it changes, on blur and on Next. */
function useChoice(message: string, isValid: (value: string) => boolean, initialValue: string | null = null) {
  const [value, setValue] = useState<string | null>(initialValue);
  const [error, setError] = useState<string | null>(null);
  const check = (candidate = value) => {
    const problem = candidate && isValid(candidate) ? null : message;
    setError(problem);
    return problem === null;
  };
  return {
    value,
    error,
    check,
    choose: (next: string | null) => {
      setValue(next);
      check(next);
    },
  };
}

/**
 * The first step of Create your Organisation (seed 000 §2): legal and trade names ('Same as
 * Business Legal Name' mirrors the first into the second), business category and country, India first.
 */
export function useOrganisationForm(countries: Country[] | undefined) {
  const legalName = useField(organisationNameRules);
  const tradeName = useField(tradeNameRules);
  const [sameAsLegal, setSameAsLegal] = useState(false);
  const category = useChoice(CATEGORY_REQUIRED, () => true);
  const country = useChoice(COUNTRY_REQUIRED, (code) => countries?.some((entry) => entry.code === code) ?? false, INDIA);
  const chosenCountry = countries?.find((entry) => entry.code === country.value);

  return {
    legalName,
    tradeName,
    sameAsLegal,
    setSameAsLegal,
    category,
    country,
    chosenCountry,
    /** The country the contacts' phone rules follow (India until the list has loaded). */
    contactCountry: chosenCountry?.code ?? INDIA,
    /** Shows every field's message; true when the step is complete. */
    validate: () => [legalName.validate(), sameAsLegal || tradeName.validate(), category.check(), country.check()].every(Boolean),
    /** The organisation part of POST /organisation, or null while a choice is missing. */
    toRequest: (categories: Category[] | undefined) => {
      const chosenCategory = category.value && categories ? categoryPayload(categories, category.value) : null;
      if (!chosenCategory || !chosenCountry) return null;
      return {
        name: legalName.value.trim(),
        trade_name: (sameAsLegal ? legalName.value : tradeName.value).trim(),
        ...chosenCategory,
        country_code: chosenCountry.code,
      };
    },
  };
}

export type OrganisationForm = ReturnType<typeof useOrganisationForm>;
