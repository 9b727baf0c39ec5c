import { conditionHolds, exampleValue, type Field, type Operation } from '@verigate/catalog';
import { MONTHS } from '@verigate/contracts';
import type { Locator } from 'playwright-core';

/**
 * Fills a trial form the way a person would, from the product's definition: each field the form
 * shows gets its documented example (the sandbox answers it with 100), through its control.
 */

const MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf', tiff: 'image/tiff', webp: 'image/webp' };

/** Whether the form shows the field when every field holds its example and no toggle is ticked. */
function shownWithExamples(field: Field, examples: Record<string, unknown>): boolean {
  if (field.form.hidden || field.form.fixed || field.form.fromPreviousStep) return false;
  if (field.when && !conditionHolds(field.when, examples)) return false;
  const shownWhen = field.form.shownWhen;
  if (shownWhen && 'toggle' in shownWhen) return false;
  return !shownWhen || conditionHolds(shownWhen, examples);
}

/** The day, month and year parts of an example date in the field's format. */
function dateParts(field: Field, value: string): { day?: string; month: string; year: string } {
  if (field.date?.format === 'DD-MMM-YYYY') {
    const [day, month, year] = value.split('-');
    return { day: day!, month: month!, year: year! };
  }
  if (field.date?.format === 'MM/YYYY') {
    const [month, year] = value.split('/');
    return { month: MONTHS[Number(month) - 1]!, year: year! };
  }
  const [year, month, day] = value.split('-');
  return { day: day!, month: MONTHS[Number(month) - 1]!, year: year! };
}

/** A label, ignoring the required-field asterisk. */
export const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const control = (scope: Locator, label: string) => scope.getByLabel(labelled(label));

export async function fillField(scope: Locator, field: Field, value: unknown): Promise<void> {
  switch (field.form.control) {
    case 'date-parts': {
      const parts = dateParts(field, String(value));
      if (parts.day) await scope.getByLabel(`${field.label} day`).selectOption(parts.day);
      await scope.getByLabel(`${field.label} month`).selectOption(parts.month);
      await scope.getByLabel(`${field.label} year`).selectOption(parts.year);
      return;
    }
    case 'select':
      return void (await control(scope, field.label).selectOption(String(value)));
    case 'radio': {
      const option = field.options!.find((item) => item.value === value)!;
      return scope.getByRole('radio', { name: option.label, exact: true }).check();
    }
    case 'switch': {
      const option = field.options!.find((item) => item.value === value)!;
      return scope.getByText(option.label, { exact: true }).click();
    }
    case 'checkbox':
      return scope.getByRole('checkbox', { name: field.label, exact: true }).setChecked(value === true);
    case 'file': {
      const kind = field.file!.accept.find((accepted) => accepted !== 'tiff') ?? 'png';
      const buffer = Buffer.from(String(value), 'base64');
      return control(scope, field.label).setInputFiles({ name: `${field.name}.${kind === 'jpeg' ? 'jpg' : kind}`, mimeType: MIME[kind]!, buffer });
    }
    default:
      return scope.getByRole('textbox', { name: labelled(field.label) }).fill(String(value));
  }
}

/** Fills every shown field of `fields` that has an example; objects and the first item of lists too. */
export async function fillWithExamples(scope: Locator, fields: readonly Field[]): Promise<void> {
  const examples = Object.fromEntries(fields.map((field) => [field.name, exampleValue(field)]));
  for (const field of fields) {
    if (!shownWithExamples(field, examples) || examples[field.name] === undefined) continue;
    if (field.type === 'object') await fillWithExamples(scope, field.fields ?? []);
    else if (field.type === 'array') await fillWithExamples(scope, field.items!.fields ?? []);
    else if (field.type === 'boolean' && exampleValue(field) === (field.default ?? false)) continue;
    else await fillField(scope, field, exampleValue(field));
  }
}

/** The first field the form shows with a text box (a broken value can be typed in it). */
export function firstTextField(operation: Operation): Field | undefined {
  const examples = Object.fromEntries(operation.fields.map((field) => [field.name, exampleValue(field)]));
  return operation.fields.find(
    (field) => shownWithExamples(field, examples) && ['text', 'number'].includes(field.form.control) && field.type !== 'object' && field.type !== 'array',
  );
}
