import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { type ApiLogRow, maskedRow, writeApiLogs } from '../db/api-logs.js';
import { envelope, type Outcome } from './outcome.js';
import type { CallLog, CallRecord } from './transactions.js';

/**
 * The gateway's side of API Logs: each call carries a CallLog (transactions.ts) from its arrival;
 * once its outcome is final, its row is masked by the catalog and written in the same transaction
 * as its transaction row (group-commit.ts, sandbox-call.ts).
 */

export const newCallLog = (body: unknown): CallLog => ({ body, keyName: null, keyPrefix: null, startedAt: performance.now(), upstreamMs: null });

export interface LoggedCall {
  call: CallRecord;
  /** The outcome the call is recorded and answered with. */
  outcome: Outcome;
  billable: boolean;
  /** Debited from the wallet for the call. */
  amountPaise: number;
}

/** The masked log rows of calls of an organisation (a call refused before its app was known has none). */
function logRows(calls: readonly LoggedCall[]): ApiLogRow[] {
  const now = performance.now();
  const rows: ApiLogRow[] = [];
  for (const { call, outcome, billable, amountPaise } of calls) {
    if (!call.organisationId || !call.log) continue;
    rows.push(
      maskedRow({
        requestId: call.requestId,
        createdAt: call.requestTimestamp,
        organisationId: call.organisationId,
        appId: call.appId,
        taskId: call.taskId,
        groupId: call.groupId,
        productArn: call.productArn,
        keyName: call.log.keyName,
        keyPrefix: call.log.keyPrefix,
        clientIp: call.clientIp,
        environment: call.environment,
        httpStatus: outcome.httpStatus,
        responseCode: outcome.responseCode,
        billable,
        amountPaise,
        totalLatencyMs: now - call.log.startedAt,
        upstreamLatencyMs: call.log.upstreamMs,
        body: call.log.body,
        envelope: envelope(call, outcome),
      }),
    );
  }
  return rows;
}

/** Whether any of the calls gets a log row (else a group needs no transaction for them). */
export const anyLogged = (calls: readonly { call: CallRecord }[]) => calls.some(({ call }) => call.organisationId !== null && call.log !== undefined);

/** Writes the calls' log rows in one statement on `client`, inside the transaction that records them. */
export const writeCallLogs = (client: Pick<pg.PoolClient, 'query'>, calls: readonly LoggedCall[]): Promise<void> => writeApiLogs(client, logRows(calls));
