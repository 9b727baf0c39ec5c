import { isResponseCode, RESPONSE_CODES } from '@verigate/catalog';
import { isJsonObject } from '../platform/json.js';
import { coded, type Outcome } from './outcome.js';

/**
 * Live environment: POSTs the caller's JSON body to the product's upstream verification service
 * and relays its `response_code`, `response_message` and `result` (the HTTP status follows the
 * code, seed 001 §8). No upstream configured → 110 Source Down; no answer within the timeout →
 * 109 Source timed out; a network failure or an answer without a known response code → 108
 * Source Error. The caller's credentials are never forwarded.
 */
export async function forwardUpstream(url: string | undefined, body: unknown, ids: { requestId: string; taskId: string }, timeoutMs: number): Promise<Outcome> {
  if (!url) return coded(110);
  let answer: unknown;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-id': ids.requestId, 'x-task-id': ids.taskId },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    answer = JSON.parse(await response.text());
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? coded(109) : coded(108);
  }
  if (!isJsonObject(answer)) return coded(108);
  const code = typeof answer.response_code === 'string' ? Number(answer.response_code) : answer.response_code;
  if (!isResponseCode(code)) return coded(108);
  const message = typeof answer.response_message === 'string' && answer.response_message.length > 0 ? answer.response_message : RESPONSE_CODES[code].message;
  return coded(code, message, isJsonObject(answer.result) ? answer.result : undefined);
}
