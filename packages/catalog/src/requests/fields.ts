import type { Condition, DateFormat, Field, FieldForm, FieldRule, FileKind, Option, PersonalKind } from '../model.js';

/**
 * The building blocks of request fields, with the trial forms' rules and messages (seed 001 §5
 * "Trial forms", §9 field limits). A definition names its fields with these; the gateway's
 * validation, the trial forms and the docs read the result. What a person types into a trial
 * form or a batch CSV is trimmed and upper-cased before it is checked, so 'abcpe1234f ' there is
 * the PAN 'ABCPE1234F'; the provider API takes values as its document writes them.
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
  upload: 'Please upload a file',
  selectType: 'Please select type!',
  selectGender: 'Please select gender!',
  mobile: 'Please enter a valid Mobile number',
  email: 'Please enter a valid Email',
  otp: 'Please enter a valid OTP',
  requestId: 'request_id must be the id returned by the previous step',
} as const;

/** PAN: five letters, four digits, a letter; the fourth letter is the holder type (PAN_HOLDER_TYPES). */
const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$/;
/** GSTIN: state code, the holder's PAN, entity number, 'Z', check character (15 characters). */
const PAN_HOLDER_TYPES =
  'P person, C company, H HUF, F firm, A association of persons, T trust, B body of individuals, L local authority, J artificial juridical person, G government';
