import { z } from 'zod';
import { firstBrokenRule, MONTHS, type Rule } from '@verigate/contracts';
import { decodedSize, fileKind } from '../documents/files.js';
import type { Condition, Field, FieldRule, Operation } from '../model.js';
import type { ProductDefinition } from '../product.js';
import { ACTION_DISALLOWED, actionRequired, operationFor } from './actions.js';
import { FIELD_MESSAGES } from './fields.js';

/**
 * Validation derived from the fields of a definition: one function checks a field the way the
 * gateway, the trial form and a batch row all need it — the value normalised (trimmed,
 * upper-cased, separators removed), the first broken rule reported with its exact message.
 */
export interface FieldError {
  /** Where in the body, in dot notation: 'data.customer_pan_number', 'data.signers.0.signer_email'. */
  field: string;
  message: string;
}

type Check = { ok: true; value: unknown } | { ok: false; error: FieldError };

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string's length as JSON Schema counts it (code points), so `maxLength` means the same here and in the document. */
const codePoints = (text: string) => [...text].length;

const toRule = (rule: FieldRule): Rule => {
  switch (rule.kind) {
    case 'length':
      return {
        test: (v) => (rule.min === undefined || codePoints(v) >= rule.min) && (rule.max === undefined || codePoints(v) <= rule.max),
        message: rule.message,
      };
    case 'pattern':
      return { test: (v) => rule.pattern.test(v), message: rule.message };
    case 'range':
      return { test: (v) => (rule.min === undefined || Number(v) >= rule.min) && (rule.max === undefined || Number(v) <= rule.max), message: rule.message };
  }
};

/** Made once per field: definitions are constant data, and a provider-API call checks its fields. */
const fieldRules = new WeakMap<Field, Rule[]>();
function rulesOf(field: Field): Rule[] {
  let rules = fieldRules.get(field);
  if (!rules) fieldRules.set(field, (rules = field.rules.map(toRule)));
  return rules;
}

/** A string field's value as checked and stored: separators removed, trimmed, upper-cased when asked. */
export function normaliseText(field: Pick<Field, 'normalise'>, raw: string): string {
  const stripped = field.normalise?.strip ? raw.replace(field.normalise.strip, '') : raw;
  const trimmed = stripped.trim();
  return field.normalise?.upper ? trimmed.toUpperCase() : trimmed;
}

const DATE_SHAPES = {
  'YYYY-MM-DD': /^(\d{4})-(\d{2})-(\d{2})$/,
  'DD-MMM-YYYY': /^(\d{2})-([A-Z]{3})-(\d{4})$/,
  'MM/YYYY': /^(\d{2})\/(\d{4})$/,
} as const;

function calendarDate(field: Field, text: string): Date | null {
  const format = field.date!.format;
  const match = DATE_SHAPES[format].exec(text);
  if (!match) return null;
  const [year, month, day] =
    format === 'YYYY-MM-DD'
      ? [Number(match[1]), Number(match[2]), Number(match[3])]
      : format === 'DD-MMM-YYYY'
        ? [Number(match[3]), MONTHS.indexOf(match[2] as (typeof MONTHS)[number]) + 1, Number(match[1])]
        : [Number(match[2]), Number(match[1]), 1];
  const value = new Date(Date.UTC(year, month - 1, day));
  const real = month >= 1 && value.getUTCFullYear() === year && value.getUTCMonth() === month - 1 && value.getUTCDate() === day;
  return real ? value : null;
}

function checkDate(field: Field, text: string, now: Date): boolean {
  const value = calendarDate(field, text);
  if (!value) return false;
  const { minYear, maxYear, notAfterToday } = field.date!;
  const year = value.getUTCFullYear();
  return year >= minYear && (maxYear === undefined || year <= maxYear) && (!notAfterToday || value.getTime() <= now.getTime());
}

const isMissing = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * How a request's values are read. 'api': as sent, the provider API's rule, which its OpenAPI
 * document states field by field — each value of the JSON type its schema gives (null is a value
 * of the wrong type, a number is not a string), text checked as it is written; a blank string is
 * missing only where the field is required. 'form': as a person typed it into a trial form or a
 * batch CSV cell — trimmed, upper-cased and separators removed where the field says so, a blank
 * or null as absent, numeric and true/false text read as numbers and booleans — then the same
 * rules.
 */
export type Reading = 'api' | 'form';

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** Whether a value counts as not given: the field's requirement decides, not its rules. */
const absent = (value: unknown, required: boolean, reading: Reading) =>
  reading === 'form' ? isMissing(value) : value === undefined || (required && isBlank(value));

/** Whether a condition holds for the values read so far (normalised) or given (raw). */
export function conditionHolds(condition: Condition, values: Record<string, unknown>): boolean {
  const value = values[condition.field];
  if (isMissing(value)) return false;
  if (condition.equals && !condition.equals.includes(value as string | number | boolean)) return false;
  return !condition.matches || (typeof value === 'string' && condition.matches.test(value));
}

