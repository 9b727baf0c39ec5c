import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { type ApiLogWrite, apiLogsJson, type PreparedApiLog, prepareApiLog, writeApiLogs } from '../db/api-logs.js';
import { envelope, type Outcome } from './outcome.js';
import type { CallLog, CallRecord } from './transactions.js';

/**
 * The gateway's side of API Logs: each call carries a CallLog (transactions.ts) from its arrival.
 * Its row is masked by the catalog before the call joins its group (`prepareCallLog`), for the
 * outcome it is submitted with, so the group's transaction only sends it; the few calls the group
 * gives another outcome (a credits refusal, a 107, a hold already released) are masked again
 * there. The row is written in the same transaction as the call's transaction row
 * (group-commit.ts, sandbox-call.ts).
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

/** A call's log row masked for the outcome, billing and amount it was prepared with. */
export interface PreparedCallLog extends Omit<LoggedCall, 'call'> {
  log: PreparedApiLog;
}

/** A call to log, with its row as prepared before it joined its group. */
export type ToLog = LoggedCall & { prepared?: PreparedCallLog | undefined };

/** The call's log row, masked now (undefined for a call refused before its app was known: nobody could read it). */
export function prepareCallLog({ call, outcome, billable, amountPaise }: LoggedCall): PreparedCallLog | undefined {
  if (!call.organisationId || !call.log) return undefined;
  const log = prepareApiLog({
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
    upstreamLatencyMs: call.log.upstreamMs,
    body: call.log.body,
    envelope: envelope(call, outcome),
  });
  return { outcome, billable, amountPaise, log };
}

/** Whether any of the calls gets a log row (else a group needs no transaction for them). */
export const anyLogged = (calls: readonly { call: CallRecord }[]) => calls.some(({ call }) => call.organisationId !== null && call.log !== undefined);

/** The calls' log rows: each as prepared when it ends as it was prepared for, else masked for how it ends. */
function callLogRows(calls: readonly ToLog[]): ApiLogWrite[] {
  const now = performance.now();
  const rows: ApiLogWrite[] = [];
  for (const logged of calls) {
    const { call, outcome, billable, amountPaise, prepared } = logged;
    if (!call.log) continue;
    const same = prepared && prepared.outcome === outcome && prepared.billable === billable && prepared.amountPaise === amountPaise;
    const log = same ? prepared.log : prepareCallLog(logged)?.log;
    if (log) rows.push({ log, totalLatencyMs: now - call.log.startedAt });
  }
  return rows;
}

/** Writes the calls' log rows in one statement on `client`, inside the transaction that records them. */
export const writeCallLogs = (client: Pick<pg.PoolClient, 'query'>, calls: readonly ToLog[]): Promise<void> => writeApiLogs(client, callLogRows(calls));

/** The calls' log rows as the JSON parameter of `insertApiLogs`, for a statement that records them. */
export const callLogsJson = (calls: readonly ToLog[]): string => apiLogsJson(callLogRows(calls));
