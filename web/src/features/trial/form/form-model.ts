import { MONTHS } from '@verigate/contracts';
import { checkFields, checkOperationData, conditionHolds, type Field, type Operation, type ProductDefinition } from '@verigate/catalog';

/**
 * A trial form as data (seed 001 §4, §5), derived from the product's definition: what it shows,
 * what it sends and what it says when a value breaks a rule. The renderer and every flow read
 * this; nothing about a product's form is written per product.
 *
 * Values are keyed by path: 'customer_pan_number', 'document.data', 'signers.0.signer_name'.
 * A date entered as day, month and year selects is kept as its parts until it is sent.
 */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export type FormValue = string | boolean | DateParts;

export interface FormState {
  values: Readonly<Record<string, FormValue>>;
  /** The product's toggles (name match, face match), by id. */
  toggles: Readonly<Record<string, boolean>>;
  /** How many items each list shows (eSign's signers and their positions), by path. */
  counts: Readonly<Record<string, number>>;
  consent: boolean;
}

/** What the form sends in the trial call: the body fields (report_id) and the product's data. */
export interface Payload {
  body: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** Errors by path ('consent' for the consent box); shown under their control, cleared after the product's time. */
export type FormErrors = Readonly<Record<string, string>>;

/** The text sent as consent_text: what the person ticks. */
export const CONSENT_TEXT = 'I hereby give my consent to verify these details for this trial';

const EMPTY_PARTS: DateParts = { day: '', month: '', year: '' };

export const pathOf = (prefix: string, field: Field) => `${prefix}${field.name}`;

export const isDateParts = (value: FormValue | undefined): value is DateParts => typeof value === 'object' && value !== null;

/** A field the form fills by itself: a fixed value, the previous step's id, or nothing at all. */
export const isAutomatic = (field: Field) => field.form.hidden === true || field.form.fixed !== undefined || field.form.fromPreviousStep === true;

/** A control's starting value: the first option of a switch, a flag's default, empty otherwise. */
function initialValue(field: Field): FormValue {
  if (field.form.control === 'date-parts') return EMPTY_PARTS;
  if (field.type === 'boolean') return field.default === true;
  if (field.form.control === 'switch') return field.options?.[0]?.value ?? '';
  return '';
}

/** The starting state of an operation's form: every list with one item. */
export function initialState(operation: Operation): FormState {
  const values: Record<string, FormValue> = {};
  const counts: Record<string, number> = {};
  const visit = (fields: readonly Field[], prefix: string) => {
    for (const field of fields) {
      const path = pathOf(prefix, field);
      if (field.type === 'object') visit(field.fields ?? [], `${path}.`);
      else if (field.type === 'array') {
        counts[path] = Math.max(1, field.minItems ?? 1);
        for (let index = 0; index < counts[path]; index += 1) visitItem(field, `${path}.${index}`);
      } else if (!isAutomatic(field)) values[path] = initialValue(field);
    }
  };
  const visitItem = (list: Field, itemPath: string) => {
    const item = list.items!;
    if (item.type === 'object') visit(item.fields ?? [], `${itemPath}.`);
    else values[itemPath] = initialValue(item);
  };
  visit(operation.fields, '');
  return { values, toggles: {}, counts, consent: false };
}

/** The raw values of one level (a condition compares fields of the same object). */
function levelValues(fields: readonly Field[], state: FormState, prefix: string): Record<string, unknown> {
  const level: Record<string, unknown> = {};
  for (const field of fields) {
    const value = state.values[pathOf(prefix, field)];
    if (typeof value === 'string' || typeof value === 'boolean') level[field.name] = value;
  }
  return level;
}

/** Whether a field is on the form now: its `when`, and its toggle or condition (seed: name match, face match, CKYC). */
function isShown(field: Field, state: FormState, level: Record<string, unknown>): boolean {
  if (isAutomatic(field)) return false;
  if (field.when && !conditionHolds(field.when, level)) return false;
  const shownWhen = field.form.shownWhen;
  if (!shownWhen) return true;
  return 'toggle' in shownWhen ? state.toggles[shownWhen.toggle] === true : conditionHolds(shownWhen, level);
}

/** The fields of a level the person sees, in order. */
export function shownFields(fields: readonly Field[], state: FormState, prefix = ''): Field[] {
  const level = levelValues(fields, state, prefix);
  return fields.filter((field) => isShown(field, state, level));
}

const pad2 = (text: string) => text.padStart(2, '0');

/** Day, month and year as the API's date format; undefined while all three are empty. */
export function composeDate(field: Field, parts: DateParts): string | undefined {
  if (!parts.day && !parts.month && !parts.year) return undefined;
  const month = parts.month;
  switch (field.date?.format) {
    case 'DD-MMM-YYYY':
      return `${pad2(parts.day)}-${month}-${parts.year}`;
    case 'MM/YYYY':
      return `${pad2(String(MONTHS.indexOf(month as (typeof MONTHS)[number]) + 1))}/${parts.year}`;
    default:
      return `${parts.year}-${pad2(String(MONTHS.indexOf(month as (typeof MONTHS)[number]) + 1))}-${pad2(parts.day)}`;
  }
}

/** Whether the date-part control asks for a day (month-year dates have none). */
export const hasDay = (field: Field) => field.date?.format !== 'MM/YYYY';

function valueToSend(field: Field, raw: FormValue | undefined): unknown {
  if (raw === undefined) return undefined;
  if (isDateParts(raw)) return composeDate(field, raw);
  if (typeof raw === 'boolean') return raw;
  return raw.trim() === '' ? undefined : raw;
}

function collect(
  fields: readonly Field[],
  state: FormState,
  prefix: string,
  requestId: string | undefined,
  into: Payload,
  nested: boolean,
): Record<string, unknown> {
  const level = levelValues(fields, state, prefix);
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const path = pathOf(prefix, field);
    let value: unknown;
    if (field.form.fixed) value = field.form.fixed.value;
    else if (field.form.fromPreviousStep) value = requestId;
    else if (!isShown(field, state, level)) continue;
    else if (field.type === 'object') value = collect(field.fields ?? [], state, `${path}.`, requestId, into, true);
    else if (field.type === 'array') value = items(field, state, path, requestId, into);
    else value = valueToSend(field, state.values[path]);
    if (value === undefined) continue;
    if (!nested && field.in === 'body') into.body[field.name] = value;
    else out[field.name] = value;
  }
  return out;
}

