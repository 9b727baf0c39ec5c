import { randomUUID } from 'node:crypto';
import { GATEWAY_REFUSALS, isBillable, type ParsedRequest, type ProductDefinition, REFUSALS, UNKNOWN_REQUEST_ID } from '@verigate/catalog';
import { sandboxAnswer, type SandboxAnswer } from '@verigate/catalog/sandbox';
import type { Database } from '../db/client.js';
import type { Clock } from '../platform/clock.js';
import { prepareCallLog, writeCallLogs } from './call-logs.js';
import { coded, invalidInput, refusal, type Outcome } from './outcome.js';
import { poolOf } from '../db/pool.js';
import { findSession, openSessions, useSession } from './sessions.js';
import type { GroupCommit } from './group-commit.js';
import { creditRefusal, reserveTask, spendCreditAndRecord, type CallRecord } from './transactions.js';

interface Dependencies {
  db: Database;
  clock: Clock;
  group: GroupCommit;
  /** Where the hosted pages live (PUBLIC_URL). */
  baseUrl: string;
  /** Drops an app's cached credentials (its subscription went away under it). */
  invalidate(appId: string): void;
}

type SandboxedCall = CallRecord & { organisationId: string; appId: string };
type Valid = Extract<ParsedRequest, { ok: true }>;

/**
 * The test environment's answer (architecture page, "sandbox | upstream"): a continuing step
 * first finds its session (unknown → 106, no credit), then the sandbox answers and one test
 * credit is spent with the transaction row in the call's group (group-commit.ts). A flow step that opens or uses a
 * session does that in the same database transaction, so a session exists only for a call that
 * was recorded and charged, and an OTP is verified only once.
 */
export function createSandboxCall({ db, clock, group, baseUrl, invalidate }: Dependencies) {
  /** Why no credit could be spent: none left, or the subscription went away under the cache. */
  async function noCredit(call: SandboxedCall): Promise<Outcome> {
    if ((await creditRefusal(db, call.organisationId, call.productArn)) === 'exhausted') return refusal(GATEWAY_REFUSALS.creditsExhausted);
    invalidate(call.appId);
    return refusal(REFUSALS.productNotSubscribed);
  }

  async function inTransaction(call: SandboxedCall, outcome: Outcome, answer: SandboxAnswer, sessionId: string | undefined): Promise<Outcome> {
    // Masked before the transaction, which then only sends the row.
    const logged = { call, outcome, billable: isBillable(outcome.responseCode), amountPaise: 0 };
    const prepared = prepareCallLog(logged);
    const client = await poolOf(db).connect();
    try {
      await client.query('begin');
      if (call.reserveTask && !(await reserveTask(client, call))) {
        await client.query('rollback');
        return coded(107);
      }
      if (answer.closes && sessionId && !(await useSession(client, sessionId))) {
        await client.query('rollback');
        return invalidInput('data.request_id', UNKNOWN_REQUEST_ID);
      }
      if (!(await spendCreditAndRecord(client, call, outcome, clock.now(), isBillable(outcome.responseCode)))) {
        await client.query('rollback');
        return noCredit(call);
      }
      if (answer.opens) await openSessions(client, answer.opens, call, clock.now());
      await writeCallLogs(client, [{ ...logged, prepared }]);
      await client.query('commit');
      return { ...outcome, recorded: true };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return async function answerFromSandbox(call: SandboxedCall, product: ProductDefinition, request: Valid, consentText: string): Promise<Outcome> {
    const { operation, data, body } = request;
    const session =
      operation.session === 'continues' ? await findSession(db, String(data.request_id).toLowerCase(), call.appId, product.arn, clock.now()) : undefined;
    if (session === null) return invalidInput('data.request_id', UNKNOWN_REQUEST_ID);
    const answer = sandboxAnswer(
      { product, operation, data, body, consentText },
      { requestId: call.requestId, newId: randomUUID, baseUrl, now: clock.now(), ...(session ? { session } : {}) },
    );
    const outcome = coded(answer.responseCode, undefined, answer.result);
    if (answer.opens || answer.closes) return inTransaction(call, outcome, answer, session?.id);
    const spent = await group.spend(call, outcome, clock.now());
    if (spent.refused === 'not_subscribed') invalidate(call.appId);
    return { ...spent.outcome, recorded: true };
  };
}
