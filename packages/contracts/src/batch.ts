import { z } from 'zod';
import { firstBrokenRule, matches, maxLength, notEmpty, notMatches, type Rule } from './rules/rule.js';
import { DAY_MS } from './constants.js';

/**
 * The batch service (seed 001 §2 "Batch service / track tasks", §3, §4, §5, §7 "Batch", §9): a
 * CSV of one product's requests, run row by row through the provider API on the organisation's
 * app, with progress, stop and a results file. Dates are epoch milliseconds, like every
 * `createdAt` of the API.
 */

// ── Constants (seed 001 §8, §9) ──────────────────────────────────────────────────────────────

/** The largest CSV the server accepts: 100 MB, enforced while the upload streams. */
export const BATCH_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The batch list's page size and page-number window. */
export const BATCH_PAGE_SIZE = 5;
export const BATCH_PAGE_WINDOW = 5;
/** Stop is offered only above this progress, in percent, while RUNNING or PAUSED. */
export const BATCH_STOP_ABOVE_PERCENT = 90;
/** The filter's date range spans at most this many days. */
export const BATCH_FILTER_MAX_DAYS = 90;
/** Toasts of the batch modal and of the batch filters. */
export const BATCH_TOAST_MS = 5000;
export const BATCH_FILTER_TOAST_MS = 2000;
/** How batch dates are shown (dayjs tokens). */
export const BATCH_DATE_FORMAT = 'DD/MM/YYYY, HH:mm:ss';
/** The largest tpm (rows per minute) a batch may ask for; 0 or absent means no limit. */
export const BATCH_MAX_TPM = 1_000_000;

// ── Messages (seed 001 §5 "Batch", §8) ───────────────────────────────────────────────────────

export const BATCH_MESSAGES = {
  nameEmpty: 'Batch name cannot be empty',
  nameInvalid: 'Enter a valid name',
  nameStartsWithNumber: 'Batch name should not start with a number',
  typeRequired: 'Select Batch Type',
  fileRequired: 'Select Batch File',
  csvOnly: 'Select CSV File Only',
  /**
   * The seed's rejection text reads '50mb' while the limit it enforces (and the hint) is 100 MB;
   * the message names the limit that is enforced.
   */
  fileTooLarge: 'File size should not exceed 100mb',
  fileHint: 'Max size 100 MB',
  bothDates: 'Please Select Both Dates',
  invalidRange: 'Please Select A valid Date Range',
  /** createTask's success message, and the portal's fallback when the server sends none. */
  created: 'Batch created',
  createFailed: 'Something went wrong',
  createException: 'Error while Creating Task',
  stopped: 'Batch stopped',
  unknownType: 'This batch type is not available to your organisation',
  responseTypeMismatch: 'The response type does not match the batch type',
  invalidTpm: 'Enter a valid tpm',
  userEmailMismatch: 'The user email must be the signed-in user’s email',
  emptyFile: 'The file has no rows',
  invalidCsv: 'The file is not a valid CSV',
  invalidAction: 'The action must be stopBatch/{batchId}',
  invalidEnv: 'The environment must be test or live',
  noLiveApp: 'A live batch needs a live app with this product enabled: create one under Apps, or run the batch on Test',
  notFound: 'Batch not found',
  stopNotAllowed: 'A batch can be stopped only above 90 percent progress while it is RUNNING or PAUSED',
  notFinished: 'The results can be downloaded once the batch is FINISHED',
  /** An activated organisation without a plan (the statuses before activation answer the activation messages). */
  subscribePlan: 'Subscribe a plan to use Batch Service',
  /** GET getBatchTypes failed: the batch service is unavailable to the portal (seed 001 §7). */
  unavailable: 'Batch service is unavailable',
} as const;

/** The header problem that refuses a file, naming the columns. */
export const missingColumnsMessage = (columns: readonly string[]) => `The file is missing the column${columns.length === 1 ? '' : 's'} ${columns.join(', ')}`;
export const unknownColumnsMessage = (columns: readonly string[]) => `The file has the unknown column${columns.length === 1 ? '' : 's'} ${columns.join(', ')}`;
export const duplicateColumnsMessage = (columns: readonly string[]) => `The file repeats the column${columns.length === 1 ? '' : 's'} ${columns.join(', ')}`;

// ── States (seed 001 §4 "Batch states") ─────────────────────────────────────────────────────

/**
 * 'Waiting for approval': accepted and queued, no worker has started it yet. RUNNING: a worker is
 * running its rows. PAUSED: the organisation's balance or test credits ran out; it retries on its
 * own and can be stopped. FINISHED: every row ran, or it was stopped (the results hold the rows
 * that ran). ERROR: the batch cannot run (its file is unreadable or the product left the
 * organisation's subscriptions).
 */
