import { stat, type FileHandle } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { parse } from 'csv-parse';
import { productByArn, requestFromCsvRow, type ProductDefinition } from '@verigate/catalog';
import { UNAVAILABLE_MESSAGE } from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { poolOf } from '../../db/pool.js';
import type { BatchPipeline, RecordedTask } from '../../gateway/index.js';
import type { Clock } from '../../platform/clock.js';
import { CSV_OPTIONS, inputFile, resultsFile } from './files.js';
import { openResults, resultLine, type RowResult } from './results.js';
import type { BatchRow, BatchStore } from './store.js';
import { rowTaskId } from './task-id.js';

/** The consent a batch row carries: the organisation collected it from each person in its file. */
const BATCH_CONSENT_TEXT = 'Consent collected by the organisation for each row of its batch file';
/** The client address batch rows are recorded with: the server itself. */
const BATCH_IP = '127.0.0.1';
/** Rows looked up at once when resuming: more than can be in flight (BATCH_CONCURRENCY ≤ 1000), so a chunk with no recorded call ends the search. */
const LOOKUP_CHUNK = 1024;
/** The results are written and the progress saved at least this often. */
const CHECKPOINT_MS = 1000;
const FLUSH_BYTES = 256 * 1024;
const MINUTE_MS = 60_000;

type SliceOutcome = 'finished' | 'more' | 'busy' | 'later';

