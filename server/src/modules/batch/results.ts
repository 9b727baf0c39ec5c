import { open, type FileHandle } from 'node:fs/promises';
import { parse as parseSync } from 'csv-parse/sync';
import { BATCH_RESULT_COLUMNS, csvLine, type CsvValue } from '@verigate/contracts';
import type { BatchRow } from './store.js';

/** One row's answer as the results file holds it. */
export interface RowResult {
  responseCode: number | null;
  /** SUCCESS for response code 100, else FAILURE (as report rows). */
  status: string;
  message: string;
  /** The answer's result; null when it had none, or when the row was answered before a crash and is written from its recorded call. */
  result: Record<string, unknown> | null;
}

/** Line breaks inside a cell become spaces, so every row is one line: the worker finds the rows a crash left complete by their newlines alone. */
const oneLine = (value: CsvValue) => (typeof value === 'string' ? value.replace(/[\r\n]+/g, ' ') : value);
const line = (values: readonly CsvValue[]) => csvLine(values.map(oneLine));

const resultHeader = (inputHeader: readonly string[]) => line([...inputHeader, ...BATCH_RESULT_COLUMNS]);

/** The input's cells, then response_code, status, message and the result as JSON. */
export function resultLine(values: readonly string[], result: RowResult): string {
  return line([...values, result.responseCode, result.status, result.message, result.result ? JSON.stringify(result.result) : '']);
}

/**
 * The results file as the checkpoint left it: the header when nothing was written yet, else the
 * saved bytes plus any complete lines written after the checkpoint (a partial last line is cut
 * off). Returns the open file, its length, the rows it holds and how many of them answered 100.
 */
export async function openResults(
  path: string,
  batch: Pick<BatchRow, 'resultsBytes' | 'totalProcessed' | 'totalCompleted'>,
  inputColumns: readonly string[],
): Promise<{ file: FileHandle; bytes: number; rows: number; completed: number }> {
  const header = resultHeader(inputColumns);
  const file = await open(path, 'a+');
  try {
    if (batch.resultsBytes === 0) {
      await file.truncate(0);
      await file.write(header, null, 'utf8');
      return { file, bytes: Buffer.byteLength(header), rows: 0, completed: 0 };
    }
    const size = (await file.stat()).size;
    let bytes = batch.resultsBytes;
    let rows = batch.totalProcessed;
    let completed = batch.totalCompleted;
    if (size > bytes) {
      const tail = Buffer.alloc(size - bytes);
      await file.read(tail, 0, tail.length, bytes);
      const lastNewline = tail.lastIndexOf(0x0a);
      if (lastNewline >= 0) {
        const kept = parseSync(tail.subarray(0, lastNewline + 1), { relax_column_count: true }) as string[][];
        rows += kept.length;
        completed += kept.filter((line) => line[inputColumns.length + 1] === 'SUCCESS').length;
        bytes += lastNewline + 1;
      }
    }
    if (size !== bytes) await file.truncate(bytes);
    return { file, bytes, rows, completed };
  } catch (error) {
    await file.close();
    throw error;
  }
}