const PAN_SHAPE = `Five letters, four digits, a letter (ABCPE1234F); the fourth letter names the holder type: ${PAN_HOLDER_TYPES}.`;
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** A person's or business name: letters, spaces, dots, apostrophes and hyphens, 1 to 100. */
const NAME_PATTERN = /^[A-Za-z][A-Za-z .'-]{0,99}$/;
/** Indian vehicle registration: state, RTO, series, number (max 10), or the BH series. */
const REGISTRATION_PATTERN = /^([A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}|[0-9]{2}BH[0-9]{4}[A-Z]{1,2})$/;
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SPACES = /\s/g;
const SPACES_AND_HYPHENS = /[\s-]/g;

export interface TextSpec {
  label: string;
  description: string;
  /** Free text cannot know what it holds: every text field says so. */
  personal: PersonalKind;
  message: string;
  requiredMessage?: string;
  example: unknown;
  /** Checked in this order after the value is normalised. */
  rules?: readonly FieldRule[];
  required?: boolean | Condition;
  when?: Condition;
  upper?: boolean;
  strip?: RegExp;
  form?: Partial<FieldForm>;
  in?: 'body';
}

/** A string field; `rules` default to nothing but the message on a wrong type. */
export function text(name: string, spec: TextSpec): Field {
  const { upper, strip, form, requiredMessage: _missing, required: _required, rules, ...rest } = spec;
  return {
    name,
    type: 'string',
    ...rest,
    ...requirement(spec, rules),
    normalise: { upper: upper ?? false, ...(strip ? { strip } : {}) },
    form: { control: 'text', ...(upper ? { uppercase: true } : {}), ...form },
  };
}

export const pattern = (regex: RegExp, message: string): FieldRule => ({ kind: 'pattern', pattern: regex, message });
export const length = (min: number | undefined, max: number | undefined, message: string): FieldRule => ({
  kind: 'length',
  ...(min !== undefined ? { min } : {}),
  ...(max !== undefined ? { max } : {}),
  message,
});

/** What every builder fills: required unless told, the missing-value message defaulting to the field's message. */
const requirement = (
  spec: { message: string; requiredMessage?: string | undefined; required?: boolean | Condition | undefined },
  rules: readonly FieldRule[] = [],
) => ({
  required: spec.required ?? true,
  requiredMessage: spec.requiredMessage ?? spec.message,
  rules,
});

/** An identifier of a fixed shape, with its limit and pattern, upper-cased, reporting one message. */
interface IdentifierPreset {
  label: string;
  description: string;
  /** The shape the trial form states under the field, so a refused value says why. */
  hint?: string;
  message: string;
  max: number;
  min?: number;
  pattern: RegExp;
  example: string;
  strip?: RegExp;
  upper?: boolean;
  personal: PersonalKind;
}

const preset = (p: IdentifierPreset) => p;

/** The identifiers of seed 001 §5 and §9, by kind. */
export const IDENTIFIERS = {
  pan: preset({
    personal: 'identity-number',
    label: 'PAN',
    description: `The 10-character Permanent Account Number. ${PAN_SHAPE}`,
    hint: PAN_SHAPE,
    message: FIELD_MESSAGES.pan,
    max: 10,
    pattern: PAN_PATTERN,
    example: 'ABCPE1234F',
  }),
  gstin: preset({
    personal: 'identity-number',
    label: 'GSTIN',
    description: 'The 15-character GST identification number.',
    message: FIELD_MESSAGES.gstin,
    max: 15,
    pattern: GSTIN_PATTERN,
    example: '27ABCPE1234F1Z5',
  }),
  accountNumber: preset({
    personal: 'account-number',
    label: 'Account number',
    description: 'The bank account number, 6 to 16 digits.',
    message: FIELD_MESSAGES.accountNumber,
    max: 16,
    pattern: /^[0-9]{6,16}$/,
    example: '50100421234',
    strip: SPACES,
  }),
  ifsc: preset({
    personal: 'none',
    label: 'IFSC',
    description: "The branch's 11-character IFSC: four letters of the bank, a zero, six characters of the branch.",
    message: FIELD_MESSAGES.ifsc,
    max: 11,
    pattern: /^[A-Z]{4}0[A-Z0-9]{6}$/,
    example: 'HDFC0000123',
  }),
  dl: preset({
    personal: 'identity-number',
    label: 'DL number',
    description: 'The driving licence number, 10 to 20 letters and digits starting with the state code.',
    message: FIELD_MESSAGES.dl,
    min: 10,
    max: 20,
    pattern: /^[A-Z]{2}[0-9A-Z]{8,18}$/,
    example: 'MH0220191234567',
    strip: SPACES_AND_HYPHENS,
  }),
  aadhaar: preset({
    personal: 'aadhaar',
    label: 'Aadhaar number',
    description: 'The 12-digit Aadhaar number (never starting with 0 or 1).',
    message: FIELD_MESSAGES.aadhaar,
    max: 12,
    pattern: /^[2-9][0-9]{11}$/,
    example: '234567891234',
    strip: SPACES,
  }),
  epic: preset({
    personal: 'identity-number',
    label: 'EPIC number',
    description: 'The voter ID (EPIC) number: three letters and seven digits.',
    message: 'Epic number is not valid',
    max: 10,
    pattern: /^[A-Z]{3}[0-9]{7}$/,
    example: 'ABC1234567',
  }),
  passport: preset({
    personal: 'identity-number',
    label: 'Passport number',
    description: 'The passport number: a letter and seven digits.',
    message: 'Please enter a valid passport number',
    max: 8,
    pattern: /^[A-Z][0-9]{7}$/,
    example: 'J8369854',
  }),
  fileNumber: preset({
    personal: 'identity-number',
    label: 'Customer file number',
    description: 'The passport application file number, 12 to 15 characters.',
    message: 'Please enter a valid Customer file number',
    min: 12,
    max: 15,
    pattern: /^[A-Z]{2}[A-Z0-9]{10,13}$/,
    example: 'DL1061234567123',
  }),
  cin: preset({
    personal: 'identity-number',
    label: 'CIN',
    description: 'The 21-character Corporate Identification Number.',
    message: 'Please enter a valid CIN number',
    max: 21,
    pattern: /^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$/,
    example: 'U72200KA2015PTC081234',
  }),
  din: preset({
    personal: 'identity-number',
    label: 'DIN',
    description: 'The 8-digit Director Identification Number.',
    message: 'Please enter a valid Din Number',
    max: 8,
    pattern: /^[0-9]{8}$/,
    example: '07561234',
  }),
  udyog: preset({
    personal: 'identity-number',
    label: 'Udyog Aadhaar number',
    description: 'An Udyam registration number (UDYAM-XX-00-0000000) or a legacy Udyog Aadhaar number (XX00X0000000).',
    message: 'Please enter a valid Udyog Aadhaar number',
    max: 19,
    pattern: /^(UDYAM-[A-Z]{2}-[0-9]{2}-[0-9]{7}|[A-Z]{2}[0-9]{2}[A-Z][0-9]{7})$/,
    example: 'UDYAM-MH-19-0011234',
  }),
  fssai: preset({
    personal: 'identity-number',
    label: 'FSSAI number',
    description: 'The 14-digit FSSAI licence or registration number.',
    message: 'Please enter a valid FSSAI number',
    max: 14,
    pattern: /^[12][0-9]{13}$/,
    example: '10019022001234',
  }),
  tan: preset({
    personal: 'identity-number',
    label: 'TAN',
    description: 'The 10-character Tax Deduction and Collection Account Number: four letters, five digits, a letter.',
    message: 'Please enter a valid Tan number',
    max: 10,
    pattern: /^[A-Z]{4}[0-9]{5}[A-Z]$/,
    example: 'MUMA12345B',
  }),
  uan: preset({
    personal: 'identity-number',
    label: 'UAN',
    description: 'The 12-digit Universal Account Number of the EPFO.',
    message: 'Please enter a valid UAN Number',
    max: 12,
    pattern: /^[0-9]{12}$/,
    example: '100912341234',
  }),
  esic: preset({
    personal: 'identity-number',
    label: 'ESIC number',
    description: 'The 10-digit ESIC insurance (IP) number.',
    message: 'Please enter a valid ESIC number',
    max: 10,
    pattern: /^[0-9]{10}$/,
    example: '3112341234',
  }),
  mobile: preset({
    personal: 'phone',
    label: 'Mobile number',
    description: 'A 10-digit Indian mobile number without the country code.',
    message: FIELD_MESSAGES.mobile,
    max: 10,
    pattern: /^[6-9][0-9]{9}$/,
    example: '9876541234',
  }),
  registration: preset({
    personal: 'identity-number',
    label: 'Registration number',
    description: 'The vehicle registration number as on the RC, without spaces (up to 10 characters).',
    message: 'Registration number field is not valid',
    max: 10,
    pattern: REGISTRATION_PATTERN,
    example: 'MH12AB1234',
    strip: SPACES_AND_HYPHENS,
  }),
  chassis: preset({
    personal: 'identity-number',
    label: 'Chassis number',
    description: 'The full chassis number (VIN) stamped on the vehicle, up to 23 characters.',
    message: 'Please enter a valid Chassis number',
    max: 23,
    pattern: /^[A-Z0-9]{6,23}$/,
    example: 'MA3EWDE1S00231234',
  }),
  chassisLastFive: preset({
    personal: 'identity-number',
    label: 'Chassis number (last 5)',
    description: 'The last five characters of the chassis number.',
    message: 'Chassis number field is not valid',
    max: 5,
    pattern: /^[A-Z0-9]{5}$/,
    example: 'S1234',
  }),
  engine: preset({
    personal: 'identity-number',
    label: 'Engine number',
    description: 'The engine number stamped on the engine block, 6 to 20 characters.',
    message: 'Please enter a valid Engine number',
    max: 20,
    pattern: /^[A-Z0-9]{6,20}$/,
    example: 'K12MN1231234',
  }),
  otp: preset({
    personal: 'otp',
    label: 'OTP',
    description: 'The 6-digit one-time password the customer received.',
    message: FIELD_MESSAGES.otp,
    max: 6,
    pattern: /^[0-9]{6}$/,
    example: '123456',
  }),
  pincode: preset({
    personal: 'address',
    label: 'Pincode',
    description: 'A 6-digit Indian postal code.',
    message: 'Please enter a valid Pincode',
    max: 6,
    pattern: /^[1-9][0-9]{5}$/,
    example: '560034',
  }),
} as const;
export type IdentifierKind = keyof typeof IDENTIFIERS;

/** Overrides of an identifier field: its own label, message, example or form hints. */
export type IdentifierOverrides = Partial<Omit<TextSpec, 'rules'>> & { max?: number };

/**
 * An identifier field of a preset kind: upper-cased, its limit then its pattern checked, each
 * reporting the preset's message unless overridden (the PAN-to-TAN form's '*Please enter a valid Pan number').
 */
export function identifier(name: string, kind: IdentifierKind, overrides: IdentifierOverrides = {}): Field {
  const p: IdentifierPreset = IDENTIFIERS[kind];
  const message = overrides.message ?? p.message;
  const max = overrides.max ?? p.max;
  return text(name, {
    label: p.label,
    description: p.description,
    personal: p.personal,
    example: p.example,
    upper: p.upper ?? true,
    ...(p.strip ? { strip: p.strip } : {}),
    ...overrides,
    message,
    rules: [length(p.min, max, message), pattern(p.pattern, message)],
    form: { placeholder: `Enter ${overrides.label ?? p.label}`, ...(p.hint ? { hint: p.hint } : {}), ...overrides.form },
  });
}

/** A name: letters, spaces, dots, apostrophes and hyphens. */
export function personName(
  name: string,
  spec: { label: string; description: string; message: string; requiredMessage?: string; example: string; max?: number } & Partial<TextSpec>,
): Field {
  const maxRule = spec.max !== undefined ? [length(undefined, spec.max, spec.message)] : [];
  return text(name, { ...spec, personal: 'name', rules: [...maxRule, pattern(NAME_PATTERN, spec.message)] });
}

/** The optional name compared with the source's name; shown when the form's name-match box is ticked. */
export const nameToMatch = (name = 'name_to_match'): Field =>
  personName(name, {
    label: 'Name to match',
    description: "A name to compare with the source's record; the answer carries a name_match score.",
    message: FIELD_MESSAGES.name,
    example: 'Rahul Sharma',
    required: false,
    form: { shownWhen: { toggle: 'nameMatch' } },
  });

export function email(
  name: string,
  spec: { label?: string; description?: string; message?: string; requiredMessage?: string; required?: boolean } = {},
): Field {
  const message = spec.message ?? FIELD_MESSAGES.email;
  return text(name, {
    label: spec.label ?? 'Email',
    description: spec.description ?? 'An email address, at most 64 characters.',
    personal: 'email',
    message,
    ...(spec.requiredMessage ? { requiredMessage: spec.requiredMessage } : {}),
    ...(spec.required !== undefined ? { required: spec.required } : {}),
    example: 'priya.sharma@example.com',
    rules: [length(undefined, 64, message), pattern(EMAIL_PATTERN, message)],
  });
}

export interface DateSpec {
  label: string;
  description: string;
  /** A date of birth, or a date that is not personal (an expiry, a permit's start). */
  personal: PersonalKind;
  message: string;
  requiredMessage?: string;
  format?: DateFormat;
  minYear?: number;
  maxYear?: number;
  /** A date of birth or issue: not after today (the default); false for expiry dates. */
  notAfterToday?: boolean;
  example: string;
  required?: boolean | Condition;
  when?: Condition;
  form?: Partial<FieldForm>;
}

/** A date in one of the API's formats, entered in the trial form as day, month and year selects. */
export function date(name: string, spec: DateSpec): Field {
  const { format = 'YYYY-MM-DD', minYear = 1950, maxYear, notAfterToday = true, form, requiredMessage: _missing, required: _required, ...rest } = spec;
  return {
    name,
    type: 'date',
    ...rest,
    ...requirement(spec),
    date: { format, minYear, ...(maxYear !== undefined ? { maxYear } : {}), notAfterToday },
    form: { control: 'date-parts', years: { from: minYear, to: notAfterToday ? 'current' : (maxYear ?? 2050) }, ...form },
  };
}

/** A date of birth as YYYY-MM-DD, from 1 Jan 1950 up to today. */
export const dateOfBirth = (spec: Partial<DateSpec> = {}): Field =>
  date('customer_dob', {
    label: 'Date of birth',
    description: 'The date of birth, YYYY-MM-DD.',
    message: FIELD_MESSAGES.dob,
    example: '1990-01-31',
    ...spec,
    personal: 'date-of-birth',
  });

export interface ChoiceSpec {
  label: string;
  description: string;
  /** A closed list is not personal unless told. */
  personal?: PersonalKind;
  message: string;
  requiredMessage?: string;
  options: readonly Option[] | readonly string[];
  optionsBy?: Field['optionsBy'];
  example?: string;
  required?: boolean | Condition;
  when?: Condition;
  default?: string;
  form?: Partial<FieldForm>;
  in?: 'body';
  upper?: boolean;
}

/** One value of a closed list: a select (or a switch/radio by form hint). */
export function choice(name: string, spec: ChoiceSpec): Field {
  const { options, form, requiredMessage: _missing, required: _required, upper, ...rest } = spec;
  const list = options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option));
  return {
    name,
    type: 'enum',
    personal: 'none',
    ...rest,
    example: spec.example ?? list[0]?.value,
    options: list,
    ...requirement(spec),
    normalise: { upper: upper ?? false },
    form: { control: 'select', ...form },
  };
}

