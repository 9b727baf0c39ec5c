import { matches, maxLength, minLength, normalisedBy, notEmpty, trimmed, type NormalisedRules } from './rule.js';

export const PERSON_NAME_MIN = 3;
export const PERSON_NAME_MAX = 20;

export const ALPHABETS_ONLY = 'should contain alphabets only!';
export const AT_LEAST_3 = 'must be at least 3 characters long';
export const CONSENT_REQUIRED = 'Please provide consent!';

const personName = (label: string): NormalisedRules =>
  normalisedBy(trimmed, [
    notEmpty(`${label} cannot be empty`),
    matches(/^[A-Za-z ]+$/, ALPHABETS_ONLY),
    minLength(PERSON_NAME_MIN, AT_LEAST_3),
    maxLength(PERSON_NAME_MAX, `must be at most ${PERSON_NAME_MAX} characters long`),
  ]);

export const firstNameRules = personName('First name');
export const lastNameRules = personName('Last name');
