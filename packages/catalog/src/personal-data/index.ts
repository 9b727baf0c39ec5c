import type { Field, Operation, PersonalKind, ResultField, ResultShape } from '../model.js';
import type { ProductDefinition } from '../product.js';
import { operationFor } from '../requests/actions.js';
import { maskByShape, maskEmbedded, maskText } from './masks.js';

/**
 * Requests and responses of the provider API as they may be kept (API Logs): a deep copy with
 * every personal value masked by the kind its product definition declares, and fail-closed
 * everywhere else — a value at a place the definition does not declare (an unknown key, a
 * wrong type, an answer the shape does not know) is masked by its shape (`maskByShape`), never
 * kept as sent. Only a string, number or boolean declared 'none' is kept, and even then a token
 * in it that is personal by its shape is masked (`maskEmbedded`): a caller may send anything in
 * any field. The masked copy is then capped (MASKED_BODY_LIMIT_BYTES). Never throws, whatever it
 * is given.
 */

/** Every personal kind, for checks that a definition names one. */
export const PERSONAL_KINDS = [
  'aadhaar',
  'identity-number',
  'account-number',
  'upi',
  'phone',
  'email',
  'name',
  'address',
  'date-of-birth',
  'otp',
  'file',
  'none',
] as const satisfies readonly PersonalKind[];
// A kind added to PersonalKind but not listed above fails here.
const _everyKindListed: Exclude<PersonalKind, (typeof PERSONAL_KINDS)[number]> extends never ? true : never = true;

/** The most a masked body takes, serialised as UTF-8; a larger one is kept as a truncated preview. */
export const MASKED_BODY_LIMIT_BYTES = 16 * 1024;
/** The key of a body cut to the limit: `{ [TRUNCATED_MARKER]: { bytes, limit }, preview }`. */
export const TRUNCATED_MARKER = '[truncated]';
/** What a body is kept as when it cannot be read at all (a getter that throws): nothing of it. */
export const NOT_KEPT_MARKER = '[not kept]';
/** Lists and objects are walked this deep; deeper is replaced by this marker. */
export const TOO_DEEP_MARKER = '[too deep]';
const MAX_DEPTH = 32;
/** Items of a list, and keys of an object, past this many are dropped (the cap would drop them anyway). */
const MAX_ENTRIES = 500;
export const MORE_MARKER = '[more]';

export interface MaskOptions {
  /** The cap on the serialised masked body (default MASKED_BODY_LIMIT_BYTES). */
  maxBytes?: number;
}

/** What the definition says of a place in a body: a leaf's kind, or an object's keys, or a list's items. */
interface Declared {
  kind: PersonalKind;
  /**
   * A number declared 'none' is kept up to this size; a larger one is masked by its shape. A
   * request's number is the caller's, who may send a phone number as one: it is kept within
   * its field's range (or under nine digits). An answer's numbers are amounts, kept whole.
   */
  numbersUpTo?: number;
  fields?: Readonly<Record<string, Declared>>;
  items?: Declared;
}

const NONE: Declared = { kind: 'none' };
/** Under nine digits: an amount or a count, not a phone, an Aadhaar or an account number. */
const SMALL_NUMBER = 99_999_999;
/** Free text the caller writes: it often carries the customer's name, so it is masked as one. */
const FREE_TEXT: Declared = { kind: 'name' };

const declareField = (field: Field): Declared => {
  if (field.type === 'object') return { kind: 'none', fields: declareFields(field.fields ?? []) };
  if (field.type === 'array') return { kind: 'none', items: field.items ? declareField(field.items) : NONE };
  const range = field.rules.find((rule) => rule.kind === 'range');
  return { kind: field.personal, numbersUpTo: Math.max(SMALL_NUMBER, range?.max ?? 0) };
};
const declareFields = (fields: readonly Field[]): Record<string, Declared> => Object.fromEntries(fields.map((field) => [field.name, declareField(field)]));

const declareResult = (field: ResultField): Declared => {
  if (field.type === 'object') return { kind: 'none', fields: declareShape(field.fields ?? {}) };
  if (field.type === 'array') return { kind: 'none', items: field.items ? declareResult(field.items) : NONE };
  return { kind: field.personal, numbersUpTo: Infinity };
};
const declareShape = (shape: ResultShape): Record<string, Declared> =>
  Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, declareResult(field)]));

/** The body every call shares: mode, action, task_id, the body fields, and data with consent. */
function requestDeclaration(operation: Operation | undefined): Declared {
  const fields = operation?.fields ?? [];
  return {
    kind: 'none',
    fields: {
      mode: NONE,
      action: NONE,
      task_id: NONE,
      ...declareFields(fields.filter((field) => field.in === 'body')),
      data: {
        kind: 'none',
        fields: { ...declareFields(fields.filter((field) => field.in !== 'body')), consent: NONE, consent_text: FREE_TEXT },
      },
    },
  };
}

