import { sql } from 'drizzle-orm';
import { webhookRetentionCutoff, type UpstreamCallbackAnswer, type VerificationCompletedData } from '@verigate/contracts';
import type { Database, Executor } from '../db/client.js';

/**
 * Completions of asynchronous verifications (hosted flows): the sandbox's hosted pages
 * (sessions.ts) and, live, the upstream's signed callbacks (upstream-callbacks.ts). Both tell the
 * app in the transaction that records the completion, with the same event data.
 */

/** A completion, told in the transaction that records it (its `verification.completed` event). */
export type FlowCompleted = (executor: Executor, organisationId: string, data: VerificationCompletedData) => Promise<void>;

export interface Completion {
  requestId: string;
  taskId: string | null;
  productArn: string;
  env: 'test' | 'live';
  appId: string;
  passed: boolean;
  completedAt: Date;
}

/** The `verification.completed` data of a completion: ids and the outcome, never the subject's personal data. */
export const verificationCompleted = (completion: Completion): VerificationCompletedData => ({
  request_id: completion.requestId,
  task_id: completion.taskId,
  product_arn: completion.productArn,
  env: completion.env,
  app_id: completion.appId,
  outcome: completion.passed ? 'passed' : 'failed',
  completed_at: completion.completedAt.toISOString(),
});

interface CompletionRow extends Record<string, unknown> {
  request_id: string;
  organisation_id: string;
  app_id: string;
  task_id: string;
  passed: boolean;
  completed_at: Date;
}

const answerOf = (row: CompletionRow): UpstreamCallbackAnswer => ({
  request_id: row.request_id,
  task_id: row.task_id,
  outcome: row.passed ? 'passed' : 'failed',
  completed_at: new Date(row.completed_at).toISOString(),
});

/**
 * Records the completion of a live call of `productArn` that answered 100 (the flow's start) and,
 * in the same transaction, tells `onCompleted`. The call's request id is the key: a repeated
 * callback, even one racing the first, finds the completion recorded and changes nothing, and
 * is answered what was recorded. Null when no such live call exists (or `taskId` is not its task),
 * or when the call is older than the webhook retention: its completion may have been deleted by
 * then, and must not be raised a second time.
 */
export async function recordLiveCompletion(
  db: Database,
  call: { requestId: string; taskId: string | undefined; productArn: string; passed: boolean },
  now: Date,
  onCompleted: FlowCompleted,
): Promise<UpstreamCallbackAnswer | null> {
  const sameTask = call.taskId === undefined ? sql`true` : sql`task_id = ${call.taskId}::uuid`;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<CompletionRow>(sql`
      insert into live_completions (request_id, organisation_id, app_id, product_arn, task_id, passed, completed_at)
      select t.id, t.organisation_id, t.app_id, t.product_arn, t.task_id, ${call.passed}, ${now}
        from transactions t
       where t.id = ${call.requestId}::uuid and t.env = 'PRODUCTION' and t.product_arn = ${call.productArn} and t.response_code = 100
         and t.organisation_id is not null and t.app_id is not null and ${sameTask}
         and t.request_timestamp >= ${webhookRetentionCutoff(now)}
       limit 1
      on conflict (request_id) do nothing
      returning request_id::text, organisation_id::text, app_id::text, task_id::text, passed, completed_at`);
    const recorded = rows[0];
    if (recorded) {
      await onCompleted(
        tx,
        recorded.organisation_id,
        verificationCompleted({
          requestId: recorded.request_id,
          taskId: recorded.task_id,
          productArn: call.productArn,
          env: 'live',
          appId: recorded.app_id,
          passed: recorded.passed,
          completedAt: new Date(recorded.completed_at),
        }),
      );
      return answerOf(recorded);
    }
    const { rows: earlier } = await tx.execute<CompletionRow>(sql`
      select request_id::text, organisation_id::text, app_id::text, task_id::text, passed, completed_at
        from live_completions
       where request_id = ${call.requestId}::uuid and product_arn = ${call.productArn} and ${sameTask}`);
    return earlier[0] ? answerOf(earlier[0]) : null;
  });
}
