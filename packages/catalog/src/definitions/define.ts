import type { BatchResponseType, Field, FormToggle, Operation, ProductForm, Selector } from '../model.js';
import type { ProductCategory, ProductDefinition } from '../product.js';
import { FIELD_MESSAGES } from '../requests/fields.js';

/** What a definition file writes; `define` fills the derived parts (batch, docs, form defaults). */
export type ProductEntry = Omit<ProductDefinition, 'category' | 'bankReasons' | 'form' | 'batch' | 'docs'> & {
  category: ProductCategory;
  bankReasons?: boolean;
  form?: Partial<Omit<ProductForm, 'toggles'>>;
  batch?: { response_type: BatchResponseType };
};

/** A selector: four characters of `field` from `at` (negative: from the end), or before a marker. */
export const at = (field: string, position: number, before?: string): Selector => ({ field, at: position, ...(before !== undefined ? { before } : {}) });

/** The labels of the form toggles fields may be shown by. */
const TOGGLE_LABELS: Record<string, string> = { nameMatch: 'Match name', faceMatch: 'Match face with an image' };

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const FLAT_TYPES: ReadonlySet<Field['type']> = new Set(['string', 'number', 'boolean', 'enum', 'date']);

function togglesOf(operations: readonly Operation[]): FormToggle[] {
  const ids = new Set(
    operations.flatMap((operation) =>
      operation.fields.flatMap((field) => (field.form.shownWhen && 'toggle' in field.form.shownWhen ? [field.form.shownWhen.toggle] : [])),
    ),
  );
  return [...ids].map((id) => ({ id, label: TOGGLE_LABELS[id] ?? id }));
}

/**
 * A product definition from its entry: form defaults (toggles from the fields that name one), batch support (single-step products with flat
 * fields; CSV columns in field order) and docs anchors (the category's slug, the arn without its region).
 */
export function define(entry: ProductEntry): ProductDefinition {
  const [operation, ...more] = entry.operations;
  if (!operation) throw new Error(`${entry.arn} has no operation`);
  const flat = more.length === 0 && operation.fields.every((field) => FLAT_TYPES.has(field.type));
  const form: ProductForm = {
    toggles: togglesOf(entry.operations),
    consentMessage: FIELD_MESSAGES.consent,
    ordered: false,
    silentFailure: false,
    sendsUserId: true,
    ...entry.form,
  };
  const { form: _form, batch, bankReasons, ...rest } = entry;
  return Object.freeze({
    ...rest,
    bankReasons: bankReasons ?? false,
    form,
    batch: {
      supported: flat,
      columns: flat ? operation.fields.map((field) => field.name) : [],
      response_type: batch?.response_type ?? 'NONE',
    },
    docs: { tag: slug(entry.category), operation: entry.arn.split('_').slice(1).join('-') },
  });
}