/** The provider envelope's own fields. */
const ENVELOPE: Readonly<Record<string, Declared>> = {
  request_id: NONE,
  group_id: NONE,
  task_id: NONE,
  success: NONE,
  response_code: NONE,
  response_message: NONE,
  metadata: { kind: 'none', fields: { billable: NONE } },
};
const envelopeWith = (result: Declared | undefined): Declared => ({ kind: 'none', fields: { ...ENVELOPE, ...(result ? { result } : {}) } });

/** The field errors of a 104 or 106: a path and a definition's message, never a value. */
const ERRORS_ENVELOPE: Declared = {
  kind: 'none',
  fields: { ...ENVELOPE, result: { kind: 'none', fields: { errors: { kind: 'none', items: { kind: 'none', fields: { field: NONE, message: NONE } } } } } },
};

interface StepDeclarations {
  request: Declared;
  /** The envelope of an answer with the step's record (100, 103, a bank reason's code). */
  record: Declared;
  /** The envelope of a 102: two records. */
  records: Declared;
}

function declareStep(operation: Operation | undefined): StepDeclarations {
  const record: Declared | undefined = operation ? { kind: 'none', fields: declareShape(operation.result) } : undefined;
  return {
    request: requestDeclaration(operation),
    record: envelopeWith(record),
    records: envelopeWith(record ? { kind: 'none', fields: { records: { kind: 'none', items: record } } } : undefined),
  };
}

// Made once per step, on first use: definitions are frozen data, and masking is on the gateway's path.
let declaredSteps: WeakMap<Operation, StepDeclarations> | undefined;
let unknownStep: StepDeclarations | undefined;
function declarationsOf(operation: Operation | undefined): StepDeclarations {
  if (!operation) return (unknownStep ??= declareStep(undefined));
  declaredSteps ??= new WeakMap();
  const made = declaredSteps.get(operation) ?? declareStep(operation);
  declaredSteps.set(operation, made);
  return made;
}