/** A yes/no flag, a checkbox in the trial form. */
export function flag(name: string, spec: { label: string; description: string; default?: boolean; example?: boolean; form?: Partial<FieldForm> }): Field {
  const { form, ...rest } = spec;
  return {
    name,
    type: 'boolean',
    personal: 'none',
    ...rest,
    example: spec.example ?? spec.default ?? true,
    required: false,
    message: `${spec.label} must be true or false`,
    requiredMessage: `${spec.label} must be true or false`,
    rules: [],
    form: { control: 'checkbox', ...form },
  };
}

export interface NumberSpec {
  label: string;
  description: string;
  /** Amounts, counts and positions are not personal unless told. */
  personal?: PersonalKind;
  message: string;
  requiredMessage?: string;
  min?: number;
  max?: number;
  integer?: boolean;
  example: number;
  required?: boolean;
  default?: number;
  form?: Partial<FieldForm>;
}

/** A number; a numeric string (as a form or a CSV sends it) is read as the number. */
export function number(name: string, spec: NumberSpec): Field {
  const { min, max, integer = true, form, requiredMessage: _missing, required: _required, ...rest } = spec;
  const range: FieldRule[] =
    min !== undefined || max !== undefined
      ? [{ kind: 'range', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), message: spec.message }]
      : [];
  return {
    name,
    type: 'number',
    personal: 'none',
    ...rest,
    ...requirement(spec, range),
    number: { integer },
    form: { control: 'number', ...form },
  };
}