export const BATCH_STATES = ['Waiting for approval', 'RUNNING', 'PAUSED', 'FINISHED', 'ERROR'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** The response_type a batch type sends (seed 001 §7): INSURANCE for RC advance, FINANCE for the reverse type. */
export const BATCH_RESPONSE_TYPES = ['INSURANCE', 'FINANCE', 'NONE'] as const;
export type BatchResponseTypeName = (typeof BATCH_RESPONSE_TYPES)[number];

/** Progress in percent with two decimals, as the list shows it. */
export const batchProgress = (task: Pick<BatchTask, 'totalProcessed' | 'totalItems'>): number =>
  task.totalItems === 0 ? 0 : Math.floor((task.totalProcessed / task.totalItems) * 10_000) / 100;

/** Seed 001 §4: stop only above 90 % and while RUNNING or PAUSED. */
export const canStopBatch = (task: Pick<BatchTask, 'batchState' | 'totalProcessed' | 'totalItems'>): boolean =>
  (task.batchState === 'RUNNING' || task.batchState === 'PAUSED') && batchProgress(task) > BATCH_STOP_ABOVE_PERCENT;

/** Seed 001 §4: the results download only once FINISHED. */
export const canDownloadBatch = (task: Pick<BatchTask, 'batchState'>): boolean => task.batchState === 'FINISHED';

/**
 * Where a batch's rows run: on the organisation's test app (the sandbox, spending test credits)
 * or on its live app (forwarded upstream and charged to the wallet like single live calls).
 */
export const BATCH_ENVIRONMENTS = ['test', 'live'] as const;
export type BatchEnvironment = (typeof BATCH_ENVIRONMENTS)[number];

// ── Shapes (seed 001 §3) ─────────────────────────────────────────────────────────────────────

/** GET /productBatchService/getBatchTypes/{orgId}: one per subscribed product that supports batch. */
export const batchTypeOption = z.strictObject({
  /** The product's name. */
  name: z.string(),
  /** The product's arn (the batch_type createTask takes). */
  value: z.string(),
  /** An authorised link (under /api) to a sample CSV with the type's header and one example row. */
  sample_link: z.string(),
  /** What createTask's response_type must be for this type. */
  response_type: z.enum(BATCH_RESPONSE_TYPES),
});
export type BatchTypeOption = z.infer<typeof batchTypeOption>;

export const batchTask = z.strictObject({
  batchId: z.uuid(),
  batchName: z.string(),
  /** The product's arn. */
  batchType: z.string(),
  batchState: z.enum(BATCH_STATES),
  /** Rows that have run, whatever their outcome. */
  totalProcessed: z.number().int(),
  totalItems: z.number().int(),
  created_at: z.number(),
  updated_at: z.number(),
  /** The authorised results download (under /api) once FINISHED; null before. */
  downloadUrl: z.string().nullable(),
  /** Whether the results were downloaded at least once. */
  downloadInitiated: z.boolean(),
  /** The same state as batchState. */
  status: z.enum(BATCH_STATES),
  /** Rows whose call succeeded (success true in the provider envelope). */
  total_completed: z.number().int(),
  /** The same count as totalItems. */
  total_items: z.number().int(),
  /** Where the rows run: test (sandbox, test credits) or live (upstream, wallet). */
  env: z.enum(BATCH_ENVIRONMENTS).optional(),
});
export type BatchTask = z.infer<typeof batchTask>;

// ── Calls (seed 001 §7 "Batch") ──────────────────────────────────────────────────────────────

const orgId = z.uuid({ error: 'The organisation id must be a UUID' });

export const batchTypesParams = z.strictObject({ orgId });

/** A day-range check shared by the filter panel and getTask: both or neither, from ≤ to, at most 90 days. */
export function batchDateRangeError(from: number | null | undefined, to: number | null | undefined): string | null {
  const hasFrom = from !== null && from !== undefined;
  const hasTo = to !== null && to !== undefined;
  if (!hasFrom && !hasTo) return null;
  if (!hasFrom || !hasTo) return BATCH_MESSAGES.bothDates;
  // The end is the end of its day, so 90 days from a start reaches just under 91 days later.
  if (from > to || to - from >= (BATCH_FILTER_MAX_DAYS + 1) * DAY_MS) return BATCH_MESSAGES.invalidRange;
  return null;
}

const epochParam = z.coerce.number({ error: BATCH_MESSAGES.invalidRange }).int(BATCH_MESSAGES.invalidRange).nonnegative(BATCH_MESSAGES.invalidRange);

/**
 * GET /productBatchService/getTask?org_id=…: the organisation's batches, newest first, narrowed
 * by the filter panel: product (an arn), start_date/end_date (epoch ms, the start of the first
 * day and the end of the last), status (a batch state).
 */
export const getTaskQuery = z
  .strictObject({
    org_id: orgId,
    product: z.string().trim().min(1).max(200).optional(),
    start_date: epochParam.optional(),
    end_date: epochParam.optional(),
    status: z.enum(BATCH_STATES, { error: 'The status must be a batch state' }).optional(),
  })
  .superRefine((query, ctx) => {
    const message = batchDateRangeError(query.start_date, query.end_date);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['start_date'] });
  });