interface Dependencies {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'DATA_DIR' | 'BATCH_CONCURRENCY' | 'BATCH_SLICE_MS'>;
  pipeline: BatchPipeline;
  store: BatchStore;
  log: FastifyBaseLogger;
  /** Runs in the transaction that makes a batch FINISHED after its last row. */
  onFinished: (tx: Executor, batch: BatchRow) => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Works one batch for a slice of time on this instance, under a PostgreSQL advisory lock held on
 * its own connection: a second instance (or a second job) finds the lock taken and leaves the
 * batch alone; an instance that dies drops its connection and with it the lock.
 */
export function createBatchWorker({ db, clock, config, pipeline, store, log, onFinished }: Dependencies) {
  /** Start times of each batch's recent rows on this instance, for its tpm (a sliding minute). */
  const recentStarts = new Map<string, number[]>();
  let closing = false;

  /** The batch's row starts within the last minute (pruned), or null when it has no tpm. */
  function startsOf(batch: BatchRow): number[] | null {
    if (batch.tpm <= 0) return null;
    const starts = recentStarts.get(batch.id) ?? [];
    recentStarts.set(batch.id, starts);
    const now = clock.now().getTime();
    while (starts.length > 0 && now - starts[0]! >= MINUTE_MS) starts.shift();
    return starts;
  }

  const mustWait = (batch: BatchRow) => batch.tpm > 0 && startsOf(batch)!.length >= batch.tpm;

  /**
   * Takes a start within the batch's tpm, waiting for one: 'go', or 'stop' when the slice ends,
   * the server closes or the batch stops (its state is read about once a second while waiting).
   */
  async function startWithinTpm(batch: BatchRow, deadline: number): Promise<'go' | 'end' | 'stopped'> {
    let waited = false;
    let checked = performance.now();
    for (;;) {
      const starts = startsOf(batch);
      if (!starts) return 'go';
      if (starts.length < batch.tpm) {
        if (waited && !(await store.isRunning(batch.id))) return 'stopped';
        starts.push(clock.now().getTime());
        return 'go';
      }
      if (closing || performance.now() >= deadline) return 'end';
      if (performance.now() - checked >= CHECKPOINT_MS) {
        if (!(await store.isRunning(batch.id))) return 'stopped';
        checked = performance.now();
      }
      waited = true;
      await sleep(Math.max(1, Math.min(100, MINUTE_MS - (clock.now().getTime() - starts[0]!))));
    }
  }

  async function runRow(
    batch: BatchRow,
    appId: string,
    product: ProductDefinition,
    record: Record<string, string>,
    taskId: string,
  ): Promise<RowResult | 'unavailable'> {
    const answer = await pipeline.batchRow({
      appId,
      organisationId: batch.organisationId,
      arn: batch.productArn,
      body: requestFromCsvRow(product, record, BATCH_CONSENT_TEXT),
      taskId,
      groupId: batch.id,
      environment: batch.environment === 'live' ? 'live' : 'test',
      ip: BATCH_IP,
      log,
    });
    if (answer.status === 503 && answer.body.response_message === UNAVAILABLE_MESSAGE) return 'unavailable';
    return {
      responseCode: answer.body.response_code,
      status: answer.body.response_code === 100 ? 'SUCCESS' : 'FAILURE',
      message: answer.body.response_message,
      result: answer.body.result ?? null,
    };
  }

  const fromRecord = (recorded: RecordedTask): RowResult => ({
    responseCode: recorded.responseCode,
    status: recorded.status,
    message: recorded.message,
    result: null,
  });

  async function work(batch: BatchRow): Promise<SliceOutcome> {
    const product = productByArn(batch.productArn);
    if (!product?.batch.supported || !batch.appId) {
      await store.fail(batch.id, 'The batch type is no longer available');
      return 'finished';
    }
    const appId = batch.appId;
    const deadline = performance.now() + config.BATCH_SLICE_MS;
    const inputPath = inputFile(config.DATA_DIR, batch.id);
    if (!(await stat(inputPath).catch(() => null))) {
      await store.fail(batch.id, 'The batch file is missing');
      return 'finished';
    }

    const input = createReadStream(inputPath).pipe(parse(CSV_OPTIONS));
    let header: string[] | null = null;
    const results = { file: null as FileHandle | null, bytes: 0, rows: 0, completed: batch.totalCompleted };
    let pending = '';
    let lastCheckpoint = performance.now();
    let stopped = false;
    let unavailable = false;

    const flush = async () => {
      if (pending === '') return;
      const chunk = pending;
      pending = '';
      await results.file!.write(chunk, null, 'utf8');
      results.bytes += Buffer.byteLength(chunk);
    };
    const checkpoint = async () => {
      await flush();
      lastCheckpoint = performance.now();
      if (!(await store.checkpoint(batch.id, results.rows, results.completed, results.bytes))) stopped = true;
    };

    /** Calls recorded under the task ids of the coming rows (a resumed batch's rows that ran before a crash). */
    const recorded = new Map<string, RecordedTask>();
    let lookedUpTo = 0;
    let lookingUp = true;
    const recordedFor = async (row: number, taskId: string) => {
      if (lookingUp && row >= lookedUpTo) {
        const ids = Array.from({ length: Math.min(LOOKUP_CHUNK, batch.totalItems - row) }, (_, offset) => rowTaskId(batch.id, row + offset));
        const found = await pipeline.recordedTasks(appId, ids);
        for (const task of found) recorded.set(task.taskId, task);
        lookedUpTo = row + ids.length;
        lookingUp = found.length > 0;
      }
      return recorded.get(taskId);
    };

    type Settled = { values: string[]; result: RowResult | 'unavailable' };
    const inFlight: Array<Promise<Settled>> = [];
    /** Writes the oldest row in flight, so the results keep the input's order. */
    const writeOldest = async () => {
      const { values, result } = await inFlight.shift()!;
      if (unavailable) return;
      if (result === 'unavailable') {
        unavailable = true;
        return;
      }
      pending += resultLine(values, result);
      results.rows += 1;
      if (result.status === 'SUCCESS') results.completed += 1;
    };

    try {
      let row = -1;
      for await (const values of input as AsyncIterable<string[]>) {
        if (!header) {
          header = values.map((cell) => cell.trim());
          Object.assign(results, await openResults(resultsFile(config.DATA_DIR, batch.id), batch, header));
          continue;
        }
        row += 1;
        if (row < results.rows) continue;
        if (stopped || unavailable || closing || performance.now() >= deadline) break;
        if (mustWait(batch)) {
          // Progress is saved before a wait, so the list shows every row that ran.
          while (inFlight.length > 0) await writeOldest();
          await checkpoint();
          if (stopped || unavailable) break;
        }
        const start = await startWithinTpm(batch, deadline);
        if (start === 'stopped') stopped = true;
        if (start !== 'go') break;

        const cells = header.map((_, index) => values[index] ?? '');
        const taskId = rowTaskId(batch.id, row);
        const before = await recordedFor(row, taskId);
        const fields = Object.fromEntries(header.map((name, index) => [name, cells[index]!]));
        inFlight.push(
          before
            ? Promise.resolve({ values: cells, result: fromRecord(before) })
            : runRow(batch, appId, product, fields, taskId).then((result) => ({ values: cells, result })),
        );
        if (inFlight.length >= config.BATCH_CONCURRENCY) await writeOldest();
        if (pending.length >= FLUSH_BYTES || performance.now() - lastCheckpoint >= CHECKPOINT_MS) await checkpoint();
      }
      while (inFlight.length > 0) await writeOldest();
      if (results.file) await checkpoint();
    } finally {
      input.destroy();
      await Promise.allSettled(inFlight);
      await results.file?.close();
    }

    if (stopped) {
      recentStarts.delete(batch.id);
      await store.settleStopped(batch.id, results.rows, results.completed, results.bytes);
      return 'finished';
    }
    if (results.rows >= batch.totalItems) {
      recentStarts.delete(batch.id);
      await store.finish(batch.id, results.rows, results.completed, results.bytes, onFinished);
      return 'finished';
    }
    if (unavailable || closing) {
      await store.pause(batch.id);
      return unavailable ? 'later' : 'more';
    }
    return 'more';
  }

  return {
    /** Works the batch for up to BATCH_SLICE_MS; 'more' when rows remain, 'busy' when another worker holds it. */
    async slice(batchId: string): Promise<SliceOutcome> {
      const client = await poolOf(db).connect();
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtextextended('batch:' || $1::text, 0)) as locked", [batchId]);
        locked = rows[0]!.locked;
        if (!locked) return 'busy';
        const batch = await store.startRunning(batchId);
        if (!batch) return 'finished';
        return await work(batch);
      } finally {
        if (locked) await client.query("select pg_advisory_unlock(hashtextextended('batch:' || $1::text, 0))", [batchId]).catch(() => undefined);
        client.release();
      }
    },

    /** Stops starting rows: the slices in progress save their place and end. */
    close() {
      closing = true;
    },
  };
}
