import { csvLine, type CsvValue } from '@verigate/contracts';
import type { ProductDefinition } from './product.js';
import { exampleRequest } from './requests/examples.js';

/**
 * Batch CSV templates and rows (seed 001 §7 Batch), from a definition's `batch` columns: one
 * column per field, in field order. Values stay text; validation reads numbers and booleans.
 */
/** A template with the header and one example row (the example the sandbox answers 100). */
export function batchTemplate(product: ProductDefinition): string {
  if (!product.batch.supported) throw new Error(`${product.arn} does not support batch`);
  const example = exampleRequest(product);
  const values = { ...example, ...example.data } as Record<string, CsvValue>;
  return csvLine(product.batch.columns) + csvLine(product.batch.columns.map((column) => values[column]));
}

/** The provider-API body of a CSV row; empty cells are left out, consent is the batch's. */
export function requestFromCsvRow(product: ProductDefinition, row: Readonly<Record<string, string | undefined>>, consentText: string) {
  const [operation] = product.operations;
  const present = (name: string) => row[name] !== undefined && row[name]!.trim() !== '';
  const pick = (inBody: boolean) =>
    Object.fromEntries(
      operation!.fields.filter((field) => (field.in === 'body') === inBody && present(field.name)).map((field) => [field.name, row[field.name]!.trim()]),
    );
  return { mode: 'sync' as const, ...pick(true), data: { ...pick(false), consent: 'Y', consent_text: consentText } };
}

/** The columns a batch file must have: the fields required whatever the other fields hold. */
export function requiredBatchColumns(product: ProductDefinition): string[] {
  const [operation] = product.operations;
  return operation!.fields.filter((field) => field.required === true && product.batch.columns.includes(field.name)).map((field) => field.name);
}

export interface BatchHeaderProblems {
  missing: string[];
  unknown: string[];
  duplicate: string[];
}

/**
 * What is wrong with a batch file's header for a product: required columns it lacks, columns the
 * product does not take, columns named twice. Cells are compared trimmed; a BOM is ignored.
 */
export function batchHeaderProblems(product: ProductDefinition, header: readonly string[]): BatchHeaderProblems {
  const names = header.map((cell, index) => (index === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim());
  const seen = new Set<string>();
  const duplicate = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) duplicate.add(name);
    seen.add(name);
  }
  return {
    missing: requiredBatchColumns(product).filter((column) => !seen.has(column)),
    unknown: names.filter((name) => !product.batch.columns.includes(name)),
    duplicate: [...duplicate],
  };
}
