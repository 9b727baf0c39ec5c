import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { batchHeaderProblems, batchTemplate, productByArn, type ProductDefinition } from '@verigate/catalog';
import {
  ACTIVATION_MESSAGES,
  BATCH_MESSAGES,
  BATCH_STOP_ABOVE_PERCENT,
  batchDownloadPath,
  batchSamplePath,
  createTaskFields,
  duplicateColumnsMessage,
  FULLY_ONBOARDED,
  missingColumnsMessage,
  STOP_BATCH_PREFIX,
  unknownColumnsMessage,
  type BatchEnvironment,
  type BatchState,
  type BatchTask,
  type BatchTypeOption,
  type CreateTaskFields,
  type CreateTaskResponse,
  type ExecuteActionResponse,
  type GetTaskQuery,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { BatchPipeline } from '../../gateway/index.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import { originOf, type RequestOrigin } from '../../platform/request-origin.js';
import { firstIssue } from '../../platform/validation.js';
import type { AppService } from '../apps/service.js';
import type { OrganisationService } from '../organisations/service.js';
import type { ProductService } from '../products/service.js';
import type { UserService } from '../users/service.js';
import { batchFinishedEmail } from './emails.js';
import { batchFolder, inputFile, resultsFile } from './files.js';
import type { WebhookEmitter } from '../webhooks/service.js';
import { createBatchStore, type BatchRow } from './store.js';
import { receiveUpload } from './upload.js';
import { createBatchWorker } from './worker.js';

const RUN_QUEUE = 'batch.run';
const SWEEP_QUEUE = 'batch.sweep';
const RUN_RETRIES = 5;
/** A batch the database could not serve, or another worker held, is looked at again after this long. */
const RETRY_LATER_MS = 5_000;

interface Dependencies {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'DATA_DIR' | 'BATCH_MAX_FILE_BYTES' | 'BATCH_CONCURRENCY' | 'BATCH_SLICE_MS' | 'PUBLIC_URL'>;
  jobs: Jobs;
  audit: Audit;
  mailQueue: MailQueue;
  log: FastifyBaseLogger;
  organisations: Pick<OrganisationService, 'requireMember' | 'onboardingStatus'>;
  products: Pick<ProductService, 'subscribedArns'>;
  apps: Pick<AppService, 'testAppId' | 'liveAppIdFor'>;
  users: Pick<UserService, 'contactOf'>;
  pipeline: BatchPipeline;
  webhooks: WebhookEmitter;
}

const notFound = () => new AppError('not_found', BATCH_MESSAGES.notFound);

/** The refusal a header earns for a product, naming the columns; null when it is fine. */
function headerError(product: ProductDefinition, header: readonly string[]): AppError | null {
  const problems = batchHeaderProblems(product, header);
  if (problems.missing.length > 0) return new AppError('bad_request', missingColumnsMessage(problems.missing));
  if (problems.unknown.length > 0) return new AppError('bad_request', unknownColumnsMessage(problems.unknown));
  if (problems.duplicate.length > 0) return new AppError('bad_request', duplicateColumnsMessage(problems.duplicate));
  return null;
}

function view(row: BatchRow): BatchTask {
  const state = row.state as BatchState;
  return {
    batchId: row.id,
    batchName: row.name,
    batchType: row.productArn,
    batchState: state,
    totalProcessed: row.totalProcessed,
    totalItems: row.totalItems,
    created_at: row.createdAt.getTime(),
    updated_at: row.updatedAt.getTime(),
    downloadUrl: state === 'FINISHED' ? batchDownloadPath(row.id) : null,
    downloadInitiated: row.downloadInitiated,
    status: state,
    total_completed: row.totalCompleted,
    total_items: row.totalItems,
    env: row.environment as BatchEnvironment,
  };
}

/**
 * The batch service (seed 001 §2, §7 "Batch"; docs/decisions/0015-batch-service.md): a CSV of one
 * product's requests is streamed to DATA_DIR, then run row by row through the provider-API
 * pipeline on the organisation's test app (test credits, like a trial) or on its live app (forwarded
 * upstream and charged to the wallet, like a single live call) by a pg-boss job, with its progress
 * saved as it goes and its answers appended to a results CSV.
 */
export function createBatchService({ db, clock, config, jobs, audit, mailQueue, log, organisations, products, apps, users, pipeline, webhooks }: Dependencies) {
  const store = createBatchStore(db, clock, webhooks);
  const worker = createBatchWorker({
    db,
    clock,
    config,
    pipeline,
    store,
    log,
    onFinished: (tx, row) =>
      mailQueue.enqueue(
        tx,
        batchFinishedEmail(row.ownerEmail, config.PUBLIC_URL, {
          name: row.name,
          totalProcessed: row.totalProcessed,
          totalItems: row.totalItems,
          stopped: false,
        }),
      ),
  });

  /** A member of a fully onboarded organisation (seed 001 §6): Batch Service is closed before that. */
  async function requireBatchAccess(userId: string, organisationId: string): Promise<void> {
    await organisations.requireMember(userId, organisationId);
    const status = await organisations.onboardingStatus(organisationId);
    if (status === FULLY_ONBOARDED) return;
    if (status === 'ACCOUNT_ACTIVATED') throw new AppError('conflict', BATCH_MESSAGES.subscribePlan);
    throw new AppError('conflict', status === 'ACTIVATION_REQUESTED' ? ACTIVATION_MESSAGES.requested : ACTIVATION_MESSAGES.pending);
  }

  /** The batch, when the user may act on it; another organisation's batch reads as no batch at all. */
  async function ownBatch(userId: string, batchId: string): Promise<BatchRow> {
    const row = await store.get(batchId);
    if (!row) throw notFound();
    await organisations.requireMember(userId, row.organisationId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'not_found' ? notFound() : error;
    });
    await requireBatchAccess(userId, row.organisationId);
    return row;
  }

  async function batchTypesOf(organisationId: string): Promise<ProductDefinition[]> {
    const subscribed = await products.subscribedArns(organisationId);
    return subscribed
      .map((arn) => productByArn(arn))
      .filter((product): product is ProductDefinition => product?.batch.supported === true)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The form's fields, the caller's access and the batch type, before any of the file is stored. */
  async function checkFields(userId: string, raw: Record<string, string>): Promise<{ fields: CreateTaskFields; product: ProductDefinition; appId: string }> {
    const parsed = createTaskFields.safeParse(raw);
    if (!parsed.success) throw firstIssue(parsed.error);
    const fields = parsed.data;
    await requireBatchAccess(userId, fields.org_id);
    const { email } = await users.contactOf(userId);
    if (email.toLowerCase() !== fields.user_email.toLowerCase()) throw new AppError('bad_request', BATCH_MESSAGES.userEmailMismatch);
    const product = (await batchTypesOf(fields.org_id)).find((item) => item.arn === fields.batch_type);
    if (!product) throw new AppError('bad_request', BATCH_MESSAGES.unknownType);
    if (fields.response_type !== undefined && fields.response_type !== product.batch.response_type) {
      throw new AppError('bad_request', BATCH_MESSAGES.responseTypeMismatch);
    }
    if (fields.env === 'live') {
      const liveAppId = await apps.liveAppIdFor(fields.org_id, product.arn);
      if (!liveAppId) throw new AppError('conflict', BATCH_MESSAGES.noLiveApp);
      return { fields, product, appId: liveAppId };
    }
    const appId = await apps.testAppId(fields.org_id);
    if (!appId) throw new AppError('conflict', BATCH_MESSAGES.unknownType);
    return { fields, product, appId };
  }

  async function sweep(): Promise<void> {
    for (const batchId of await store.unfinishedIds()) await jobs.send(RUN_QUEUE, { batchId }, { singletonKey: batchId });
  }

  return {
    async batchTypes(userId: string, organisationId: string): Promise<BatchTypeOption[]> {
      await requireBatchAccess(userId, organisationId);
      return (await batchTypesOf(organisationId)).map((product) => ({
        name: product.name,
        value: product.arn,
        sample_link: batchSamplePath(product.arn),
        response_type: product.batch.response_type,
      }));
    },

    /** A sample CSV of a batch type: its header and one example row the sandbox answers 100. */
    sample(arn: string): { fileName: string; content: string } {
      const product = productByArn(arn);
      if (!product?.batch.supported) throw new AppError('not_found', BATCH_MESSAGES.unknownType);
      return { fileName: `${product.arn}_sample.csv`, content: batchTemplate(product) };
    },

    async list(userId: string, query: GetTaskQuery): Promise<BatchTask[]> {
      await requireBatchAccess(userId, query.org_id);
      const rows = await store.list({
        organisationId: query.org_id,
        product: query.product,
        from: query.start_date === undefined ? undefined : new Date(query.start_date),
        to: query.end_date === undefined ? undefined : new Date(query.end_date),
        state: query.status,
      });
      return rows.map(view);
    },

    /**
     * createTask: the fields are checked when the file part begins, the CSV streams to the data
     * folder under the size limit with its header checked on arrival, and the batch is stored and
     * queued in one transaction. A refused upload leaves no file behind.
     */
    async create(userId: string, request: FastifyRequest): Promise<CreateTaskResponse> {
      const batchId = randomUUID();
      const folder = batchFolder(config.DATA_DIR, batchId);
      await mkdir(folder, { recursive: true });
      try {
        let checked: Awaited<ReturnType<typeof checkFields>> | null = null;
        const upload = await receiveUpload(request, inputFile(config.DATA_DIR, batchId), config.BATCH_MAX_FILE_BYTES, {
          beforeFile: async (fields) => {
            checked = await checkFields(userId, fields);
          },
          checkHeader: (header) => (checked ? headerError(checked.product, header) : null),
        });
        if (!upload.hasFile) {
          await checkFields(userId, upload.fields);
          throw new AppError('bad_request', BATCH_MESSAGES.fileRequired);
        }
        const { fields, product, appId } = checked!;
        if (!upload.header || upload.rows === 0) throw new AppError('bad_request', BATCH_MESSAGES.emptyFile);
        const row = await db.transaction(async (tx) => {
          const created = await store.insert(tx, {
            id: batchId,
            organisationId: fields.org_id,
            userId,
            ownerEmail: fields.user_email.toLowerCase(),
            name: fields.batch_name.trim(),
            productArn: product.arn,
            appId,
            environment: fields.env,
            responseType: product.batch.response_type,
            tpm: fields.tpm,
            state: 'Waiting for approval',
            totalItems: upload.rows,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          });
          await audit.record(tx, {
            actor: `user:${userId}`,
            organisationId: fields.org_id,
            action: 'batch.created',
            details: { batchId, arn: product.arn, rows: upload.rows, tpm: fields.tpm, env: fields.env },
            origin: originOf(request),
          });
          await jobs.send(RUN_QUEUE, { batchId }, { executor: tx, singletonKey: batchId });
          return created;
        });
        return { success: true, message: BATCH_MESSAGES.created, batchId: row.id };
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
    },

    /** executeAction stopBatch/{batchId}: FINISHED with the rows that ran, above 90 % while RUNNING or PAUSED. */
    async executeAction(userId: string, action: string, origin: RequestOrigin): Promise<ExecuteActionResponse> {
      const batchId = action.slice(STOP_BATCH_PREFIX.length).toLowerCase();
      const batch = await ownBatch(userId, batchId);
      const stopped = await db.transaction(async (tx) => {
        const row = await store.stop(tx, batch.id, BATCH_STOP_ABOVE_PERCENT);
        if (!row) return null;
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId: row.organisationId,
          action: 'batch.stopped',
          details: { batchId: row.id },
          origin,
        });
        await mailQueue.enqueue(
          tx,
          batchFinishedEmail(row.ownerEmail, config.PUBLIC_URL, {
            name: row.name,
            totalProcessed: row.totalProcessed,
            totalItems: row.totalItems,
            stopped: true,
          }),
        );
        return row;
      });
      if (!stopped) throw new AppError('conflict', BATCH_MESSAGES.stopNotAllowed);
      return { message: BATCH_MESSAGES.stopped, batch: view(stopped) };
    },

    /** The results file of a FINISHED batch, up to its last saved row. */
    async download(userId: string, batchId: string): Promise<{ fileName: string; size: number; stream: Readable }> {
      const batch = await ownBatch(userId, batchId.toLowerCase());
      if (batch.state !== 'FINISHED') throw new AppError('conflict', BATCH_MESSAGES.notFinished);
      await store.markDownloaded(batch.id);
      const size = batch.resultsBytes;
      const stream = size > 0 ? createReadStream(resultsFile(config.DATA_DIR, batch.id), { start: 0, end: size - 1 }) : Readable.from([]);
      return { fileName: `${batch.name.replace(/[^\w.-]/g, '_')}_results.csv`, size, stream };
    },

    /** The queue's worker, and the sweep that gives every unfinished batch a job (at start, then every minute). */
    async startJobs(): Promise<void> {
      await jobs.define(RUN_QUEUE, { policy: 'short', retryLimit: RUN_RETRIES, retryDelay: 5, retryBackoff: true });
      await jobs.define(SWEEP_QUEUE, { policy: 'singleton', retryLimit: 1 });
      await jobs.work<{ batchId: string }>(RUN_QUEUE, async ({ batchId }, job) => {
        const outcome = await worker.slice(batchId).catch(async (error: unknown) => {
          // The queue retries a failed slice; one that keeps failing would be retried by every sweep.
          if (job.retryCount < RUN_RETRIES) throw error;
          log.error({ err: error, batchId }, 'batch failed');
          await store.fail(batchId, 'The batch could not be run');
          return 'finished' as const;
        });
        if (outcome === 'more') await jobs.send(RUN_QUEUE, { batchId }, { singletonKey: batchId });
        // Busy: another worker holds it and will queue its continuation; this job looks again later
        // in case that worker is gone (its lock went with its connection).
        if (outcome === 'later' || outcome === 'busy') {
          await jobs.send(RUN_QUEUE, { batchId }, { singletonKey: batchId, startAfter: new Date(Date.now() + RETRY_LATER_MS) });
        }
      });
      await jobs.work(SWEEP_QUEUE, sweep);
      await jobs.schedule(SWEEP_QUEUE, '* * * * *');
      await sweep();
    },

    /** Called as the server closes: the worker saves its place and the batch resumes on the next start. */
    close(): void {
      worker.close();
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
