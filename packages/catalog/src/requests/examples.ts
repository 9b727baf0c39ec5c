import type { Field, Operation } from '../model.js';
import type { ProductDefinition } from '../product.js';
import { type BankReasonCode, ifscFor, type SandboxCode, selectorFor, withSelector } from './magic.js';
import { conditionHolds } from './schemas.js';

/** The consent every example sends. */
export const EXAMPLE_CONSENT = { consent: 'Y', consent_text: 'I consent to this verification of my details' } as const;

/** A field's example value; objects and lists are built from their parts' examples. */
export function exampleValue(field: Field): unknown {
  if (field.type === 'object') return exampleOf(field.fields!);
  if (field.type === 'array') return [exampleValue(field.items!)];
  return field.example;
}

function exampleOf(fields: readonly Field[], context: Record<string, unknown> = {}, chosen: Record<string, string> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.when && !conditionHolds(field.when, { ...context, ...values })) continue;
    const value = chosen[field.name] ?? exampleValue(field);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/** The field at a dot path of an operation's data ('document.data'), if any. */
export function fieldAt(operation: Operation, path: string): Field | undefined {
  let fields: readonly Field[] | undefined = operation.fields;
  let found: Field | undefined;
  for (const key of path.split('.')) {
    if (/^\d+$/.test(key)) {
      fields = found?.items?.fields;
      continue;
    }
    found = fields?.find((field) => field.name === key);
    fields = found?.fields;
  }
  return found;
}

/**
 * A complete example body of an operation: every field with an example (those whose condition
 * holds), consent, and the action. With `code`, the selector is written in so the sandbox
 * answers that code; with `reason`, a bank product's IFSC asks for that reason code; `choose`
 * sets a choice field (a report type, CKYC's search by) and the fields that follow from it.
 */
export function exampleRequest(
  product: ProductDefinition,
  operation: Operation = product.operations[0]!,
  options: { code?: SandboxCode; reason?: BankReasonCode; choose?: Record<string, string> } = {},
): { mode: 'sync'; action?: string; data: Record<string, unknown> } & Record<string, unknown> {
  const bodyValues = exampleOf(
    operation.fields.filter((field) => field.in === 'body'),
    {},
    options.choose,
  );
  let data: Record<string, unknown> = {
    ...exampleOf(
      operation.fields.filter((field) => field.in !== 'body'),
      bodyValues,
      options.choose,
    ),
    ...EXAMPLE_CONSENT,
  };
  if (options.code !== undefined && options.code !== 100)
    data = withSelector(operation, data, selectorFor(options.code), (path) => fieldAt(operation, path)?.type === 'file');
  if (options.reason !== undefined) data = { ...data, ifsc: ifscFor(String(data.ifsc), options.reason) };
  return { mode: 'sync', ...(operation.action ? { action: operation.action } : {}), ...bodyValues, data };
}