export type GetTaskQuery = z.infer<typeof getTaskQuery>;

export const batchNameRules: readonly Rule[] = [
  notEmpty(BATCH_MESSAGES.nameEmpty),
  maxLength(50, BATCH_MESSAGES.nameInvalid),
  matches(/^\s*[A-Za-z0-9][A-Za-z0-9 _.-]*\s*$/, BATCH_MESSAGES.nameInvalid),
  notMatches(/^\s*\d/, BATCH_MESSAGES.nameStartsWithNumber),
];
export const batchNameError = (name: string): string | null => firstBrokenRule(batchNameRules, name);

/** The file checks the modal runs before uploading (the server runs them again while streaming). */
export function batchFileError(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return BATCH_MESSAGES.fileRequired;
  if (!/\.csv$/i.test(file.name)) return BATCH_MESSAGES.csvOnly;
  if (file.size > BATCH_MAX_FILE_BYTES) return BATCH_MESSAGES.fileTooLarge;
  return null;
}

/**
 * POST /productBatchService/createTask, multipart: these text fields, then upload_file (the CSV,
 * last: the fields are checked before the file streams, and a file sent before them is refused
 * with the fields' messages). Checked in the modal's order: name, type, then the rest. tpm: rows per minute, 0 or absent for
 * no limit. response_type: optional, and when sent it must be the batch type's. env: test (the
 * default) or live, which needs a live app of the organisation with the product enabled.
 */
export const createTaskFields = z.strictObject({
  batch_name: z.string({ error: BATCH_MESSAGES.nameEmpty }).superRefine((value, ctx) => {
    const message = batchNameError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  batch_type: z.string({ error: BATCH_MESSAGES.typeRequired }).trim().min(1, BATCH_MESSAGES.typeRequired).max(200),
  user_email: z.string({ error: BATCH_MESSAGES.userEmailMismatch }).trim().min(1, BATCH_MESSAGES.userEmailMismatch).max(254),
  tpm: z.preprocess(
    (value) => (value === undefined || value === '' ? 0 : value),
    z.coerce
      .number({ error: BATCH_MESSAGES.invalidTpm })
      .int(BATCH_MESSAGES.invalidTpm)
      .min(0, BATCH_MESSAGES.invalidTpm)
      .max(BATCH_MAX_TPM, BATCH_MESSAGES.invalidTpm),
  ),
  org_id: orgId,
  response_type: z.enum(BATCH_RESPONSE_TYPES, { error: BATCH_MESSAGES.responseTypeMismatch }).optional(),
  env: z.enum(BATCH_ENVIRONMENTS, { error: BATCH_MESSAGES.invalidEnv }).default('test'),
});
export type CreateTaskFields = z.infer<typeof createTaskFields>;

export const createTaskResponse = z.strictObject({
  success: z.boolean(),
  message: z.string(),
  batchId: z.uuid(),
});
export type CreateTaskResponse = z.infer<typeof createTaskResponse>;

export const STOP_BATCH_PREFIX = 'stopBatch/';
export const stopBatchAction = (batchId: string) => `${STOP_BATCH_PREFIX}${batchId}`;

/** POST /productBatchService/executeAction: `{ action: 'stopBatch/{batchId}' }`. */
export const executeActionBody = z.strictObject({
  action: z
    .string({ error: BATCH_MESSAGES.invalidAction })
    .regex(/^stopBatch\/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, BATCH_MESSAGES.invalidAction),
});
export type ExecuteActionBody = z.infer<typeof executeActionBody>;

export const executeActionResponse = z.strictObject({ message: z.string(), batch: batchTask });
export type ExecuteActionResponse = z.infer<typeof executeActionResponse>;

/** The results file's extra columns, after the input's (seed: response_code, status, message and the result). */
export const BATCH_RESULT_COLUMNS = ['response_code', 'status', 'message', 'result'] as const;

/** Paths of the authorised files (under /api). */
export const batchSamplePath = (arn: string) => `/api/productBatchService/sample/${encodeURIComponent(arn)}`;
export const batchDownloadPath = (batchId: string) => `/api/productBatchService/download/${batchId}`;
export const batchIdParams = z.strictObject({ batchId: z.uuid({ error: BATCH_MESSAGES.notFound }) });
export const batchSampleParams = z.strictObject({ arn: z.string().regex(/^[a-z][a-z0-9_]{0,199}$/, BATCH_MESSAGES.unknownType) });
