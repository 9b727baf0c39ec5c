/**
 * Every CSV that Verigate writes (batch results and samples, usage reports) writes its cells with
 * `csvCell`: customers open these files in spreadsheets, which run a cell that starts like a
 * formula, so a text cell that could start one is written as text (OWASP, CSV injection).
 */

/** What Verigate writes in a cell: text from anyone, or a number or flag of its own. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * = + - @ start a formula; a tab or carriage return first, or spaces before one of those, is
 * trimmed by some spreadsheets into one.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;
/** A separator (`;` in many locales), a quote, a line break or edge spaces keep the cell whole only inside quotes. */
const NEEDS_QUOTES = /[",;\r\n]|^\s|\s$/;

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * One cell. Text that could start a formula is written as `"'…"`: a leading apostrophe, which
 * spreadsheets show as text, then the text unchanged. Numbers and flags stay what they are, so a
 * negative amount is still a number.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (FORMULA_START.test(value)) return quoted(`'${value}`);
  return NEEDS_QUOTES.test(value) ? quoted(value) : value;
}

/** One record and its line break. */
export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\n`;