/** The envelope's declaration as the answer's code makes it: field errors, two records, or the step's record. */
function responseDeclaration(operation: Operation | undefined, responseCode: unknown): Declared {
  if (responseCode === 104 || responseCode === 106) return ERRORS_ENVELOPE;
  const step = declarationsOf(operation);
  return responseCode === 102 ? step.records : step.record;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key as it is kept: a plain field name stays, anything else (an identifier, an email, a name) is masked by its shape. */
const FIELD_NAME = /^[A-Za-z_$][A-Za-z0-9_$.-]{0,63}$/;
const FOUR_DIGITS = /\d\D*\d\D*\d\D*\d/;
function maskKey(key: string): string {
  if (FIELD_NAME.test(key) && !FOUR_DIGITS.test(key)) return key;
  const masked = maskByShape(key);
  return typeof masked === 'string' ? masked : `[file ${masked.type} ${masked.bytes} bytes]`;
}

/** An undeclared number long enough to be an id (a phone, an account) is masked by its shape; amounts and counts stay. */
function maskUndeclaredNumber(value: number): unknown {
  return Number.isInteger(value) && Math.abs(value) >= 100_000 ? maskByShape(String(value)) : value;
}

/** Defines an own key, so a '__proto__' key stays a key and never a prototype. */
function put(out: Record<string, unknown>, key: string, item: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
  else out[key] = item;
}

function entriesOf(value: Record<string, unknown>, each: (key: string, item: unknown) => unknown): Record<string, unknown> {
  const keys = Object.keys(value);
  const out: Record<string, unknown> = {};
  const count = Math.min(keys.length, MAX_ENTRIES);
  for (let index = 0; index < count; index += 1) {
    const key = keys[index]!;
    let kept = maskKey(key);
    for (let n = 2; Object.hasOwn(out, kept); n += 1) kept = `${maskKey(key)}#${n}`;
    put(out, kept, each(key, value[key]));
  }
  if (keys.length > MAX_ENTRIES) put(out, MORE_MARKER, keys.length - MAX_ENTRIES);
  return out;
}

function itemsOf(value: readonly unknown[], each: (item: unknown) => unknown): unknown[] {
  const kept = value.slice(0, MAX_ENTRIES).map(each);
  return value.length > MAX_ENTRIES ? [...kept, `${MORE_MARKER} ${value.length - MAX_ENTRIES}`] : kept;
}

/** A value with every leaf masked as `kind` (or by its shape when `kind` is undefined). */
function maskLeaves(kind: PersonalKind | undefined, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return TOO_DEEP_MARKER;
  if (value === null || typeof value === 'boolean' || value === undefined) return value;
  if (typeof value === 'string') return kind === undefined ? maskByShape(value) : maskText(kind, value);
  if (typeof value === 'number') return kind === undefined ? maskUndeclaredNumber(value) : maskText(kind, String(value));
  if (typeof value === 'bigint') return maskLeaves(kind, String(value), depth);
  if (Array.isArray(value)) return itemsOf(value, (item) => maskLeaves(kind, item, depth + 1));
  if (isPlainObject(value)) return entriesOf(value, (_key, item) => maskLeaves(kind, item, depth + 1));
  return null;
}

function maskDeclared(declared: Declared | undefined, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return TOO_DEEP_MARKER;
  if (!declared) return maskLeaves(undefined, value, depth);
  const { kind, fields, items } = declared;
  if (fields) {
    if (!isPlainObject(value)) return maskLeaves(undefined, value, depth);
    return entriesOf(value, (key, item) => maskDeclared(Object.hasOwn(fields, key) ? fields[key] : undefined, item, depth + 1));
  }
  if (items) return Array.isArray(value) ? itemsOf(value, (item) => maskDeclared(items, item, depth + 1)) : maskLeaves(undefined, value, depth);
  if (kind === 'none') {
    if (typeof value === 'string') return maskEmbedded(value);
    if (typeof value === 'number')
      return Number.isInteger(value) && Math.abs(value) > (declared.numbersUpTo ?? SMALL_NUMBER) ? maskByShape(String(value)) : value;
    return typeof value === 'boolean' || value === null ? value : maskLeaves(undefined, value, depth);
  }
  return maskLeaves(kind, value, depth);
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** A masked body as kept, with its JSON text (what is stored: serialised once). */
interface Kept {
  value: unknown;
  json: string;
}

const keptAs = (value: unknown): Kept => ({ value, json: JSON.stringify(value) });

/** The masked body, or when it serialises to more than `maxBytes`, a preview of its start with the marker. */
function capped(masked: unknown, maxBytes = MASKED_BODY_LIMIT_BYTES): Kept {
  let text: string;
  try {
    text = JSON.stringify(masked) ?? 'null';
  } catch {
    return keptAs({ [NOT_KEPT_MARKER]: 'the masked body could not be serialised' });
  }
  // A UTF-16 unit is at most three bytes of UTF-8: a short text needs no encoding to be known small.
  if (text.length * 3 <= maxBytes) return { value: masked, json: text };
  const bytes = utf8Bytes(text);
  if (bytes <= maxBytes) return { value: masked, json: text };
  const preview = (chars: number) => ({ [TRUNCATED_MARKER]: { bytes, limit: maxBytes }, preview: text.slice(0, chars) });
  let chars = Math.max(0, maxBytes - 128);
  while (chars > 0 && utf8Bytes(JSON.stringify(preview(chars))) > maxBytes) chars = Math.floor(chars * 0.8);
  return keptAs(preview(chars));
}

const NOT_READ = { [NOT_KEPT_MARKER]: 'the body could not be read' };

function kept(mask: () => unknown, options: MaskOptions): Kept {
  try {
    return capped(mask(), options.maxBytes);
  } catch {
    return keptAs({ ...NOT_READ });
  }
}

const keptRequest = (operation: Operation | undefined, body: unknown, options: MaskOptions) =>
  kept(() => maskDeclared(declarationsOf(operation).request, body, 0), options);

const keptResponse = (operation: Operation | undefined, envelope: unknown, options: MaskOptions) =>
  kept(() => maskDeclared(responseDeclaration(operation, isPlainObject(envelope) ? envelope.response_code : undefined), envelope, 0), options);

/**
 * A provider-API request body as it may be kept: `operation` is the step the body calls (from
 * `operationFor(product, body.action)`), or undefined when it is not known (an unknown product
 * or action), in which case every value is masked by its shape.
 */
export const maskRequest = (operation: Operation | undefined, body: unknown, options: MaskOptions = {}): unknown => keptRequest(operation, body, options).value;

/** A provider envelope as it may be kept; `result` is read by the operation's response shape. */
export const maskResponse = (operation: Operation | undefined, envelope: unknown, options: MaskOptions = {}): unknown =>
  keptResponse(operation, envelope, options).value;

/**
 * A call's request and response as they may be kept, the operation found from the body's action;
 * `json` holds both as JSON text, serialised once (the size cap serialises them anyway).
 */
export function maskExchange(
  product: Pick<ProductDefinition, 'operations'> | undefined,
  body: unknown,
  envelope: unknown,
  options: MaskOptions = {},
): { request: unknown; response: unknown; json: { request: string; response: string } } {
  const action = isPlainObject(body) ? body.action : undefined;
  const operation = product ? operationFor(product, action) : undefined;
  const request = keptRequest(operation, body, options);
  const response = keptResponse(operation, envelope, options);
  return { request: request.value, response: response.value, json: { request: request.json, response: response.json } };
}

export {
  keepEnds,
  maskAadhaar,
  maskAccountNumber,
  maskByShape,
  maskDateOfBirth,
  maskEmail,
  maskEmbedded,
  maskIdentityNumber,
  maskInitials,
  maskPhone,
  maskText,
  maskUpi,
  OTP_MARKER,
  summariseFile,
  type FileSummary,
} from './masks.js';
