import { isWorkEmail, EMAIL_MAX } from './email.js';
import { ALPHABETS_ONLY, AT_LEAST_3 } from './names.js';
import {
  matches,
  maxLength,
  minLength,
  normalisedBy,
  notEmpty,
  notMatches,
  trimmed,
  withoutSpaces,
  type NormalisedRules,
  type Normaliser,
  type Rule,
} from './rule.js';

export const ORG_NAME_MIN = 3;
export const ORG_NAME_MAX = 50;
export const INDIA = 'IND';

const LETTERS_AND_SPACES = /^[A-Za-z ]+$/;
/**
 * A registered company name as the GSTIN and CIN records spell it ('Acme & Sons Pvt. Ltd.',
 * "D'Souza Verification (India) Pvt Ltd"): a letter first, then letters, digits, spaces and & . , ' ( ) -.
 */
const REGISTERED_NAME = /^[A-Za-z][A-Za-z0-9 &.,'()-]*$/;

const businessName = (label: string): NormalisedRules =>
  normalisedBy(trimmed, [
    notEmpty(`${label} cannot be empty`),
    notMatches(/^\d/, `${label} Should not start with a number`),
    matches(REGISTERED_NAME, ALPHABETS_ONLY),
    minLength(ORG_NAME_MIN, AT_LEAST_3),
    maxLength(ORG_NAME_MAX, `must be at most ${ORG_NAME_MAX} characters long`),
  ]);

export const organisationNameRules = businessName('Organization name');
export const tradeNameRules = businessName('Trade name');
export const CATEGORY_REQUIRED = 'Please select one category';
export const COUNTRY_REQUIRED = 'Please select A country code';

/** The contact form has wider limits during onboarding than in My Account's edit form. */
export type ContactVariant = 'onboarding' | 'edit';
export const CONTACT_LIMITS: Record<ContactVariant, { name: number; designation: number }> = {
  onboarding: { name: 50, designation: 50 },
  edit: { name: 40, designation: 25 },
};

/** Seed 001 §5: the 3-character minimum applies in onboarding only; My Account's edit form has none. */
export const contactNameRules = (variant: ContactVariant): NormalisedRules =>
  normalisedBy(trimmed, [
    notEmpty('Name cannot be Empty'),
    matches(LETTERS_AND_SPACES, ALPHABETS_ONLY),
    ...(variant === 'onboarding' ? [minLength(3, AT_LEAST_3)] : []),
    maxLength(CONTACT_LIMITS[variant].name, `must be at most ${CONTACT_LIMITS[variant].name} characters long`),
  ]);

export const contactEmailRules: NormalisedRules = normalisedBy(trimmed, [
  notEmpty('Email cannot be empty'),
  matches(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'Please enter a valid email'),
  notMatches(/^\d/, 'Email Cannot start with a number'),
  { test: isWorkEmail, message: 'Only work emails are allowed' },
  maxLength(EMAIL_MAX, `Email should not exceed ${EMAIL_MAX} characters`),
]);

export const designationRules = (variant: ContactVariant): NormalisedRules =>
  normalisedBy(trimmed, [
    notEmpty('Designation cannot be empty'),
    matches(LETTERS_AND_SPACES, ALPHABETS_ONLY),
    maxLength(CONTACT_LIMITS[variant].designation, `must be at most ${CONTACT_LIMITS[variant].designation} characters long`),
  ]);

/** A phone as people paste it, ' 98765 43210 ' or '+91 98765 43210': spaces go, and India's country prefix with them. */
export const phoneNormaliser =
  (countryCode: string): Normaliser =>
  (value) => {
    const digits = withoutSpaces(value);
    return countryCode === INDIA ? digits.replace(/^\+91(?=\d)/, '') : digits;
  };

/** India's numbers are required and 10 digits; elsewhere the phone is optional but must be valid. */
export const phoneRules = (countryCode: string): NormalisedRules =>
  normalisedBy(
    phoneNormaliser(countryCode),
    countryCode === INDIA
      ? [
          notEmpty('Phone number cannot be empty'),
          matches(/^\d+$/, 'Please enter a valid phone number'),
          notMatches(/^0/, 'Exclude 0 from the beginning'),
          matches(/^\d{10}$/, 'Phone Number should be 10 digits'),
        ]
      : [{ test: (v) => v === '' || /^\d{4,15}$/.test(v), message: 'Please enter a valid phone number' }],
  );

export const KYC_MESSAGES = {
  fieldEmpty: 'Field Cannot be Empty',
  notPdf: 'File should be in pdf format',
  fileName: 'File name is not valid',
  tooLarge: 'File should be less than 2 MB',
  fileMissing: 'Please upload the file!',
  optionMissing: 'Please Select an option',
  incomplete: 'Please fill all the input box to continue',
} as const;

export const KYC_PDF_MAX_BYTES = 2_000_000;
export const REGISTRATION_DOCUMENT_TYPES = ['CIN', 'Udhyog Aadhaar'] as const;

export const bankAccountRules: NormalisedRules = normalisedBy(withoutSpaces, [
  notEmpty(KYC_MESSAGES.fieldEmpty),
  matches(/^\d{9,18}$/, 'Please enter a valid account number'),
]);
export const gstinRules: readonly Rule[] = [
  notEmpty(KYC_MESSAGES.fieldEmpty),
  matches(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'Please enter a valid GSTIN number'),
];
export const ifscRules: readonly Rule[] = [notEmpty(KYC_MESSAGES.fieldEmpty), matches(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'Please enter a valid IFSC code')];
export const signatoryRules: NormalisedRules = normalisedBy(trimmed, [
  notEmpty(KYC_MESSAGES.fieldEmpty),
  matches(LETTERS_AND_SPACES, ALPHABETS_ONLY),
  maxLength(50, 'must be at most 50 characters long'),
]);

/** The PDF rule of the KYC uploads; null when the file is acceptable. */
export function pdfProblem(file: { name: string; type?: string; size: number } | null | undefined): string | null {
  if (!file) return KYC_MESSAGES.fileMissing;
  const isPdf = file.name.toLowerCase().endsWith('.pdf') && (!file.type || file.type === 'application/pdf');
  if (!isPdf) return KYC_MESSAGES.notPdf;
  if (file.size >= KYC_PDF_MAX_BYTES) return KYC_MESSAGES.tooLarge;
  return null;
}

export const KEY_NAME_MAX = 25;
export const APP_NAME_MAX = 25;

export const keyNameRules: NormalisedRules = normalisedBy(trimmed, [
  notEmpty('Key name cannot be empty'),
  matches(/^[A-Za-z0-9 ]+$/, 'Key name should contain alphanumeric char only'),
  notMatches(/^\d/, 'Key name should not start with a number'),
  maxLength(KEY_NAME_MAX, 'Key name should be less than 25 character'),
]);

export const appNameRules: NormalisedRules = normalisedBy(trimmed, [
  notEmpty('Name is required to create a new app'),
  matches(/^[A-Za-z0-9 ]+$/, 'App name should contain alphanumeric char only'),
  notMatches(/^\d/, 'App name should not start with a number'),
  maxLength(APP_NAME_MAX, 'App name should be less than 25 character'),
]);

/** The reads of GET /organisation/{id}?action=… */
export const ORGANISATION_READS = ['get_org_details', 'get_org_plan_info', 'get_org_past_payments', 'get_org_plan_subscriptions'] as const;
/** The changes of PUT /organisation/{id}?action=… */
export const ORGANISATION_ACTIONS = [
  'org_product_subscribe',
  'org_product_unsubscribe',
  'skip_onboarding',
  'org_techpoc_update',
  'org_businesspoc_update',
  'org_plan_subscribe',
  'org_activate_next_plan',
  'org_alert_balance_update',
] as const;
