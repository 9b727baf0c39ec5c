import path from 'node:path';

/** Where a batch's files live: DATA_DIR/batches/{batchId}/input.csv and results.csv. */
export const batchFolder = (dataDir: string, batchId: string) => path.join(dataDir, 'batches', batchId);
export const inputFile = (dataDir: string, batchId: string) => path.join(batchFolder(dataDir, batchId), 'input.csv');
export const resultsFile = (dataDir: string, batchId: string) => path.join(batchFolder(dataDir, batchId), 'results.csv');

/**
 * How every batch CSV is read, at upload and by the worker, so both count the same rows: a BOM
 * ignored, blank lines and rows of empty cells skipped, rows may have fewer or more cells.
 */
export const CSV_OPTIONS = {
  bom: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  relax_column_count: true,
} as const;
