import { describe, expect, it } from 'vitest';
import {
  BATCH_MAX_FILE_BYTES,
  BATCH_MESSAGES,
  batchDateRangeError,
  batchFileError,
  batchNameError,
  batchProgress,
  canDownloadBatch,
  canStopBatch,
  createTaskFields,
  executeActionBody,
  getTaskQuery,
  stopBatchAction,
} from './batch.js';

const DAY = 86_400_000;
const ORG = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
const messageOf = (schema: { safeParse: (value: unknown) => { error?: { issues: Array<{ message: string }> } } }, body: unknown) =>
  schema.safeParse(body).error?.issues[0]?.message ?? null;

describe('batch name (seed 001 §5 Batch)', () => {
  it.each([
    ['', 'Batch name cannot be empty'],
    ['   ', 'Batch name cannot be empty'],
    ['bad#name', 'Enter a valid name'],
    ['a'.repeat(51), 'Enter a valid name'],
    ['1st batch', 'Batch name should not start with a number'],
    ['March PAN run', null],
    ['kyc_run-2.1', null],
  ])('%j → %s', (name, message) => {
    expect(batchNameError(name)).toBe(message);
  });
});

describe('batch file', () => {
  it('needs a file, a .csv name and at most 100 MB', () => {
    expect(batchFileError(null)).toBe('Select Batch File');
    expect(batchFileError({ name: 'rows.xlsx', size: 10 })).toBe('Select CSV File Only');
    expect(batchFileError({ name: 'rows.CSV', size: BATCH_MAX_FILE_BYTES })).toBeNull();
    expect(batchFileError({ name: 'rows.csv', size: BATCH_MAX_FILE_BYTES + 1 })).toBe(BATCH_MESSAGES.fileTooLarge);
    expect(BATCH_MAX_FILE_BYTES).toBe(104_857_600);
  });
});

describe('createTask fields', () => {
  const fields = { user_email: 'a@b.co', batch_type: 'in_identity_pan_lite', batch_name: 'Run', org_id: ORG };
  it('takes the seed fields; tpm 0 or absent means no limit', () => {
    expect(createTaskFields.parse(fields).tpm).toBe(0);
    expect(createTaskFields.parse({ ...fields, tpm: '120', response_type: 'NONE' })).toMatchObject({ tpm: 120, response_type: 'NONE' });
  });
  it('answers the seed messages', () => {
    expect(messageOf(createTaskFields, { ...fields, batch_type: '' })).toBe('Select Batch Type');
    expect(messageOf(createTaskFields, { ...fields, batch_type: undefined })).toBe('Select Batch Type');
    expect(messageOf(createTaskFields, { ...fields, batch_name: '' })).toBe('Batch name cannot be empty');
    expect(messageOf(createTaskFields, { ...fields, batch_name: '9lives' })).toBe('Batch name should not start with a number');
    expect(messageOf(createTaskFields, { ...fields, tpm: '-1' })).toBe('Enter a valid tpm');
    expect(messageOf(createTaskFields, { ...fields, tpm: 'fast' })).toBe('Enter a valid tpm');
    expect(messageOf(createTaskFields, { ...fields, response_type: 'CAR' })).toBe(BATCH_MESSAGES.responseTypeMismatch);
  });
  it('runs on test unless live is asked for', () => {
    expect(createTaskFields.parse(fields).env).toBe('test');
    expect(createTaskFields.parse({ ...fields, env: 'live' }).env).toBe('live');
    expect(messageOf(createTaskFields, { ...fields, env: 'LIVE' })).toBe(BATCH_MESSAGES.invalidEnv);
  });
});

describe('getTask filters', () => {
  const start = Date.UTC(2026, 0, 1);
  it('needs both dates, in order, at most 90 days apart', () => {
    expect(batchDateRangeError(null, null)).toBeNull();
    expect(batchDateRangeError(start, null)).toBe('Please Select Both Dates');
    expect(batchDateRangeError(undefined, start)).toBe('Please Select Both Dates');
    expect(batchDateRangeError(start + DAY, start)).toBe('Please Select A valid Date Range');
    expect(batchDateRangeError(start, start + 91 * DAY - 1)).toBeNull();
    expect(batchDateRangeError(start, start + 91 * DAY)).toBe('Please Select A valid Date Range');
  });
  it('parses the query strings', () => {
    expect(getTaskQuery.parse({ org_id: ORG, start_date: String(start), end_date: String(start + DAY), status: 'RUNNING' })).toMatchObject({
      start_date: start,
      status: 'RUNNING',
    });
    expect(messageOf(getTaskQuery, { org_id: ORG, start_date: String(start) })).toBe('Please Select Both Dates');
    expect(messageOf(getTaskQuery, { org_id: ORG, status: 'DONE' })).toBe('The status must be a batch state');
  });
});

describe('executeAction', () => {
  it('takes stopBatch/{batchId} only', () => {
    expect(executeActionBody.parse({ action: stopBatchAction(ORG) }).action).toBe(`stopBatch/${ORG}`);
    expect(messageOf(executeActionBody, { action: 'startBatch/' + ORG })).toBe(BATCH_MESSAGES.invalidAction);
    expect(messageOf(executeActionBody, { action: 'stopBatch/1' })).toBe(BATCH_MESSAGES.invalidAction);
  });
});

describe('progress, stop and download (seed 001 §4)', () => {
  it('shows two decimals and allows stop only above 90 % while RUNNING or PAUSED', () => {
    expect(batchProgress({ totalProcessed: 2, totalItems: 3 })).toBe(66.66);
    expect(batchProgress({ totalProcessed: 0, totalItems: 0 })).toBe(0);
    expect(canStopBatch({ batchState: 'RUNNING', totalProcessed: 90, totalItems: 100 })).toBe(false);
    expect(canStopBatch({ batchState: 'RUNNING', totalProcessed: 91, totalItems: 100 })).toBe(true);
    expect(canStopBatch({ batchState: 'PAUSED', totalProcessed: 95, totalItems: 100 })).toBe(true);
    expect(canStopBatch({ batchState: 'FINISHED', totalProcessed: 95, totalItems: 100 })).toBe(false);
    expect(canDownloadBatch({ batchState: 'FINISHED' })).toBe(true);
    expect(canDownloadBatch({ batchState: 'RUNNING' })).toBe(false);
  });
});
