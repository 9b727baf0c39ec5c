/**
 * The shape of a product definition's request and response (architecture page, "A product is
 * data"). Every consumer — the gateway's validation, the sandbox, the trial forms, the API docs
 * and the batch CSV templates — reads these; nothing about a product's request is written twice.
 */
import type { TrialAction } from '@verigate/contracts';

export type FieldType = 'string' | 'number' | 'boolean' | 'enum' | 'date' | 'file' | 'object' | 'array';

/**
 * What personal data a value is, so it is masked by its kind before a request or a response is
 * kept (personal-data/README.md): 'none' for what is not personal (codes, statuses, amounts,
 * flags, closed lists), and for objects and lists, whose parts carry their own kinds.
 */
export type PersonalKind =
  'aadhaar' | 'identity-number' | 'account-number' | 'upi' | 'phone' | 'email' | 'name' | 'address' | 'date-of-birth' | 'otp' | 'file' | 'none';

/** A condition on another field of the same request (earlier in field order, or a body field). */
export interface Condition {
  field: string;
  /** The field's (normalised) value is one of these. */
  equals?: readonly (string | number | boolean)[];
  /** The field's (normalised) text matches. */
  matches?: RegExp;
}

/** A check with the exact message a person sees when it fails; checked in the order listed. */
export type FieldRule =
  | { kind: 'length'; min?: number; max?: number; message: string }
  | { kind: 'pattern'; pattern: RegExp; message: string }
  | { kind: 'range'; min?: number; max?: number; message: string };

export interface Option {
  value: string;
  label: string;
}

/** File kinds, recognised by their first bytes (magic numbers), never by a name. */
export type FileKind = 'png' | 'jpeg' | 'pdf' | 'tiff' | 'webp';

/** Date formats used by the provider API: ISO, the trial forms' 'DD-MMM-YYYY' and month-year. */
export type DateFormat = 'YYYY-MM-DD' | 'DD-MMM-YYYY' | 'MM/YYYY';

/** Where a trial form takes its options from when they are not in the definition. */
export type OptionSource = 'countries' | 'estamp-branches' | 'estamp-articles';

export type FormControl = 'text' | 'number' | 'select' | 'radio' | 'checkbox' | 'switch' | 'date-parts' | 'file' | 'textarea';

/** How the trial form shows a field (seed 001 §4, §5). The order is the field order. */
export interface FieldForm {
  control: FormControl;
  placeholder?: string;
  /** A line under the control (e.g. which card types need a back side). */
  hint?: string;
  /** Upper-cased as the user types (EPIC, RC number). */
  uppercase?: boolean;
  /**
   * Shown only while a product-level toggle is on ({ toggle: 'nameMatch' }) or a condition holds;
   * while shown, the form requires it (a ticked name match needs a name, face match an image).
   */
  shownWhen?: { toggle: string } | Condition;
  /** Options loaded at run time instead of `options`. */
  optionsFrom?: OptionSource;
  /** Disabled until this field has a value; choosing it (re)loads this field's options. */
  dependsOn?: { field: string; message: string };
  /** Not shown: the form always sends this value (eSign purpose 'Demo', expiry 10080, the stamp type). */
  fixed?: { value: unknown };
  /** Not shown: the form sends what the flow's previous step answered (its request_id). */
  fromPreviousStep?: boolean;
  /** Year range of a date-part select. */
  years?: { from: number; to: number | 'current' };
  /** Choosing another value clears the other fields (the CKYC PAN/AADHAAR switch). */
  clearsOthers?: boolean;
  /** Taken by the API but not offered in the trial form. */
  hidden?: boolean;
}

export interface Field {
  /** Key in `data` (or in the body for `in: 'body'`); nested fields are keyed inside their object. */
  name: string;
  type: FieldType;
  label: string;
  description: string;
  /** A valid value: the docs' example and the sandbox's example request (answered 100). */
  example?: unknown;
  /** How the value is masked before it is kept. */
  personal: PersonalKind;
  /** true, false, or required only when a condition on another field holds. */
  required: boolean | Condition;
  /** Shown when a required value is missing or empty. */
  requiredMessage: string;
  /** Shown when the value has the wrong type or breaks a rule with no message of its own. */
  message: string;
  rules: readonly FieldRule[];
  /** Only for this condition is the field read at all (CKYC's Aadhaar fields); otherwise ignored. */
  when?: Condition;
  /** 'body' for the top-level `report_id`; by default a field lives in `data`. */
  in?: 'data' | 'body';
  /** Used when the field is absent. */
  default?: unknown;
  /** Strings: trimmed, then upper-cased, with these characters removed first. */
  normalise?: { upper?: boolean; strip?: RegExp };
  options?: readonly Option[];
  /** Enums whose options depend on another field's value (e-stamp articles by branch). */
  optionsBy?: { field: string; options: Readonly<Record<string, readonly Option[]>> };
  date?: { format: DateFormat; minYear: number; maxYear?: number; notAfterToday?: boolean };
  file?: { accept: readonly FileKind[]; maxBytes: number; typeMessage: string; sizeMessage: string };
  number?: { integer: boolean };
  /** Object fields: the keys inside. */
  fields?: readonly Field[];
  /** Array fields: each item, with the list's length limits. */
  items?: Field;
  minItems?: number;
  maxItems?: number;
  form: FieldForm;
}