/** Accepted image kinds of the trial forms: png, jpeg, jpg. */
export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg'];
export const FILE_LIMIT_BYTES = 5 * 1024 * 1024;

export interface FileSpec {
  label: string;
  description: string;
  accept: readonly FileKind[];
  example?: string;
  requiredMessage?: string;
  typeMessage?: string;
  maxBytes?: number;
  required?: boolean;
  form?: Partial<FieldForm>;
}

const kindList = (accept: readonly FileKind[]) =>
  accept.flatMap((kind) => (kind === 'jpeg' ? ['jpeg', 'jpg'] : kind === 'tiff' ? ['tif', 'tiff'] : [kind])).join(', ');

/** A file sent as base64 without a data: prefix; its type is read from its first bytes. */
export function file(name: string, spec: FileSpec): Field {
  const {
    accept,
    maxBytes = FILE_LIMIT_BYTES,
    typeMessage = `Only ${kindList(accept)} files are allowed`,
    requiredMessage = FIELD_MESSAGES.upload,
    required,
    form,
    ...rest
  } = spec;
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  return {
    name,
    type: 'file',
    ...rest,
    personal: 'file',
    message: typeMessage,
    ...requirement({ message: typeMessage, requiredMessage, required }),
    file: {
      accept,
      maxBytes,
      typeMessage,
      sizeMessage: `File size should not exceed ${megabytes} MB`,
    },
    form: { control: 'file', ...form },
  };
}

