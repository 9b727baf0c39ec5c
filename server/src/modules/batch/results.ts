import { BATCH_RESULT_COLUMNS } from '@verigate/contracts';

/** One row's answer as the results file holds it. */
export interface RowResult {
  responseCode: number | null;
  /** SUCCESS for response code 100, else FAILURE (as report rows). */
  status: string;
  message: string;
  /** The answer's result; null when it had none, or when the row was answered before a crash and is written from its recorded call. */
  result: Record<string, unknown> | null;
}

/**
 * A cell of the results file. Line breaks inside a cell become spaces, so every row is one line:
 * the worker finds the rows a crash left complete by their newlines alone.
 */
function cell(value: string): string {
  const text = value.replace(/[\r\n]+/g, ' ');
  return /[",]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const resultHeader = (inputHeader: readonly string[]) => `${[...inputHeader, ...BATCH_RESULT_COLUMNS].map(cell).join(',')}\n`;

/** The input's cells, then response_code, status, message and the result as JSON. */
export function resultLine(values: readonly string[], result: RowResult): string {
  const extra = [
    result.responseCode === null ? '' : String(result.responseCode),
    result.status,
    result.message,
    result.result ? JSON.stringify(result.result) : '',
  ];
  return `${[...values, ...extra].map(cell).join(',')}\n`;
}