const fail = (path: string, message: string): Check => ({ ok: false, error: { field: path, message } });

/** Checks one present value of a field; `path` names it in errors. */
export function checkValue(
  field: Field,
  value: unknown,
  path: string,
  now = new Date(),
  values: Record<string, unknown> = {},
  reading: Reading = 'form',
): Check {
  const typed = reading === 'form';
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string' && !(typed && typeof value === 'number')) return fail(path, field.message);
      const text = typed ? normaliseText(field, String(value)) : (value as string);
      const broken = firstBrokenRule(rulesOf(field), text);
      return broken ? fail(path, broken) : { ok: true, value: text };
    }
    case 'number': {
      const numeric = typeof value === 'number' ? value : typed && typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isFinite(numeric) || (field.number?.integer && !Number.isInteger(numeric))) return fail(path, field.message);
      const broken = firstBrokenRule(rulesOf(field), String(numeric));
      return broken ? fail(path, broken) : { ok: true, value: numeric };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (typed && (value === 'true' || value === 'false')) return { ok: true, value: value === 'true' };
      return fail(path, field.message);
    case 'enum': {
      const text = typeof value === 'string' ? value : typed && typeof value === 'number' ? String(value) : undefined;
      const chosen = text !== undefined && typed ? normaliseText(field, text) : text;
      const options = field.optionsBy ? (field.optionsBy.options[String(values[field.optionsBy.field])] ?? []) : field.options!;
      return chosen !== undefined && options.some((option) => option.value === chosen) ? { ok: true, value: chosen } : fail(path, field.message);
    }
    case 'date': {
      if (typeof value !== 'string') return fail(path, field.message);
      const text = !typed ? value : field.date!.format === 'DD-MMM-YYYY' ? value.trim().toUpperCase() : value.trim();
      return checkDate(field, text, now) ? { ok: true, value: text } : fail(path, field.message);
    }
    case 'file': {
      const { accept, maxBytes, typeMessage, sizeMessage } = field.file!;
      if (typeof value !== 'string') return fail(path, typeMessage);
      const kind = fileKind(value);
      if (!kind || !accept.includes(kind)) return fail(path, typeMessage);
      return decodedSize(value) > maxBytes ? fail(path, sizeMessage) : { ok: true, value };
    }
    case 'object':
      return isPlainObject(value) ? checkFields(field.fields!, value, `${path}.`, now, {}, reading) : fail(path, field.message);
    case 'array': {
      if (!Array.isArray(value) || value.length < (field.minItems ?? 0) || (field.maxItems !== undefined && value.length > field.maxItems))
        return fail(path, field.message);
      const items: unknown[] = [];
      for (const [index, item] of value.entries()) {
        const checked = checkValue(field.items!, item, `${path}.${index}`, now, {}, reading);
        if (!checked.ok) return checked;
        items.push(checked.value);
      }
      return { ok: true, value: items };
    }
  }
}

/**
 * Checks `fields` in order against `given` and returns the values to use (normalised, defaults
 * filled, fields that do not apply left out) or the first broken rule. Conditions look at the
 * values read so far, so a condition on an earlier field sees it normalised.
 */
export function checkFields(
  fields: readonly Field[],
  given: Record<string, unknown>,
  prefix = 'data.',
  now = new Date(),
  context: Record<string, unknown> = {},
  reading: Reading = 'form',
): { ok: true; value: Record<string, unknown> } | { ok: false; error: FieldError } {
  const values: Record<string, unknown> = {};
  const seen = () => ({ ...given, ...context, ...values });
  for (const field of fields) {
    if (field.when && !conditionHolds(field.when, seen())) continue;
    const value = given[field.name];
    const path = `${prefix}${field.name}`;
    const required = typeof field.required === 'boolean' ? field.required : conditionHolds(field.required, seen());
    if (absent(value, required, reading)) {
      if (required) return { ok: false, error: { field: path, message: field.requiredMessage } };
      if (field.default !== undefined) values[field.name] = field.default;
      continue;
    }
    const checked = checkValue(field, value, path, now, seen(), reading);
    if (!checked.ok) return checked;
    // An optional blank that its rules allow is not given, as a form's empty input is not.
    if (isBlank(value)) {
      if (field.default !== undefined) values[field.name] = field.default;
      continue;
    }
    values[field.name] = checked.value;
  }
  return { ok: true, value: values };
}

/** The body every product shares: `{ mode: 'sync', data: { ...fields, consent, consent_text } }`. */
const requestBody = z.object(
  {
    mode: z.literal('sync', { error: FIELD_MESSAGES.mode }),
    data: z.record(z.string(), z.unknown(), { error: FIELD_MESSAGES.data }),
  },
  { error: FIELD_MESSAGES.body },
);