/** A response field, for the API docs and for checking the sandbox's answers against them. */
export interface ResultField {
  type: 'string' | 'number' | 'boolean' | 'object' | 'array';
  description: string;
  /** How the value is masked before it is kept. */
  personal: PersonalKind;
  /** May be null (blanked in a 103 Partial Record Found, or unknown to the source). */
  nullable?: boolean;
  /** Present only in some answers (a name match only when a name was sent). */
  optional?: boolean;
  fields?: Readonly<Record<string, ResultField>>;
  items?: ResultField;
}
export type ResultShape = Readonly<Record<string, ResultField>>;

/** The seed's trial-call actions (seed 001 §7), listed once in the contracts. */
export { TRIAL_ACTIONS as PRODUCT_ACTION_NAMES } from '@verigate/contracts';
export type ProductAction = TrialAction;

/**
 * Where a magic selector is read: four characters of a field (`at` from the start, or from the
 * end when negative; `before` counts back from a marker such as '@'), a number's last four digits
 * (zero-padded), or the ASCII text `sandbox:NNNN` inside a file.
 */
export interface Selector {
  field: string;
  at: number;
  before?: string;
}

/** One call of a product: the only one of a single-step product, or one step of a flow. */
export interface Operation {
  /** undefined for a single-step product (the body carries no action). */
  action?: ProductAction;
  summary: string;
  fields: readonly Field[];
  /** At least one of these fields must be given (the telecom form). */
  atLeastOne?: { fields: readonly string[]; message: string };
  result: ResultShape;
  /** Candidates, first present wins; none present → 100. Empty for steps answered from their session. */
  selectors: readonly Selector[];
  /** 'opens' a sandbox session the next step continues with its request_id. */
  session?: 'opens' | 'continues';
  /** Where the client reads the id it sends to the next step, as a dot path of the envelope. */
  requestIdAt?: string;
  /** Where the client finds a page to open in a new tab (SDK link, eSign viewer). */
  openUrlAt?: string;
}

/** A multi-step flow (seed 001 §4): OTP request → verify, or a hosted page opened by init → fetch. */
export interface Flow {
  kind: 'otp' | 'hosted';
  /** How long the step's request_id stays usable. */
  expiresInMinutes: number;
  /** OTP flows: the form's resend lock (60 s email, 30 s mobile) and the result flag that shows the OTP field. */
  resendLockSeconds?: number;
  otpSentFlag?: 'is_otp_sent' | 'otp_sent';
  /** Hosted flows: the sandbox page's words. */
  page?: { title: string; passLabel: string; failLabel: string };
}

/** A toggle of the trial form that reveals fields (the name-match checkbox, face match). */
export interface FormToggle {
  id: string;
  label: string;
}

/** Trial-form hints of the whole product (seed 001 §4, §5). */
export interface ProductForm {
  toggles: readonly FormToggle[];
  /** The consent checkbox's message ('*Please provide consent!' in RC advanced). */
  consentMessage: string;
  /** Checked one at a time in field order, the first failure stops submit (RC advanced). */
  ordered: boolean;
  /** A failure stops the loading state without an error (ESIC lite and advance). */
  silentFailure: boolean;
  /** A notice shown above the form (e-stamp's dummy-stamp notice). */
  notice?: string;
  /** Whether the trial call carries x-user-id (seed 001 §6: the e-sign form omits it). */
  sendsUserId: boolean;
}

export type BatchResponseType = 'INSURANCE' | 'FINANCE' | 'NONE';

export interface BatchSpec {
  /** Single-step products whose fields are all flat (no files, objects or lists). */
  supported: boolean;
  /** CSV columns in field order; a row becomes a request with `requestFromCsvRow`. */
  columns: readonly string[];
  response_type: BatchResponseType;
}

export interface DocsSpec {
  /** Anchors of /doc#tag/{tag}/operation/{operation}. */
  tag: string;
  operation: string;
}
