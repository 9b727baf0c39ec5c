/**
 * The portal's reference lists (seed 000 §3): the options of date-part selects, document-type
 * pickers, letter option sets and date-range pickers. Forms, product definitions and the server
 * read them from here.
 */

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Day options of a date-part select: '01' … '31'. */
export const DAYS: readonly string[] = Object.freeze(Array.from({ length: 31 }, (_, index) => pad2(index + 1)));

/** Month options of a date-part select, in calendar order. */
export const MONTHS = Object.freeze(['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const);
export type MonthAbbreviation = (typeof MONTHS)[number];

export const FIRST_YEAR = 1910;
export const LAST_YEAR = 2050;

/** Year options of a date-part select: 1910 … 2050. */
export const YEARS: readonly number[] = Object.freeze(Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, index) => FIRST_YEAR + index));

/** Identity document types of the OCR and KYC pickers. */
export const DOCUMENT_TYPES = Object.freeze(['PAN', 'AADHAAR', 'VOTERID', 'Driving_License', 'RC', 'PASSPORT', 'AADHAAR_MASKED'] as const);
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface LetterOption {
  value: string;
  label: string;
}

/**
 * The single-letter option sets: passport type (P personal, D diplomatic, S service), tax period
 * (Y yearly, M monthly, Q quarterly) and gender (M, F, T).
 */
export const LETTER_OPTION_SETS = Object.freeze({
  passportType: Object.freeze([
    { value: 'P', label: 'Personal' },
    { value: 'D', label: 'Diplomatic' },
    { value: 'S', label: 'Service' },
  ]),
  taxPeriod: Object.freeze([
    { value: 'Y', label: 'Yearly' },
    { value: 'M', label: 'Monthly' },
    { value: 'Q', label: 'Quarterly' },
  ]),
  gender: Object.freeze([
    { value: 'M', label: 'Male' },
    { value: 'F', label: 'Female' },
    { value: 'T', label: 'Transgender' },
  ]),
} satisfies Record<string, readonly LetterOption[]>);

/** The duration picker of reports and the dashboard: fixed lengths in days, or a custom range. */
export const DATE_RANGES = Object.freeze([
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 60 days', days: 60 },
  { label: 'Last 120 days', days: 120 },
  { label: 'Custom', days: null },
] as const);
export type DateRangeLabel = (typeof DATE_RANGES)[number]['label'];

/** The provider API's environments as reports and transactions name them. */
export const ENVIRONMENTS = Object.freeze(['TEST', 'PRODUCTION'] as const);
export type EnvironmentName = (typeof ENVIRONMENTS)[number];