/** Consent is common to every product and checked apart, so that it answers 104 rather than 106. */
export const consentSchema = z.object({
  consent: z.literal('Y', { error: FIELD_MESSAGES.consent }),
  consent_text: z.string({ error: FIELD_MESSAGES.consentText }).trim().min(1, { error: FIELD_MESSAGES.consentText }),
});

const operationFields = new WeakMap<Operation, { body: Field[]; data: Field[] }>();
function fieldsOf(operation: Operation) {
  let split = operationFields.get(operation);
  if (!split) {
    split = { body: operation.fields.filter((field) => field.in === 'body'), data: operation.fields.filter((field) => field.in !== 'body') };
    operationFields.set(operation, split);
  }
  return split;
}
const bodyFields = (operation: Operation) => fieldsOf(operation).body;
const dataFields = (operation: Operation) => fieldsOf(operation).data;

/**
 * The zod schema of one operation's `data` (without consent), derived from its fields: it parses
 * to the normalised values and fails with the first broken rule's message at its path.
 */
export function operationDataSchema(operation: Operation, bodyValues: Record<string, unknown> = {}) {
  return z.record(z.string(), z.unknown(), { error: FIELD_MESSAGES.data }).transform((data, ctx) => {
    const checked = checkOperationData(operation, data, bodyValues);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', path: checked.error.field.split('.').slice(1), message: checked.error.message });
    return z.NEVER;
  });
}

/** The zod schema of a single field's value, for a form that checks one input at a time. */
export const fieldSchema = (field: Field) =>
  z.unknown().transform((value, ctx) => {
    const checked = isMissing(value)
      ? field.required === true
        ? fail(field.name, field.requiredMessage)
        : ({ ok: true, value: field.default } as Check)
      : checkValue(field, value, field.name);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.error.message });
    return z.NEVER;
  });

/** An operation's data fields and its at-least-one rule; body fields (report_id) come in as context. */
export function checkOperationData(
  operation: Operation,
  data: Record<string, unknown>,
  bodyValues: Record<string, unknown> = {},
  now = new Date(),
  reading: Reading = 'form',
) {
  const checked = checkFields(dataFields(operation), data, 'data.', now, bodyValues, reading);
  if (!checked.ok || !operation.atLeastOne) return checked;
  const { fields, message } = operation.atLeastOne;
  return fields.some((name) => checked.value[name] !== undefined) ? checked : ({ ok: false, error: { field: `data.${fields[0]}`, message } } as const);
}

export type ParsedRequest =
  | {
      ok: true;
      operation: Operation;
      /** The product fields, normalised, without consent. */
      data: Record<string, unknown>;
      /** Body-level fields (merchant reports' report_id). */
      body: Record<string, unknown>;
    }
  /** 106 Invalid ID Number or Combination of Inputs, or 104 Missing or Invalid Consent. */
  | { ok: false; code: 104 | 106; error: FieldError }
  /** The body's action is not one of the product's. */
  | { ok: false; code: 'action'; error: FieldError };

function firstIssue(error: z.ZodError, prefix: string[]): FieldError {
  const issue = error.issues[0]!;
  return { field: [...prefix, ...issue.path.map(String)].join('.'), message: issue.message };
}

/**
 * Validates a provider-API body for a product: the operation named by `action` (which a
 * multi-step product read as the API reads it needs in every call), the shared shape (106),
 * consent (104), then the operation's fields in order (106). Only the first broken rule is
 * reported.
 */
export function parseProductRequest(product: ProductDefinition, body: unknown, now = new Date(), reading: Reading = 'api'): ParsedRequest {
  const action = isPlainObject(body) ? body.action : undefined;
  if (action === undefined && reading === 'api' && product.operations.length > 1)
    return { ok: false, code: 106, error: { field: 'action', message: actionRequired(product) } };
  const operation = operationFor(product, action);
  if (!operation) return { ok: false, code: 'action', error: { field: 'action', message: ACTION_DISALLOWED } };
  const shape = requestBody.safeParse(body);
  if (!shape.success) return { ok: false, code: 106, error: firstIssue(shape.error, []) };
  const consented = consentSchema.safeParse(shape.data.data);
  if (!consented.success) return { ok: false, code: 104, error: firstIssue(consented.error, ['data']) };
  const topLevel = checkFields(bodyFields(operation), body as Record<string, unknown>, '', now, {}, reading);
  if (!topLevel.ok) return { ok: false, code: 106, error: topLevel.error };
  const fields = checkOperationData(operation, shape.data.data, topLevel.value, now, reading);
  if (!fields.ok) return { ok: false, code: 106, error: fields.error };
  return { ok: true, operation, data: fields.value, body: topLevel.value };
}