/** File extensions a trial form's picker accepts for a field. */
export const acceptedExtensions = (field: Field): string[] => (field.file ? kindList(field.file.accept).split(', ') : []);

/** An object of named fields (eSign's document). */
export function group(name: string, spec: { label: string; description: string; message: string; fields: readonly Field[]; required?: boolean }): Field {
  const { fields, required: _required, ...rest } = spec;
  return { name, type: 'object', personal: 'none', ...rest, fields, ...requirement(spec), form: { control: 'text' } };
}

/** A list of objects (eSign's signers, sign coordinates). */
export function list(
  name: string,
  spec: { label: string; description: string; message: string; items: Field; minItems?: number; maxItems?: number; required?: boolean },
): Field {
  const { items, minItems = 1, maxItems, required: _required, ...rest } = spec;
  return {
    name,
    type: 'array',
    personal: 'none',
    ...rest,
    items,
    minItems,
    ...(maxItems !== undefined ? { maxItems } : {}),
    ...requirement(spec),
    form: { control: 'text' },
  };
}

/** The id returned by a flow's first step, sent back by the next one. */
export const requestId = (description: string): Field =>
  text('request_id', {
    label: 'Request id',
    description,
    personal: 'none',
    message: FIELD_MESSAGES.requestId,
    example: '00000000-0000-4000-8000-000000000000',
    rules: [pattern(UUID_PATTERN, FIELD_MESSAGES.requestId)],
    strip: SPACES,
    form: { control: 'text', fromPreviousStep: true },
  });
