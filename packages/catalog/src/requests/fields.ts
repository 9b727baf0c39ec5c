import { z } from 'zod';

/**
 * Field schemas of the provider-API request bodies, with the trial forms' rules and messages
 * (seed 001 §5 "Trial forms", §9 field limits). Identifiers are trimmed and upper-cased before
 * they are checked, so 'abcpe1234f ' and 'ABCPE1234F' are the same PAN.
 */
export const FIELD_MESSAGES = {
  pan: 'Please enter a valid Pan number',
  gstin: 'Please enter a valid GSTIN number',
  accountNumber: 'Please enter a valid Account number',
  ifsc: 'Please enter a valid IFSC number',
  dl: 'Please enter a valid DL number',
  aadhaar: 'Please enter a valid Aadhaar number',
  name: 'Please enter a valid Name',
  dob: 'Please enter a valid date of birth (YYYY-MM-DD, from 1950)',
  dlDob: 'Date of birth is required for a DL number containing AP or TS',
  consent: 'Please provide consent!',
  consentText: 'Please provide the consent text',
  body: 'The body must be a JSON object with mode and data',
  mode: "mode must be 'sync'",
  data: 'data must be an object of the product fields',
} as const;

/** A trimmed, upper-cased identifier matching `pattern`; `strip` characters are removed first. */
const identifier = (pattern: RegExp, message: string, strip?: RegExp) =>
  z
    .string({ error: message })
    .transform((value) => (strip ? value.replace(strip, '') : value).trim().toUpperCase())
    .pipe(z.string().regex(pattern, { error: message }));

/** PAN: five letters, four digits, a letter; the fourth letter is the holder type. */
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$/;
export const panNumber = identifier(PAN_PATTERN, FIELD_MESSAGES.pan);

/** GSTIN: state code, the holder's PAN, entity number, 'Z', check character (15 characters). */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const gstinNumber = identifier(GSTIN_PATTERN, FIELD_MESSAGES.gstin);

/** Bank account number: 6 to 16 digits (seed: account number up to 16). */
export const accountNumber = identifier(/^[0-9]{6,16}$/, FIELD_MESSAGES.accountNumber, /\s/g);

/** IFSC: four letters (bank), a zero, six characters (branch) — 11 in all. */
export const ifscCode = identifier(/^[A-Z]{4}0[A-Z0-9]{6}$/, FIELD_MESSAGES.ifsc);

/** Driving licence: state code then 8 to 18 characters, 10 to 20 in all; spaces and hyphens ignored. */
export const dlNumber = identifier(/^[A-Z]{2}[0-9A-Z]{8,18}$/, FIELD_MESSAGES.dl, /[\s-]/g);

/** Aadhaar: 12 digits, never starting with 0 or 1; spaces ignored. */
export const aadhaarNumber = identifier(/^[2-9][0-9]{11}$/, FIELD_MESSAGES.aadhaar, /\s/g);

/** A person's or business name to match: letters, spaces, dots, apostrophes and hyphens, 1 to 100. */
export const nameToMatch = z
  .string({ error: FIELD_MESSAGES.name })
  .trim()
  .regex(/^[A-Za-z][A-Za-z .'-]{0,99}$/, { error: FIELD_MESSAGES.name });

/** A date of birth as YYYY-MM-DD: a real calendar date from 1 Jan 1950 up to today. */
export const dateOfBirth = z.string({ error: FIELD_MESSAGES.dob }).trim().refine(isValidDob, { error: FIELD_MESSAGES.dob });

function isValidDob(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1950 && date.getTime() <= Date.now();
}