function items(list: Field, state: FormState, path: string, requestId: string | undefined, into: Payload): unknown[] {
  const item = list.items!;
  return Array.from({ length: state.counts[path] ?? 1 }, (_, index) =>
    item.type === 'object'
      ? collect(item.fields ?? [], state, `${path}.${index}.`, requestId, into, true)
      : valueToSend(item, state.values[`${path}.${index}`]),
  );
}

/** What the form sends: shown fields with a value, fixed values, the previous step's id, and consent. */
export function buildPayload(operation: Operation, state: FormState, requestId?: string): Payload {
  const payload: Payload = { body: {}, data: {} };
  payload.data = collect(operation.fields, state, '', requestId, payload, false);
  payload.data.consent = state.consent ? 'Y' : 'N';
  payload.data.consent_text = CONSENT_TEXT;
  return payload;
}

const isMissing = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');
const stripData = (path: string) => path.replace(/^data\./, '');

/**
 * The form's errors, each worded as the definition words it (the seed's messages): every broken
 * field at once, or in the RC advanced form only the first in field order ('first failure stops
 * submit'). A field shown by a ticked toggle must have a value. Consent comes last; the rules
 * across fields (telecom's at least one) once every field is right.
 */
export function validate(product: ProductDefinition, operation: Operation, state: FormState, requestId?: string, now = new Date()): FormErrors {
  const { body, data } = buildPayload(operation, state, requestId);
  const errors: Record<string, string> = {};
  const context = { ...body, ...data };
  const level = levelValues(operation.fields, state, '');
  for (const field of operation.fields) {
    const given = field.in === 'body' ? body : data;
    const toggled = field.form.shownWhen && 'toggle' in field.form.shownWhen && isShown(field, state, level);
    const checked =
      toggled && isMissing(given[field.name])
        ? ({ ok: false, error: { field: `data.${field.name}`, message: field.requiredMessage } } as const)
        : checkFields([field], given, field.in === 'body' ? '' : 'data.', now, context);
    if (!checked.ok) {
      errors[stripData(checked.error.field)] = checked.error.message;
      if (product.form.ordered) return errors;
    }
  }
  if (!state.consent) {
    errors.consent = product.form.consentMessage;
    if (product.form.ordered) return errors;
  }
  if (Object.keys(errors).length > 0) return errors;
  const whole = checkOperationData(operation, data, body, now);
  return whole.ok ? {} : { [stripData(whole.error.field)]: whole.error.message };
}

/** The state after one control changed; a CKYC-style switch clears the other fields of its level. */
export function withValue(operation: Operation, state: FormState, path: string, value: FormValue): FormState {
  const field = fieldAtPath(operation.fields, path);
  if (field?.form.clearsOthers && value !== state.values[path]) {
    const fresh = initialState(operation).values;
    return { ...state, values: { ...fresh, [path]: value } };
  }
  const values = { ...state.values, [path]: value };
  // A field that depends on another (an e-stamp article on its branch) is chosen again after a change.
  for (const dependent of operation.fields) {
    if (dependent.form.dependsOn?.field === path && values[dependent.name] !== undefined) values[dependent.name] = initialValue(dependent);
  }
  return { ...state, values };
}

/** The field definition at a value path ('signers.0.signer_name' → signer_name). */
function fieldAtPath(fields: readonly Field[], path: string): Field | undefined {
  let level: readonly Field[] | undefined = fields;
  let found: Field | undefined;
  for (const key of path.split('.')) {
    if (/^\d+$/.test(key)) {
      level = found?.items?.type === 'object' ? found.items.fields : undefined;
      continue;
    }
    found = level?.find((field) => field.name === key);
    level = found?.fields;
  }
  return found;
}

/** The state with one more (or one fewer) item in a list; a new item starts empty. */
export function withCount(operation: Operation, state: FormState, path: string, count: number): FormState {
  const list = fieldAtPath(operation.fields, path);
  if (!list?.items) return state;
  const values = { ...state.values };
  const counts = { ...state.counts, [path]: count };
  const addItem = (fields: readonly Field[], prefix: string) => {
    for (const field of fields) {
      const fieldPath = pathOf(prefix, field);
      if (field.type === 'array') {
        counts[fieldPath] = Math.max(1, field.minItems ?? 1);
        for (let index = 0; index < counts[fieldPath]; index += 1) addItem(field.items!.fields ?? [], `${fieldPath}.${index}.`);
      } else if (field.type === 'object') addItem(field.fields ?? [], `${fieldPath}.`);
      else if (!isAutomatic(field) && values[fieldPath] === undefined) values[fieldPath] = initialValue(field);
    }
  };
  addItem(list.items.fields ?? [], `${path}.${count - 1}.`);
  return { ...state, values, counts };
}

/** The value at a dot path of an answer ('result.requests.0.request_id'). */
export function valueAt(source: unknown, path: string | undefined): unknown {
  if (!path) return undefined;
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), source);
}
